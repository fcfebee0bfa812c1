// The models, written once and included in one module per schemars version (main.rs),
// where `schemars` names that version.

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;

/// What a structured-output endpoint asks for: one action on a ticket.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Act {
    pub action: Action,
    pub title: String,
    pub priority: u8,
    pub confidence: f32,
    #[serde(default)]
    pub labels: Vec<String>,
    pub note: Option<String>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    Create,
    Update,
    Close,
}

/// Integers of every width, and floats.
#[derive(Deserialize, JsonSchema)]
pub struct Numbers {
    pub tiny: u8,
    pub small: i8,
    pub short: i16,
    pub port: u16,
    pub offset: i32,
    pub count: u32,
    pub delta: i64,
    pub id: u64,
    pub huge: u128,
    pub len: usize,
    pub ratio: f32,
    pub value: f64,
}

/// Optional and nullable fields, defaults.
#[derive(Deserialize, JsonSchema)]
pub struct Profile {
    pub name: String,
    pub nickname: Option<String>,
    #[serde(default)]
    pub bio: String,
    #[serde(default = "default_age")]
    pub age: u16,
    pub score: Option<f64>,
}

fn default_age() -> u16 {
    18
}

/// Nested objects, arrays, sets, maps and tuples.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Order {
    pub customer: String,
    pub shipping: Address,
    pub billing: Option<Address>,
    pub lines: Vec<u32>,
    #[serde(default)]
    pub tags: BTreeSet<String>,
    #[serde(default)]
    pub stock: BTreeMap<String, i64>,
    pub point: (f64, f64),
    pub rgb: [u8; 3],
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Address {
    pub street: String,
    pub city: String,
    pub zip: String,
}

/// An internally tagged enum.
#[derive(Deserialize, JsonSchema)]
pub struct Owner {
    pub name: String,
    pub pet: Pet,
}

#[derive(Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Pet {
    Cat { lives: u8 },
    Dog { good: bool },
    Fish,
}

/// Adjacently tagged, externally tagged and untagged enums.
#[derive(Deserialize, JsonSchema)]
pub struct Script {
    pub steps: Vec<Step>,
    pub shape: Shape,
    pub size: Size,
}

#[derive(Deserialize, JsonSchema)]
#[serde(tag = "op", content = "args", rename_all = "snake_case")]
pub enum Step {
    Move { x: i32, y: i32 },
    Say(String),
    Stop,
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Shape {
    Circle { r: f64 },
    Square(f64),
    Dot,
}

#[derive(Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Size {
    Pixels(u32),
    Named(String),
}

/// Recursion.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tree {
    pub label: String,
    #[serde(default)]
    pub children: Vec<Tree>,
}

/// Formats: the validating types, and the attributes that only annotate.
#[derive(Deserialize, JsonSchema)]
pub struct Contact {
    pub id: uuid::Uuid,
    pub created: chrono::DateTime<chrono::Utc>,
    pub birthday: Option<chrono::NaiveDate>,
    #[schemars(email)]
    pub email: String,
    #[schemars(url)]
    pub homepage: String,
}

/// `flatten` with `deny_unknown_fields`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Page {
    pub body: String,
    #[serde(flatten)]
    pub meta: Meta,
}

#[derive(Deserialize, JsonSchema)]
pub struct Meta {
    pub title: String,
    pub lang: Option<String>,
}

/// `flatten` of an enum, with `deny_unknown_fields` (serde supports the pair for an
/// externally tagged enum only: flattening an internally tagged one leaves its tag
/// unclaimed, and serde then rejects every body).
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Event {
    pub at: u64,
    #[serde(flatten)]
    pub what: What,
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum What {
    Click { x: u16, y: u16 },
    Key { code: u32 },
}

fn schema<T: JsonSchema>() -> String {
    serde_json::to_string_pretty(&schemars::schema_for!(T)).unwrap() + "\n"
}

fn admits<T: serde::de::DeserializeOwned>(body: &str) -> bool {
    serde_json::from_str::<T>(body).is_ok()
}

/// Each model's name, schema and the verdict of serde on a body.
pub fn models() -> crate::Models {
    vec![
        ("act", schema::<Act>(), admits::<Act>),
        ("numbers", schema::<Numbers>(), admits::<Numbers>),
        ("profile", schema::<Profile>(), admits::<Profile>),
        ("order", schema::<Order>(), admits::<Order>),
        ("owner", schema::<Owner>(), admits::<Owner>),
        ("script", schema::<Script>(), admits::<Script>),
        ("tree", schema::<Tree>(), admits::<Tree>),
        ("contact", schema::<Contact>(), admits::<Contact>),
        ("page", schema::<Page>(), admits::<Page>),
        ("event", schema::<Event>(), admits::<Event>),
    ]
}
