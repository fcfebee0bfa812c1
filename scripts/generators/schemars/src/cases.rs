//! The bodies each model is tried with, as JSON text. A body is recorded with serde's
//! verdict; one marked `differs` is recorded apart, with why serde and the schema
//! legitimately disagree on it (in one schemars version, or in both).

pub struct Case {
    pub body: &'static str,
    why: Option<&'static str>,
    /// The schemars version the difference is in; `None`: both.
    only: Option<&'static str>,
}

impl Case {
    /// Why serde and the schema of schemars `version` disagree on this body, if they do.
    pub fn differs(&self, version: &str) -> Option<&'static str> {
        self.why.filter(|_| self.only.is_none_or(|v| v == version))
    }
}

fn same(body: &'static str) -> Case {
    Case {
        body,
        why: None,
        only: None,
    }
}

fn differs(why: &'static str, body: &'static str) -> Case {
    Case {
        body,
        why: Some(why),
        only: None,
    }
}

fn differs_in(version: &'static str, why: &'static str, body: &'static str) -> Case {
    Case {
        body,
        why: Some(why),
        only: Some(version),
    }
}

const INT_BY_VALUE: &str =
    "serde rejects a number with a fraction or exponent for an integer field; JSON Schema's integer is one by value";

const EVENT_08: &str = "schemars 0.8 writes additionalProperties: false both beside and inside the oneOf of the flattened enum, each blind to the other's properties, so the schema admits no event serde admits";

pub fn cases(name: &str) -> Vec<Case> {
    match name {
        "act" => vec![
            same(r#"{"action":"create","title":"Printer on fire","priority":1,"confidence":0.9}"#),
            same(r#"{"action":"close","title":"","priority":255,"confidence":1,"labels":["a","b"],"note":null}"#),
            same(r#"{"action":"update","title":"t","priority":0,"confidence":-0.5,"note":"ok"}"#),
            same(r#"{"action":"delete","title":"t","priority":1,"confidence":0.5}"#),
            same(r#"{"action":"create","title":"t","priority":256,"confidence":0.5}"#),
            same(r#"{"action":"create","title":"t","priority":-1,"confidence":0.5}"#),
            same(r#"{"action":"create","title":"t","priority":2.5,"confidence":0.5}"#),
            same(r#"{"action":"create","title":"t","priority":1,"confidence":0.5,"extra":1}"#),
            same(r#"{"action":"create","title":"t","priority":1}"#),
            same(r#"{"action":"create","title":"t","priority":1,"confidence":0.5,"note":7}"#),
            same(r#"{"action":"create","title":"t","priority":1,"confidence":0.5,"labels":[1]}"#),
            same(r#"{"action":"create","title":"t","priority":1,"confidence":"0.5"}"#),
            differs(INT_BY_VALUE, r#"{"action":"create","title":"t","priority":3.0,"confidence":0.5}"#),
            differs(
                "serde_json reads 3.5e38 as an f64 and serde narrows it to an f32 infinity; format float rejects a value that rounds to infinity",
                r#"{"action":"create","title":"t","priority":1,"confidence":3.5e38}"#,
            ),
        ],
        "numbers" => vec![
            same(r#"{"tiny":0,"small":0,"short":0,"port":0,"offset":0,"count":0,"delta":0,"id":0,"huge":0,"len":0,"ratio":0,"value":0}"#),
            same(r#"{"tiny":255,"small":-128,"short":32767,"port":65535,"offset":-2147483648,"count":4294967295,"delta":-9223372036854775808,"id":18446744073709551615,"huge":340282366920938463463374607431768211455,"len":18446744073709551615,"ratio":3.4e38,"value":1.7976931348623157e308}"#),
            same(r#"{"tiny":256,"small":0,"short":0,"port":0,"offset":0,"count":0,"delta":0,"id":0,"huge":0,"len":0,"ratio":0,"value":0}"#),
            same(r#"{"tiny":0,"small":-129,"short":0,"port":0,"offset":0,"count":0,"delta":0,"id":0,"huge":0,"len":0,"ratio":0,"value":0}"#),
            same(r#"{"tiny":0,"small":0,"short":32768,"port":0,"offset":0,"count":0,"delta":0,"id":0,"huge":0,"len":0,"ratio":0,"value":0}"#),
            same(r#"{"tiny":0,"small":0,"short":0,"port":65536,"offset":0,"count":0,"delta":0,"id":0,"huge":0,"len":0,"ratio":0,"value":0}"#),
            same(r#"{"tiny":0,"small":0,"short":0,"port":0,"offset":2147483648,"count":0,"delta":0,"id":0,"huge":0,"len":0,"ratio":0,"value":0}"#),
            same(r#"{"tiny":0,"small":0,"short":0,"port":0,"offset":0,"count":4294967296,"delta":0,"id":0,"huge":0,"len":0,"ratio":0,"value":0}"#),
            same(r#"{"tiny":0,"small":0,"short":0,"port":0,"offset":0,"count":-1,"delta":0,"id":0,"huge":0,"len":0,"ratio":0,"value":0}"#),
            same(r#"{"tiny":0,"small":0,"short":0,"port":0,"offset":0,"count":0,"delta":9223372036854775808,"id":0,"huge":0,"len":0,"ratio":0,"value":0}"#),
            same(r#"{"tiny":0,"small":0,"short":0,"port":0,"offset":0,"count":0,"delta":0,"id":18446744073709551616,"huge":0,"len":0,"ratio":0,"value":0}"#),
            same(r#"{"tiny":0,"small":0,"short":0,"port":0,"offset":0,"count":0,"delta":0,"id":0,"huge":340282366920938463463374607431768211456,"len":0,"ratio":0,"value":0}"#),
            same(r#"{"tiny":0,"small":0,"short":0,"port":0,"offset":0,"count":0,"delta":0,"id":0,"huge":0,"len":-1,"ratio":0,"value":0}"#),
            same(r#"{"tiny":0,"small":0,"short":0,"port":0,"offset":0,"count":0,"delta":0,"id":0,"huge":0,"len":0,"ratio":0,"value":1e309}"#),
            same(r#"{"tiny":0,"small":0,"short":0,"port":0,"offset":0,"count":0,"delta":0,"id":0,"huge":0,"len":0,"ratio":"1","value":0}"#),
            same(r#"{"tiny":0,"small":0,"short":0,"port":0,"offset":0,"count":0,"delta":0,"id":0,"huge":0,"len":0,"ratio":0}"#),
            differs(INT_BY_VALUE, r#"{"tiny":1e2,"small":0,"short":0,"port":0,"offset":0,"count":0,"delta":0,"id":0,"huge":0,"len":0,"ratio":0,"value":0}"#),
        ],
        "profile" => vec![
            same(r#"{"name":"a"}"#),
            same(r#"{"name":"a","nickname":null,"bio":"b","age":30,"score":null}"#),
            same(r#"{"name":"a","nickname":"n","score":1.5,"other":[1]}"#),
            same(r#"{}"#),
            same(r#"{"name":null}"#),
            same(r#"{"name":"a","bio":null}"#),
            same(r#"{"name":"a","age":65536}"#),
            same(r#"{"name":"a","age":-1}"#),
            same(r#"{"name":"a","score":"high"}"#),
        ],
        "order" => vec![
            same(r#"{"customer":"c","shipping":{"street":"s","city":"c","zip":"12345"},"lines":[],"point":[0,1.5],"rgb":[0,128,255]}"#),
            same(r#"{"customer":"c","shipping":{"street":"s","city":"c","zip":"1"},"billing":null,"lines":[1,2],"tags":["a","b"],"stock":{"x":-1},"point":[-1,1e3],"rgb":[1,2,3]}"#),
            same(r#"{"customer":"c","shipping":{"street":"s","city":"c","zip":"1"},"billing":{"street":"s","city":"c","zip":"1"},"lines":[1],"point":[0,0],"rgb":[0,0,0]}"#),
            same(r#"{"customer":"c","shipping":{"street":"s","city":"c","zip":"1"},"lines":[-1],"point":[0,0],"rgb":[0,0,0]}"#),
            same(r#"{"customer":"c","shipping":{"street":"s","city":"c","zip":"1"},"lines":[],"point":[0],"rgb":[0,0,0]}"#),
            same(r#"{"customer":"c","shipping":{"street":"s","city":"c","zip":"1"},"lines":[],"point":[0,1,2],"rgb":[0,0,0]}"#),
            same(r#"{"customer":"c","shipping":{"street":"s","city":"c","zip":"1"},"lines":[],"point":[0,0],"rgb":[0,0]}"#),
            same(r#"{"customer":"c","shipping":{"street":"s","city":"c","zip":"1"},"lines":[],"point":[0,0],"rgb":[0,0,256]}"#),
            same(r#"{"customer":"c","shipping":{"street":"s","city":"c","zip":"1"},"lines":[],"point":[0,0],"rgb":[0,0,0],"extra":1}"#),
            same(r#"{"customer":"c","shipping":{"street":"s","city":"c","zip":"1","country":"US"},"lines":[],"point":[0,0],"rgb":[0,0,0]}"#),
            same(r#"{"customer":"c","shipping":{"street":"s","city":"c"},"lines":[],"point":[0,0],"rgb":[0,0,0]}"#),
            same(r#"{"customer":"c","shipping":{"street":"s","city":"c","zip":"1"},"lines":[],"point":[0,0],"rgb":[0,0,0],"stock":{"x":1.5}}"#),
            same(r#"{"customer":"c","shipping":{"street":"s","city":"c","zip":"1"},"lines":[],"point":[0,0],"rgb":[0,0,0],"tags":[1]}"#),
            differs(
                "serde builds a set and drops the repeated element; the schema says uniqueItems",
                r#"{"customer":"c","shipping":{"street":"s","city":"c","zip":"1"},"lines":[],"point":[0,0],"rgb":[0,0,0],"tags":["a","a"]}"#,
            ),
        ],
        "owner" => vec![
            same(r#"{"name":"n","pet":{"kind":"cat","lives":9}}"#),
            same(r#"{"name":"n","pet":{"kind":"dog","good":true}}"#),
            same(r#"{"name":"n","pet":{"kind":"fish"}}"#),
            same(r#"{"name":"n","pet":{"kind":"fish","fins":2}}"#),
            same(r#"{"name":"n","pet":{"kind":"cow"}}"#),
            same(r#"{"name":"n","pet":{"kind":"cat","lives":256}}"#),
            same(r#"{"name":"n","pet":{"kind":"cat"}}"#),
            same(r#"{"name":"n","pet":{"lives":1}}"#),
            same(r#"{"name":"n","pet":"cat"}"#),
            same(r#"{"name":"n"}"#),
        ],
        "script" => vec![
            same(r#"{"steps":[{"op":"move","args":{"x":1,"y":-2}},{"op":"say","args":"hi"},{"op":"stop"}],"shape":"dot","size":3}"#),
            same(r#"{"steps":[],"shape":{"circle":{"r":1.5}},"size":"big"}"#),
            same(r#"{"steps":[],"shape":{"square":2},"size":0}"#),
            same(r#"{"steps":[{"op":"jump"}],"shape":"dot","size":3}"#),
            same(r#"{"steps":[{"op":"move","args":{"x":1}}],"shape":"dot","size":3}"#),
            same(r#"{"steps":[{"op":"say","args":1}],"shape":"dot","size":3}"#),
            same(r#"{"steps":[{"op":"move","args":{"x":2147483648,"y":0}}],"shape":"dot","size":3}"#),
            same(r#"{"steps":[],"shape":"circle","size":3}"#),
            same(r#"{"steps":[],"shape":{"circle":{"r":1},"square":2},"size":3}"#),
            same(r#"{"steps":[],"shape":"dot","size":-1}"#),
            same(r#"{"steps":[],"shape":"dot","size":4294967296}"#),
            same(r#"{"steps":[],"shape":"dot","size":null}"#),
        ],
        "tree" => vec![
            same(r#"{"label":"root"}"#),
            same(r#"{"label":"root","children":[{"label":"a","children":[{"label":"b"}]},{"label":"c","children":[]}]}"#),
            same(r#"{"label":"root","children":[{"label":"a","children":[{"label":"b","x":1}]}]}"#),
            same(r#"{"label":"root","children":[{"label":"a","children":[{}]}]}"#),
            same(r#"{"label":"root","children":{"label":"a"}}"#),
            same(r#"{"label":1}"#),
        ],
        "contact" => vec![
            same(r#"{"id":"123e4567-e89b-12d3-a456-426614174000","created":"2024-05-01T12:30:00Z","email":"ada@example.com","homepage":"https://example.com/ada"}"#),
            same(r#"{"id":"123E4567-E89B-12D3-A456-426614174000","created":"2024-05-01T12:30:00.5+02:00","birthday":"1815-12-10","email":"ada@example.com","homepage":"https://example.com/ada"}"#),
            same(r#"{"id":"123e4567","created":"2024-05-01T12:30:00Z","email":"ada@example.com","homepage":"https://example.com/ada"}"#),
            same(r#"{"id":"123e4567-e89b-12d3-a456-426614174000","created":"yesterday","email":"ada@example.com","homepage":"https://example.com/ada"}"#),
            same(r#"{"id":"123e4567-e89b-12d3-a456-426614174000","created":"2024-02-30T00:00:00Z","email":"ada@example.com","homepage":"https://example.com/ada"}"#),
            same(r#"{"id":"123e4567-e89b-12d3-a456-426614174000","created":"2024-05-01T12:30:00Z","birthday":"1815-13-10","email":"ada@example.com","homepage":"https://example.com/ada"}"#),
            same(r#"{"id":7,"created":"2024-05-01T12:30:00Z","email":"ada@example.com","homepage":"https://example.com/ada"}"#),
            same(r#"{"id":"123e4567-e89b-12d3-a456-426614174000","created":"2024-05-01T12:30:00Z","homepage":"https://example.com/ada"}"#),
            differs(
                "schemars' email attribute only annotates: serde admits any string",
                r#"{"id":"123e4567-e89b-12d3-a456-426614174000","created":"2024-05-01T12:30:00Z","email":"not an address","homepage":"https://example.com/ada"}"#,
            ),
            differs(
                "schemars' url attribute only annotates: serde admits any string",
                r#"{"id":"123e4567-e89b-12d3-a456-426614174000","created":"2024-05-01T12:30:00Z","email":"ada@example.com","homepage":"not a url"}"#,
            ),
            differs(
                "the uuid crate also parses the simple form without hyphens; format uuid is the hyphenated form",
                r#"{"id":"123e4567e89b12d3a456426614174000","created":"2024-05-01T12:30:00Z","email":"ada@example.com","homepage":"https://example.com/ada"}"#,
            ),
            differs(
                "chrono also parses a space between date and time; format date-time requires T",
                r#"{"id":"123e4567-e89b-12d3-a456-426614174000","created":"2024-05-01 12:30:00Z","email":"ada@example.com","homepage":"https://example.com/ada"}"#,
            ),
        ],
        "page" => vec![
            same(r#"{"body":"b","title":"t"}"#),
            same(r#"{"body":"b","title":"t","lang":"en"}"#),
            same(r#"{"body":"b"}"#),
            same(r#"{"body":"b","title":1}"#),
            same(r#"{"body":"b","title":"t","lang":2}"#),
            differs_in(
                "0.8",
                "schemars 0.8 drops deny_unknown_fields from a struct with a flattened field: serde rejects an unknown member, the schema admits it",
                r#"{"body":"b","title":"t","x":1}"#,
            ),
        ],
        "event" => vec![
            differs_in("0.8", EVENT_08, r#"{"at":1,"click":{"x":1,"y":2}}"#),
            differs_in("0.8", EVENT_08, r#"{"at":0,"key":{"code":13}}"#),
            same(r#"{"at":1,"scroll":{}}"#),
            same(r#"{"at":1,"click":{"x":70000,"y":0}}"#),
            same(r#"{"key":{"code":13}}"#),
            same(r#"{"at":1}"#),
            same(r#"{"at":1,"key":{"code":13},"extra":1}"#),
            same(r#"{"at":1,"key":{"code":13},"click":{"x":1,"y":2}}"#),
        ],
        _ => panic!("no cases for {name}"),
    }
}
