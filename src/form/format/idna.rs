//! IDNA2008 A-label validation for `hostname` (invariant 4).
//!
//! The code point data, in the sibling module `unicode_tables`, are derived from
//! Unicode 16.0, the version of the Unicode Character Database they were generated
//! from by `scripts/gen_unicode_tables.py` (which says how to rerun and verify it):
//!
//! - `Class` is the IDNA2008 derived property, computed with the algorithm of
//!   RFC 5892 §3 from the categories of RFC 5892 §2 (exceptions, unassigned, LDH,
//!   join controls, unstable under NFKC_Casefold, default-ignorable/white
//!   space/noncharacters, the three ignorable blocks, old Hangul jamo, letters and
//!   digits). The Unicode 16.0 tables were cross-checked against an independent
//!   implementation's Unicode 18.0 tables: no difference in class or joining type on
//!   any code point assigned in Unicode 16.0. (Earlier, the Unicode 14.0 tables were
//!   checked the same way against Unicode 17.0.)
//! - For valid (PVALID, CONTEXTJ, CONTEXTO) code points only, the table also keeps
//!   `Bidi_Class`, `Joining_Type` (`L`, `D`, `R`, `T`, other), `Script` (the five the
//!   contextual rules name), whether `General_Category` is a mark, and
//!   `NFC_Quick_Check=Maybe` and `Canonical_Combining_Class`; for other code points
//!   these fields are placeholders that cannot change a verdict, because a label
//!   holding such a code point is rejected on its class.
//! - The composition tables hold every primary composite (canonical pair not
//!   excluded from composition) whose parts can occur in the canonical decomposition
//!   of a valid code point, which is all that NFC needs on labels made of valid code
//!   points. Every valid code point is NFC-stable and decomposes, if at all, into a
//!   chain of such pairs at most three code points long. Hangul syllables are left
//!   whole: conjoining jamo are DISALLOWED, so no valid label composes with them.

use super::hostname::MAX_LABEL;
use super::unicode_tables as tables;

/// IDNA2008 derived property value (RFC 5892 §2); UNASSIGNED is `Disallowed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Class {
    /// DISALLOWED or UNASSIGNED: never in a U-label.
    Disallowed,
    /// PVALID: allowed anywhere (subject to the label-level rules).
    Pvalid,
    /// CONTEXTJ: a join control, allowed where its RFC 5892 Appendix A rule holds.
    ContextJ,
    /// CONTEXTO: allowed where its RFC 5892 Appendix A rule holds.
    ContextO,
}

/// `Bidi_Class` values of valid code points. In Unicode 16.0 no valid code point
/// is CS, ET or any class the Bidi rule rejects outright, so those are absent (the
/// generator refuses data where one is).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Bidi {
    /// Left-to-right.
    L,
    /// Right-to-left.
    R,
    /// Arabic letter.
    Al,
    /// Arabic number.
    An,
    /// European number.
    En,
    /// European separator (the hyphen).
    Es,
    /// Other neutral.
    On,
    /// Boundary neutral (the join controls).
    Bn,
    /// Non-spacing mark.
    Nsm,
}

impl Bidi {
    /// The class of a byte of an LDH label: letters L, digits EN, hyphen ES.
    pub(super) fn of_ascii_ldh(c: u8) -> Bidi {
        match c {
            b'0'..=b'9' => Bidi::En,
            b'-' => Bidi::Es,
            _ => Bidi::L,
        }
    }
}

/// `Joining_Type`, as far as the CONTEXTJ rule for ZERO WIDTH NON-JOINER needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Joining {
    /// Left_Joining (`L`).
    Left,
    /// Dual_Joining (`D`).
    Dual,
    /// Right_Joining (`R`).
    Right,
    /// Transparent (`T`).
    Transparent,
    /// Non_Joining or Join_Causing.
    Other,
}

/// `Script`, as far as the CONTEXTO rules need it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Script {
    /// `Greek` (GREEK LOWER NUMERAL SIGN).
    Greek,
    /// `Hebrew` (GERESH, GERSHAYIM).
    Hebrew,
    /// `Hiragana` (KATAKANA MIDDLE DOT).
    Hiragana,
    /// `Katakana` (KATAKANA MIDDLE DOT).
    Katakana,
    /// `Han` (KATAKANA MIDDLE DOT).
    Han,
    /// Any other script.
    Other,
}

/// What the validity checks need to know about one code point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Props {
    /// IDNA2008 derived property.
    class: Class,
    /// `Bidi_Class`, for the Bidi rule.
    bidi: Bidi,
    /// `Joining_Type`, for ZERO WIDTH NON-JOINER.
    joining: Joining,
    /// `Script`, for the CONTEXTO rules.
    script: Script,
    /// `General_Category` is `Mn`, `Mc` or `Me`.
    mark: bool,
    /// `NFC_Quick_Check` is Maybe: the second code point of a primary composite.
    nfc_maybe: bool,
    /// `Canonical_Combining_Class`.
    ccc: u8,
}

impl Props {
    /// The properties of every code point outside the valid set: only `class` is
    /// meaningful, and it alone decides the verdict for such a code point.
    pub(super) const DISALLOWED: Props = p(
        Class::Disallowed,
        Bidi::L,
        Joining::Other,
        Script::Other,
        false,
        false,
        0,
    );
}

/// Short constructor for the generated table.
pub(super) const fn p(
    class: Class,
    bidi: Bidi,
    joining: Joining,
    script: Script,
    mark: bool,
    nfc_maybe: bool,
    ccc: u8,
) -> Props {
    Props {
        class,
        bidi,
        joining,
        script,
        mark,
        nfc_maybe,
        ccc,
    }
}

/// `Canonical_Combining_Class` of a virama (RFC 5892 Appendix A.1, A.2).
const VIRAMA: u8 = 9;
/// Longest canonical decomposition of a valid code point (see the module docs).
const MAX_DECOMPOSITION: usize = 3;

/// Looks up a code point. O(log ranges).
fn lookup(cp: u32) -> Props {
    let after = tables::RANGES.partition_point(|&r| r >> 8 <= cp);
    after
        .checked_sub(1)
        .and_then(|i| tables::RANGES.get(i))
        .and_then(|&r| tables::PROPS.get((r & 0xFF) as usize))
        .copied()
        .unwrap_or(Props::DISALLOWED)
}

/// The outcome of [`ULabel::validate`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Verdict {
    /// Not a U-label.
    Invalid,
    /// A U-label; `rtl` if it is an RTL label, making the name a Bidi domain name.
    Valid { rtl: bool },
}

/// A U-label being decoded: at most 63 code points, since every code point of an
/// A-label's payload takes at least one octet of a 63-octet label.
pub(super) struct ULabel {
    /// Storage; `cps[..len]` are the code points, all Unicode scalar values.
    cps: [u32; MAX_LABEL],
    /// How many code points have been decoded.
    len: usize,
}

/// Punycode `base` (RFC 3492 §5).
const BASE: u32 = 36;
/// Punycode `tmin`.
const T_MIN: u32 = 1;
/// Punycode `tmax`.
const T_MAX: u32 = 26;
/// Punycode `skew`.
const SKEW: u32 = 38;
/// Punycode `damp`.
const DAMP: u32 = 700;
/// Punycode `initial_bias`.
const INITIAL_BIAS: u32 = 72;
/// Punycode `initial_n`: the first non-basic code point.
const INITIAL_N: u32 = 0x80;

/// RFC 3492 §6.1 bias adaptation. No overflow: `delta` is at most `u32::MAX`
/// and is halved (or divided by `DAMP`) before `delta / num_points` is added.
fn adapt(delta: u32, num_points: u32, first_time: bool) -> u32 {
    let mut delta = if first_time { delta / DAMP } else { delta / 2 };
    delta += delta / num_points;
    let mut k = 0;
    while delta > ((BASE - T_MIN) * T_MAX) / 2 {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
}

/// RFC 3492 §5 digit values: `a`–`z` (either case) are 0–25, `0`–`9` are 26–35.
fn punycode_digit(c: u8) -> Option<u32> {
    match c {
        b'a'..=b'z' => Some(u32::from(c - b'a')),
        b'A'..=b'Z' => Some(u32::from(c - b'A')),
        b'0'..=b'9' => Some(u32::from(c - b'0') + 26),
        _ => None,
    }
}

impl ULabel {
    /// A label with no code points.
    const EMPTY: ULabel = ULabel {
        cps: [0; MAX_LABEL],
        len: 0,
    };

    /// The decoded code points.
    fn cps(&self) -> &[u32] {
        &self.cps[..self.len]
    }

    /// Inserts `cp` at `at`; false if the label is full.
    fn insert(&mut self, at: usize, cp: u32) -> bool {
        if self.len == MAX_LABEL || at > self.len {
            return false;
        }
        self.cps.copy_within(at..self.len, at + 1);
        self.cps[at] = cp;
        self.len += 1;
        true
    }

    /// Decodes the Punycode payload of an A-label (RFC 3492 §6.2). Basic code
    /// points are lower-cased, since host names compare case-insensitively and a
    /// U-label holds no upper-case letters. `None` if the payload is not the
    /// Punycode of a label with at least one non-ASCII code point (overflow, a bad
    /// digit, a truncated integer, a decoded basic or non-scalar code point, or
    /// nothing to decode). O(1): at most 59 octets in, 63 code points out.
    pub(super) fn from_punycode(input: &[u8]) -> Option<ULabel> {
        let mut label = ULabel::EMPTY;
        label.decode_punycode(input).then_some(label)
    }

    /// The code points of a label written in Unicode, or `None` if it has more than
    /// 63 (no such label has an A-label of at most 63 octets). Stops reading at the
    /// 64th code point.
    pub(super) fn from_chars(label: &str) -> Option<ULabel> {
        let mut u = ULabel::EMPTY;
        for c in label.chars() {
            if !u.insert(u.len, u32::from(c)) {
                return None;
            }
        }
        Some(u)
    }

    /// The length in octets of this label's Punycode encoding (RFC 3492 §6.3), without
    /// the `xn--` prefix, or `None` if the encoder's `delta` overflows (RFC 3492 §6.4).
    /// The label holds at least one non-ASCII code point. O(1): at most 63 code points.
    pub(super) fn punycode_len(&self) -> Option<usize> {
        let cps = self.cps();
        let basic = cps.iter().filter(|&&cp| cp < INITIAL_N).count();
        let mut out = basic + usize::from(basic > 0);
        let (mut n, mut delta, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
        let mut handled = basic;
        while handled < cps.len() {
            let m = cps.iter().copied().filter(|&cp| cp >= n).min()?;
            let points = u32::try_from(handled + 1).ok()?;
            delta = delta.checked_add((m - n).checked_mul(points)?)?;
            n = m;
            for &cp in cps {
                if cp < n {
                    delta = delta.checked_add(1)?;
                }
                if cp == n {
                    let mut q = delta;
                    let mut k = BASE;
                    loop {
                        let t = if k <= bias {
                            T_MIN
                        } else if k >= bias + T_MAX {
                            T_MAX
                        } else {
                            k - bias
                        };
                        if q < t {
                            break;
                        }
                        out += 1;
                        q = (q - t) / (BASE - t);
                        k += BASE;
                    }
                    out += 1;
                    bias = adapt(delta, u32::try_from(handled + 1).ok()?, handled == basic);
                    delta = 0;
                    handled += 1;
                }
            }
            delta = delta.checked_add(1)?;
            n = n.checked_add(1)?;
        }
        Some(out)
    }

    /// [`ULabel::from_punycode`] into an empty `self`.
    fn decode_punycode(&mut self, input: &[u8]) -> bool {
        // "Let b be the number of input code points before the last delimiter, or 0
        // if there is none"; with b = 0 decoding starts at the first byte, so a
        // payload that starts with its only delimiter fails on that byte below.
        let (basic, extended) = match input.iter().rposition(|&c| c == b'-') {
            Some(at) if at > 0 => (&input[..at], &input[at + 1..]),
            _ => (&input[..0], input),
        };
        if extended.is_empty() {
            return false;
        }
        for &c in basic {
            if !self.insert(self.len, u32::from(c.to_ascii_lowercase())) {
                return false;
            }
        }
        let (mut n, mut i, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
        let mut digits = extended.iter();
        while digits.len() > 0 {
            let old_i = i;
            let mut w = 1u32;
            let mut k = BASE;
            loop {
                let Some(digit) = digits.next().and_then(|&c| punycode_digit(c)) else {
                    return false;
                };
                let Some(next_i) = digit.checked_mul(w).and_then(|dw| i.checked_add(dw)) else {
                    return false;
                };
                i = next_i;
                let t = if k <= bias {
                    T_MIN
                } else if k >= bias + T_MAX {
                    T_MAX
                } else {
                    k - bias
                };
                if digit < t {
                    break;
                }
                let Some(next_w) = w.checked_mul(BASE - t) else {
                    return false;
                };
                w = next_w;
                k += BASE;
            }
            let points = self.len as u32 + 1;
            bias = adapt(i - old_i, points, old_i == 0);
            let Some(next_n) = n.checked_add(i / points) else {
                return false;
            };
            n = next_n;
            i %= points;
            // A decoded basic code point means the encoder would not have produced
            // this payload; a surrogate or out-of-range value is no code point.
            if n < INITIAL_N || char::from_u32(n).is_none() || !self.insert(i as usize, n) {
                return false;
            }
            i += 1;
        }
        true
    }

    /// RFC 5891 §4.2.3.1–3 and §5.4 for a decoded label. The Bidi rule is not
    /// applied here because whether it applies depends on the whole domain name.
    pub(super) fn validate(&self) -> Verdict {
        let cps = self.cps();
        let hyphen = u32::from(b'-');
        if cps.first() == Some(&hyphen)
            || cps.last() == Some(&hyphen)
            || (cps.get(2) == Some(&hyphen) && cps.get(3) == Some(&hyphen))
        {
            return Verdict::Invalid;
        }
        // One lookup per code point: every rule below reads this copy, which keeps
        // the label-wide rules linear.
        let mut buf = [Props::DISALLOWED; MAX_LABEL];
        let props = &mut buf[..cps.len()];
        for (props, &cp) in props.iter_mut().zip(cps) {
            *props = lookup(cp);
        }
        let props = &*props;
        match props.first() {
            Some(first) if !first.mark => {}
            _ => return Verdict::Invalid,
        }
        let context = Context::new(cps, props);
        let classes_ok = props.iter().enumerate().all(|(i, p)| match p.class {
            Class::Pvalid => true,
            Class::ContextJ => context.contextj_holds(i),
            Class::ContextO => context.contexto_holds(i),
            Class::Disallowed => false,
        });
        // Only now is every code point valid, which the normalisation tables need.
        if !classes_ok || !is_nfc(cps, props) {
            return Verdict::Invalid;
        }
        // RFC 5893 §1.4: an RTL label holds a code point of class R, AL or AN.
        let rtl = props
            .iter()
            .any(|p| matches!(p.bidi, Bidi::R | Bidi::Al | Bidi::An));
        Verdict::Valid { rtl }
    }

    /// RFC 5893 §2 for this label.
    pub(super) fn satisfies_bidi_rule(&self) -> bool {
        bidi_rule(self.cps().iter().map(|&cp| lookup(cp).bidi))
    }
}

/// A decoded label with its properties and the label-wide facts the contextual
/// rules of RFC 5892 Appendix A ask about, gathered in one pass.
struct Context<'a> {
    /// The code points.
    cps: &'a [u32],
    /// Their properties, index for index.
    props: &'a [Props],
    /// Some code point is Hiragana, Katakana or Han.
    has_kana_or_han: bool,
    /// Some code point is an ARABIC-INDIC DIGIT.
    has_arabic_indic: bool,
    /// Some code point is an EXTENDED ARABIC-INDIC DIGIT.
    has_extended_arabic_indic: bool,
}

/// ARABIC-INDIC DIGIT ZERO to NINE.
const ARABIC_INDIC: std::ops::RangeInclusive<u32> = 0x0660..=0x0669;
/// EXTENDED ARABIC-INDIC DIGIT ZERO to NINE.
const EXTENDED_ARABIC_INDIC: std::ops::RangeInclusive<u32> = 0x06F0..=0x06F9;

impl<'a> Context<'a> {
    /// Gathers the label-wide facts. O(n).
    fn new(cps: &'a [u32], props: &'a [Props]) -> Context<'a> {
        Context {
            cps,
            props,
            has_kana_or_han: props
                .iter()
                .any(|p| matches!(p.script, Script::Hiragana | Script::Katakana | Script::Han)),
            has_arabic_indic: cps.iter().any(|cp| ARABIC_INDIC.contains(cp)),
            has_extended_arabic_indic: cps.iter().any(|cp| EXTENDED_ARABIC_INDIC.contains(cp)),
        }
    }

    /// RFC 5892 Appendix A.1 (ZERO WIDTH NON-JOINER) and A.2 (ZERO WIDTH JOINER)
    /// for the code point at `i`. The scans for the ZWNJ pattern stop at the first
    /// non-transparent code point, and a ZWNJ is one, so over a whole label they
    /// visit each code point at most twice.
    fn contextj_holds(&self, i: usize) -> bool {
        let before = i.checked_sub(1).and_then(|j| self.props.get(j));
        if before.is_some_and(|b| b.ccc == VIRAMA) {
            return true;
        }
        if self.cps[i] != 0x200C {
            return false;
        }
        // (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})
        let not_transparent = |p: &Props| (p.joining != Joining::Transparent).then_some(p.joining);
        let left = self.props[..i].iter().rev().find_map(not_transparent);
        let right = self.props[i + 1..].iter().find_map(not_transparent);
        matches!(left, Some(Joining::Left | Joining::Dual))
            && matches!(right, Some(Joining::Right | Joining::Dual))
    }

    /// RFC 5892 Appendix A.3–A.9 for the code point at `i`. A CONTEXTO code point
    /// without a rule would be rejected (RFC 5891 §4.2.3.3); Unicode 16.0 has none.
    fn contexto_holds(&self, i: usize) -> bool {
        let before = i.checked_sub(1).and_then(|j| self.cps.get(j)).copied();
        let after = self.cps.get(i + 1).copied();
        let script_before = i
            .checked_sub(1)
            .and_then(|j| self.props.get(j))
            .map(|p| p.script);
        let script_after = self.props.get(i + 1).map(|p| p.script);
        let l = u32::from(b'l');
        match self.cps[i] {
            // MIDDLE DOT: between two `l`s (Catalan).
            0x00B7 => before == Some(l) && after == Some(l),
            // GREEK LOWER NUMERAL SIGN (KERAIA): followed by Greek.
            0x0375 => script_after == Some(Script::Greek),
            // HEBREW PUNCTUATION GERESH and GERSHAYIM: preceded by Hebrew.
            0x05F3 | 0x05F4 => script_before == Some(Script::Hebrew),
            // KATAKANA MIDDLE DOT: some Hiragana, Katakana or Han in the label.
            0x30FB => self.has_kana_or_han,
            // ARABIC-INDIC DIGITS and EXTENDED ARABIC-INDIC DIGITS do not mix.
            cp if ARABIC_INDIC.contains(&cp) => !self.has_extended_arabic_indic,
            cp if EXTENDED_ARABIC_INDIC.contains(&cp) => !self.has_arabic_indic,
            _ => false,
        }
    }
}

/// RFC 5893 §2, the Bidi rule, over the classes of one label's code points.
pub(super) fn bidi_rule(mut classes: impl Iterator<Item = Bidi>) -> bool {
    // 1. The first character must be L, R or AL; R or AL make an RTL label.
    let rtl = match classes.next() {
        Some(Bidi::R | Bidi::Al) => true,
        Some(Bidi::L) => false,
        _ => return false,
    };
    let (mut last_non_nsm_ok, mut has_en, mut has_an) = (true, false, false);
    for class in classes {
        // 2. (RTL) and 5. (LTR): the classes allowed at all.
        let allowed = if rtl {
            !matches!(class, Bidi::L)
        } else {
            !matches!(class, Bidi::R | Bidi::Al | Bidi::An)
        };
        if !allowed {
            return false;
        }
        has_en |= class == Bidi::En;
        has_an |= class == Bidi::An;
        // 3. (RTL) and 6. (LTR): how the label ends, before trailing NSMs.
        if class != Bidi::Nsm {
            last_non_nsm_ok = if rtl {
                matches!(class, Bidi::R | Bidi::Al | Bidi::En | Bidi::An)
            } else {
                matches!(class, Bidi::L | Bidi::En)
            };
        }
    }
    // 4. (RTL): EN and AN do not mix.
    last_non_nsm_ok && !(rtl && has_en && has_an)
}

/// Whether `cps` (all valid code points, with their `props`) is in Normalization
/// Form C. The quick check of UAX #15 §9 settles most labels: marks out of
/// canonical order are never NFC, and without a code point that may compose with
/// what precedes it (NFC_Quick_Check=Maybe; no valid code point is No) the label
/// is NFC. Otherwise [`round_trips_nfc`] decides.
fn is_nfc(cps: &[u32], props: &[Props]) -> bool {
    let mut last_ccc = 0;
    let mut maybe = false;
    for p in props {
        if p.ccc != 0 && last_ccc > p.ccc {
            return false;
        }
        last_ccc = p.ccc;
        maybe |= p.nfc_maybe;
    }
    !maybe || round_trips_nfc(cps)
}

/// Whether `cps` is unchanged by decomposition, canonical reordering and
/// recomposition (UAX #15 §3, §9) into a bounded buffer of code points and their
/// combining classes. O(1): at most 63 × 3 code points.
fn round_trips_nfc(cps: &[u32]) -> bool {
    let mut buf = [(0u32, 0u8); MAX_LABEL * MAX_DECOMPOSITION];
    let mut len = 0;
    for &cp in cps {
        if !decompose(cp, &mut buf, &mut len) {
            return false;
        }
    }
    let nfd = &mut buf[..len];
    // Canonical ordering: a stable sort of each run of non-starters by class.
    for i in 1..nfd.len() {
        let class = nfd[i].1;
        let mut j = i;
        while class != 0 && j > 0 && nfd[j - 1].1 > class {
            nfd.swap(j - 1, j);
            j -= 1;
        }
    }
    let composed = compose(nfd);
    nfd[..composed]
        .iter()
        .map(|&(cp, _)| cp)
        .eq(cps.iter().copied())
}

/// Appends the full canonical decomposition of `cp`, with combining classes, to
/// `buf[*len..]`; false if it does not fit.
fn decompose(cp: u32, buf: &mut [(u32, u8)], len: &mut usize) -> bool {
    let pair = tables::DECOMPOSE_ORDER
        .binary_search_by_key(&cp, |&k| tables::COMPOSE_RESULT[usize::from(k)])
        .ok()
        .map(|j| usize::from(tables::DECOMPOSE_ORDER[j]));
    if let Some(k) = pair {
        return decompose(tables::COMPOSE_FIRST[k], buf, len)
            && decompose(tables::COMPOSE_SECOND[k], buf, len);
    }
    let Some(slot) = buf.get_mut(*len) else {
        return false;
    };
    *slot = (cp, lookup(cp).ccc);
    *len += 1;
    true
}

/// The primary composite of `first` and `second`, if any.
fn composite(first: u32, second: u32) -> Option<u32> {
    let (mut lo, mut hi) = (0, tables::COMPOSE_FIRST.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match (tables::COMPOSE_FIRST[mid], tables::COMPOSE_SECOND[mid]).cmp(&(first, second)) {
            std::cmp::Ordering::Less => lo = mid + 1,
            std::cmp::Ordering::Greater => hi = mid,
            std::cmp::Ordering::Equal => return Some(tables::COMPOSE_RESULT[mid]),
        }
    }
    None
}

/// The canonical composition algorithm (UAX #15 §9) in place on a canonically
/// ordered decomposition; returns the composed length.
fn compose(buf: &mut [(u32, u8)]) -> usize {
    let Some(&(_, first_class)) = buf.first() else {
        return 0;
    };
    let mut starter = 0;
    // A leading non-starter blocks every later composition with it.
    let mut last_class: u16 = if first_class == 0 { 0 } else { 256 };
    let mut out = 1;
    for i in 1..buf.len() {
        let (cp, class) = buf[i];
        let class = u16::from(class);
        let unblocked = last_class < class || last_class == 0;
        match unblocked.then(|| composite(buf[starter].0, cp)).flatten() {
            Some(c) => buf[starter].0 = c,
            None => {
                if class == 0 {
                    starter = out;
                }
                last_class = class;
                buf[out] = buf[i];
                out += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
