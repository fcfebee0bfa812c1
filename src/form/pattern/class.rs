//! Character sets of ECMA-262 patterns: the ECMA classes (`\d`, `\s`, `\w`, `.`), the
//! Unicode property tables `\p{..}` accepts, and class sets with their `regex` spelling,
//! which both engines read (the `regex` crate compiles it; the linear matcher resolves
//! it to code point ranges through `regex-syntax`, so both hold the same code points).

use std::fmt::Write as _;
use std::sync::OnceLock;

use regex::Regex;

/// A class that never matches: the complement of every code point.
pub(super) const NEVER: &str = r"[^\x{0}-\x{10FFFF}]";

/// The largest Unicode code point.
pub(super) const MAX_CODE_POINT: u32 = 0x10_FFFF;

/// The surrogate block, which holds no Unicode scalar values.
pub(super) const SURROGATES: (u32, u32) = (0xD800, 0xDFFF);

/// `\d`: ASCII digits.
pub(super) const DIGIT: &[(u32, u32)] = &[(0x30, 0x39)];

/// `\w`: ASCII letters, digits and `_`.
pub(super) const WORD: &[(u32, u32)] = &[(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)];

/// `\s`: ECMA WhiteSpace (TAB, VT, FF, ZWNBSP, and Zs, which holds SP and
/// NBSP) plus LineTerminator (LF, CR, LS, PS). Zs has been this set since
/// Unicode 6.3.
pub(super) const SPACE: &[(u32, u32)] = &[
    (0x09, 0x0D),
    (0x20, 0x20),
    (0xA0, 0xA0),
    (0x1680, 0x1680),
    (0x2000, 0x200A),
    (0x2028, 0x2029),
    (0x202F, 0x202F),
    (0x205F, 0x205F),
    (0x3000, 0x3000),
    (0xFEFF, 0xFEFF),
];

/// `.`: everything but the four ECMA line terminators.
pub(super) const DOT: &[(u32, u32)] = &[
    (0x00, 0x09),
    (0x0B, 0x0C),
    (0x0E, 0x2027),
    (0x202A, MAX_CODE_POINT),
];

/// General_Category values and their aliases (PropertyValueAliases.txt), as
/// `Long:alias:alias` entries; ECMA accepts exactly these spellings.
pub(super) const GENERAL_CATEGORIES: &str = "\
     Other:C Control:Cc:cntrl Format:Cf Unassigned:Cn Private_Use:Co Surrogate:Cs \
     Letter:L Cased_Letter:LC Lowercase_Letter:Ll Modifier_Letter:Lm Other_Letter:Lo \
     Titlecase_Letter:Lt Uppercase_Letter:Lu Mark:M:Combining_Mark Spacing_Mark:Mc \
     Enclosing_Mark:Me Nonspacing_Mark:Mn Number:N Decimal_Number:Nd:digit \
     Letter_Number:Nl Other_Number:No Punctuation:P:punct Connector_Punctuation:Pc \
     Dash_Punctuation:Pd Close_Punctuation:Pe Final_Punctuation:Pf Initial_Punctuation:Pi \
     Other_Punctuation:Po Open_Punctuation:Ps Symbol:S Currency_Symbol:Sc \
     Modifier_Symbol:Sk Math_Symbol:Sm Other_Symbol:So Separator:Z Line_Separator:Zl \
     Paragraph_Separator:Zp Space_Separator:Zs";

/// The binary properties ECMA-262 allows in `\p{..}`, as `Long:alias`
/// entries. `Changes_When_NFKC_Casefolded` is left out: `regex` has no table
/// for it (see [`UNSUPPORTED_BINARY_PROPERTIES`]).
pub(super) const BINARY_PROPERTIES: &str = "\
     ASCII ASCII_Hex_Digit:AHex Alphabetic:Alpha Any Assigned Bidi_Control:Bidi_C \
     Bidi_Mirrored:Bidi_M Case_Ignorable:CI Cased Changes_When_Casefolded:CWCF \
     Changes_When_Casemapped:CWCM Changes_When_Lowercased:CWL \
     Changes_When_Titlecased:CWT Changes_When_Uppercased:CWU Dash \
     Default_Ignorable_Code_Point:DI Deprecated:Dep Diacritic:Dia Emoji \
     Emoji_Component:EComp Emoji_Modifier:EMod Emoji_Modifier_Base:EBase \
     Emoji_Presentation:EPres Extended_Pictographic:ExtPict Extender:Ext \
     Grapheme_Base:Gr_Base Grapheme_Extend:Gr_Ext Hex_Digit:Hex IDS_Binary_Operator:IDSB \
     IDS_Trinary_Operator:IDST ID_Continue:IDC ID_Start:IDS Ideographic:Ideo \
     Join_Control:Join_C Logical_Order_Exception:LOE Lowercase:Lower Math \
     Noncharacter_Code_Point:NChar Pattern_Syntax:Pat_Syn Pattern_White_Space:Pat_WS \
     Quotation_Mark:QMark Radical Regional_Indicator:RI Sentence_Terminal:STerm \
     Soft_Dotted:SD Terminal_Punctuation:Term Unified_Ideograph:UIdeo Uppercase:Upper \
     Variation_Selector:VS White_Space:space XID_Continue:XIDC XID_Start:XIDS";

/// Script values and their aliases (PropertyValueAliases.txt, Unicode 16, the
/// version of the `regex` crate's tables), as `Long:alias:alias` entries.
/// `Unknown` and `Katakana_Or_Hiragana` are left out: `regex` has no table
/// for them (see [`UNSUPPORTED_SCRIPTS`]).
pub(super) const SCRIPTS: &str = "\
     Adlam:Adlm Ahom Anatolian_Hieroglyphs:Hluw Arabic:Arab Armenian:Armn Avestan:Avst \
     Balinese:Bali Bamum:Bamu Bassa_Vah:Bass Batak:Batk Bengali:Beng Bhaiksuki:Bhks \
     Bopomofo:Bopo Brahmi:Brah Braille:Brai Buginese:Bugi Buhid:Buhd \
     Canadian_Aboriginal:Cans Carian:Cari Caucasian_Albanian:Aghb Chakma:Cakm Cham \
     Cherokee:Cher Chorasmian:Chrs Common:Zyyy Coptic:Copt:Qaac Cuneiform:Xsux \
     Cypriot:Cprt Cypro_Minoan:Cpmn Cyrillic:Cyrl Deseret:Dsrt Devanagari:Deva \
     Dives_Akuru:Diak Dogra:Dogr Duployan:Dupl Egyptian_Hieroglyphs:Egyp Elbasan:Elba \
     Elymaic:Elym Ethiopic:Ethi Garay:Gara Georgian:Geor Glagolitic:Glag Gothic:Goth \
     Grantha:Gran Greek:Grek Gujarati:Gujr Gunjala_Gondi:Gong Gurmukhi:Guru \
     Gurung_Khema:Gukh Han:Hani Hangul:Hang Hanifi_Rohingya:Rohg Hanunoo:Hano Hatran:Hatr \
     Hebrew:Hebr Hiragana:Hira Imperial_Aramaic:Armi Inherited:Qaai:Zinh \
     Inscriptional_Pahlavi:Phli Inscriptional_Parthian:Prti Javanese:Java Kaithi:Kthi \
     Kannada:Knda Katakana:Kana Kawi Kayah_Li:Kali Kharoshthi:Khar \
     Khitan_Small_Script:Kits Khmer:Khmr Khojki:Khoj Khudawadi:Sind Kirat_Rai:Krai \
     Lao:Laoo Latin:Latn Lepcha:Lepc Limbu:Limb Linear_A:Lina Linear_B:Linb Lisu \
     Lycian:Lyci Lydian:Lydi Mahajani:Mahj Makasar:Maka Malayalam:Mlym Mandaic:Mand \
     Manichaean:Mani Marchen:Marc Masaram_Gondi:Gonm Medefaidrin:Medf Meetei_Mayek:Mtei \
     Mende_Kikakui:Mend Meroitic_Cursive:Merc Meroitic_Hieroglyphs:Mero Miao:Plrd Modi \
     Mongolian:Mong Mro:Mroo Multani:Mult Myanmar:Mymr Nabataean:Nbat Nag_Mundari:Nagm \
     Nandinagari:Nand New_Tai_Lue:Talu Newa Nko:Nkoo Nushu:Nshu \
     Nyiakeng_Puachue_Hmong:Hmnp Ogham:Ogam Ol_Chiki:Olck Ol_Onal:Onao Old_Hungarian:Hung \
     Old_Italic:Ital Old_North_Arabian:Narb Old_Permic:Perm Old_Persian:Xpeo \
     Old_Sogdian:Sogo Old_South_Arabian:Sarb Old_Turkic:Orkh Old_Uyghur:Ougr Oriya:Orya \
     Osage:Osge Osmanya:Osma Pahawh_Hmong:Hmng Palmyrene:Palm Pau_Cin_Hau:Pauc \
     Phags_Pa:Phag Phoenician:Phnx Psalter_Pahlavi:Phlp Rejang:Rjng Runic:Runr \
     Samaritan:Samr Saurashtra:Saur Sharada:Shrd Shavian:Shaw Siddham:Sidd \
     SignWriting:Sgnw Sinhala:Sinh Sogdian:Sogd Sora_Sompeng:Sora Soyombo:Soyo \
     Sundanese:Sund Sunuwar:Sunu Syloti_Nagri:Sylo Syriac:Syrc Tagalog:Tglg Tagbanwa:Tagb \
     Tai_Le:Tale Tai_Tham:Lana Tai_Viet:Tavt Takri:Takr Tamil:Taml Tangsa:Tnsa \
     Tangut:Tang Telugu:Telu Thaana:Thaa Thai Tibetan:Tibt Tifinagh:Tfng Tirhuta:Tirh \
     Todhri:Todr Toto Tulu_Tigalari:Tutg Ugaritic:Ugar Vai:Vaii Vithkuqi:Vith Wancho:Wcho \
     Warang_Citi:Wara Yezidi:Yezi Yi:Yiii Zanabazar_Square:Zanb";

/// Binary properties ECMA-262 accepts but the `regex` crate has no table
/// for: a [`super::PatternErrorKind::UnsupportedProperty`] rather than a guess.
pub(super) const UNSUPPORTED_BINARY_PROPERTIES: &str = "Changes_When_NFKC_Casefolded CWKCF";

/// Script values ECMA-262 accepts but the `regex` crate has no table for: a
/// [`super::PatternErrorKind::UnsupportedProperty`] rather than a guess.
pub(super) const UNSUPPORTED_SCRIPTS: &str = "Unknown Zzzz";

/// A Unicode property named by `\p{..}`, resolved to its canonical long name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Property {
    /// A General_Category value other than `Surrogate`.
    GeneralCategory(&'static str),
    /// `Surrogate` (`Cs`): no scalar value has it, so it is the empty set.
    Surrogate,
    /// A Script value.
    Script(&'static str),
    /// A Script_Extensions value.
    ScriptExtensions(&'static str),
    /// A binary property.
    Binary(&'static str),
}

impl Property {
    /// Writes the property's `regex` name, fully qualified so that the
    /// crate's loose name matching has exactly one reading.
    fn write_name(self, out: &mut String) {
        let (prefix, name) = match self {
            Property::GeneralCategory(name) => ("General_Category=", name),
            // Never written: `ClassSet::add_property` turns it into ranges.
            Property::Surrogate => ("General_Category=", "Surrogate"),
            Property::Script(name) => ("Script=", name),
            Property::ScriptExtensions(name) => ("Script_Extensions=", name),
            Property::Binary(name) => ("", name),
        };
        out.push_str(prefix);
        out.push_str(name);
    }
}

/// Finds `name` among the spellings of a `Long:alias:alias` table and returns
/// the long name. Exact comparison, as ECMA-262 requires.
pub(super) fn lookup(table: &'static str, name: &str) -> Option<&'static str> {
    table.split_ascii_whitespace().find_map(|entry| {
        let long = entry.split(':').next()?;
        entry
            .split(':')
            .any(|spelling| spelling == name)
            .then_some(long)
    })
}

/// A character class under construction: code point ranges (possibly holding
/// surrogates, removed when written) and properties with their negation.
#[derive(Debug, Default, Clone)]
pub(super) struct ClassSet {
    /// Inclusive ranges, in any order, possibly overlapping.
    pub(super) ranges: Vec<(u32, u32)>,
    /// Properties; `true` marks `\P{..}`.
    pub(super) properties: Vec<(bool, Property)>,
}

impl ClassSet {
    /// A class of the given ranges, or of their complement.
    pub(super) fn from_ranges(ranges: &[(u32, u32)], negated: bool) -> ClassSet {
        let ranges = if negated {
            complement(&normalize(ranges.to_vec()))
        } else {
            ranges.to_vec()
        };
        ClassSet {
            ranges,
            properties: Vec::new(),
        }
    }

    /// Adds every code point of `other`.
    pub(super) fn union(&mut self, other: ClassSet) {
        self.ranges.extend(other.ranges);
        self.properties.extend(other.properties);
    }

    /// Adds `\p{..}` (or `\P{..}` when `negated`).
    pub(super) fn add_property(&mut self, negated: bool, property: Property) {
        match (property, negated) {
            // No scalar value is a surrogate (invariant 4).
            (Property::Surrogate, false) => {}
            (Property::Surrogate, true) => self.ranges.push((0, MAX_CODE_POINT)),
            _ => self.properties.push((negated, property)),
        }
    }

    /// Writes the class, negated if asked, as one `regex` atom.
    pub(super) fn write(&self, negated: bool, out: &mut String) {
        let ranges = normalize(self.ranges.clone());
        if self.properties.is_empty() {
            let ranges = if negated { complement(&ranges) } else { ranges };
            let ranges = remove_surrogates(&ranges);
            if ranges.is_empty() {
                out.push_str(NEVER);
                return;
            }
            out.push('[');
            write_ranges(&ranges, out);
            out.push(']');
            return;
        }
        out.push('[');
        if negated {
            out.push('^');
        }
        write_ranges(&remove_surrogates(&ranges), out);
        for &(negated, property) in &self.properties {
            out.push_str(if negated { r"\P{" } else { r"\p{" });
            property.write_name(out);
            out.push('}');
        }
        out.push(']');
    }
}

/// Sorts and merges ranges into disjoint, non-adjacent ascending ranges.
pub(super) fn normalize(mut ranges: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    ranges.sort_unstable();
    let mut merged: Vec<(u32, u32)> = Vec::with_capacity(ranges.len());
    for (lo, hi) in ranges {
        match merged.last_mut() {
            Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
            _ => merged.push((lo, hi)),
        }
    }
    merged
}

/// The complement over `0..=MAX_CODE_POINT` of normalized ranges.
pub(super) fn complement(ranges: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut out = Vec::with_capacity(ranges.len() + 1);
    let mut next = 0u32;
    for &(lo, hi) in ranges {
        if lo > next {
            out.push((next, lo - 1));
        }
        next = hi.saturating_add(1);
    }
    if next <= MAX_CODE_POINT {
        out.push((next, MAX_CODE_POINT));
    }
    out
}

/// Normalized ranges without the surrogate block, which `regex` cannot name
/// and a well-formed string never holds (invariant 4).
pub(super) fn remove_surrogates(ranges: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let (s_lo, s_hi) = SURROGATES;
    let mut out = Vec::with_capacity(ranges.len() + 1);
    for &(lo, hi) in ranges {
        if lo < s_lo {
            out.push((lo, hi.min(s_lo - 1)));
        }
        if hi > s_hi {
            out.push((lo.max(s_hi + 1), hi));
        }
    }
    out
}

/// Writes ranges as the inside of a `regex` class, every endpoint as a
/// `\x{..}` escape so no class metacharacter (`[`, `-`, `&&`, `--`, `~~`)
/// is ever spelled literally.
pub(super) fn write_ranges(ranges: &[(u32, u32)], out: &mut String) {
    for &(lo, hi) in ranges {
        write_hex(lo, out);
        if hi != lo {
            out.push('-');
            write_hex(hi, out);
        }
    }
}

/// Writes `\x{HEX}`.
pub(super) fn write_hex(cp: u32, out: &mut String) {
    // Writing into a String cannot fail.
    let _ = write!(out, "\\x{{{cp:X}}}");
}

/// Writes one literal code point as a `regex` atom: ASCII letters and digits
/// as themselves, anything else as `\x{..}`, a lone surrogate as [`NEVER`].
pub(super) fn write_literal(cp: u32, out: &mut String) {
    match char::from_u32(cp) {
        Some(c) if c.is_ascii_alphanumeric() => out.push(c),
        Some(_) => write_hex(cp, out),
        None => out.push_str(NEVER),
    }
}

/// The identifier checker for group names: ECMA-262 RegExpIdentifierName.
pub(super) fn identifier_regex() -> &'static Regex {
    static IDENTIFIER: OnceLock<Regex> = OnceLock::new();
    IDENTIFIER.get_or_init(|| {
        // A fixed, tested pattern: failure here is a build-time bug.
        Regex::new(r"\A[\p{ID_Start}$_][\p{ID_Continue}$\x{200C}\x{200D}]*\z")
            .expect("identifier pattern compiles")
    })
}
