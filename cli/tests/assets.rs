//! The embedded example (`cli/assets/`, inside the package so that it builds from its
//! `.crate` file alone) is the repository's `examples/` byte for byte: what
//! `formgate serve` serves by default is what the README shows.

use std::path::Path;

#[test]
fn the_embedded_example_is_the_repository_s() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for name in ["tree.form.json", "tree.act.json"] {
        let asset = std::fs::read(root.join("assets").join(name)).expect("the asset");
        let example = std::fs::read(root.join("../examples").join(name)).expect("the example");
        assert!(
            asset == example,
            "cli/assets/{name} differs from examples/{name}"
        );
    }
}
