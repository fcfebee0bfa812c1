//! `read_act` over bodies made frame by frame: what it reads, what it keeps, and where
//! it stops.

use std::collections::VecDeque;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use formgate::Form;
use formgate_address::{read_act, refused, Admit, Read, Verdict, Verify};
use http_body::{Body, Frame, SizeHint};

/// A body of scripted frames; after them, its end, or (`hang`) nothing ever again.
/// Counts the frames taken.
struct Script {
    frames: VecDeque<Result<Frame<Bytes>, &'static str>>,
    declared: Option<u64>,
    hang: bool,
    taken: Arc<AtomicUsize>,
}

impl Script {
    fn new(frames: &[&'static [u8]]) -> Script {
        Script {
            frames: frames
                .iter()
                .map(|f| Ok(Frame::data(Bytes::from_static(f))))
                .collect(),
            declared: None,
            hang: false,
            taken: Arc::default(),
        }
    }

    fn declared(mut self, length: u64) -> Script {
        self.declared = Some(length);
        self
    }

    fn hanging(mut self) -> Script {
        self.hang = true;
        self
    }
}

impl Body for Script {
    type Data = Bytes;
    type Error = &'static str;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, &'static str>>> {
        match self.frames.pop_front() {
            Some(f) => {
                self.taken.fetch_add(1, Ordering::Relaxed);
                Poll::Ready(Some(f))
            }
            None if self.hang => Poll::Pending,
            None => Poll::Ready(None),
        }
    }

    fn is_end_stream(&self) -> bool {
        !self.hang && self.frames.is_empty()
    }

    fn size_hint(&self) -> SizeHint {
        match self.declared {
            Some(n) => SizeHint::with_exact(n),
            None => SizeHint::default(),
        }
    }
}

fn form() -> Form {
    Form::builder()
        .max_bytes(16)
        .compile(br#"{"type":"object","properties":{"n":{"maximum":5}}}"#)
        .unwrap()
}

fn run<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap()
        .block_on(f)
}

/// `read_act` with no deadline, run to its end.
fn read_all<A: Admit>(form: &Form, body: Script, admit: &A, keep: bool) -> Read<A::Value> {
    run(read_act(form, body, admit, keep, std::future::pending()))
}

#[test]
fn frames_are_verified_as_they_come_and_kept_exactly() {
    let form = form();
    let body = Script::new(&[b"{\"n\"", b" : ", b"3}"]);
    let read = read_all(&form, body, &Verify, true);
    assert!(
        matches!(read.verdict, Verdict::Accept),
        "{:?}",
        read.verdict
    );
    assert_eq!(read.kept.as_deref(), Some(&b"{\"n\" : 3}"[..]));
    assert_eq!(read.bytes, 9);
    assert!(read.drained);
}

#[test]
fn reading_stops_at_the_first_frame_that_leaves_the_form() {
    let form = form();
    let body = Script::new(&[b" ", b"[", b"1]"]).hanging();
    let taken = Arc::clone(&body.taken);
    let read = read_all(&form, body, &Verify, true);
    let Verdict::Reject(r) = &read.verdict else {
        panic!("{:?}", read.verdict)
    };
    assert_eq!(r.kind().name(), "not-admitted");
    assert_eq!(r.offset(), 1);
    assert_eq!(
        taken.load(Ordering::Relaxed),
        2,
        "no frame after the one that left"
    );
    assert!(read.kept.is_none());
    assert!(!read.drained);
    let answer = refused(&read.verdict, false, !read.drained);
    assert_eq!(answer.status(), 204);
    assert_eq!(answer.headers()["connection"], "close");
    assert!(answer.body().is_empty());
}

#[test]
fn a_declared_length_over_the_limit_is_refused_unread() {
    let form = form();
    let body = Script::new(&[b"{}"]).declared(17);
    let taken = Arc::clone(&body.taken);
    let read = read_all(&form, body, &Verify, false);
    assert!(matches!(
        read.verdict,
        Verdict::Declared {
            length: 17,
            limit: 16
        }
    ));
    assert_eq!(taken.load(Ordering::Relaxed), 0);
    assert!(!read.drained);
}

#[test]
fn a_counted_length_over_the_limit_is_cut_at_the_limit() {
    let form = form();
    let body = Script::new(&[b"{\"n\":1      ", b"           }"]);
    let read = read_all(&form, body, &Verify, true);
    let Verdict::Reject(r) = &read.verdict else {
        panic!("{:?}", read.verdict)
    };
    assert_eq!(r.kind().name(), "too-large");
    assert_eq!(read.bytes, 17, "max_bytes + 1 bytes fed, no more");
}

#[test]
fn a_body_that_does_not_end_in_time_is_a_timeout() {
    let form = form();
    let body = Script::new(&[b"{\"n\":"]).hanging();
    let read = run(async {
        let deadline = tokio::time::sleep(Duration::from_millis(50));
        read_act(&form, body, &Verify, false, deadline).await
    });
    assert!(matches!(read.verdict, Verdict::Timeout));
    assert_eq!(read.bytes, 5);
}

#[test]
fn broken_framing_and_trailers() {
    let form = form();
    let mut body = Script::new(&[b"{\"n\":"]);
    body.frames.push_back(Err("reset"));
    let read = read_all(&form, body, &Verify, false);
    assert!(matches!(read.verdict, Verdict::Broken));

    let mut body = Script::new(&[b"{}"]);
    body.frames
        .push_back(Ok(Frame::trailers(http::HeaderMap::new())));
    let read = read_all(&form, body, &Verify, false);
    assert!(matches!(read.verdict, Verdict::Accept));
    assert!(read.kept.is_none(), "kept only when asked");
}

/// A body that is one frame of its declared length is checked whole; the value is
/// made by the admission either way, and a stream the verifier admitted is handed over
/// whole to be made into one.
#[test]
fn whole_and_streamed_bodies_reach_the_admission() {
    struct Count;
    impl Admit for Count {
        type Value = (&'static str, usize);
        fn whole(&self, form: &Form, body: &[u8]) -> Result<Self::Value, formgate::Rejection> {
            form.verify(body).map(|()| ("whole", body.len()))
        }
        fn streamed(&self, _: &Form, body: &[u8]) -> Result<Self::Value, formgate::Rejection> {
            Ok(("streamed", body.len()))
        }
        fn needs_body(&self) -> bool {
            true
        }
    }
    let form = form();
    let whole = Script::new(&[b"{\"n\":1}"]).declared(7);
    let read = read_all(&form, whole, &Count, false);
    assert_eq!(read.value, Some(("whole", 7)));
    assert!(read.kept.is_none(), "not asked to keep");
    let streamed = Script::new(&[b"{\"n\"", b":1}"]);
    let read = read_all(&form, streamed, &Count, false);
    assert_eq!(read.value, Some(("streamed", 7)));
    let refused = Script::new(&[b"{\"n\":9}"]).declared(7);
    let read = read_all(&form, refused, &Count, false);
    assert!(matches!(read.verdict, Verdict::Reject(_)) && read.value.is_none());
}

/// A body of its declared length in one frame, then an empty frame (as an HTTP/2 client
/// may end its stream with an empty `DATA` frame), is the same body: accepted whole, and
/// kept exactly; so are empty frames anywhere in a streamed body.
#[test]
fn empty_frames_are_no_bytes() {
    let form = form();
    let body = Script::new(&[b"{\"n\":1}", b""]).declared(7);
    let read = read_all(&form, body, &Verify, true);
    assert!(
        matches!(read.verdict, Verdict::Accept),
        "{:?}",
        read.verdict
    );
    assert_eq!(read.kept.as_deref(), Some(&b"{\"n\":1}"[..]));
    assert_eq!(read.bytes, 7);
    let body = Script::new(&[b"", b"{\"n\"", b"", b":1}", b""]);
    let read = read_all(&form, body, &Verify, true);
    assert!(matches!(read.verdict, Verdict::Accept));
    assert_eq!(read.kept.as_deref(), Some(&b"{\"n\":1}"[..]));
}
