//! `Form::verify`, `verify_into` and `accept` called from a thread-local's destructor,
//! after the thread's own runtime is destroyed: each decides its body as anywhere
//! else. A panic there (`LocalKey::with` on a destroyed key) would abort the process,
//! so the case runs in a child process, whose abort is the failure.

mod common;

use std::sync::atomic::{AtomicBool, Ordering};

use formgate::Form;

#[derive(serde::Deserialize)]
struct Pair<'a> {
    name: &'a str,
    n: u32,
}

const FORM: &[u8] = br#"{"type":"object","properties":{"name":{"type":"string"},"n":{"type":"integer","minimum":0}},"required":["name","n"],"additionalProperties":false}"#;

/// Verifies, deserializes and accepts in its destructor, with the answers the same
/// calls give on a live thread.
struct Decides(&'static Form);

impl Drop for Decides {
    fn drop(&mut self) {
        // The runtime is gone by now only if thread-locals are destroyed in the
        // reverse of the order they were first used in (std does not promise it):
        // `PROBE`, first used after the runtime, says so.
        assert!(
            PROBE_DROPPED.load(Ordering::SeqCst),
            "thread-locals destroyed in another order: the case is not exercised"
        );
        let form = self.0;
        assert!(form.verify(br#"{"name":"a","n":1}"#).is_ok());
        assert!(form.verify(br#"{"name":"a","n":-1}"#).is_err());
        assert!(form.verify(br#"{"name":"a","n":1,"n":1}"#).is_err());
        let pair: Pair = form.verify_into(br#"{"n":2,"name":"b"}"#).unwrap();
        assert_eq!((pair.name, pair.n), ("b", 2));
        assert!(form.verify_into::<Pair>(br#"{"n":2}"#).is_err());
        assert!(form.accept(br#"{"name":"c","n":3}"#).is_ok());
        assert!(form.accept(br#"{"name":"c"}"#).is_err());
    }
}

/// Set when `PROBE` is destroyed.
static PROBE_DROPPED: AtomicBool = AtomicBool::new(false);

struct Probe;

impl Drop for Probe {
    fn drop(&mut self) {
        PROBE_DROPPED.store(true, Ordering::SeqCst);
    }
}

thread_local! {
    static LATE: std::cell::RefCell<Option<Decides>> = const { std::cell::RefCell::new(None) };
    static PROBE: Probe = const { Probe };
}

#[test]
fn verify_in_a_destructor_after_the_runtime_is_gone() {
    if !common::in_child_process("verify_in_a_destructor_after_the_runtime_is_gone") {
        return;
    }
    let form: &'static Form = Box::leak(Box::new(Form::compile(FORM).unwrap()));
    // `LATE` is registered first, the runtime by the `verify` after it: thread-locals
    // are destroyed in the reverse order, so the runtime is gone when `Decides` runs.
    std::thread::spawn(move || {
        LATE.with(|l| *l.borrow_mut() = Some(Decides(form)));
        assert!(form.verify(br#"{"name":"z","n":0}"#).is_ok());
        PROBE.with(|_| ());
    })
    .join()
    .unwrap();
}
