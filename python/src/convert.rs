//! An accepted body's tree ([`formgate::json::Value`]) as Python objects.
//!
//! Invariants:
//! 1. Numbers are never rounded unless the caller asks for floats: a number written as
//!    an integer (no fraction, no exponent) becomes an `int` of any size the
//!    interpreter converts (`sys.get_int_max_str_digits`), every other number a
//!    `decimal.Decimal` of exactly its lexeme. With `floats=True` the others become the
//!    nearest `float`; one beyond the float range is unrepresentable.
//! 2. A number Python cannot hold as asked is a `Rejection` of kind `unrepresentable`,
//!    with the number's byte offset and JSON Pointer, never a silent substitute.
//! 3. No recursion on the body's depth: an explicit stack, so any `max_depth` is safe.
//! 4. Objects become dicts in document order; member names are unique (the strict
//!    parser guarantees it), so no member is dropped.
//!
//! Cost: O(n) in the tree's size, plus the interpreter's own integer and Decimal
//! conversions.

use std::borrow::Cow;

use formgate::json::{Number, Value};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyFloat, PyInt, PyList, PyString, PyType};

use crate::errors::RejectionFields;

static DECIMAL: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// How numbers other than integers are delivered.
#[derive(Clone, Copy)]
pub(crate) enum Numbers {
    /// `decimal.Decimal`, exact.
    Decimal,
    /// `float`, rounded to nearest.
    Float,
}

/// One open container and where its next child goes.
enum Open<'py, 'v, 'a> {
    List {
        list: Bound<'py, PyList>,
        items: std::iter::Enumerate<std::slice::Iter<'v, Value<'a>>>,
        at: usize,
    },
    Dict {
        dict: Bound<'py, PyDict>,
        members: std::slice::Iter<'v, (Cow<'a, str>, Value<'a>)>,
        at: &'v str,
    },
}

/// The Python object for `value`, a tree built from `body` (invariants 1–4).
pub(crate) fn to_python<'py, 'v, 'a>(
    py: Python<'py>,
    body: &[u8],
    value: &'v Value<'a>,
    numbers: Numbers,
) -> PyResult<Bound<'py, PyAny>> {
    let mut stack: Vec<Open<'py, 'v, 'a>> = Vec::new();
    let root = match container(py, value, &mut stack) {
        Some(c) => c,
        None => return scalar(py, body, value, numbers, &stack),
    };
    // Invariant 3: children are visited from the stack, never by recursion.
    loop {
        let Some(top) = stack.last_mut() else {
            return Ok(root);
        };
        let (child, parent): (&'v Value<'a>, Parent<'v, 'py>) = match top {
            Open::List { list, items, at } => match items.next() {
                Some((i, v)) => {
                    *at = i;
                    (v, Parent::List(list.clone()))
                }
                None => {
                    stack.pop();
                    continue;
                }
            },
            Open::Dict { dict, members, at } => match members.next() {
                Some((k, v)) => {
                    let k: &'v str = k;
                    *at = k;
                    (v, Parent::Dict(dict.clone(), k))
                }
                None => {
                    stack.pop();
                    continue;
                }
            },
        };
        let object = match container(py, child, &mut stack) {
            Some(c) => c,
            None => scalar(py, body, child, numbers, &stack)?,
        };
        match parent {
            Parent::List(list) => list.append(object)?,
            Parent::Dict(dict, key) => dict.set_item(PyString::new(py, key), object)?,
        }
    }
}

enum Parent<'k, 'py> {
    List(Bound<'py, PyList>),
    Dict(Bound<'py, PyDict>, &'k str),
}

/// An empty list or dict for a container, pushed on the stack to be filled.
fn container<'py, 'v, 'a>(
    py: Python<'py>,
    value: &'v Value<'a>,
    stack: &mut Vec<Open<'py, 'v, 'a>>,
) -> Option<Bound<'py, PyAny>> {
    match value {
        Value::Array(items) => {
            let list = PyList::empty(py);
            stack.push(Open::List {
                list: list.clone(),
                items: items.iter().enumerate(),
                at: 0,
            });
            Some(list.into_any())
        }
        Value::Object(members) => {
            let dict = PyDict::new(py);
            stack.push(Open::Dict {
                dict: dict.clone(),
                members: members.iter(),
                at: "",
            });
            Some(dict.into_any())
        }
        _ => None,
    }
}

fn scalar<'py>(
    py: Python<'py>,
    body: &[u8],
    value: &Value<'_>,
    numbers: Numbers,
    stack: &[Open<'_, '_, '_>],
) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Number(n) => number(py, body, n, numbers, stack)?,
        Value::Array(_) | Value::Object(_) => {
            return Err(PyValueError::new_err(
                "formgate: container reached as a scalar",
            ));
        }
    })
}

/// Invariants 1 and 2.
fn number<'py>(
    py: Python<'py>,
    body: &[u8],
    n: &Number<'_>,
    numbers: Numbers,
    stack: &[Open<'_, '_, '_>],
) -> PyResult<Bound<'py, PyAny>> {
    let lexeme = n.as_str();
    let integer = !lexeme.bytes().any(|b| matches!(b, b'.' | b'e' | b'E'));
    if integer {
        if let Ok(small) = lexeme.parse::<i64>() {
            return Ok(small.into_pyobject(py)?.into_any());
        }
        return py
            .get_type::<PyInt>()
            .call1((lexeme,))
            .map_err(|e| unrepresentable(py, body, n, stack, &format!("integer: {e}")));
    }
    match numbers {
        Numbers::Float => {
            // Rust's parse is correctly rounded and reads every JSON number.
            match lexeme.parse::<f64>() {
                Ok(f) if f.is_finite() => Ok(PyFloat::new(py, f).into_any()),
                _ => Err(unrepresentable(
                    py,
                    body,
                    n,
                    stack,
                    "number beyond the range of float",
                )),
            }
        }
        Numbers::Decimal => {
            let decimal = DECIMAL.import(py, "decimal", "Decimal")?;
            decimal
                .call1((lexeme,))
                .map_err(|e| unrepresentable(py, body, n, stack, &format!("Decimal: {e}")))
        }
    }
}

/// Invariant 2: where the number is, in bytes and as a JSON Pointer.
fn unrepresentable(
    py: Python<'_>,
    body: &[u8],
    n: &Number<'_>,
    stack: &[Open<'_, '_, '_>],
    why: &str,
) -> PyErr {
    // Number lexemes borrow from the body (formgate::json::Value's invariant 1), so the
    // lexeme's address gives its offset.
    let start = n.as_str().as_ptr() as usize;
    let base = body.as_ptr() as usize;
    let offset = if start >= base && start - base < body.len() {
        (start - base) as u64
    } else {
        0
    };
    let mut pointer = String::new();
    for open in stack {
        pointer.push('/');
        match open {
            Open::List { at, .. } => pointer.push_str(&at.to_string()),
            Open::Dict { at, .. } => pointer.push_str(&at.replace('~', "~0").replace('/', "~1")),
        }
    }
    let lexeme = n.as_str();
    let shown = match lexeme.char_indices().nth(40) {
        Some((end, _)) => format!("{}... ({} characters)", &lexeme[..end], lexeme.len()),
        None => lexeme.to_owned(),
    };
    let detail = format!("{shown} does not fit: {why}");
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
    }
    .into_err(py)
}
