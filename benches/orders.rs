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
