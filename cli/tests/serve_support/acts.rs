//! Acts for the embedded tree form (`examples/tree.form.json`), admitted or refused by
//! construction: each is labelled when it is made, from the form's rules as written
//! here, never by asking the verifier under test.
//!
//! The rules: an object with exactly `title` (a string of 1 to 120 characters) and
//! `paragraphs` (1 to 20 arrays of 1 to 40 nodes). A node is a text `{"text": 1 to
//! 2000 characters}` or a span `{"style": 1 to 3 of bold, italic, code, underline,
//! strike, "children": 1 to 20 nodes}`. A paragraph's nodes are at the third level, a
//! span's children one level down, and the first level is text only: spans nest at
//! most two deep.

/// A made act and what it is.
#[derive(Debug, Clone)]
pub struct Act {
    /// The body.
    pub body: Vec<u8>,
    /// Whether the form admits it, by construction.
    pub admitted: bool,
    /// How it was made: `good`, or the one fault it was made with.
    pub how: &'static str,
}

/// The one thing wrong with a refused act.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// A title of no characters.
    EmptyTitle,
    /// A title of 121 characters.
    LongTitle,
    /// No `title` member.
    MissingTitle,
    /// `title` twice.
    DuplicateTitle,
    /// A member the form does not name.
    ExtraMember,
    /// `paragraphs` empty.
    NoParagraphs,
    /// 21 paragraphs.
    TooManyParagraphs,
    /// A paragraph with no nodes.
    EmptyParagraph,
    /// A style not in the enum.
    UnknownStyle,
    /// A span with no styles.
    NoStyles,
    /// A span with four styles.
    FourStyles,
    /// Spans nested three deep.
    TooDeep,
    /// A text that is a number.
    TextNotString,
    /// A text of no characters.
    EmptyText,
    /// Bytes after the value.
    TrailingGarbage,
    /// The value cut off before its end.
    Truncated,
    /// A byte that is not UTF-8 inside a string.
    InvalidUtf8,
    /// A byte order mark before the value.
    ByteOrderMark,
    /// A raw line feed inside a string.
    RawControl,
}

/// Every fault.
pub const FAULTS: &[Fault] = &[
    Fault::EmptyTitle,
    Fault::LongTitle,
    Fault::MissingTitle,
    Fault::DuplicateTitle,
    Fault::ExtraMember,
    Fault::NoParagraphs,
    Fault::TooManyParagraphs,
    Fault::EmptyParagraph,
    Fault::UnknownStyle,
    Fault::NoStyles,
    Fault::FourStyles,
    Fault::TooDeep,
    Fault::TextNotString,
    Fault::EmptyText,
    Fault::TrailingGarbage,
    Fault::Truncated,
    Fault::InvalidUtf8,
    Fault::ByteOrderMark,
    Fault::RawControl,
];

/// A small deterministic generator (SplitMix64), so a failure can be replayed.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number from `lo` to `hi`, both included.
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next() % (hi - lo + 1) as u64) as usize
    }

    /// True one time in `n`.
    fn one_in(&mut self, n: u64) -> bool {
        self.next().is_multiple_of(n)
    }
}

/// The styles the form allows.
const STYLES: &[&str] = &["bold", "italic", "code", "underline", "strike"];

/// One character each, as it may be written inside a JSON string.
const CHARACTERS: &[&str] = &[
    "a",
    "Z",
    "7",
    " ",
    "-",
    "\\\"",
    "\\\\",
    "\\/",
    "\\n",
    "\\t",
    "\u{e9}",
    "\\u00e9",
    "\u{1f600}",
    "\\ud83d\\ude00",
    "\u{4e2d}",
];

/// A node of a paragraph.
enum Node {
    /// `{"text": ...}`, the literal value as written.
    Text(Vec<u8>),
    /// `{"style": [...], "children": [...]}`.
    Span(Vec<&'static str>, Vec<Node>),
}

/// A JSON string literal of exactly `n` characters.
fn string(rng: &mut Rng, n: usize) -> Vec<u8> {
    let mut s = b"\"".to_vec();
    for _ in 0..n {
        s.extend_from_slice(CHARACTERS[rng.range(0, CHARACTERS.len() - 1)].as_bytes());
    }
    s.push(b'"');
    s
}

/// A count from `lo` to `hi`: mostly small (at most `lo + 3`), one time in `top` the
/// most the form allows, so the bounds are reached without every act being large.
fn count(rng: &mut Rng, lo: usize, hi: usize, top: u64) -> usize {
    if rng.one_in(top) {
        hi
    } else {
        rng.range(lo, hi.min(lo + 3))
    }
}

/// A node admitted at `level` (3 at the top of a paragraph, 1 text only).
fn node(rng: &mut Rng, level: usize) -> Node {
    if level == 1 || rng.one_in(2) {
        let n = count(rng, 1, 2000, 40);
        return Node::Text(string(rng, n));
    }
    let styles = (0..rng.range(1, 3))
        .map(|_| STYLES[rng.range(0, STYLES.len() - 1)])
        .collect();
    let children = (0..count(rng, 1, 20, 30))
        .map(|_| node(rng, level - 1))
        .collect();
    Node::Span(styles, children)
}

/// Optional whitespace between tokens.
fn ws(rng: &mut Rng, out: &mut Vec<u8>) {
    if rng.one_in(4) {
        let all: [&[u8]; 4] = [b" ", b"\n", b"\t", b"\r\n  "];
        out.extend_from_slice(all[rng.range(0, 3)]);
    }
}

/// Write `members` as an object, in the order given.
fn object(rng: &mut Rng, members: Vec<(&str, Vec<u8>)>, out: &mut Vec<u8>) {
    out.push(b'{');
    for (i, (name, value)) in members.into_iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        ws(rng, out);
        out.extend_from_slice(format!("\"{name}\"").as_bytes());
        ws(rng, out);
        out.push(b':');
        ws(rng, out);
        out.extend_from_slice(&value);
        ws(rng, out);
    }
    out.push(b'}');
}

/// Write `items` as an array.
fn array(rng: &mut Rng, items: Vec<Vec<u8>>, out: &mut Vec<u8>) {
    out.push(b'[');
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        ws(rng, out);
        out.extend_from_slice(&item);
        ws(rng, out);
    }
    out.push(b']');
}

fn write_node(rng: &mut Rng, node: Node) -> Vec<u8> {
    let mut out = Vec::new();
    match node {
        Node::Text(text) => object(rng, vec![("text", text)], &mut out),
        Node::Span(styles, children) => {
            let mut style = Vec::new();
            let styles = styles
                .iter()
                .map(|s| format!("\"{s}\"").into_bytes())
                .collect();
            array(rng, styles, &mut style);
            let mut kids = Vec::new();
            let children = children.into_iter().map(|c| write_node(rng, c)).collect();
            array(rng, children, &mut kids);
            let mut members = vec![("style", style), ("children", kids)];
            if rng.one_in(2) {
                members.reverse();
            }
            object(rng, members, &mut out);
        }
    }
    out
}

/// A span with these styles over one short text.
fn span(rng: &mut Rng, styles: Vec<&'static str>) -> Node {
    let n = rng.range(1, 8);
    Node::Span(styles, vec![Node::Text(string(rng, n))])
}

/// An act: admitted when `fault` is `None`, else refused for that fault alone.
pub fn act(rng: &mut Rng, fault: Option<Fault>) -> Act {
    let n = count(rng, 1, 120, 10);
    let mut title = string(rng, n);
    let mut paragraphs: Vec<Vec<Node>> = (0..count(rng, 1, 20, 20))
        .map(|_| (0..count(rng, 1, 40, 30)).map(|_| node(rng, 3)).collect())
        .collect();
    match fault {
        Some(Fault::EmptyTitle) => title = string(rng, 0),
        Some(Fault::LongTitle) => title = string(rng, 121),
        Some(Fault::InvalidUtf8) => title = b"\"caf\xe9\"".to_vec(),
        Some(Fault::RawControl) => title = b"\"two\nlines\"".to_vec(),
        Some(Fault::NoParagraphs) => paragraphs.clear(),
        Some(Fault::TooManyParagraphs) => {
            paragraphs = (0..21).map(|_| vec![node(rng, 1)]).collect();
        }
        Some(Fault::EmptyParagraph) => {
            let at = rng.range(0, paragraphs.len());
            paragraphs.insert(at, Vec::new());
        }
        Some(Fault::UnknownStyle) => paragraphs[0][0] = span(rng, vec!["bold", "blink"]),
        Some(Fault::NoStyles) => paragraphs[0][0] = span(rng, Vec::new()),
        Some(Fault::FourStyles) => {
            paragraphs[0][0] = span(rng, vec!["bold", "italic", "code", "strike"]);
        }
        Some(Fault::TooDeep) => {
            let deepest = span(rng, vec!["code"]);
            let middle = Node::Span(vec!["italic"], vec![deepest]);
            paragraphs[0][0] = Node::Span(vec!["bold"], vec![middle]);
        }
        Some(Fault::TextNotString) => paragraphs[0][0] = Node::Text(b"5".to_vec()),
        Some(Fault::EmptyText) => paragraphs[0][0] = Node::Text(b"\"\"".to_vec()),
        _ => {}
    }
    let paragraphs = paragraphs
        .into_iter()
        .map(|nodes| {
            let mut p = Vec::new();
            let nodes = nodes.into_iter().map(|n| write_node(rng, n)).collect();
            array(rng, nodes, &mut p);
            p
        })
        .collect();
    let mut body = Vec::new();
    array(rng, paragraphs, &mut body);
    let mut members = vec![("title", title.clone()), ("paragraphs", body)];
    if rng.one_in(2) {
        members.reverse();
    }
    match fault {
        Some(Fault::MissingTitle) => members.retain(|(name, _)| *name != "title"),
        Some(Fault::DuplicateTitle) => members.push(("title", title)),
        Some(Fault::ExtraMember) => members.insert(rng.range(0, 2), ("extra", b"1".to_vec())),
        _ => {}
    }
    let mut out = Vec::new();
    ws(rng, &mut out);
    object(rng, members, &mut out);
    match fault {
        Some(Fault::TrailingGarbage) => {
            ws(rng, &mut out);
            out.extend_from_slice([&b"x"[..], b",", b"{}", b"]"][rng.range(0, 3)]);
        }
        // Any cut before the closing brace leaves the object open.
        Some(Fault::Truncated) => out.truncate(rng.range(0, out.len() - 1)),
        Some(Fault::ByteOrderMark) => {
            out.splice(0..0, *b"\xef\xbb\xbf");
        }
        _ => ws(rng, &mut out),
    }
    Act {
        body: out,
        admitted: fault.is_none(),
        how: fault.map_or("good", |f| fault_name(f)),
    }
}

fn fault_name(f: Fault) -> &'static str {
    match f {
        Fault::EmptyTitle => "empty title",
        Fault::LongTitle => "long title",
        Fault::MissingTitle => "missing title",
        Fault::DuplicateTitle => "duplicate title",
        Fault::ExtraMember => "extra member",
        Fault::NoParagraphs => "no paragraphs",
        Fault::TooManyParagraphs => "21 paragraphs",
        Fault::EmptyParagraph => "empty paragraph",
        Fault::UnknownStyle => "unknown style",
        Fault::NoStyles => "no styles",
        Fault::FourStyles => "four styles",
        Fault::TooDeep => "spans three deep",
        Fault::TextNotString => "text not a string",
        Fault::EmptyText => "empty text",
        Fault::TrailingGarbage => "trailing garbage",
        Fault::Truncated => "truncated",
        Fault::InvalidUtf8 => "invalid UTF-8",
        Fault::ByteOrderMark => "byte order mark",
        Fault::RawControl => "raw control character",
    }
}

/// `n` acts from `seed`, every other one admitted, the refused ones cycling through
/// every fault.
pub fn mixed(seed: u64, n: usize) -> Vec<Act> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|i| {
            let fault = (i % 2 == 1).then(|| FAULTS[(i / 2) % FAULTS.len()]);
            act(&mut rng, fault)
        })
        .collect()
}
