//! Links the addon as Node expects of a native module (N-API symbols resolved by the
//! loading process).
fn main() {
    napi_build::setup();
}
