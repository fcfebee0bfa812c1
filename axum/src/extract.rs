//! [`FormFor`], a compiled form bound to a type, and [`Verified`], the extractor that
//! verifies and deserializes a body against it in one pass.
//!
//! Invariants:
//! 1. A form is compiled before the server starts: a [`FormFor<T>`] exists only as a
//!    compiled form, and `Verified<T>` finds it through the router's state
//!    (`FormFor<T>: FromRef<S>`), so a handler whose state lacks it does not compile,
//!    and no request ever compiles a form.
//! 2. The checks run cheapest first: the content type (415), a declared
//!    `Content-Length` over the form's `max_bytes` (413, nothing read), the body read
//!    through axum's own limit (`DefaultBodyLimit`, 413), then one pass of
//!    `Form::verify_into` (400 for strictness, 422 for the form, 413 for `max_bytes`).
//! 3. A `T` is only ever built from a body the form admits.

use std::marker::PhantomData;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{FromRef, FromRequest, Request};
use axum::http::{header, HeaderMap, StatusCode};
use formgate::{Form, FormBuilder, FormError};
use serde::de::DeserializeOwned;

use crate::rejection::{Problems, VerifyRejection};

/// A compiled form bound to `T`, the type its bodies deserialize into, with the
/// [`Problems`] that say how rejections are answered. Cheap to clone (shared).
///
/// Build it at start-up, before the server listens, and put it in the router's state:
/// a form that does not compile is an error there, never at a request.
///
/// ```
/// use formgate_axum::FormFor;
///
/// #[derive(serde::Deserialize, schemars::JsonSchema)]
/// struct Note { text: String }
///
/// let notes: FormFor<Note> = FormFor::from_schemars().expect("the form compiles");
/// assert!(notes.form().verify(br#"{"text":"hi"}"#).is_ok());
/// ```
pub struct FormFor<T: ?Sized> {
    form: Arc<Form>,
    problems: Arc<Problems>,
    _type: PhantomData<fn() -> T>,
}

impl<T: ?Sized> Clone for FormFor<T> {
    fn clone(&self) -> FormFor<T> {
        FormFor {
            form: Arc::clone(&self.form),
            problems: Arc::clone(&self.problems),
            _type: PhantomData,
        }
    }
}

impl<T: ?Sized> std::fmt::Debug for FormFor<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FormFor")
            .field("type", &std::any::type_name::<T>())
            .field("form", &self.form)
            .field("problems", &self.problems)
            .finish()
    }
}

impl<T: ?Sized> FormFor<T> {
    /// Bind a compiled form to `T` (any form: written by hand, or derived). Its bodies
    /// must deserialize into `T`; one the form admits and `T` cannot hold is a `422`.
    pub fn new(form: Form) -> FormFor<T> {
        FormFor {
            form: Arc::new(form),
            problems: Arc::new(Problems::default()),
            _type: PhantomData,
        }
    }

    /// Answer rejections as `problems` says.
    pub fn with_problems(mut self, problems: Problems) -> FormFor<T> {
        self.problems = Arc::new(problems);
        self
    }

    /// The compiled form.
    pub fn form(&self) -> &Form {
        &self.form
    }

    /// How rejections are answered.
    pub fn problems(&self) -> &Problems {
        &self.problems
    }
}

impl<T: schemars::JsonSchema + ?Sized> FormFor<T> {
    /// Compile the form schemars derives for `T`, with the default limits (1 MiB,
    /// depth 128).
    pub fn from_schemars() -> Result<FormFor<T>, FormError> {
        Ok(FormFor::new(Form::from_schemars::<T>()?))
    }

    /// Compile the form schemars derives for `T` with these options (limits, declared
    /// annotations).
    ///
    /// ```
    /// #[derive(serde::Deserialize, schemars::JsonSchema)]
    /// struct Note { text: String }
    ///
    /// let notes = formgate_axum::FormFor::<Note>::with_builder(
    ///     formgate::Form::builder().max_bytes(64 * 1024),
    /// )
    /// .unwrap();
    /// assert_eq!(notes.form().limits().max_bytes(), 64 * 1024);
    /// ```
    pub fn with_builder(builder: FormBuilder) -> Result<FormFor<T>, FormError> {
        Ok(FormFor::new(builder.compile_schemars::<T>()?))
    }
}

/// A request body verified against `FormFor<T>` and deserialized into `T`, in one pass
/// ([`Form::verify_into`]). The extractor's rejection is [`VerifyRejection`]: `415`
/// without a JSON content type, `413` over the body limit, `400` for a body that is not
/// strict JSON, `422` for one the form does not admit.
///
/// The form is found through the state: `FormFor<T>: FromRef<S>` (the state itself, or
/// a field of it with a `FromRef` impl).
///
/// ```
/// use axum::{routing::post, Router};
/// use formgate_axum::{FormFor, Verified};
///
/// #[derive(serde::Deserialize, schemars::JsonSchema)]
/// #[serde(deny_unknown_fields)]
/// struct Note {
///     #[schemars(length(max = 280))]
///     text: String,
/// }
///
/// async fn create(Verified(note): Verified<Note>) -> String {
///     note.text
/// }
///
/// let notes: FormFor<Note> = FormFor::from_schemars().expect("the form compiles");
/// let app: Router = Router::new().route("/notes", post(create)).with_state(notes);
/// # let _ = app;
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Verified<T>(pub T);

impl<T> Verified<T> {
    /// The value.
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for Verified<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T, S> FromRequest<S> for Verified<T>
where
    T: DeserializeOwned,
    FormFor<T>: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = VerifyRejection;

    async fn from_request(req: Request, state: &S) -> Result<Verified<T>, VerifyRejection> {
        let forms = FormFor::<T>::from_ref(state);
        let problems = forms.problems();
        check_head(req.headers(), forms.form(), problems)?;
        let body = Bytes::from_request(req, state)
            .await
            .map_err(|e| match e.status() {
                StatusCode::PAYLOAD_TOO_LARGE => VerifyRejection::too_large(None, problems),
                _ => VerifyRejection::unreadable(problems),
            })?;
        forms
            .form()
            .verify_into::<T>(&body)
            .map(Verified)
            .map_err(|r| VerifyRejection::from_rejection(r, problems))
    }
}

/// The checks before any body byte is read (invariant 2): a JSON content type, and a
/// declared length within `max_bytes`.
pub(crate) fn check_head(
    headers: &HeaderMap,
    form: &Form,
    problems: &Problems,
) -> Result<(), VerifyRejection> {
    if !is_json(headers) {
        return Err(VerifyRejection::media_type(problems));
    }
    let limit = form.limits().max_bytes() as u64;
    if declared_length(headers).is_some_and(|n| n > limit) {
        return Err(VerifyRejection::too_large(Some(limit), problems));
    }
    Ok(())
}

/// The rejection for a body that could not be read whole within `limit` bytes.
pub(crate) fn read_error(e: &axum::Error, limit: usize, problems: &Problems) -> VerifyRejection {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(err) = source {
        if err.is::<http_body_util::LengthLimitError>() {
            return VerifyRejection::too_large(Some(limit as u64), problems);
        }
        source = err.source();
    }
    VerifyRejection::unreadable(problems)
}

/// The declared `Content-Length`, when there is exactly one that is a number.
pub(crate) fn declared_length(headers: &HeaderMap) -> Option<u64> {
    let mut values = headers.get_all(header::CONTENT_LENGTH).iter();
    let first = values.next()?;
    if values.next().is_some() {
        return None;
    }
    first.to_str().ok()?.trim().parse().ok()
}

/// Whether `Content-Type` is `application/json` or `application/*+json`, with any
/// parameters.
fn is_json(headers: &HeaderMap) -> bool {
    let Some(value) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = value.split(';').next().unwrap_or("").trim();
    let Some((kind, subtype)) = essence.split_once('/') else {
        return false;
    };
    kind.eq_ignore_ascii_case("application")
        && (subtype.eq_ignore_ascii_case("json")
            || subtype.len() > 5
                && subtype.is_char_boundary(subtype.len() - 5)
                && subtype[subtype.len() - 5..].eq_ignore_ascii_case("+json"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn with(name: header::HeaderName, values: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append(name.clone(), HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn accepts_json_content_types_only() {
        let yes = |v: &[&str]| is_json(&with(header::CONTENT_TYPE, v));
        assert!(yes(&["application/json"]));
        assert!(yes(&["Application/JSON; charset=utf-8"]));
        assert!(yes(&["application/problem+json"]));
        assert!(!yes(&[]));
        assert!(!yes(&["text/json"]));
        assert!(!yes(&["application/jsonx"]));
        assert!(!yes(&["application/+json"]));
        assert!(!yes(&["text/plain"]));
        assert!(!yes(&["application/x-www-form-urlencoded"]));
    }

    #[test]
    fn reads_one_declared_length() {
        let n = |v: &[&str]| declared_length(&with(header::CONTENT_LENGTH, v));
        assert_eq!(n(&["12"]), Some(12));
        assert_eq!(n(&[]), None);
        assert_eq!(n(&["12", "12"]), None);
        assert_eq!(n(&["-1"]), None);
    }
}
