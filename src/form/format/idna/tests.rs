//! Unit tests of the A-label machinery and its tables.

use super::*;

#[test]
fn accepts_the_expected_unicode_version() {
    // The generator states the version it read; a stale table fails here.
    assert_eq!(tables::UNICODE_VERSION, (16, 0, 0));
}

#[test]
fn accepts_code_points_of_unicode_15_and_16() {
    let check = |cp: u32, class: Class, bidi: Bidi, mark: bool| {
        let props = lookup(cp);
        assert_eq!(
            (props.class, props.bidi, props.mark),
            (class, bidi, mark),
            "U+{cp:04X}"
        );
    };
    // Unicode 15.0: KAWI SIGN CANDRABINDU, KAWI LETTER A, NAG MUNDARI LETTER O.
    check(0x11F00, Class::Pvalid, Bidi::Nsm, true);
    check(0x11F04, Class::Pvalid, Bidi::L, false);
    check(0x1E4D0, Class::Pvalid, Bidi::L, false);
    // Unicode 15.1: CJK UNIFIED IDEOGRAPH-2EBF0.
    check(0x2EBF0, Class::Pvalid, Bidi::L, false);
    assert_eq!(lookup(0x2EBF0).script, Script::Han);
    // Unicode 16.0: GARAY DIGIT ZERO, GARAY SMALL LETTER A, and GARAY CAPITAL LETTER A
    // and CYRILLIC CAPITAL LETTER TJE, which case folding changes.
    check(0x10D40, Class::Pvalid, Bidi::An, false);
    check(0x10D70, Class::Pvalid, Bidi::R, false);
    check(0x1C8A, Class::Pvalid, Bidi::L, false);
    check(0x10D50, Class::Disallowed, Bidi::L, false);
    check(0x1C89, Class::Disallowed, Bidi::L, false);
    // Unicode 16.0: ARABIC LETTER TAH WITH TWO DOTS VERTICALLY BELOW joins on both
    // sides; ARABIC PEPET is a transparent mark.
    assert_eq!(lookup(0x10EC3).joining, Joining::Dual);
    assert_eq!(lookup(0x897).joining, Joining::Transparent);
    // Unicode 16.0 made AHOM CONSONANT SIGN MEDIAL RA a spacing mark (Mc, L).
    check(0x1171E, Class::Pvalid, Bidi::L, true);
    assert_eq!(lookup(0x1171E).joining, Joining::Other);
    // Unassigned in Unicode 16.0.
    check(0x11B60, Class::Disallowed, Bidi::L, false);
    check(0x1E4FA, Class::Disallowed, Bidi::L, false);
}

#[test]
fn accepts_table_invariants() {
    assert_eq!(tables::RANGES[0] >> 8, 0, "the ranges start at U+0000");
    for pair in tables::RANGES.windows(2) {
        assert!(
            pair[0] >> 8 < pair[1] >> 8,
            "ranges sorted: {:#x} {:#x}",
            pair[0],
            pair[1]
        );
        assert_ne!(
            pair[0] & 0xFF,
            pair[1] & 0xFF,
            "adjacent ranges differ: {:#x}",
            pair[1]
        );
    }
    assert!(tables::RANGES
        .iter()
        .all(|&r| ((r & 0xFF) as usize) < tables::PROPS.len()));
    assert!(tables::RANGES.last().is_some_and(|&r| r >> 8 <= 0x10FFFF));
    let n = tables::COMPOSE_FIRST.len();
    assert_eq!(
        (tables::COMPOSE_SECOND.len(), tables::COMPOSE_RESULT.len()),
        (n, n)
    );
    for i in 1..n {
        let (a, b) = (i - 1, i);
        let key = |k: usize| (tables::COMPOSE_FIRST[k], tables::COMPOSE_SECOND[k]);
        assert!(key(a) < key(b), "pairs sorted at {i}");
    }
    let mut seen = vec![false; n];
    for pair in tables::DECOMPOSE_ORDER.windows(2) {
        let result = |k: u16| tables::COMPOSE_RESULT[usize::from(k)];
        assert!(result(pair[0]) < result(pair[1]), "decompositions sorted");
    }
    for &k in &tables::DECOMPOSE_ORDER {
        assert!(
            !std::mem::replace(&mut seen[usize::from(k)], true),
            "permutation"
        );
    }
    assert!(seen.iter().all(|&s| s));
}

#[test]
fn accepts_every_valid_code_point_as_nfc_and_short() {
    for cp in 0..=0x10FFFF {
        if lookup(cp).class == Class::Disallowed {
            continue;
        }
        let (mut buf, mut len) = ([(0, 0); MAX_DECOMPOSITION], 0);
        assert!(
            decompose(cp, &mut buf, &mut len),
            "U+{cp:04X} decomposes within bounds"
        );
        assert!(buf[..len]
            .iter()
            .all(|&(part, _)| lookup(part).class != Class::Disallowed));
        assert!(round_trips_nfc(&[cp]), "U+{cp:04X} is NFC-stable");
    }
}

#[test]
fn accepts_known_properties() {
    let check = |cp: u32, class: Class, bidi: Bidi, ccc: u8| {
        let props = lookup(cp);
        assert_eq!(
            (props.class, props.bidi, props.ccc),
            (class, bidi, ccc),
            "U+{cp:04X}"
        );
    };
    check(u32::from(b'a'), Class::Pvalid, Bidi::L, 0);
    check(u32::from(b'-'), Class::Pvalid, Bidi::Es, 0);
    check(u32::from(b'7'), Class::Pvalid, Bidi::En, 0);
    check(0x300, Class::Pvalid, Bidi::Nsm, 230);
    check(0x94D, Class::Pvalid, Bidi::Nsm, VIRAMA);
    check(0x5D0, Class::Pvalid, Bidi::R, 0);
    check(0x627, Class::Pvalid, Bidi::Al, 0);
    check(0x200C, Class::ContextJ, Bidi::Bn, 0);
    check(0x00B7, Class::ContextO, Bidi::On, 0);
    check(0x0660, Class::ContextO, Bidi::An, 0);
    check(0x06F0, Class::ContextO, Bidi::En, 0);
    for disallowed in [
        0x41, 0x2E, 0x5F, 0xC9, 0x640, 0x7FA, 0x302E, 0x303B, 0x1100, 0x20D0, 0xFF0E, 0x212A,
    ] {
        assert_eq!(
            lookup(disallowed).class,
            Class::Disallowed,
            "U+{disallowed:04X}"
        );
    }
    for pvalid in [
        0xDF, 0x3C2, 0x6FD, 0x6FE, 0xF0B, 0x3007, 0xAC00, 0x4E00, 0x3042,
    ] {
        assert_eq!(lookup(pvalid).class, Class::Pvalid, "U+{pvalid:04X}");
    }
    assert_eq!(lookup(0x300).joining, Joining::Transparent);
    assert_eq!(lookup(0x628).joining, Joining::Dual);
    assert_eq!(lookup(0x627).joining, Joining::Right);
    assert!(lookup(0x903).mark && lookup(0x300).mark && !lookup(0x61).mark);
    // An enclosing mark (Me) is not a letter or digit, so DISALLOWED.
    assert_eq!(lookup(0x488).class, Class::Disallowed);
    assert_eq!(lookup(0x3B1).script, Script::Greek);
    assert_eq!(lookup(0x30A2).script, Script::Katakana);
    assert_eq!(lookup(0x10FFFF).class, Class::Disallowed);
}

#[test]
fn rejects_bad_punycode() {
    let bad = [
        "",
        "-",
        "-abc",
        "abc-",
        "b",
        "zzzz",
        "99999999999",
        "9999999999a",
        "6666666a",
        "a!",
        "x-a!",
        "ab-c",
    ];
    for payload in bad {
        assert!(
            ULabel::from_punycode(payload.as_bytes()).is_none(),
            "{payload:?}"
        );
    }
    let good: [(&str, &[u32]); 5] = [
        ("bcher-kva", &[0x62, 0xFC, 0x63, 0x68, 0x65, 0x72]),
        ("BCHER-KVA", &[0x62, 0xFC, 0x63, 0x68, 0x65, 0x72]),
        ("a", &[0x80]),
        ("ba", &[0x81]),
        ("kva", &[0x369]),
    ];
    for (payload, cps) in good {
        let label = ULabel::from_punycode(payload.as_bytes());
        assert_eq!(label.as_ref().map(ULabel::cps), Some(cps), "{payload:?}");
    }
}

#[test]
fn accepts_bidi_rule_cases() {
    use Bidi::*;
    assert!(bidi_rule([L, En, Nsm].into_iter()));
    assert!(bidi_rule([R, An, Nsm, Nsm].into_iter()));
    assert!(bidi_rule([Al, En].into_iter()));
    assert!(!bidi_rule([En, L].into_iter()));
    assert!(!bidi_rule([R, L].into_iter()));
    assert!(!bidi_rule([L, R].into_iter()));
    assert!(!bidi_rule([R, En, An].into_iter()));
    assert!(!bidi_rule([R, On].into_iter()));
    assert!(!bidi_rule([L, Es].into_iter()));
    assert!(!bidi_rule(std::iter::empty()));
}
