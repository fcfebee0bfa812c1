//! `formgate._formgate`: the native half of the Python package `formgate`.
//!
//! A thin translation of the core crate's API (docs/ARCHITECTURE.md: integration
//! crates hold no validation logic of their own):
//! - `Form` wraps a compiled [`formgate::Form`] (immutable, `Send + Sync`), so one
//!   instance is shared by every thread of a server without a lock;
//! - verifying releases the interpreter lock for bodies of at least [`DETACH_AT`]
//!   bytes, so threads verify in parallel;
//! - every error of the crate becomes an exception of `formgate._errors` (`errors.rs`),
//!   and accepted trees become Python objects without rounding (`convert.rs`).
//!
//! Nothing here panics on input: every fallible step returns a Python exception.

#![forbid(unsafe_code)]

mod convert;
mod errors;
mod lines;

use formgate::audit::Profile;
use formgate::publish::Message;
use formgate::{Dialect, Limits};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyDict, PyInt, PyMapping, PyString, PyTuple};

use convert::Numbers;

/// Bodies shorter than this are verified without releasing the interpreter lock:
/// releasing and taking it back cost about 25 ns, a tenth of verifying the 279-byte
/// bench body (0.28 µs → 0.31 µs when every body released it), for no parallelism
/// worth having; from 4 KiB on, a verify takes microseconds.
const DETACH_AT: usize = 4096;

/// Run `work` on a body of `len` bytes: without the interpreter lock from
/// [`DETACH_AT`] bytes on, with it below.
fn verifying<T: Send>(py: Python<'_>, len: usize, work: impl FnOnce() -> T + Send) -> T {
    if len >= DETACH_AT {
        py.detach(work)
    } else {
        work()
    }
}

/// A body's bytes: borrowed from a `bytes` object (immutable, so safe to read without
/// the interpreter lock), or copied from a `bytearray` (which another thread could
/// resize).
enum Body<'b> {
    Borrowed(&'b [u8]),
    Owned(Vec<u8>),
}

impl Body<'_> {
    fn bytes(&self) -> &[u8] {
        match self {
            Body::Borrowed(b) => b,
            Body::Owned(v) => v,
        }
    }
}

fn body<'b>(obj: &'b Bound<'_, PyAny>) -> PyResult<Body<'b>> {
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok(Body::Borrowed(b.as_bytes()));
    }
    if let Ok(b) = obj.cast::<PyByteArray>() {
        return Ok(Body::Owned(b.to_vec()));
    }
    let what = obj.get_type().name().map(|n| n.to_string());
    Err(PyTypeError::new_err(format!(
        "a body must be bytes or bytearray, not {} (encode text with .encode('utf-8'))",
        what.as_deref().unwrap_or("this type")
    )))
}

/// A size or depth limit given from Python: a non-negative `int` (not a `bool`).
fn limit(name: &str, value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    let Some(value) = value.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    if value.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{name} must be an int, not bool"
        )));
    }
    let range = || PyValueError::new_err(format!("{name} must be between 0 and {}", usize::MAX));
    if !value.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!("{name} must be an int")));
    }
    // An int too large for i128 is out of range too.
    let n: i128 = value.extract().map_err(|_| range())?;
    usize::try_from(n).map(Some).map_err(|_| range())
}

fn limits(max_bytes: Option<usize>, max_depth: Option<usize>) -> Limits {
    let mut limits = Limits::default();
    if let Some(n) = max_bytes {
        limits = limits.with_max_bytes(n);
    }
    if let Some(n) = max_depth {
        limits = limits.with_max_depth(n);
    }
    limits
}

/// A compiled form: verifies request bodies and publishes itself.
///
/// Form(schema, *, max_bytes=None, max_depth=None, default_dialect=None, annotations=(),
///      resources=None, format_patterns=None)
/// compiles a JSON Schema (bytes or str, itself strict JSON). Every keyword is
/// implemented exactly or the compile raises FormError naming the keyword and its JSON
/// Pointer. max_bytes (default 1 MiB) and max_depth (default 128) bound the bodies;
/// default_dialect ("draft4", "draft6", "draft7", "2019-09", "2020-12" or a $schema
/// URI) applies to a schema without $schema; annotations declares extension keywords
/// kept verbatim in the published form; resources ({uri: bytes or str}) are the other
/// documents a $ref may name, never fetched and bundled into the published form;
/// format_patterns ({name: ECMA-262 pattern}) defines formats of the owner's, which a
/// whole string must match. A Form is immutable and may be shared by threads.
#[pyclass(frozen, module = "formgate", name = "Form")]
struct Form {
    inner: formgate::Form,
}

#[pymethods]
impl Form {
    /// Compile a JSON Schema (strict JSON, as bytes or str) into a form; raises
    /// FormError (see the class documentation).
    #[new]
    #[pyo3(signature = (schema, *, max_bytes=None, max_depth=None, default_dialect=None, annotations=None, resources=None, format_patterns=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        schema: &Bound<'_, PyAny>,
        max_bytes: Option<&Bound<'_, PyAny>>,
        max_depth: Option<&Bound<'_, PyAny>>,
        default_dialect: Option<&str>,
        annotations: Option<&Bound<'_, PyAny>>,
        resources: Option<&Bound<'_, PyAny>>,
        format_patterns: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Form> {
        let text;
        let schema: &[u8] = if let Ok(s) = schema.cast::<PyString>() {
            text = s.to_cow()?.into_owned();
            text.as_bytes()
        } else if let Ok(b) = schema.cast::<PyBytes>() {
            b.as_bytes()
        } else {
            return Err(PyTypeError::new_err("a schema must be bytes or str"));
        };
        let mut builder = formgate::Form::builder().limits(limits(
            limit("max_bytes", max_bytes)?,
            limit("max_depth", max_depth)?,
        ));
        if let Some(name) = default_dialect {
            let dialect = Dialect::from_name(name)
                .or_else(|| Dialect::from_uri(name))
                .ok_or_else(|| {
                    let names: Vec<&str> = Dialect::ALL.iter().map(|d| d.name()).collect();
                    PyValueError::new_err(format!(
                        "unknown dialect {name:?}: expected one of {names:?} or a $schema URI"
                    ))
                })?;
            builder = builder.default_dialect(dialect);
        }
        if let Some(names) = annotations.filter(|a| !a.is_none()) {
            if names.is_instance_of::<PyString>() {
                return Err(PyTypeError::new_err(
                    "annotations must be an iterable of names, not a single str",
                ));
            }
            for name in names.try_iter()? {
                let name = name?;
                let name = name
                    .cast::<PyString>()
                    .map_err(|_| PyTypeError::new_err("every annotation must be a str"))?;
                builder = builder.annotation(name.to_cow()?.into_owned());
            }
        }
        if let Some(resources) = resources.filter(|r| !r.is_none()) {
            let map = resources.cast::<PyDict>().map_err(|_| {
                PyTypeError::new_err(
                    "resources must be a dict of URI (str) to schema (bytes or str)",
                )
            })?;
            for (uri, doc) in map.iter() {
                let uri = uri
                    .cast::<PyString>()
                    .map_err(|_| PyTypeError::new_err("every resource URI must be a str"))?
                    .to_cow()?
                    .into_owned();
                let bytes: Vec<u8> = if let Ok(s) = doc.cast::<PyString>() {
                    s.to_cow()?.as_bytes().to_vec()
                } else if let Ok(b) = doc.cast::<PyBytes>() {
                    b.as_bytes().to_vec()
                } else {
                    return Err(PyTypeError::new_err(format!(
                        "the resource {uri:?} must be bytes or str"
                    )));
                };
                builder = builder.resource(&uri, bytes);
            }
        }
        if let Some(formats) = format_patterns.filter(|f| !f.is_none()) {
            let map = formats.cast::<PyDict>().map_err(|_| {
                PyTypeError::new_err(
                    "format_patterns must be a dict of name (str) to pattern (str)",
                )
            })?;
            for (name, pattern) in map.iter() {
                let (Ok(name), Ok(pattern)) = (name.cast::<PyString>(), pattern.cast::<PyString>())
                else {
                    return Err(PyTypeError::new_err(
                        "format_patterns must be a dict of name (str) to pattern (str)",
                    ));
                };
                builder = builder.format_pattern(name.to_cow()?, pattern.to_cow()?);
            }
        }
        let inner = py
            .detach(|| builder.compile(schema))
            .map_err(|e| errors::form_error(py, &e))?;
        Ok(Form { inner })
    }

    /// Verify a body (bytes or bytearray): strict parse and validation in one pass.
    ///
    /// Returns None if the form admits the body; else raises Rejection with kind
    /// ("too-large", "malformed", "not-admitted"), reason, offset, pointer and
    /// form_pointer. The interpreter lock is released for bodies of 4 KiB or more.
    fn verify(&self, py: Python<'_>, body: &Bound<'_, PyAny>) -> PyResult<()> {
        let body = self::body(body)?;
        let bytes = body.bytes();
        verifying(py, bytes.len(), || self.inner.verify(bytes))
            .map_err(|r| errors::rejection(py, &r))
    }

    /// Verify every line of a JSON Lines source as a body of its own: a list with,
    /// for each line in order, None if the form admits it, else its Rejection (not
    /// raised). `source` is bytes (the lines themselves) or a path (str or
    /// os.PathLike) of a file read as it is verified. The interpreter lock is released
    /// for the whole run.
    fn verify_lines<'py>(
        &self,
        py: Python<'py>,
        source: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let verdicts = if let Ok(b) = source.cast::<PyBytes>() {
            let bytes = b.as_bytes();
            py.detach(|| lines::verify(&self.inner, bytes))
        } else if let Ok(b) = source.cast::<PyByteArray>() {
            let bytes = b.to_vec();
            py.detach(|| lines::verify(&self.inner, bytes.as_slice()))
        } else if let Ok(path) = source.extract::<std::path::PathBuf>() {
            py.detach(|| std::fs::File::open(&path).and_then(|f| lines::verify(&self.inner, f)))
        } else {
            let what = source.get_type().name().map(|n| n.to_string());
            return Err(PyTypeError::new_err(format!(
                "verify_lines takes bytes, bytearray or a path, not {}",
                what.as_deref().unwrap_or("this type")
            )));
        };
        let verdicts = verdicts.map_err(PyErr::from)?;
        Ok(verdicts
            .iter()
            .map(|v| match v {
                Ok(()) => py.None(),
                Err(r) => errors::rejection(py, r).into_value(py).into_any(),
            })
            .collect())
    }

    /// Whether the form admits the body: verify's verdict as a bool, without the
    /// reason or the cost of an exception.
    fn is_valid(&self, py: Python<'_>, body: &Bound<'_, PyAny>) -> PyResult<bool> {
        let body = self::body(body)?;
        let bytes = body.bytes();
        Ok(verifying(py, bytes.len(), || {
            self.inner.verify(bytes).is_ok()
        }))
    }

    /// Verify a body, then return its value as Python objects.
    ///
    /// Dicts in document order, lists, str, True/False/None; a number written as an
    /// integer becomes an int, any other the exact decimal.Decimal of its text (or
    /// the nearest float with floats=True). Raises Rejection as verify does, or of
    /// kind "unrepresentable" for an admitted number Python cannot hold as asked.
    #[pyo3(signature = (body, *, floats=false))]
    fn verify_into<'py>(
        &self,
        py: Python<'py>,
        body: &Bound<'py, PyAny>,
        floats: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let body = self::body(body)?;
        let bytes = body.bytes();
        // The verdict first, from verify's fast path; the objects are then built
        // straight from the strict parser's events, with no Rust tree in between.
        // (Converting `accept`'s tree instead gave 0.86x pydantic on the small bench
        // body, against 1.12x for this, when `accept` did not take the fast path.)
        verifying(py, bytes.len(), || self.inner.verify(bytes))
            .map_err(|r| errors::rejection(py, &r))?;
        let numbers = if floats {
            Numbers::Float
        } else {
            Numbers::Decimal
        };
        convert::to_python(py, bytes, &self.inner.limits(), numbers)
    }

    /// The published form `s`: compact JSON rendered from the compiled form.
    #[getter]
    fn schema_json(&self) -> &str {
        self.inner.schema_json()
    }

    /// The largest body admitted, in bytes.
    #[getter]
    fn max_bytes(&self) -> usize {
        self.inner.limits().max_bytes()
    }

    /// The deepest nesting of containers admitted in a body.
    #[getter]
    fn max_depth(&self) -> usize {
        self.inner.limits().max_depth()
    }

    /// The form's dialect: "draft4", "draft6", "draft7", "2019-09" or "2020-12".
    #[getter]
    fn dialect(&self) -> &'static str {
        self.inner.dialect().name()
    }

    /// The GET body of a GPT address and its strong ETag, as (bytes, str).
    ///
    /// The body is compact JSON {"p": prompt, "m": messages, "s": form}, with s equal
    /// to schema_json byte for byte. A message is {"role": str, "content": str} or a
    /// (role, content) tuple.
    #[pyo3(signature = (prompt, messages=None))]
    fn publish<'py>(
        &self,
        py: Python<'py>,
        prompt: &str,
        messages: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(Bound<'py, PyBytes>, String)> {
        let mut list = Vec::new();
        if let Some(items) = messages.filter(|m| !m.is_none()) {
            if items.is_instance_of::<PyString>() || items.is_instance_of::<PyBytes>() {
                return Err(PyTypeError::new_err(
                    "messages must be an iterable of messages, not a single str or bytes",
                ));
            }
            for (index, item) in items.try_iter()?.enumerate() {
                list.push(message(index, &item?)?);
            }
        }
        let published = self.inner.publish(prompt, &list);
        Ok((
            PyBytes::new(py, published.body()),
            published.etag().to_owned(),
        ))
    }

    /// Audit the form under a profile ("portable", "openai", "anthropic",
    /// "llguidance", "xgrammar" or "outlines"): a dict with the profile, the findings
    /// (rule, pointer, message), the conditions, max_depth, max_size and the memory
    /// bound, as `formgate audit --format json` prints it.
    #[pyo3(signature = (profile="portable"))]
    fn audit<'py>(&self, py: Python<'py>, profile: &str) -> PyResult<Bound<'py, PyAny>> {
        let profile = Profile::from_name(profile).ok_or_else(|| {
            let names: Vec<&str> = Profile::ALL.iter().map(|p| p.name()).collect();
            PyValueError::new_err(format!(
                "unknown profile {profile:?}: expected one of {names:?}"
            ))
        })?;
        let text = py.detach(|| self.inner.audit(profile).to_json());
        py.import("json")?.call_method1("loads", (text,))
    }

    /// The form spelled for decoders, admitting exactly the same values, and its
    /// steps: (Form, [{"rule", "pointer", "applied", "reason"}, ...]).
    fn rewrite<'py>(&self, py: Python<'py>) -> PyResult<(Form, Bound<'py, PyAny>)> {
        let rewritten = py
            .detach(|| self.inner.rewrite())
            .map_err(|e| errors::form_error(py, &e))?;
        let steps = py
            .import("json")?
            .call_method1("loads", (rewritten.steps_json(),))?;
        Ok((
            Form {
                inner: rewritten.into_form(),
            },
            steps,
        ))
    }

    fn __repr__(&self) -> String {
        format!(
            "<formgate.Form dialect={:?} max_bytes={} max_depth={}>",
            self.dialect(),
            self.max_bytes(),
            self.max_depth()
        )
    }
}

/// One message of `publish`: a mapping with exactly the str members `role` and
/// `content`, or a `(role, content)` tuple of two str.
fn message(index: usize, item: &Bound<'_, PyAny>) -> PyResult<Message> {
    let invalid = |what: &str| {
        PyValueError::new_err(format!(
            "message {index}: {what} (expected {{'role': str, 'content': str}} or (role, content))"
        ))
    };
    let text = |v: Bound<'_, PyAny>, name: &str| -> PyResult<String> {
        match v.cast::<PyString>() {
            Ok(s) => Ok(s.to_cow()?.into_owned()),
            Err(_) => Err(invalid(&format!("{name} is not a str"))),
        }
    };
    if let Ok(pair) = item.cast::<PyTuple>() {
        if pair.len() != 2 {
            return Err(invalid("a tuple of other than two items"));
        }
        return Ok(Message::new(
            text(pair.get_item(0)?, "role")?,
            text(pair.get_item(1)?, "content")?,
        ));
    }
    let Ok(map) = item.cast::<PyMapping>() else {
        return Err(invalid("neither a mapping nor a tuple"));
    };
    if map.len()? != 2 {
        return Err(invalid("members other than role and content"));
    }
    let member = |name: &str| {
        map.get_item(name)
            .map_err(|_| invalid(&format!("no {name}")))
            .and_then(|v| text(v, name))
    };
    Ok(Message::new(member("role")?, member("content")?))
}

/// Check that a body is strict JSON, with no form: RFC 8259 exactly, UTF-8 only, no
/// duplicate member names, nothing after the value but whitespace.
///
/// Returns None, or raises Rejection of kind "too-large" or "malformed" (the rule
/// broken in reason) with the byte offset.
#[pyfunction]
#[pyo3(signature = (body, *, max_bytes=None, max_depth=None))]
fn check(
    py: Python<'_>,
    body: &Bound<'_, PyAny>,
    max_bytes: Option<&Bound<'_, PyAny>>,
    max_depth: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    let limits = limits(
        limit("max_bytes", max_bytes)?,
        limit("max_depth", max_depth)?,
    );
    let body = self::body(body)?;
    let bytes = body.bytes();
    verifying(py, bytes.len(), || formgate::json::check(bytes, &limits))
        .map_err(|e| errors::parse_rejection(py, &e))
}

/// The native module; `formgate/__init__.py` re-exports it with the exceptions.
#[pymodule]
fn _formgate(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Form>()?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add("DEFAULT_MAX_BYTES", formgate::DEFAULT_MAX_BYTES)?;
    m.add("DEFAULT_MAX_DEPTH", formgate::DEFAULT_MAX_DEPTH)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
