//! An admitted body as JS values, built from the strict parser's events: the way
//! `verifyInto` takes when `JSON.parse` would round a number (`numbers.rs`).
//!
//! Invariants:
//! 1. Numbers are delivered as [`Mode`] says, never rounded under [`Mode::Exact`]: a
//!    JS `number` when a double holds the value exactly, a `bigint` for an integer
//!    outside the safe range, else a `Decimal` of the lexeme. Under [`Mode::Number`],
//!    the nearest double; one beyond the double range is an `unrepresentable`
//!    rejection, with the number's offset and pointer, never `Infinity`.
//! 2. No recursion on the body's depth: the open containers are an explicit stack, so
//!    any `max_depth` is safe.
//! 3. Objects keep document order; names are unique (the strict parser guarantees it),
//!    so no member is dropped. A member named `__proto__` is an own property, as
//!    `JSON.parse` makes it, never the object's prototype.

use formgate::json::{Event, Parser};
use formgate::Limits;
use napi::bindgen_prelude::{Array, Function, Object, ToNapiValue, Unknown};
use napi::{Env, Result};

use crate::errors::NativeRejection;
use crate::numbers::{self, Class};

/// How numbers are delivered.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Exactly: `number`, `bigint` or `Decimal` (invariant 1).
    Exact,
    /// The nearest double.
    Number,
}

/// The JS constructors numbers are made with under [`Mode::Exact`].
pub(crate) struct Makers<'env> {
    /// The global `BigInt`, called with the integer's text.
    pub big_int: Function<'env, String, Unknown<'env>>,
    /// `Decimal`, constructed with the number's text.
    pub decimal: Function<'env, String, Unknown<'env>>,
}

/// One open container: an array, or an object and the name of its next member.
enum Open<'env> {
    Array(Array<'env>),
    Object(Object<'env>, Option<String>),
}

/// What building the tree gives: the value, or the rejection of a number the mode
/// cannot hold (or of events that are not well formed, which an admitted body cannot
/// have).
pub(crate) enum Built<'env> {
    Value(Unknown<'env>),
    Rejected(NativeRejection),
}

/// The JS value of `body`, which the form has admitted under `limits` (invariants 1–3).
pub(crate) fn build<'env>(
    env: &'env Env,
    body: &[u8],
    limits: &Limits,
    mode: Mode,
    makers: &Makers<'env>,
) -> Result<Built<'env>> {
    let mut parser = match Parser::new(body, limits) {
        Ok(p) => p,
        Err(e) => return Ok(Built::Rejected((&e).into())),
    };
    // Invariant 2: containers are closed from this stack, never by recursion.
    let mut stack: Vec<Open<'env>> = Vec::new();
    let mut root = None;
    loop {
        let event = match parser.next() {
            Ok(Some(event)) => event,
            Ok(None) => break,
            Err(e) => return Ok(Built::Rejected((&e).into())),
        };
        let value: Unknown<'env> = match event {
            Event::ObjectStart => {
                stack.push(Open::Object(Object::new(env)?, None));
                continue;
            }
            Event::ArrayStart => {
                stack.push(Open::Array(env.create_array(0)?));
                continue;
            }
            Event::Key(name) => {
                if let Some(Open::Object(_, key)) = stack.last_mut() {
                    *key = Some(name.as_str().to_owned());
                }
                continue;
            }
            Event::ObjectEnd | Event::ArrayEnd => match stack.pop() {
                Some(Open::Array(array)) => array.into_unknown(env)?,
                Some(Open::Object(object, _)) => object.into_unknown(env)?,
                None => return Ok(Built::Rejected(broken(&parser))),
            },
            Event::String(s) => s.as_str().into_unknown(env)?,
            Event::Number(n) => {
                let lexeme = n.as_str();
                match number(env, lexeme, mode, makers)? {
                    Some(value) => value,
                    None => {
                        let detail = format!("{} is beyond the range of a double", shown(lexeme));
                        return Ok(Built::Rejected(NativeRejection::unrepresentable(
                            parser.offset(),
                            parser.pointer(),
                            detail,
                        )));
                    }
                }
            }
            Event::Bool(b) => b.into_unknown(env)?,
            Event::Null => napi::bindgen_prelude::Null.into_unknown(env)?,
            #[allow(unreachable_patterns)] // an event added to the crate later
            _ => return Ok(Built::Rejected(broken(&parser))),
        };
        match stack.last_mut() {
            Some(Open::Array(array)) => array.insert(value)?,
            Some(Open::Object(object, key)) => match key.take() {
                // Invariant 3: `Object::set` defines an own data property, as
                // `JSON.parse` does, so `__proto__` is a member like any other.
                Some(key) => define(env, object, &key, value)?,
                None => return Ok(Built::Rejected(broken(&parser))),
            },
            None => root = Some(value),
        }
    }
    match (root, stack.is_empty()) {
        (Some(root), true) => Ok(Built::Value(root)),
        _ => Ok(Built::Rejected(broken(&parser))),
    }
}

/// Define `name` as an own enumerable data property of `object` (invariant 3): a
/// plain `[[Set]]` of `__proto__` would replace the object's prototype instead.
fn define(env: &Env, object: &mut Object<'_>, name: &str, value: Unknown<'_>) -> Result<()> {
    let key = name.into_unknown(env)?;
    // SAFETY: the env, the object and both values are live handles of this call's
    // scope; the property descriptor array holds one entry, read during the call.
    unsafe {
        let descriptor = napi::sys::napi_property_descriptor {
            utf8name: std::ptr::null(),
            name: ToNapiValue::to_napi_value(env.raw(), key)?,
            method: None,
            getter: None,
            setter: None,
            value: ToNapiValue::to_napi_value(env.raw(), value)?,
            attributes: napi::sys::PropertyAttributes::writable
                | napi::sys::PropertyAttributes::enumerable
                | napi::sys::PropertyAttributes::configurable,
            data: std::ptr::null_mut(),
        };
        let status = napi::sys::napi_define_properties(
            env.raw(),
            ToNapiValue::to_napi_value(env.raw(), *object)?,
            1,
            &descriptor,
        );
        if status != napi::sys::Status::napi_ok {
            return Err(napi::Error::from_reason(format!(
                "defining member {name:?} failed (status {status})"
            )));
        }
    }
    Ok(())
}

/// A number's JS value, or `None` for one beyond the double range under
/// [`Mode::Number`].
fn number<'env>(
    env: &'env Env,
    lexeme: &str,
    mode: Mode,
    makers: &Makers<'env>,
) -> Result<Option<Unknown<'env>>> {
    let class = match mode {
        Mode::Exact => numbers::classify(lexeme),
        Mode::Number => Class::Double,
    };
    Ok(Some(match class {
        Class::Double => match lexeme.parse::<f64>() {
            Ok(v) if v.is_finite() => v.into_unknown(env)?,
            _ => return Ok(None),
        },
        Class::BigInt => makers.big_int.call(lexeme.to_owned())?,
        Class::Decimal => makers.decimal.new_instance(lexeme.to_owned())?,
    }))
}

/// A number as quoted in a message: whole when short, else its start.
fn shown(lexeme: &str) -> String {
    if lexeme.len() <= 40 {
        lexeme.to_owned()
    } else {
        format!("{}... ({} bytes)", &lexeme[..24], lexeme.len())
    }
}

/// The rejection for parser events that are not well formed (never, for an admitted
/// body): an internal error, reported rather than a partial value.
fn broken(parser: &Parser<'_>) -> NativeRejection {
    let mut r = NativeRejection::unrepresentable(
        parser.offset(),
        parser.pointer(),
        "internal error: the strict parser's events are not well formed".to_owned(),
    );
    r.kind = "internal".to_owned();
    r
}
