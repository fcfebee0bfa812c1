//! The scan behind the layer tests (the library's `tests/module_graph.rs`, and
//! `cli/tests/serve_modules.rs`, which includes this file): the code of a line without
//! its comments, the module names a path leads to, and the check that every edge goes
//! down the layers.
#![allow(dead_code)]

/// The code of a line without its comment (doc comments included): links in docs do
/// not make a dependency.
pub fn code(line: &str) -> &str {
    let mut in_str = false;
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if in_str => i += 1,
            b'"' => in_str = !in_str,
            b'/' if !in_str && bytes.get(i + 1) == Some(&b'/') => return &line[..i],
            _ => {}
        }
        i += 1;
    }
    line
}

/// The first segment of each path that follows `prefix` in `code`: `a` for
/// `super::a::b`, and `a`, `b` for `super::{a, b::c}`.
pub fn names_after<'a>(code: &'a str, prefix: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(prefix) {
        let tail = &rest[at + prefix.len()..];
        match tail.strip_prefix('{') {
            Some(list) => out.extend(
                list[..list.find('}').unwrap_or(list.len())]
                    .split(',')
                    .map(|p| p.trim().split("::").next().unwrap()),
            ),
            None => {
                let len = tail
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(tail.len());
                out.push(&tail[..len]);
            }
        }
        rest = tail;
    }
    out.retain(|n| !n.is_empty());
    out
}

/// Fail, naming the file and line of each, if any `(from, to, where)` edge goes up or
/// sideways in `layer`'s table (or names a module without a layer).
pub fn assert_downward(edges: &[(String, String, String)], layer: impl Fn(&str) -> Option<u8>) {
    let wrong: Vec<String> = edges
        .iter()
        .filter(|(from, to, _)| match (layer(from), layer(to)) {
            (Some(a), Some(b)) => b >= a,
            _ => true,
        })
        .map(|(from, to, at)| {
            format!(
                "{at}: {from} (layer {:?}) uses {to} (layer {:?})",
                layer(from),
                layer(to)
            )
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "imports that go up or sideways:\n{}",
        wrong.join("\n")
    );
}
