//! `formgate.node`: the native half of the npm package `formgate`.
//!
//! A thin translation of the core crate's API (docs/ARCHITECTURE.md: integration
//! crates hold no validation logic of their own); `index.js` wraps it in the public
//! API (`Form`, `Rejection`, `FormError`, `Decimal`, `check`) and `index.d.ts` types it.
//!
//! - [`NativeForm`] holds a compiled [`formgate::Form`] behind an `Arc` (immutable,
//!   `Send + Sync`), so the tasks of `verifyAsync` share it with the main thread;
//! - a rejection is returned as a [`NativeRejection`], never thrown from here: JS
//!   makes the `Error` (with its stack) only when it throws;
//! - `verifyInto` hands an admitted body back for `JSON.parse` when that gives every
//!   number exactly (`numbers.rs`), and builds the value here otherwise (`tree.rs`).
//!
//! Nothing here panics on input: every fallible step returns an error value.

mod errors;
mod numbers;
mod tree;

use std::sync::Arc;

use formgate::publish::Message;
use formgate::{Dialect, Limits};
use napi::bindgen_prelude::{
    AsyncTask, Buffer, Either, Env, Function, Null, Task, ToNapiValue, Uint8ArraySlice, Unknown,
};
use napi::{Error, Result, Status};
use napi_derive::napi;

use errors::{NativeFormError, NativeRejection};
use tree::{Built, Makers, Mode};

/// The options of `compile`, checked by `index.js` (types) and here (ranges).
#[napi(object)]
pub struct CompileOptions {
    /// The largest body admitted, in bytes.
    pub max_bytes: Option<f64>,
    /// The deepest nesting admitted.
    pub max_depth: Option<f64>,
    /// The dialect of a schema without `$schema`: a name or a `$schema` URI.
    pub default_dialect: Option<String>,
    /// Extension keywords kept verbatim in the published form.
    pub annotations: Option<Vec<String>>,
}

/// A limit given from JS: a non-negative integer no larger than `usize`.
fn limit(name: &str, value: Option<f64>) -> Result<Option<usize>> {
    let Some(v) = value else { return Ok(None) };
    if !(v.is_finite() && v >= 0.0 && v.fract() == 0.0 && v <= 9_007_199_254_740_991.0) {
        return Err(Error::new(
            Status::InvalidArg,
            format!("{name} must be a non-negative integer, not {v}"),
        ));
    }
    Ok(Some(v as usize))
}

fn limits(max_bytes: Option<f64>, max_depth: Option<f64>) -> Result<Limits> {
    let mut limits = Limits::default();
    if let Some(n) = limit("maxBytes", max_bytes)? {
        limits = limits.with_max_bytes(n);
    }
    if let Some(n) = limit("maxDepth", max_depth)? {
        limits = limits.with_max_depth(n);
    }
    Ok(limits)
}

/// A body from JS: the bytes of a `Uint8Array` (a `Buffer` is one), borrowed for the
/// call, or the UTF-8 of a string.
type Body<'a> = Either<Uint8ArraySlice<'a>, String>;

fn bytes<'b>(body: &'b Body<'_>) -> &'b [u8] {
    match body {
        Either::A(slice) => slice,
        Either::B(text) => text.as_bytes(),
    }
}

/// Compile a schema into a form, or say why not.
#[napi]
pub fn compile(
    schema: Body<'_>,
    options: Option<CompileOptions>,
) -> Result<Either<NativeForm, NativeFormError>> {
    let mut builder = formgate::Form::builder();
    if let Some(o) = options {
        builder = builder.limits(limits(o.max_bytes, o.max_depth)?);
        if let Some(name) = o.default_dialect {
            let dialect = Dialect::from_name(&name)
                .or_else(|| Dialect::from_uri(&name))
                .ok_or_else(|| {
                    let names: Vec<&str> = Dialect::ALL.iter().map(|d| d.name()).collect();
                    Error::new(
                        Status::InvalidArg,
                        format!(
                            "unknown dialect {name:?}: expected one of {names:?} or a $schema URI"
                        ),
                    )
                })?;
            builder = builder.default_dialect(dialect);
        }
        for name in o.annotations.into_iter().flatten() {
            builder = builder.annotation(name);
        }
    }
    Ok(match builder.compile(bytes(&schema)) {
        Ok(form) => Either::A(NativeForm {
            inner: Arc::new(form),
        }),
        Err(e) => Either::B((&e).into()),
    })
}

/// A compiled form.
#[napi]
pub struct NativeForm {
    inner: Arc<formgate::Form>,
}

/// The JS side of `verifyInto`'s answer: `undefined` (parse the text with
/// `JSON.parse`), a rejection, or the value built here.
type Into<'env> = Either<Unknown<'env>, NativeRejection>;

/// A message of `publish`, checked by `index.js`.
#[napi(object)]
pub struct NativeMessage {
    /// The role.
    pub role: String,
    /// The content.
    pub content: String,
}

/// The GET body and its ETag.
#[napi(object)]
pub struct NativePublished {
    /// `{"p":..,"m":..,"s":..}`.
    pub body: Buffer,
    /// The strong ETag.
    pub etag: String,
}

#[napi]
impl NativeForm {
    /// `undefined` if the form admits the body, else the rejection.
    #[napi]
    pub fn verify(&self, body: Body<'_>) -> Option<NativeRejection> {
        self.inner.verify(bytes(&body)).err().map(|r| (&r).into())
    }

    /// Whether the form admits the body.
    #[napi]
    pub fn is_valid(&self, body: Body<'_>) -> bool {
        self.inner.verify(bytes(&body)).is_ok()
    }

    /// `verifyInto`: `undefined` when `JSON.parse` of the body gives the value exactly
    /// (after the verdict), else the value or the rejection.
    #[napi(ts_return_type = "unknown")]
    pub fn verify_into<'env>(
        &self,
        env: &'env Env,
        body: Body<'_>,
        exact: bool,
        big_int: Function<'env, String, Unknown<'env>>,
        decimal: Function<'env, String, Unknown<'env>>,
    ) -> Result<Into<'env>> {
        let bytes = bytes(&body);
        if let Err(r) = self.inner.verify(bytes) {
            return Ok(Either::B((&r).into()));
        }
        into_value(env, &self.inner, bytes, exact, &Makers { big_int, decimal })
    }

    /// `verify` on libuv's pool, of a copy of the body.
    #[napi(ts_return_type = "Promise<NativeRejection | undefined>")]
    pub fn verify_async(&self, body: Body<'_>) -> AsyncTask<Verifying> {
        AsyncTask::new(Verifying {
            form: Arc::clone(&self.inner),
            body: owned(body),
        })
    }

    /// The verdict of `verifyInto` on libuv's pool (of a copy of the body) and what
    /// `JSON.parse` cannot give exactly: `undefined` (accepted, and `JSON.parse` gives
    /// the value exactly, or with `exact` false, to the nearest double), `true` (the
    /// value must be built: call `verifyInto` on the main thread), or the rejection.
    #[napi(ts_return_type = "Promise<NativeRejection | true | undefined>")]
    pub fn verify_into_async(&self, body: Body<'_>, exact: bool) -> AsyncTask<Classifying> {
        AsyncTask::new(Classifying {
            form: Arc::clone(&self.inner),
            body: owned(body),
            exact,
        })
    }

    /// The published form `s`.
    #[napi(getter)]
    pub fn schema_json(&self) -> String {
        self.inner.schema_json().to_owned()
    }

    /// The largest body admitted.
    #[napi(getter)]
    pub fn max_bytes(&self) -> f64 {
        self.inner.limits().max_bytes() as f64
    }

    /// The deepest nesting admitted.
    #[napi(getter)]
    pub fn max_depth(&self) -> f64 {
        self.inner.limits().max_depth() as f64
    }

    /// The dialect's name.
    #[napi(getter)]
    pub fn dialect(&self) -> &'static str {
        self.inner.dialect().name()
    }

    /// The GET body of a GPT address and its ETag.
    #[napi]
    pub fn publish(&self, prompt: String, messages: Vec<NativeMessage>) -> NativePublished {
        let list: Vec<Message> = messages
            .into_iter()
            .map(|m| Message::new(m.role, m.content))
            .collect();
        let published = self.inner.publish(&prompt, &list);
        NativePublished {
            body: published.body().to_vec().into(),
            etag: published.etag().to_owned(),
        }
    }
}

/// `verifyInto` after the verdict: `undefined` when `JSON.parse` does it exactly (or,
/// for `exact` false, when no number overflows), else the value built from the events.
fn into_value<'env>(
    env: &'env Env,
    form: &formgate::Form,
    bytes: &[u8],
    exact: bool,
    makers: &Makers<'env>,
) -> Result<Into<'env>> {
    if numbers::parse_gives_exactly(bytes, exact) {
        return Ok(Either::A(().into_unknown(env)?));
    }
    let mode = if exact { Mode::Exact } else { Mode::Number };
    Ok(
        match tree::build(env, bytes, &form.limits(), mode, makers)? {
            Built::Value(v) => Either::A(v),
            Built::Rejected(r) => Either::B(r),
        },
    )
}

/// The body's bytes, copied: a task reads them off the main thread, where JS could
/// change a `Uint8Array` under it.
fn owned(body: Body<'_>) -> Vec<u8> {
    match body {
        Either::A(slice) => slice.to_vec(),
        Either::B(text) => text.into_bytes(),
    }
}

/// The task of `verifyAsync`.
pub struct Verifying {
    form: Arc<formgate::Form>,
    body: Vec<u8>,
}

impl Task for Verifying {
    type Output = Option<NativeRejection>;
    type JsValue = Option<NativeRejection>;

    fn compute(&mut self) -> Result<Self::Output> {
        Ok(self.form.verify(&self.body).err().map(|r| (&r).into()))
    }

    fn resolve(&mut self, _env: Env, output: Self::Output) -> Result<Self::JsValue> {
        Ok(output)
    }
}

/// The task of `verifyIntoAsync`: the verdict and the number scan.
pub struct Classifying {
    form: Arc<formgate::Form>,
    body: Vec<u8>,
    exact: bool,
}

/// What [`Classifying`] found.
pub enum Classified {
    /// Admitted; `JSON.parse` gives the value as asked.
    Plain,
    /// Admitted; the value must be built from the events.
    Build,
    /// Not admitted.
    Rejected(Box<NativeRejection>),
}

impl Task for Classifying {
    type Output = Classified;
    type JsValue = Either<Null, Either<bool, NativeRejection>>;

    fn compute(&mut self) -> Result<Self::Output> {
        if let Err(r) = self.form.verify(&self.body) {
            return Ok(Classified::Rejected(Box::new((&r).into())));
        }
        Ok(if numbers::parse_gives_exactly(&self.body, self.exact) {
            Classified::Plain
        } else {
            Classified::Build
        })
    }

    fn resolve(&mut self, _env: Env, output: Self::Output) -> Result<Self::JsValue> {
        Ok(match output {
            Classified::Plain => Either::A(Null),
            Classified::Build => Either::B(Either::A(true)),
            Classified::Rejected(r) => Either::B(Either::B(*r)),
        })
    }
}

/// Options of `check`.
#[napi(object)]
pub struct CheckOptions {
    /// The largest body accepted.
    pub max_bytes: Option<f64>,
    /// The deepest nesting accepted.
    pub max_depth: Option<f64>,
}

/// `undefined` if the body is strict JSON, else its rejection.
#[napi]
pub fn check(body: Body<'_>, options: Option<CheckOptions>) -> Result<Option<NativeRejection>> {
    let limits = match options {
        Some(o) => limits(o.max_bytes, o.max_depth)?,
        None => Limits::default(),
    };
    Ok(formgate::json::check(bytes(&body), &limits)
        .err()
        .map(|e| (&e).into()))
}

/// The default `maxBytes`.
#[napi]
pub const DEFAULT_MAX_BYTES: u32 = formgate::DEFAULT_MAX_BYTES as u32;

/// The default `maxDepth`.
#[napi]
pub const DEFAULT_MAX_DEPTH: u32 = formgate::DEFAULT_MAX_DEPTH as u32;
