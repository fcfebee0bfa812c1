//! The verification benchmark's inputs: three realistic (form, body) pairs of a GPT
//! address, generated deterministically (fixed seeds, SplitMix64), plus a large body
//! that breaks its form in the first record. Shared by `benches/verify.rs` and the
//! allocation test (`tests/alloc.rs`), so the bodies measured are the bodies proved
//! allocation-free.
#![allow(dead_code)]

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, seedable, dependency-free; shared by
/// every generator of the benches.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

/// One benchmark case: a form, a body, and whether the form admits it.
pub struct Case {
    pub name: &'static str,
    pub form: String,
    pub body: Vec<u8>,
    pub admitted: bool,
}

/// The case of a form schemars derives for `T` (the types of `orders.rs`) and an
/// admitted `body`.
pub fn derived<T: schemars::JsonSchema>(name: &'static str, body: Vec<u8>) -> Case {
    let form = formgate::Form::from_schemars::<T>().expect("the form compiles");
    Case {
        name,
        form: form.schema_json().to_owned(),
        body,
        admitted: true,
    }
}

const WORDS: &[&str] = &[
    "order",
    "shipment",
    "greeting",
    "invoice",
    "reply",
    "summary",
    "draft",
    "review",
    "approve",
    "decline",
    "schedule",
    "remind",
    "translate",
    "refund",
    "status",
    "address",
    "Zoë",
    "Renée",
    "東京",
    "naïve",
    "café",
    "straße",
];

fn sentence(rng: &mut Rng, words: u64) -> String {
    let n = 1 + rng.below(words);
    let mut s = String::new();
    for i in 0..n {
        if i > 0 {
            s.push(' ');
        }
        s.push_str(rng.pick(WORDS));
    }
    if rng.below(8) == 0 {
        s.push_str(" \\\"quoted\\\"");
    }
    s
}

/// A structured-output object of 6 fields (~290 bytes), as a model fills in a form.
pub fn small() -> Case {
    let form = r#"{
  "type": "object",
  "properties": {
    "intent": { "enum": ["reply", "forward", "archive", "schedule", "escalate"] },
    "subject": { "type": "string", "minLength": 1, "maxLength": 120 },
    "priority": { "type": "integer", "minimum": 1, "maximum": 5 },
    "due": { "type": "string", "format": "date" },
    "recipients": {
      "type": "array", "minItems": 1, "maxItems": 8,
      "items": { "type": "string", "maxLength": 64 }
    },
    "summary": { "type": "string", "maxLength": 400 }
  },
  "required": ["intent", "subject", "priority", "due", "recipients", "summary"],
  "additionalProperties": false
}"#;
    let body = r#"{"intent":"schedule","subject":"Quarterly review with the Zürich team","priority":2,"due":"2026-12-14","recipients":["ana@example.com","li.wei@example.com","renee@example.org"],"summary":"Book a 45-minute call before the holidays; include the draft budget and the hiring plan."}"#;
    Case {
        name: "small",
        form: form.to_owned(),
        body: body.as_bytes().to_vec(),
        admitted: true,
    }
}

/// The form of the medium case: a recursive tree of text and styled spans through
/// `$ref` and `anyOf`, its depth bounded only by the body limits.
pub const TREE_FORM: &str = r##"{
  "$defs": {
    "text": {
      "type": "object",
      "properties": { "text": { "type": "string", "maxLength": 400 } },
      "required": ["text"],
      "additionalProperties": false
    },
    "span": {
      "type": "object",
      "properties": {
        "style": { "enum": ["bold", "italic", "code", "underline", "link"] },
        "href": { "type": "string", "maxLength": 200 },
        "children": { "type": "array", "maxItems": 64, "items": { "$ref": "#/$defs/node" } }
      },
      "required": ["style", "children"],
      "additionalProperties": false
    },
    "node": { "anyOf": [{ "$ref": "#/$defs/text" }, { "$ref": "#/$defs/span" }] }
  },
  "type": "object",
  "properties": {
    "title": { "type": "string", "maxLength": 200 },
    "children": { "type": "array", "maxItems": 200, "items": { "$ref": "#/$defs/node" } }
  },
  "required": ["title", "children"],
  "additionalProperties": false
}"##;

fn tree_node(rng: &mut Rng, depth: u32, out: &mut String) {
    if depth == 0 || rng.below(3) == 0 {
        out.push_str("{\"text\":\"");
        out.push_str(&sentence(rng, 9));
        out.push_str("\"}");
        return;
    }
    let style = rng.pick(&["bold", "italic", "code", "underline", "link"]);
    out.push_str("{\"style\":\"");
    out.push_str(style);
    out.push('"');
    if style == "link" {
        out.push_str(",\"href\":\"https://example.com/a/");
        out.push_str(&rng.below(1000).to_string());
        out.push('"');
    }
    out.push_str(",\"children\":[");
    let n = 1 + rng.below(3);
    for i in 0..n {
        if i > 0 {
            out.push(',');
        }
        tree_node(rng, depth - 1, out);
    }
    out.push_str("]}");
}

/// A ~19 KB tree of text nodes and styled spans, depth 6.
pub fn medium() -> Case {
    let mut rng = Rng::new(6);
    let mut body = String::from("{\"title\":\"Release notes\",\"children\":[");
    let mut first = true;
    while body.len() < 19_000 {
        if !first {
            body.push(',');
        }
        first = false;
        // Containers nest: root object, children array, then spans (object + array
        // each): depth 6 in containers at the deepest text.
        tree_node(&mut rng, 2, &mut body);
    }
    body.push_str("]}");
    Case {
        name: "medium",
        form: TREE_FORM.to_owned(),
        body: body.into_bytes(),
        admitted: true,
    }
}

/// The form of the large cases: an object holding up to 10,000 eight-field records.
pub const RECORDS_FORM: &str = r#"{
  "type": "object",
  "properties": {
    "records": {
      "type": "array",
      "maxItems": 10000,
      "items": {
        "type": "object",
        "properties": {
          "id": { "type": "integer", "minimum": 0 },
          "name": { "type": "string", "minLength": 1, "maxLength": 100 },
          "email": { "type": "string", "maxLength": 254 },
          "active": { "type": "boolean" },
          "score": { "type": "number", "minimum": 0, "maximum": 100 },
          "tags": {
            "type": "array", "maxItems": 8,
            "items": { "enum": ["alpha", "beta", "gamma", "delta", "omega"] }
          },
          "created": { "type": "string", "format": "date-time" },
          "note": { "type": "string", "maxLength": 200 }
        },
        "required": ["id", "name", "email", "active", "score", "tags", "created", "note"],
        "additionalProperties": false
      }
    }
  },
  "required": ["records"],
  "additionalProperties": false
}"#;

fn records(count: u64, break_first: bool) -> Vec<u8> {
    let mut rng = Rng::new(5000);
    let mut s = String::from("{\"records\":[");
    for i in 0..count {
        if i > 0 {
            s.push(',');
        }
        let tags: Vec<&str> = (0..1 + rng.below(3))
            .map(|_| rng.pick(&["alpha", "beta", "gamma", "delta", "omega"]))
            .collect();
        let tags = tags
            .iter()
            .map(|t| format!("\"{t}\""))
            .collect::<Vec<_>>()
            .join(",");
        // The breaking body's first record has a negative id.
        let id = if break_first && i == 0 { -1 } else { i as i64 };
        s.push_str(&format!(
            "{{\"id\":{id},\"name\":\"{}\",\"email\":\"user{i}@example.com\",\"active\":{},\"score\":{}.{},\"tags\":[{tags}],\"created\":\"2026-{:02}-{:02}T{:02}:{:02}:00Z\",\"note\":\"{}\"}}",
            sentence(&mut rng, 3),
            rng.below(2) == 0,
            rng.below(100),
            rng.below(10),
            1 + rng.below(12),
            1 + rng.below(28),
            rng.below(24),
            rng.below(60),
            sentence(&mut rng, 10),
        ));
    }
    s.push_str("]}");
    s.into_bytes()
}

/// A ~1 MB object holding 5,000 eight-field records.
pub fn large() -> Case {
    Case {
        name: "large",
        form: RECORDS_FORM.to_owned(),
        body: records(5000, false),
        admitted: true,
    }
}

/// The large body with its first record breaking the form (`id` below `minimum`).
pub fn large_early_break() -> Case {
    Case {
        name: "large_early_break",
        form: RECORDS_FORM.to_owned(),
        body: records(5000, true),
        admitted: false,
    }
}

/// `case` with the text `from`, where it last occurs in the body, replaced by `to`:
/// the body then breaks its form in its last record (`from` must occur).
fn broken_last(mut case: Case, from: &str, to: &str) -> Case {
    let text = String::from_utf8(case.body).expect("UTF-8");
    let at = text.rfind(from).expect("the text to break");
    case.body = format!("{}{to}{}", &text[..at], &text[at + from.len()..]).into_bytes();
    case.name = match case.name {
        "small" => "small_late",
        "medium" => "medium_late",
        "large" => "large_late",
        other => other,
    };
    case.admitted = false;
    case
}

/// The small body breaking its form in its last member: `summary` misspelt, which the
/// closed object does not list.
pub fn small_late() -> Case {
    broken_last(small(), "\"summary\"", "\"summarx\"")
}

/// The medium body's parts apart, for the profile of where its work goes: 200 text
/// nodes written as the medium body writes them (its `maxItems` for the root's
/// children), with no span around them.
pub fn medium_texts() -> Case {
    let mut rng = Rng::new(6);
    let mut body = String::from("{\"title\":\"Release notes\",\"children\":[");
    for i in 0..200 {
        if i > 0 {
            body.push(',');
        }
        tree_node(&mut rng, 0, &mut body);
    }
    body.push_str("]}");
    Case {
        name: "medium_texts",
        form: TREE_FORM.to_owned(),
        body: body.into_bytes(),
        admitted: true,
    }
}

/// The medium body's parts apart: 200 spans of one short text node each, what the
/// spans, their arrays and the unions cost with as little text as may be.
pub fn medium_spans() -> Case {
    let spans = vec![r#"{"style":"bold","children":[{"text":"a"}]}"#; 200].join(",");
    Case {
        name: "medium_spans",
        form: TREE_FORM.to_owned(),
        body: format!(r#"{{"title":"Release notes","children":[{spans}]}}"#).into_bytes(),
        admitted: true,
    }
}

/// The medium body with its last span's style out of the form's `enum` (as
/// `benches/http.sh` rejects it).
pub fn medium_late() -> Case {
    let case = medium();
    let text = std::str::from_utf8(&case.body).expect("UTF-8");
    let at = text.rfind("\"style\":\"").expect("a span") + "\"style\":\"".len();
    let end = at + text[at..].find('"').expect("a closing quote");
    let style = text[at..end].to_owned();
    broken_last(
        case,
        &format!("\"style\":\"{style}\""),
        "\"style\":\"blink\"",
    )
}

/// The large body with its last record breaking the form (a tag out of its `enum`).
pub fn large_late() -> Case {
    let case = large();
    let text = std::str::from_utf8(&case.body).expect("UTF-8");
    let tags = text.rfind("\"tags\":[\"").expect("a record") + "\"tags\":[\"".len();
    let end = tags + text[tags..].find('"').expect("a closing quote");
    let tag = format!("\"tags\":[\"{}\"", &text[tags..end]);
    broken_last(case, &tag, "\"tags\":[\"zeta\"")
}

/// The three late-breaking cases, in the order of [`admitted`].
pub fn late() -> Vec<Case> {
    vec![small_late(), medium_late(), large_late()]
}

/// The three admitted cases.
pub fn admitted() -> Vec<Case> {
    vec![small(), medium(), large()]
}
