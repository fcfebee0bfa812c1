//! Zero heap allocations per `verify` call after the first, on the benchmark bodies, and
//! none per `verify_into` beyond what the target type itself allocates: a counting
//! global allocator proves it. The count is per thread, so the tests of this file may
//! run side by side.

#[path = "../benches/inputs.rs"]
mod inputs;

#[path = "../benches/acts.rs"]
mod acts;

#[path = "../benches/orders.rs"]
mod orders;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use acts::{Records, Small};
use serde::Deserialize;

struct Counting;

thread_local! {
    /// Allocations and reallocations made by this thread.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count() {
    // `try_with`: the allocator may be called while this thread's locals are torn down.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

/// How many allocations `f` makes on this thread.
fn allocations<R>(f: impl FnOnce() -> R) -> (usize, R) {
    let before = ALLOCATIONS.with(Cell::get);
    let r = f();
    (ALLOCATIONS.with(Cell::get) - before, r)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: forwarded unchanged to the system allocator, whose contract the
        // caller already meets.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` above, i.e. from the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: as for `alloc` and `dealloc`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn verify_allocates_nothing_after_the_first_call() {
    let mut report = Vec::new();
    let mut cases = inputs::admitted();
    cases.push(inputs::large_early_break());
    for case in cases {
        let form = formgate::Form::compile(case.form.as_bytes()).expect("the form compiles");
        // The first call warms this thread's runtime up (its buffers grow once).
        assert_eq!(
            form.verify(&case.body).is_ok(),
            case.admitted,
            "{}",
            case.name
        );
        let (n, ()) = allocations(|| {
            for _ in 0..3 {
                let verdict = form.verify(&case.body);
                if case.admitted {
                    assert!(verdict.is_ok(), "{}: {verdict:?}", case.name);
                }
            }
        });
        report.push((case.name, case.body.len(), n));
    }
    for (name, len, n) in &report {
        eprintln!("{name}: {len} bytes, {n} allocations in 3 calls after the first");
    }
    // The rejected body builds its Rejection (pointers as strings): that is the
    // only allocation allowed, and only on rejection.
    for (name, _, n) in &report {
        if *name != "large_early_break" {
            assert_eq!(*n, 0, "{name} allocated");
        }
    }
}

/// A recursive form's body, every object out of the form's order at every depth. The
/// first call learns orders from the innermost objects out; the second reads each
/// depth in an order and learns one for each depth below, each in a box the thread
/// keeps (`verify/fast/orders.rs`); the calls after them allocate nothing.
#[test]
fn a_recursive_body_out_of_order_allocates_nothing_after_the_second_call() {
    // The form schemars derives for `orders::Comment` without serde_json's
    // `preserve_order` (which this package's tests turn on): its properties by name.
    let source = r##"{"type":"object","properties":{"author":{"type":"string","minLength":1,"maxLength":40},"id":{"type":"integer","minimum":0},"replies":{"type":"array","items":{"$ref":"#"}},"score":{"type":"integer"},"text":{"type":"string","maxLength":2000}},"required":["id","author","text","score","replies"],"additionalProperties":false}"##;
    let form = formgate::Form::compile(source.as_bytes()).expect("the form compiles");
    let body = orders::thread();
    let counts: Vec<usize> = (0..5)
        .map(|_| {
            let (n, verdict) = allocations(|| form.verify(&body));
            assert!(verdict.is_ok(), "{verdict:?}");
            n
        })
        .collect();
    eprintln!("thread: allocations in five calls {counts:?}");
    // The second call made boxes too: the count can tell.
    assert!(counts[1] > 0, "{counts:?}");
    assert_eq!(counts[2..], [0, 0, 0], "thread allocated");
}

/// The streaming verifier keeps its buffers on the thread for the next body
/// (`verify/stream.rs`, `Spare`): fed a small body, whole or in chunks the fast
/// engine reads on its own, after a first body so fed on this thread, it allocates
/// nothing.
#[test]
fn streaming_a_small_body_allocates_nothing_after_the_first() {
    let case = inputs::small();
    let form = formgate::Form::compile(case.form.as_bytes()).expect("the form compiles");
    let stream = |chunk: usize| {
        let mut v = form.verifier();
        for part in case.body.chunks(chunk) {
            v.feed(part).expect("admitted so far");
        }
        v.finish().expect("admitted");
    };
    // (In chunks of a few bytes, a value cut off again and again goes to the general
    // validator, which allocates its own state.)
    for chunk in [case.body.len(), 100, 64] {
        stream(chunk);
        let (n, ()) = allocations(|| {
            for _ in 0..3 {
                stream(chunk);
            }
        });
        assert_eq!(n, 0, "{n} allocations in 3 streams of {chunk}-byte chunks");
    }
}

/// Allocations of one `verify_into::<T>` after its first call on this thread, of
/// `serde_json::from_slice::<T>` (the type's own, its vectors growing as elements
/// arrive, plus serde_json's scratch buffer) and of building `T` from an already parsed
/// tree (the type's own, strings borrowed from the tree and sizes known), on one body.
fn into_allocations<'b, T>(form: &formgate::Form, body: &'b [u8], name: &str) -> [usize; 3]
where
    T: Deserialize<'b> + PartialEq + std::fmt::Debug,
{
    // Leaked so that `T` may borrow from it for the body's lifetime.
    let tree: &'static serde_json::Value =
        Box::leak(Box::new(serde_json::from_slice(body).expect("parses")));
    let (own, from_tree) = allocations(|| T::deserialize(tree).expect("fits the type"));
    let (streamed, plain) = allocations(|| serde_json::from_slice::<T>(body).expect("parses"));
    assert_eq!(
        from_tree, plain,
        "{name}: T from the tree and from the body differ"
    );
    let warm: T = form.verify_into(body).expect("admitted");
    assert_eq!(warm, plain, "{name}: verify_into and serde_json differ");
    let (ours, typed) = allocations(|| form.verify_into::<T>(body).expect("admitted"));
    assert_eq!(typed, plain, "{name}");
    eprintln!(
        "{name}: verify_into {ours} allocations, serde_json::from_slice {streamed}, \
         from a tree {own}"
    );
    assert!(own > 0, "{name}: the type allocates, so the count can tell");
    [ours, streamed, own]
}

#[test]
fn verify_into_allocates_only_what_the_type_does() {
    let small = inputs::small();
    let form = formgate::Form::compile(small.form.as_bytes()).expect("compiles");
    let [ours, streamed, _] = into_allocations::<Small>(&form, &small.body, "small");
    assert!(
        ours <= streamed,
        "small: verify_into allocated beyond the type"
    );
    let large = inputs::large();
    let form = formgate::Form::compile(large.form.as_bytes()).expect("compiles");
    let [ours, streamed, _] = into_allocations::<Records>(&form, &large.body, "large");
    assert!(
        ours <= streamed,
        "large: verify_into allocated beyond the type"
    );
}

#[test]
fn verify_into_a_value_allocates_only_what_the_value_does() {
    for case in inputs::admitted() {
        let form = formgate::Form::compile(case.form.as_bytes()).expect("compiles");
        // A tree's arrays and maps are built the same way from either source, so here
        // the count is exact.
        let [ours, _, own] = into_allocations::<serde_json::Value>(&form, &case.body, case.name);
        assert_eq!(
            ours, own,
            "{}: verify_into allocated beyond the value",
            case.name
        );
    }
}
