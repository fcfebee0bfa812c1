//! `formgate.node`: the native half of the npm package `formgate`.
//!
//! A thin translation of the core crate's API (docs/ARCHITECTURE.md: integration
//! crates hold no validation logic of their own); `index.js` wraps it in the public
//! API (`Form`, `Rejection`, `FormError`, `Decimal`, `check`) and `index.d.ts` types it.
//!
//! - a compiled [`formgate::Form`] reaches JS as a [`Handle`], an `External` of an
//!   `Arc` (immutable, `Send + Sync`), so the tasks of `verifyAsync` share it with the
//!   main thread; every function takes it as its first argument;
//! - a rejection is returned as a [`NativeRejection`], never thrown from here: JS
//!   makes the `Error` (with its stack) only when it throws;
//! - `verifyInto` hands an admitted body's text back for `JSON.parse` when that gives
//!   every number exactly (`numbers.rs`, `text.rs`), and `build` makes the value here
//!   otherwise (`tree.rs`).
//!
//! Nothing here panics on input: every fallible step returns an error value.

mod errors;
mod numbers;
mod text;
mod tree;

use std::sync::Arc;

use formgate::publish::Message;
use formgate::{Dialect, Limits};
use napi::bindgen_prelude::{
    Array, AsyncTask, Buffer, Either, Env, External, Function, Null, Task, ToNapiValue,
    Uint8ArraySlice, Unknown,
};
use napi::{Error, JsString, Result, Status};
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
    /// Other documents a `$ref` may name (`FormBuilder::resource`), in the order given.
    pub resources: Option<Vec<NativeResource>>,
    /// Formats of the owner's, each a name and an ECMA-262 pattern a whole string must
    /// match (`FormBuilder::format_pattern`), in the order given.
    pub format_patterns: Option<Vec<NativeFormatPattern>>,
}

/// One format of the `formatPatterns` option.
#[napi(object)]
pub struct NativeFormatPattern {
    /// The format's name, as `format` writes it.
    pub name: String,
    /// The ECMA-262 pattern a string of the format matches whole.
    pub pattern: String,
}

/// One document of the `resources` option: its URI and schema bytes.
#[napi(object)]
pub struct NativeResource {
    /// The URI a `$ref` names it by.
    pub uri: String,
    /// The schema, as bytes (`index.js` gives a string as its UTF-8).
    pub schema: Buffer,
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

/// A body (or a schema) from JS: the bytes of a `Uint8Array` (a `Buffer` is one),
/// borrowed for the call. `index.js` gives a string as its UTF-8.
///
/// One type, not an `Either` with `String`: trying each side costs a check per call
/// (about 60-120 ns on the small bench body, of a verify of about 300 ns).
type Body<'a> = Uint8ArraySlice<'a>;

/// A compiled form as JS holds it: an `External`, not a `#[napi]` class. A class
/// method's receiver is checked by napi-rs (`napi_unwrap` and a type tag) on every
/// call, which cost about 320 ns per call on this bench machine, as much as the verify
/// of the small bench body itself; an `External` argument costs about 90 ns. With it
/// (and `Body` above), `verify` of the small body went from 2.3x JSON.parse + Ajv to
/// 3.8-4.1x (`node bench/bench.js --runs 5`, three runs). The `Arc` lets the tasks of
/// `verifyAsync` share the form.
type Handle = External<Arc<formgate::Form>>;

/// Compile a schema into a form, or say why not.
#[napi(ts_return_type = "unknown")]
pub fn compile(
    schema: Body<'_>,
    options: Option<CompileOptions>,
) -> Result<Either<Handle, NativeFormError>> {
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
        for r in o.resources.into_iter().flatten() {
            builder = builder.resource(&r.uri, r.schema.to_vec());
        }
        for f in o.format_patterns.into_iter().flatten() {
            builder = builder.format_pattern(&f.name, &f.pattern);
        }
    }
    Ok(match builder.compile(&schema) {
        Ok(form) => Either::A(External::new(Arc::new(form))),
        Err(e) => Either::B((&e).into()),
    })
}

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

/// `undefined` if the form admits the body, else the rejection.
#[napi]
pub fn verify(form: &Handle, body: Body<'_>) -> Option<NativeRejection> {
    form.verify(&body).err().map(|r| (&r).into())
}

/// Whether the form admits the body.
#[napi]
pub fn is_valid(form: &Handle, body: Body<'_>) -> bool {
    form.verify(&body).is_ok()
}

/// The verdict of `verifyInto` and what `index.js` does next: the rejection; or, for an
/// admitted body, the text to give `JSON.parse` when that gives the value as asked
/// (`undefined` when `text` is false: the caller holds the text already), or `true`
/// when the value must be built (`build`).
///
/// The text is made here (`text.rs`) rather than by `Buffer#toString`, which took
/// longer than the verify on every bench body.
#[napi(ts_return_type = "NativeRejection | string | true | undefined")]
pub fn verify_into<'env>(
    env: &'env Env,
    form: &Handle,
    body: Body<'_>,
    exact: bool,
    text: bool,
) -> Result<Either<Unknown<'env>, NativeRejection>> {
    if let Err(r) = form.verify(&body) {
        return Ok(Either::B((&r).into()));
    }
    let next = if !numbers::parse_gives_exactly(&body, exact) {
        true.into_unknown(env)?
    } else if text {
        text::string(env, &body)?.into_unknown(env)?
    } else {
        ().into_unknown(env)?
    };
    Ok(Either::A(next))
}

/// The value of a body the form has admitted, built from the strict parser's events
/// (`tree.rs`), or the rejection of a number the value cannot hold. A value is wrapped
/// in a one-item array, so that it is never taken for a rejection.
#[napi(ts_return_type = "[unknown] | NativeRejection")]
pub fn build<'env>(
    env: &'env Env,
    form: &Handle,
    body: Body<'_>,
    exact: bool,
    big_int: Function<'env, String, Unknown<'env>>,
    decimal: Function<'env, String, Unknown<'env>>,
) -> Result<Either<Array<'env>, NativeRejection>> {
    let mode = if exact { Mode::Exact } else { Mode::Number };
    let makers = Makers { big_int, decimal };
    Ok(
        match tree::build(env, &body, &form.limits(), mode, &makers)? {
            Built::Value(v) => {
                let mut one = env.create_array(0)?;
                one.insert(v)?;
                Either::A(one)
            }
            Built::Rejected(r) => Either::B(r),
        },
    )
}

/// `verify` on libuv's pool, of a copy of the body.
#[napi(ts_return_type = "Promise<NativeRejection | undefined>")]
pub fn verify_async(form: &Handle, body: Body<'_>) -> AsyncTask<Verifying> {
    AsyncTask::new(Verifying {
        form: Arc::clone(form),
        body: body.to_vec(),
    })
}

/// The verdict of `verifyInto` on libuv's pool (of a copy of the body) and what
/// `JSON.parse` cannot give exactly: `undefined` (accepted, and `JSON.parse` gives the
/// value exactly, or with `exact` false, to the nearest double), `true` (the value must
/// be built: call `build` on the main thread), or the rejection.
#[napi(ts_return_type = "Promise<NativeRejection | true | undefined>")]
pub fn verify_into_async(form: &Handle, body: Body<'_>, exact: bool) -> AsyncTask<Classifying> {
    AsyncTask::new(Classifying {
        form: Arc::clone(form),
        body: body.to_vec(),
        exact,
    })
}

/// The string of an admitted body's text (`text.rs`), for `JSON.parse` after
/// `verifyIntoAsync`. `index.js` calls it only on the copy the task has admitted, so
/// valid UTF-8; any other bytes would still give a string, never undefined behaviour.
#[napi]
pub fn text<'env>(env: &'env Env, body: Body<'_>) -> Result<JsString<'env>> {
    text::string(env, &body)
}

/// The published form `s`.
#[napi]
pub fn schema_json(form: &Handle) -> String {
    form.schema_json().to_owned()
}

/// The largest body admitted.
#[napi]
pub fn max_bytes(form: &Handle) -> f64 {
    form.limits().max_bytes() as f64
}

/// The deepest nesting admitted.
#[napi]
pub fn max_depth(form: &Handle) -> f64 {
    form.limits().max_depth() as f64
}

/// The dialect's name.
#[napi]
pub fn dialect(form: &Handle) -> &'static str {
    form.dialect().name()
}

/// The GET body of a GPT address and its ETag.
#[napi]
pub fn publish(form: &Handle, prompt: String, messages: Vec<NativeMessage>) -> NativePublished {
    let list: Vec<Message> = messages
        .into_iter()
        .map(|m| Message::new(m.role, m.content))
        .collect();
    let published = form.publish(&prompt, &list);
    NativePublished {
        body: published.body().to_vec().into(),
        etag: published.etag().to_owned(),
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
    Ok(formgate::json::check(&body, &limits)
        .err()
        .map(|e| (&e).into()))
}

/// The default `maxBytes`.
#[napi]
pub const DEFAULT_MAX_BYTES: u32 = formgate::DEFAULT_MAX_BYTES as u32;

/// The default `maxDepth`.
#[napi]
pub const DEFAULT_MAX_DEPTH: u32 = formgate::DEFAULT_MAX_DEPTH as u32;
