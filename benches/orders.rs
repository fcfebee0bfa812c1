//! The schemars-derived act of the benches: an order of line items, its Rust types
//! (the form is derived from them by schemars) and its bodies, shared by
//! `benches/axum.rs`, `benches/rejection.rs` and `benches/examples/instructions.rs`.

use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub struct Order {
    id: u64,
    #[schemars(length(min = 1, max = 80))]
    customer: String,
    #[schemars(length(min = 1, max = 500))]
    items: Vec<Item>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Item {
    #[schemars(length(min = 1, max = 32))]
    sku: String,
    #[schemars(range(min = 1))]
    quantity: u16,
    price_cents: u32,
    note: Option<String>,
    state: State,
}

#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
enum State {
    Pending,
    Packed,
    Shipped,
}

/// An 8,862-byte order of 100 line items.
#[allow(dead_code)]
pub fn order() -> Vec<u8> {
    let items: Vec<String> = (0..100)
        .map(|i| {
            let note = if i % 3 == 0 {
                format!("\"gift wrap, card {i}\"")
            } else {
                "null".to_owned()
            };
            let state = ["Pending", "Packed", "Shipped"][i % 3];
            format!(
                r#"{{"sku":"SKU-{:06}","quantity":{},"price_cents":{},"note":{note},"state":"{state}"}}"#,
                i * 7919 % 1_000_000,
                1 + i % 12,
                199 + i * 37
            )
        })
        .collect();
    format!(
        r#"{{"id":4200000017,"customer":"Ada Lovelace","items":[{}]}}"#,
        items.join(",")
    )
    .into_bytes()
}

/// The order whose last line item breaks the form (its `state` is not one of the
/// enum's variants).
#[allow(dead_code)]
pub fn order_late() -> Vec<u8> {
    let text = String::from_utf8(order()).expect("UTF-8");
    let at = text.rfind("\"state\":\"").expect("a line item") + "\"state\":\"".len();
    let end = at + text[at..].find('"').expect("a closing quote");
    format!("{}Lost{}", &text[..at], &text[end..]).into_bytes()
}

// A comment and its replies: a recursive type, so the form schemars derives refers to
// itself. schemars lists the properties by name (`author`, `id`, `replies`, `score`,
// `text`; in the order declared only with serde_json's `preserve_order`, which the
// benches leave off) and serde writes them as declared, so every object of a body
// begins out of the form's order, at every depth. (Not a doc comment: schemars would
// publish it as the form's description.)
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub struct Comment {
    id: u32,
    #[schemars(length(min = 1, max = 40))]
    author: String,
    #[schemars(length(max = 2000))]
    text: String,
    score: i32,
    replies: Vec<Comment>,
}

/// A thread of 1,365 comments, 4 replies to each down to the fifth level (178,531
/// bytes):
/// objects of one form nested in objects of the same form.
#[allow(dead_code)]
pub fn thread() -> Vec<u8> {
    fn comment(out: &mut String, id: &mut u32, depth: u32) {
        let n = *id;
        *id += 1;
        let author = ["Ada", "Grace Hopper", "Alan", "Edsger W. Dijkstra"][n as usize % 4];
        out.push_str(&format!(
            r#"{{"id":{n},"author":"{author}","text":"Reply {n} at depth {depth}: agreed, with one caveat about the schedule.","score":{},"replies":["#,
            i64::from(n % 17) - 4
        ));
        if depth < 5 {
            for r in 0..4 {
                if r > 0 {
                    out.push(',');
                }
                comment(out, id, depth + 1);
            }
        }
        out.push_str("]}");
    }
    let (mut out, mut id) = (String::new(), 1);
    comment(&mut out, &mut id, 0);
    out.into_bytes()
}

/// The same thread with each object's members in the order the form lists them:
/// what the thread would cost read in the form's order.
#[allow(dead_code)]
pub fn thread_listed() -> Vec<u8> {
    listed(&thread())
}

/// The order with each object's members in the order the form lists them: what the
/// order would cost read in the form's order, so that the cost of reading it in a
/// learned one is the difference.
#[allow(dead_code)]
pub fn order_listed() -> Vec<u8> {
    listed(&order())
}

/// `body` with each object's members sorted by name, the order schemars lists
/// properties in: serde_json's map keeps keys sorted (the `preserve_order` feature is
/// off in the benches).
#[allow(dead_code)]
fn listed(body: &[u8]) -> Vec<u8> {
    let value: serde_json::Value = serde_json::from_slice(body).expect("JSON");
    serde_json::to_vec(&value).expect("JSON")
}
