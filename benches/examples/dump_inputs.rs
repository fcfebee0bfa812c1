//! Write the verification benchmark's cases (`inputs.rs`) to a directory, so that
//! benchmarks outside Rust (python/bench/) measure the very same forms and bodies:
//! `NAME.form.json` and `NAME.body.json` for `small`, `medium` and `large`.
//!
//! ```text
//! cargo run --release -p formgate-bench --example dump_inputs -- DIR
//! ```

use formgate_bench::inputs;

fn main() {
    let Some(dir) = std::env::args_os().nth(1) else {
        eprintln!("usage: dump_inputs DIR");
        std::process::exit(2);
    };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).expect("create the directory");
    for case in inputs::admitted() {
        let form = formgate::Form::compile(case.form.as_bytes()).expect("the form compiles");
        assert_eq!(
            form.verify(&case.body).is_ok(),
            case.admitted,
            "{}",
            case.name
        );
        for (suffix, bytes) in [("form", case.form.as_bytes()), ("body", &case.body[..])] {
            let path = dir.join(format!("{}.{suffix}.json", case.name));
            std::fs::write(&path, bytes).expect("write a case file");
        }
        println!("{}: {} bytes", case.name, case.body.len());
    }
}
