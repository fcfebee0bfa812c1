//! Writes the schemars part of formgate's generator corpus: for each model of
//! `models.rs`, `tests/data/generators/schemars1/<name>.json` (schemars 1.x) and
//! `tests/data/generators/schemars08/<name>.json` (schemars 0.8), each the
//! `schema_for!` of that version as it comes, and beside each `<name>.cases.json`: the
//! bodies of `cases.rs` with the verdict of `serde_json::from_str` into the type
//! (`admitted`, `rejected`), and `differences` where serde and the schema
//! legitimately disagree, with serde's verdict and why.
//!
//! Run `cargo run` in this folder (it is not a member of formgate's workspace).

mod cases;

#[allow(dead_code)] // the fields are read by serde only
mod v1 {
    use schemars::JsonSchema;
    include!("models.rs");
}

#[allow(dead_code)]
mod v08 {
    use schemars08 as schemars;
    use schemars08::JsonSchema;
    include!("models.rs");
}

use std::path::Path;

/// Each model's name, its schema, and whether serde admits a body into its type.
type Models = Vec<(&'static str, String, fn(&str) -> bool)>;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../tests/data/generators");
    for (dir, version, models) in [
        ("schemars1", "1", v1::models()),
        ("schemars08", "0.8", v08::models()),
    ] {
        write(&root.join(dir), version, models);
    }
}

fn write(dir: &Path, version: &str, models: Models) {
    std::fs::create_dir_all(dir).unwrap();
    for (name, schema, admits) in &models {
        std::fs::write(dir.join(format!("{name}.json")), schema).unwrap();
        let (mut admitted, mut rejected, mut differences) = (vec![], vec![], vec![]);
        for case in cases::cases(name) {
            // Every body is JSON text as a client sends it.
            serde_json::from_str::<serde::de::IgnoredAny>(case.body)
                .unwrap_or_else(|e| panic!("{name}: {}: {e}", case.body));
            let ok = admits(case.body);
            match case.differs(version) {
                Some(why) => differences.push(format!(
                    "{{\"body\": {}, \"generator\": \"{}\", \"why\": {}}}",
                    case.body,
                    if ok { "admitted" } else { "rejected" },
                    serde_json::to_string(why).unwrap()
                )),
                None if ok => admitted.push(case.body.to_string()),
                None => rejected.push(case.body.to_string()),
            }
        }
        let list = |items: &[String]| {
            if items.is_empty() {
                "[]".to_string()
            } else {
                format!("[\n    {}\n  ]", items.join(",\n    "))
            }
        };
        let text = format!(
            "{{\n  \"admitted\": {},\n  \"rejected\": {},\n  \"differences\": {}\n}}\n",
            list(&admitted),
            list(&rejected),
            list(&differences)
        );
        std::fs::write(dir.join(format!("{name}.cases.json")), text).unwrap();
    }
    eprintln!(
        "schemars {version}: {} schemas in {}",
        models.len(),
        dir.display()
    );
}
