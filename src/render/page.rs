//! The page for people: what a browser (`Accept: text/html`) gets at an address.
//!
//! It is not part of the protocol and never the only way to the form (everything else
//! gets the JSON of [`Published`](super::publish::Published)). It shows the prompt,
//! the messages and the form, pretty-printed from the very `s` that is enforced, and a
//! box to try an act, which reports only the status, as any actor would see it.
//!
//! Invariants:
//! 1. Every piece of text on the page is HTML-escaped; the one script is a constant.
//! 2. The page is asked for by name only ([`wants_html`]): with no `Accept`, or one
//!    without `text/html`, the answer is the JSON.

use super::publish::Message;
use crate::form::Form;

/// The content type of the [`page`].
pub const PAGE_CONTENT_TYPE: &str = "text/html; charset=utf-8";

/// The `Content-Security-Policy` to send with the [`page`]: its one inline script and
/// style, its `fetch` of the address itself, and nothing else (no frames, no forms).
pub const PAGE_CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'unsafe-inline'; \
     style-src 'unsafe-inline'; connect-src 'self'; form-action 'none'; frame-ancestors 'none'";

/// The page for people at an address serving `form`: the prompt, the messages, the
/// form pretty-printed from the very `s` that is enforced, and a box to try an act
/// that starts with `sample` and reports only the status, as an actor would see it.
/// `gpt_type` is shown when the address sends a `GPT-Type`. Every piece of text is
/// HTML-escaped; the one script is a constant. Build it once and serve the bytes.
///
/// ```
/// use formgate::publish::{page, Message};
/// let form = formgate::Form::compile(br#"{"const":"<b>"}"#).unwrap();
/// let html = page(&form, "Say <b>.", &[Message::new("user", "hi")], None, None);
/// assert!(html.starts_with("<!doctype html>"));
/// assert!(html.contains("Say &lt;b&gt;.") && html.contains("&quot;&lt;b&gt;&quot;"));
/// ```
pub fn page(
    form: &Form,
    prompt: &str,
    messages: &[Message],
    sample: Option<&str>,
    gpt_type: Option<&str>,
) -> String {
    let s = form.schema_json();
    let mut out = String::with_capacity(4 * s.len() + 4096);
    out.push_str(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>formgate address</title>\n<style>\n\
         body{font:16px/1.45 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}\n\
         pre,textarea{font:13px/1.4 ui-monospace,monospace;background:#f6f6f6;border:1px solid #ddd;padding:.75rem;overflow:auto}\n\
         pre{white-space:pre-wrap;overflow-wrap:anywhere}\n\
         textarea{width:100%;box-sizing:border-box;min-height:14rem}\n\
         .note{color:#666;font-size:.9em}\n\
         </style>\n</head>\n<body>\n<h1>formgate address</h1>\n",
    );
    if let Some(t) = gpt_type {
        out.push_str("<p class=\"note\">GPT-Type: <code>");
        escape(t, &mut out);
        out.push_str("</code></p>\n");
    }
    out.push_str(
        "<p class=\"note\">This page is for people. Programs get the JSON \
         <code>{\"p\",\"m\",\"s\"}</code> from the same address with any <code>Accept</code> \
         that does not include <code>text/html</code>, e.g. <code>curl</code>.</p>\n\
         <h2>Prompt (<code>p</code>)</h2>\n<pre>",
    );
    escape(prompt, &mut out);
    out.push_str("</pre>\n");
    if !messages.is_empty() {
        out.push_str("<h2>Messages (<code>m</code>)</h2>\n");
        for m in messages {
            out.push_str("<p><strong>");
            escape(m.role(), &mut out);
            out.push_str("</strong></p>\n<pre>");
            escape(m.content(), &mut out);
            out.push_str("</pre>\n");
        }
    }
    out.push_str("<h2>Form (<code>s</code>)</h2>\n<pre>");
    escape(&pretty(s), &mut out);
    out.push_str(
        "</pre>\n<h2>Try an act</h2>\n<p class=\"note\">The body is sent unchanged as a \
         <code>POST</code> to this address. An accepted act is answered by the address \
         (<code>200</code> unless it says otherwise); anything else answers \
         <code>204</code> with no reason.</p>\n\
         <textarea id=\"act\" spellcheck=\"false\">",
    );
    escape(sample.unwrap_or(""), &mut out);
    out.push_str(
        "</textarea>\n<p><button id=\"send\" type=\"button\">POST</button> \
         <output id=\"verdict\"></output></p>\n<pre id=\"reply\" hidden></pre>\n",
    );
    out.push_str(SCRIPT);
    out.push_str("</body>\n</html>\n");
    out
}

/// The page's only script: POST the box's text and show the status and reply.
const SCRIPT: &str = "<script>\n\
document.getElementById('send').addEventListener('click', async () => {\n\
  const out = document.getElementById('verdict');\n\
  const reply = document.getElementById('reply');\n\
  out.textContent = '\u{2026}';\n\
  reply.hidden = true;\n\
  try {\n\
    const r = await fetch(location.pathname, {method: 'POST', headers: {'Content-Type': 'application/json'}, body: document.getElementById('act').value});\n\
    const text = await r.text();\n\
    out.textContent = r.status + (r.status === 204 ? ' rejected' : r.ok ? ' accepted' : ' ' + r.statusText);\n\
    if (text) { reply.textContent = text; reply.hidden = false; }\n\
  } catch (e) {\n\
    out.textContent = 'request failed: ' + e;\n\
  }\n\
});\n\
</script>\n";

/// HTML-escape `s` onto `out`.
fn escape(s: &str, out: &mut String) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

/// Re-indent strict JSON with two spaces, keeping every token as written (numbers
/// and escapes unchanged). O(n); whitespace outside strings is dropped and redone.
fn pretty(json: &str) -> String {
    let mut out = String::with_capacity(json.len() * 2);
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let mut chars = json.chars().peekable();
    let newline = |out: &mut String, depth: usize| {
        out.push('\n');
        for _ in 0..depth {
            out.push_str("  ");
        }
    };
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' | '[' => {
                out.push(c);
                while chars.peek().is_some_and(|c| c.is_ascii_whitespace()) {
                    chars.next();
                }
                if matches!(chars.peek(), Some('}' | ']')) {
                    // An empty container stays on one line.
                    out.extend(chars.next());
                } else {
                    depth += 1;
                    newline(&mut out, depth);
                }
            }
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                newline(&mut out, depth);
                out.push(c);
            }
            ',' => {
                out.push(c);
                newline(&mut out, depth);
            }
            ':' => out.push_str(": "),
            c if c.is_ascii_whitespace() => {}
            c => out.push(c),
        }
    }
    out
}

/// Whether any of these `Accept` field values names `text/html` with a weight above
/// zero: then the request gets the [`page`]. `*/*` and `text/*` do not count: the JSON
/// is the default, the page only asked for by name. A value with bytes other than
/// visible ASCII, space and tab is skipped.
///
/// ```
/// use formgate::publish::wants_html;
/// assert!(wants_html([&b"text/html,application/xhtml+xml;q=0.9"[..]]));
/// assert!(!wants_html([&b"*/*"[..]]));
/// assert!(!wants_html([&b"text/html;q=0"[..]]));
/// ```
pub fn wants_html<'a>(accept: impl IntoIterator<Item = &'a [u8]>) -> bool {
    accept
        .into_iter()
        .filter(|v| v.iter().all(|&b| b == b'\t' || (0x20..0x7f).contains(&b)))
        .filter_map(|v| std::str::from_utf8(v).ok())
        .flat_map(|v| v.split(','))
        .any(|range| {
            let mut parts = range.split(';');
            let media = parts.next().unwrap_or("").trim();
            media.eq_ignore_ascii_case("text/html")
                && !parts.any(|p| {
                    let p = p.trim();
                    let q = p
                        .strip_prefix("q=")
                        .or_else(|| p.strip_prefix("Q="))
                        .map(str::trim);
                    q.is_some_and(is_zero_weight)
                })
        })
}

/// `0`, `0.`, `0.0`, `0.000`: the weights that mean "not acceptable" (RFC 9110 §12.4.2).
fn is_zero_weight(q: &str) -> bool {
    match q.strip_prefix('0') {
        Some(rest) => {
            rest.is_empty()
                || rest
                    .strip_prefix('.')
                    .is_some_and(|d| d.bytes().all(|b| b == b'0'))
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pretty_prints_keeping_tokens() {
        assert_eq!(
            pretty(r#"{"a":[1e1,{}, [ ]],"b\"{,":"x:y"}"#),
            "{\n  \"a\": [\n    1e1,\n    {},\n    []\n  ],\n  \"b\\\"{,\": \"x:y\"\n}"
        );
    }

    #[test]
    fn accepts_html_only_by_name() {
        let yes = |v: &[&str]| wants_html(v.iter().map(|v| v.as_bytes()));
        assert!(yes(&["text/html"]));
        assert!(yes(&["application/json, TEXT/HTML;level=1;q=0.5"]));
        assert!(yes(&["application/json", "text/html"]));
        assert!(yes(&["text/html;q=0.001"]));
        assert!(!yes(&[]));
        assert!(!yes(&["*/*"]));
        assert!(!yes(&["text/*"]));
        assert!(!yes(&["application/json"]));
        assert!(!yes(&["text/html;q=0"]));
        assert!(!yes(&["text/html; q=0.000"]));
        assert!(!yes(&["text/htmlx"]));
        assert!(!yes(&["text/html\u{e9}"]));
    }

    #[test]
    fn escapes_all_text() {
        let m = [Message::new("<user>", "a & b")];
        let form = Form::compile(br#"{"const":"<b>"}"#).unwrap();
        let p = page(&form, "</pre><script>x</script>", &m, Some("'"), None);
        assert!(!p.contains("<script>x"));
        assert!(p.contains("&lt;/pre&gt;&lt;script&gt;x"));
        assert!(p.contains("&lt;user&gt;") && p.contains("a &amp; b"));
        assert!(p.contains("&quot;&lt;b&gt;&quot;"));
        assert!(p.contains(">&#39;</textarea>"));
    }
}
