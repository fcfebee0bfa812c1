//! Zero heap allocations per `verify` call after the first, on the benchmark bodies: a
//! counting global allocator proves it.

#[path = "../benches/inputs.rs"]
mod inputs;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator, whose contract the
        // caller already meets.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` above, i.e. from the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
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
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        for _ in 0..3 {
            let verdict = form.verify(&case.body);
            if case.admitted {
                assert!(verdict.is_ok(), "{}: {verdict:?}", case.name);
            }
        }
        let after = ALLOCATIONS.load(Ordering::Relaxed);
        report.push((case.name, case.body.len(), after - before));
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
