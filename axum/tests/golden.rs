//! formgate-axum's `Address`, byte for byte: the golden exchanges of an address (shared
//! with `formgate serve`'s golden test) sent raw over TCP, and the answers held to
//! `tests/data/address_golden.txt`, with only `Date`'s value and the page for people
//! (checked equal to the library's `publish::page`) replaced by placeholders.
//!
//! A deliberate change of an answer is made by running the test with
//! `FORMGATE_BLESS=1`, which writes the file anew, and reviewing its diff.

#[allow(dead_code)]
#[path = "../../cli/tests/serve_support/golden.rs"]
mod golden;

use axum::http::HeaderValue;
use formgate_axum::{Address, FormFor};
use golden::{check, exchanges, one_answer, served, PROMPT};

#[tokio::test]
async fn every_answer_is_as_the_golden_file_says() {
    let (form, messages, etag, page) = served();
    let app: axum::Router = Address::new(FormFor::<serde_json::Value>::new(form), PROMPT)
        .messages(messages)
        .gpt_type(HeaderValue::from_static("golden"))
        .on_act(|_: serde_json::Value| async {
            axum::Json(serde_json::json!({ "accepted": true }))
        });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });

    let got = one_answer(addr, exchanges(&etag), &page).await;
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/address_golden.txt");
    check(&got, &path);
}
