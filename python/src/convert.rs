//! An admitted body as Python objects, built from the strict parser's events.
//!
//! `Form.verify_into` first verifies the body (the crate's fast path, without the
//! interpreter lock for large bodies), then reads it once more with
//! [`formgate::json::Parser`] and builds the Python objects straight from its events:
//! no Rust tree in between. The parser applies the same limits, so it cannot fail on an
//! admitted body; if it ever did, that is a rejection, never a partial value.
//!
//! Invariants:
//! 1. Numbers are never rounded unless the caller asks for floats: a number written as
//!    an integer (no fraction, no exponent) becomes an `int` of any size the
//!    interpreter converts (`sys.get_int_max_str_digits`), every other number a
//!    `decimal.Decimal` of exactly its lexeme. With `floats=True` the others become the
//!    nearest `float`; one beyond the float range is unrepresentable.
//! 2. A number Python cannot hold as asked is a `Rejection` of kind `unrepresentable`,
//!    with the number's byte offset and JSON Pointer, never a silent substitute.
//! 3. No recursion on the body's depth: the open containers are an explicit stack, so
//!    any `max_depth` is safe.
//! 4. Objects become dicts in document order; member names are unique (the strict
//!    parser guarantees it), so no member is dropped.
//!
//! Cost: O(n) in the body's length, plus the interpreter's own integer and Decimal
//! conversions.

use std::cell::RefCell;

use formgate::json::{Event, Parser};
use formgate::Limits;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyFloat, PyInt, PyList, PyString, PyType};

use crate::errors::{self, RejectionFields};

static DECIMAL: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// How numbers other than integers are delivered.
#[derive(Clone, Copy)]
pub(crate) enum Numbers {
    /// `decimal.Decimal`, exact.
    Decimal,
    /// `float`, rounded to nearest.
    Float,
}

/// One open container: a list, or a dict and the name of its next member.
enum Open<'py> {
    List(Bound<'py, PyList>),
    Dict(Bound<'py, PyDict>, Option<Bound<'py, PyString>>),
}

/// The Python object for `body`, which the form has admitted under `limits`
/// (invariants 1–4).
pub(crate) fn to_python<'py>(
    py: Python<'py>,
    body: &[u8],
    limits: &Limits,
    numbers: Numbers,
) -> PyResult<Bound<'py, PyAny>> {
    let fail = |e: formgate::json::ParseError| errors::parse_rejection(py, &e);
    let mut parser = Parser::new(body, limits).map_err(fail)?;
    // Invariant 3: containers are closed from this stack, never by recursion.
    let mut stack: Vec<Open<'py>> = Vec::new();
    let mut root = None;
    while let Some(event) = parser.next().map_err(fail)? {
        let value = match event {
            Event::ObjectStart => {
                stack.push(Open::Dict(PyDict::new(py), None));
                continue;
            }
            Event::ArrayStart => {
                stack.push(Open::List(PyList::empty(py)));
                continue;
            }
            Event::Key(name) => {
                if let Some(Open::Dict(_, key)) = stack.last_mut() {
                    *key = Some(member_name(py, name.as_str()));
                }
                continue;
            }
            Event::ObjectEnd | Event::ArrayEnd => match stack.pop() {
                Some(Open::List(list)) => list.into_any(),
                Some(Open::Dict(dict, _)) => dict.into_any(),
                None => return Err(broken(py, &parser)),
            },
            Event::String(s) => PyString::new(py, s.as_str()).into_any(),
            Event::Number(n) => match number(py, n.as_str(), numbers) {
                Ok(value) => value,
                Err(why) => {
                    let detail = format!("{} does not fit: {why}", shown(n.as_str()));
                    return Err(unrepresentable(py, &parser, detail));
                }
            },
            Event::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
            Event::Null => py.None().into_bound(py),
            #[allow(unreachable_patterns)] // an event added to the crate later
            _ => return Err(broken(py, &parser)),
        };
        match stack.last_mut() {
            Some(Open::List(list)) => list.append(value)?,
            Some(Open::Dict(dict, key)) => match key.take() {
                Some(key) => dict.set_item(key, value)?,
                None => return Err(broken(py, &parser)),
            },
            None => root = Some(value),
        }
    }
    match (root, stack.is_empty()) {
        (Some(root), true) => Ok(root),
        _ => Err(broken(py, &parser)),
    }
}

/// Slots of the member-name cache: a power of two.
const NAME_SLOTS: usize = 1024;
/// Longer member names are not cached.
const NAME_MAX: usize = 64;

/// A member name and its Python string.
type CachedName = (Box<str>, Py<PyString>);

thread_local! {
    /// Member names seen recently on this thread and their Python strings: bodies of
    /// one form repeat the same few names, and a cached `str` is neither decoded,
    /// allocated nor hashed again. Bounded: `NAME_SLOTS` names of at most `NAME_MAX`
    /// bytes, each slot overwritten by the next name that hashes to it.
    static NAMES: RefCell<Vec<Option<CachedName>>> =
        RefCell::new((0..NAME_SLOTS).map(|_| None).collect());
}

/// The Python `str` of a member name, from the cache when it holds it. The cache took
/// `verify_into` on the small bench body (six names) from 1.69 µs to 1.56 µs.
fn member_name<'py>(py: Python<'py>, name: &str) -> Bound<'py, PyString> {
    if name.len() > NAME_MAX {
        return PyString::new(py, name);
    }
    // FNV-1a: short names, no need for a keyed hash (a collision only costs a miss).
    let mut hash: u32 = 0x811c_9dc5;
    for b in name.bytes() {
        hash = (hash ^ u32::from(b)).wrapping_mul(0x0100_0193);
    }
    let slot = hash as usize & (NAME_SLOTS - 1);
    NAMES
        .try_with(|names| {
            let Ok(mut names) = names.try_borrow_mut() else {
                return PyString::new(py, name);
            };
            if let Some((cached, string)) = &names[slot] {
                if **cached == *name {
                    return string.bind(py).clone();
                }
            }
            let string = PyString::new(py, name);
            names[slot] = Some((name.into(), string.clone().unbind()));
            string
        })
        .unwrap_or_else(|_| PyString::new(py, name))
}

/// Invariant 1; the error is why the number does not fit.
fn number<'py>(
    py: Python<'py>,
    lexeme: &str,
    numbers: Numbers,
) -> Result<Bound<'py, PyAny>, String> {
    let integer = !lexeme.bytes().any(|b| matches!(b, b'.' | b'e' | b'E'));
    if integer {
        if let Ok(small) = lexeme.parse::<i64>() {
            return small
                .into_pyobject(py)
                .map(|n| n.into_any())
                .map_err(|e| e.to_string());
        }
        return py
            .get_type::<PyInt>()
            .call1((lexeme,))
            .map_err(|e| format!("integer: {e}"));
    }
    match numbers {
        // Rust's parse is correctly rounded and reads every JSON number.
        Numbers::Float => match lexeme.parse::<f64>() {
            Ok(f) if f.is_finite() => Ok(PyFloat::new(py, f).into_any()),
            _ => Err("beyond the range of float".to_owned()),
        },
        Numbers::Decimal => DECIMAL
            .import(py, "decimal", "Decimal")
            .map_err(|e| e.to_string())?
            .call1((lexeme,))
            .map_err(|e| format!("Decimal: {e}")),
    }
}

/// A lexeme for a message: at most 40 characters of it.
fn shown(lexeme: &str) -> String {
    match lexeme.char_indices().nth(40) {
        Some((end, _)) => format!("{}... ({} characters)", &lexeme[..end], lexeme.len()),
        None => lexeme.to_owned(),
    }
}

/// Invariant 2: where the number is, in bytes and as a JSON Pointer.
fn unrepresentable(py: Python<'_>, parser: &Parser<'_>, detail: String) -> PyErr {
    let offset = parser.offset();
    let pointer = parser.pointer();
    RejectionFields {
        message: format!(
            "admitted, but not of the requested type at byte {offset}, body {pointer:?}: {detail}"
        ),
        kind: "unrepresentable",
        offset,
        pointer,
        form_pointer: None,
        reason: None,
        limit: None,
        detail: Some(detail),
        applicator: None,
    }
    .into_err(py)
}

/// The parser broke its own guarantee of a well-formed event sequence: fail closed.
#[cold]
fn broken(py: Python<'_>, parser: &Parser<'_>) -> PyErr {
    RejectionFields {
        message: "internal error: the strict parser's events are not well formed".to_owned(),
        kind: "other",
        offset: parser.offset(),
        pointer: parser.pointer(),
        form_pointer: None,
        reason: Some("internal".to_owned()),
        limit: None,
        detail: None,
        applicator: None,
    }
    .into_err(py)
}
