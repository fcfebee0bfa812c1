//! A rejection's name as the command line writes it, from the library's stable names:
//! the same in `formgate verify --explain`, `formgate serve`'s log lines and its
//! metrics labels.

use formgate::RejectionKind;

/// The kind's name with what it names, without parameters: `too-large`,
/// `malformed:duplicate-key`, `malformed:too-deep`, `not-admitted:required`,
/// `not-admitted:false`, `unrepresentable`. Few distinct values (one per parse error
/// and form keyword), so a metrics label can hold it.
pub(crate) fn kind_name(k: RejectionKind) -> String {
    match k {
        RejectionKind::Malformed(p) => format!("{}:{}", k.name(), p.name()),
        RejectionKind::NotAdmitted { keyword } => format!("{}:{}", k.name(), keyword.name()),
        _ => k.name().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_every_kind_by_the_stable_names() {
        let form = formgate::Form::builder()
            .max_bytes(16)
            .max_depth(1)
            .compile(br#"{"items":{"type":"integer"}}"#)
            .unwrap();
        let cases: [(&[u8], &str, Option<usize>); 5] = [
            (b"[1,1,1,1,1,1,1,1,1]", "too-large", Some(16)),
            (b"[[", "malformed:too-deep", Some(1)),
            (br#"{"a":1,"a":2}"#, "malformed:duplicate-key", None),
            (b"[true]", "not-admitted:type", None),
            (b"[1,]", "malformed:trailing-comma", None),
        ];
        for (body, name, max) in cases {
            let k = form.verify(body).unwrap_err().kind();
            assert_eq!((kind_name(k).as_str(), k.limit()), (name, max));
        }
        let r = form.verify_into::<Vec<u8>>(b"[300]").unwrap_err();
        assert_eq!(kind_name(r.kind()), "unrepresentable");
        let r = formgate::Form::compile(b"false").unwrap().verify(b"1");
        assert_eq!(kind_name(r.unwrap_err().kind()), "not-admitted:false");
    }
}
