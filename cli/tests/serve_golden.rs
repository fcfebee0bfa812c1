//! `formgate serve`'s answers, byte for byte: every kind of request the address
//! answers, sent raw over TCP, and the heads and bodies it sends back held to
//! `tests/data/serve_golden.txt`. Only the `Date` value and the page for people (whose
//! body is the library's `publish::page`, checked equal here) are replaced by
//! placeholders, so the file says exactly what an actor sees.
//!
//! A deliberate change of an answer is made by running the test with
//! `FORMGATE_BLESS=1`, which writes the file anew, and reviewing its diff.

mod serve_support;

use serve_support::golden::{check, exchanges, one_answer, served};
use serve_support::*;

use serve_support::golden::{FORM, MESSAGES, PROMPT};

#[tokio::test]
async fn every_answer_is_as_the_golden_file_says() {
    let form_path = temp_file("golden.form.json", FORM);
    let messages_path = temp_file("golden.messages.json", MESSAGES);
    let server = Server::start(&[
        form_path.to_str().expect("UTF-8 path"),
        "--prompt",
        PROMPT,
        "--messages",
        messages_path.to_str().expect("UTF-8 path"),
        "--type",
        "golden",
        "--max-bytes",
        "64",
        "--log-level",
        "off",
    ]);
    let (_, _, etag, page) = served();
    let got = one_answer(server.addr, exchanges(&etag), &page).await;
    check(
        &got,
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/serve_golden.txt"),
    );
}
