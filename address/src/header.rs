//! The protocol's header names, and the library's headers as an [`http::HeaderMap`].

use formgate::publish::Header;
use http::header::{HeaderMap, HeaderName, HeaderValue};

/// The `GPT-Type` response header: the kind of address, advisory
/// ([`formgate::publish::GPT_TYPE`]).
pub static GPT_TYPE: HeaderName = HeaderName::from_static(formgate::publish::GPT_TYPE);

/// The `GPT-Actor` request header: how a body was produced, self-asserted. Read for
/// logs only; it never decides anything.
pub static GPT_ACTOR: HeaderName = HeaderName::from_static("gpt-actor");

/// The library's headers ([`formgate::publish::Published::headers`]) as a map. Every
/// name is a valid lower-case field name and every value a valid field value (a
/// `GPT-Type` value given as a [`HeaderValue`] was one already), so none is dropped in
/// practice; one that were invalid would be left out, not sent broken.
pub fn header_map(headers: Vec<Header>) -> HeaderMap {
    headers
        .into_iter()
        .filter_map(|(name, value)| {
            let name = HeaderName::from_bytes(name.as_bytes()).ok()?;
            Some((name, HeaderValue::from_bytes(&value).ok()?))
        })
        .collect()
}
