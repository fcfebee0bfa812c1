//! The `pattern` keyword: ECMA-262 regular expressions, translated for the
//! `regex` crate and compiled once per form.
//!
//! A JSON Schema `pattern` is an ECMA-262 regular expression, matched against
//! the decoded string as an unanchored search. The JSON Schema 2020-12 test
//! suite expects Unicode semantics, so the source is read as if the `u` flag
//! were set (and no other flag). This module parses that dialect with a small
//! recursive-descent parser and emits an equivalent pattern for the `regex`
//! crate, whose engines match in linear time. The emitted pattern spells every
//! construct in one unambiguous form, so no difference between the two
//! dialects' surface syntax can leak through: literals are `\x{..}` escapes
//! (ASCII letters and digits excepted), classes are explicit code point ranges
//! plus canonical Unicode property names, groups are non-capturing `(?:..)`.
//!
//! # Invariants
//!
//! 1. **Exact or error.** A [`Pattern`] exists only if its source is a valid
//!    ECMA-262 pattern in Unicode mode whose every construct has a translation
//!    with exactly the ECMA meaning. Everything else is a [`PatternError`]
//!    naming the problem and its byte offset in the source: lookaround and
//!    backreferences (no linear-time exact match), inline modifiers, invalid
//!    identity escapes such as `\a` (a syntax error in Unicode mode), lone
//!    `{` `}` `]`, malformed escapes, quantifiers on nothing, out-of-order
//!    ranges and counts, unknown property names. A few valid patterns are
//!    refused rather than approximated: duplicate group names (ES2025 allows
//!    them in different alternatives) and properties the `regex` crate has no
//!    table for (`Changes_When_NFKC_Casefolded`, `Script=Unknown`).
//! 2. **ECMA character sets.** `\d` is `[0-9]`, `\w` is `[A-Za-z0-9_]`, `\s` is
//!    ECMA WhiteSpace plus LineTerminator (U+0009, U+000B, U+000C, U+0020,
//!    U+00A0, U+FEFF, the Zs category, U+000A, U+000D, U+2028, U+2029: it holds
//!    U+FEFF and not U+0085); `\D` `\W` `\S` are their complements over all code
//!    points; `.` is every code point except U+000A, U+000D, U+2028, U+2029.
//!    All of these are emitted as explicit ranges, never as `regex` shorthands.
//! 3. **ECMA assertions.** `^` is the start of input only (`\A`), `$` the very
//!    end of input only (`\z`), `\b` and `\B` use the ASCII word characters of
//!    `\w` (`(?-u:\b)`, `(?-u:\B)`). ECMA-262 tries start positions code point
//!    by code point under `u`, and `regex` never reports a match that splits a
//!    code point, so `\B` never matches inside a character. (V8 does match
//!    `/\B/u` inside a surrogate pair, e.g. in `"a🐲a"`; the specification and
//!    this module do not.)
//! 4. **Code points.** The pattern and the input are sequences of Unicode scalar
//!    values: a non-BMP character is one atom, a surrogate pair written
//!    `\uD83D\uDE00` is one code point, and a lone surrogate (which a well-formed
//!    string never holds) matches nothing. Property escapes use the `regex`
//!    crate's Unicode tables (Unicode 16 for `regex` 1.13); an engine on another
//!    Unicode version can differ on code points assigned in between.
//! 5. **Verdicts, not captures.** Only [`Pattern::is_match`] is observable, so
//!    capturing and named groups become non-capturing groups and lazy
//!    quantifiers keep their syntax but cannot change a verdict. ECMA's
//!    backtracking search is exhaustive, so "some match exists" coincides with
//!    the regular-language meaning the `regex` crate computes.
//! 6. **Bounded work, no panics.** Group nesting is limited to [`NEST_LIMIT`],
//!    repetition counts to `u32::MAX`, and the compiled program to
//!    [`SIZE_LIMIT`] bytes; exceeding any of them is an error, never a panic.
//!
//! # Cost
//!
//! Translation is O(n) time and O(n) memory in the source length `n`, plus a
//! scan of a property table (under 200 entries) per `\p{..}` escape and a
//! once-per-process compile of the identifier checker for named groups.
//! Compilation is bounded by [`SIZE_LIMIT`]. Matching is linear in the input:
//! the `regex` crate's worst case is O(m * len) for a compiled size m, which is
//! bounded by [`SIZE_LIMIT`].

use std::fmt::{self, Write as _};
use std::sync::OnceLock;

use regex::{Regex, RegexBuilder};

/// Maximum size in bytes of one compiled pattern (the `regex` crate's
/// `size_limit`, which is also its default). `^\p{L}{1,100}$` fits; a
/// repetition that would compile larger is a [`PatternErrorKind::TooLarge`].
pub(crate) const SIZE_LIMIT: usize = 10 * (1 << 20);

/// Maximum nesting depth of groups in an ECMA source. Each ECMA group emits at
/// most two nesting levels for `regex` (the group and its repetition), so
/// [`REGEX_NEST_LIMIT`] is never the limit that is hit.
pub(crate) const NEST_LIMIT: u32 = 100;

/// The `regex` crate's own nesting limit: two levels per ECMA group plus the
/// outer group, with headroom.
const REGEX_NEST_LIMIT: u32 = 2 * NEST_LIMIT + 8;

/// A class that never matches: the complement of every code point.
const NEVER: &str = r"[^\x{0}-\x{10FFFF}]";

/// The largest Unicode code point.
const MAX_CODE_POINT: u32 = 0x10_FFFF;

/// The surrogate block, which holds no Unicode scalar values.
const SURROGATES: (u32, u32) = (0xD800, 0xDFFF);

/// `\d`: ASCII digits.
const DIGIT: &[(u32, u32)] = &[(0x30, 0x39)];

/// `\w`: ASCII letters, digits and `_`.
const WORD: &[(u32, u32)] = &[(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)];

/// `\s`: ECMA WhiteSpace (TAB, VT, FF, ZWNBSP, and Zs, which holds SP and
/// NBSP) plus LineTerminator (LF, CR, LS, PS). Zs has been this set since
/// Unicode 6.3.
const SPACE: &[(u32, u32)] = &[
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
const DOT: &[(u32, u32)] = &[
    (0x00, 0x09),
    (0x0B, 0x0C),
    (0x0E, 0x2027),
    (0x202A, MAX_CODE_POINT),
];

/// General_Category values and their aliases (PropertyValueAliases.txt), as
/// `Long:alias:alias` entries; ECMA accepts exactly these spellings.
const GENERAL_CATEGORIES: &str = "\
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
const BINARY_PROPERTIES: &str = "\
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
const SCRIPTS: &str = "\
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
/// for: a [`PatternErrorKind::UnsupportedProperty`] rather than a guess.
const UNSUPPORTED_BINARY_PROPERTIES: &str = "Changes_When_NFKC_Casefolded CWKCF";

/// Script values ECMA-262 accepts but the `regex` crate has no table for: a
/// [`PatternErrorKind::UnsupportedProperty`] rather than a guess.
const UNSUPPORTED_SCRIPTS: &str = "Unknown Zzzz";

/// A compiled `pattern`: the ECMA-262 source as written in the form and the
/// `regex` program with the same meaning (invariants 1 to 6 of the module).
#[derive(Debug, Clone)]
pub(crate) struct Pattern {
    /// The ECMA-262 source, as written in the form.
    source: Box<str>,
    /// The translation of `source`, compiled.
    regex: Regex,
}

impl Pattern {
    /// Translates and compiles an ECMA-262 pattern.
    ///
    /// Fails with the offset of the first construct that is malformed or has
    /// no exact linear-time translation, or with offset 0 when the compiled
    /// program would exceed [`SIZE_LIMIT`]. O(n) translation, compile bounded
    /// by [`SIZE_LIMIT`].
    pub(crate) fn new(source: &str) -> Result<Pattern, PatternError> {
        let translated = translate(source)?;
        // Every flag is spelled out so the emitted syntax has one reading
        // (invariant 2): no case folding, no multi-line anchors, no verbose mode.
        let regex = RegexBuilder::new(&translated)
            .unicode(true)
            .case_insensitive(false)
            .multi_line(false)
            .dot_matches_new_line(false)
            .crlf(false)
            .swap_greed(false)
            .ignore_whitespace(false)
            .octal(false)
            .size_limit(SIZE_LIMIT)
            .nest_limit(REGEX_NEST_LIMIT)
            .build()
            .map_err(|err| {
                let kind = match err {
                    regex::Error::CompiledTooBig(limit) => PatternErrorKind::TooLarge { limit },
                    other => PatternErrorKind::Engine(other.to_string()),
                };
                PatternError::new(0, kind)
            })?;
        Ok(Pattern {
            source: source.into(),
            regex,
        })
    }

    /// Whether the pattern matches anywhere in `s` (unanchored search, as
    /// ECMA-262 `RegExp.prototype.test` with the `u` flag). Linear in `s`.
    pub(crate) fn is_match(&self, s: &str) -> bool {
        self.regex.is_match(s)
    }

    /// The ECMA-262 source, as written in the form.
    pub(crate) fn source(&self) -> &str {
        &self.source
    }
}

/// Translates an ECMA-262 pattern (Unicode mode) into `regex` crate syntax
/// with the same meaning, or says what is wrong and where.
///
/// The output is wrapped in one non-capturing group and has no capture
/// groups; the only flag group is `(?-u:..)` around `\b` and `\B`. O(n) time
/// and memory.
pub(crate) fn translate(source: &str) -> Result<String, PatternError> {
    let mut parser = Parser {
        src: source,
        pos: 0,
        depth: 0,
        names: Vec::new(),
    };
    let mut out = String::with_capacity(source.len() * 2 + 8);
    out.push_str("(?:");
    parser.disjunction(&mut out)?;
    if parser.peek().is_some() {
        // The only way a disjunction stops before the end is a `)` it did not open.
        return Err(PatternError::new(
            parser.pos,
            PatternErrorKind::UnmatchedParen,
        ));
    }
    out.push(')');
    Ok(out)
}

/// Why a `pattern` cannot be compiled, and where. Displays as the kind's
/// message followed by `(at byte N of the pattern)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PatternError {
    /// Byte offset in the ECMA-262 source of the offending construct.
    offset: usize,
    /// What is wrong.
    kind: PatternErrorKind,
}

impl PatternError {
    /// An error of `kind` at byte `offset` of the source.
    fn new(offset: usize, kind: PatternErrorKind) -> PatternError {
        PatternError { offset, kind }
    }

    /// Byte offset in the ECMA-262 source of the offending construct (0 for
    /// limits that concern the whole pattern).
    pub(crate) fn offset(&self) -> usize {
        self.offset
    }

    /// What is wrong.
    pub(crate) fn kind(&self) -> &PatternErrorKind {
        &self.kind
    }
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (at byte {} of the pattern)",
            self.kind(),
            self.offset()
        )
    }
}

impl std::error::Error for PatternError {}

/// What is wrong with a `pattern`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub(crate) enum PatternErrorKind {
    /// `(?=` or `(?!`.
    #[error("lookahead is not supported (cannot be matched exactly in linear time)")]
    Lookahead,
    /// `(?<=` or `(?<!`.
    #[error("lookbehind is not supported (cannot be matched exactly in linear time)")]
    Lookbehind,
    /// `\1`..`\9...` or `\k<name>`.
    #[error("backreference is not supported (cannot be matched exactly in linear time)")]
    Backreference,
    /// `(?i:..)` and other inline modifier groups.
    #[error("inline modifier group is not supported")]
    Modifiers,
    /// `(?` followed by something that starts no group form.
    #[error("invalid group: `(?` must start `(?:`, `(?<name>`, or a lookaround")]
    InvalidGroup,
    /// A group name that is not an ECMA-262 identifier, or is unterminated.
    #[error("invalid group name: expected an identifier followed by `>`")]
    InvalidGroupName,
    /// Two groups with the same name.
    #[error("duplicate group name `{0}`")]
    DuplicateGroupName(String),
    /// A `(` without its `)`.
    #[error("unclosed group: `(` has no matching `)`")]
    UnclosedGroup,
    /// A `)` without its `(`.
    #[error("unmatched `)`")]
    UnmatchedParen,
    /// A `[` without its `]`.
    #[error("unclosed character class: `[` has no matching `]`")]
    UnclosedClass,
    /// A `]` outside a class (a syntax error in Unicode mode).
    #[error("lone `]` (escape it as `\\]`)")]
    LoneBracket,
    /// A `{` or `}` that is not part of a quantifier (a syntax error in
    /// Unicode mode).
    #[error("lone `{{` or `}}` (escape it, or write a quantifier `{{n}}`, `{{n,}}`, `{{n,m}}`)")]
    LoneBrace,
    /// A quantifier with nothing quantifiable before it (start of an
    /// alternative, after an assertion, after another quantifier).
    #[error("quantifier has nothing to repeat")]
    NothingToRepeat,
    /// `{n,m}` with `n > m`.
    #[error("repetition range out of order: minimum {min} exceeds maximum {max}")]
    RepetitionOutOfOrder {
        /// The minimum count.
        min: u32,
        /// The maximum count.
        max: u32,
    },
    /// A repetition count above `u32::MAX`.
    #[error("repetition count exceeds the limit {limit}")]
    RepetitionTooLarge {
        /// The largest count accepted.
        limit: u32,
    },
    /// Groups nested deeper than [`NEST_LIMIT`].
    #[error("groups nested deeper than the limit {limit}")]
    NestingTooDeep {
        /// The nesting limit.
        limit: u32,
    },
    /// A `\` at the end of the pattern.
    #[error("`\\` at end of pattern")]
    TrailingBackslash,
    /// An escape that is not valid in Unicode mode, e.g. `\a`, `\-` outside
    /// a class, `\B` inside one.
    #[error(
        "invalid escape `\\{0}` (in Unicode mode only syntax characters and `/` may be escaped)"
    )]
    InvalidEscape(char),
    /// `\c` not followed by an ASCII letter.
    #[error("invalid control escape: `\\c` must be followed by an ASCII letter")]
    InvalidControlEscape,
    /// `\x` not followed by two hex digits.
    #[error("invalid hex escape: `\\x` must be followed by two hex digits")]
    InvalidHexEscape,
    /// `\u` not followed by four hex digits or `{hex}` up to `10FFFF`.
    #[error("invalid unicode escape: expected `\\uHHHH` or `\\u{{H..}}` up to 10FFFF")]
    InvalidUnicodeEscape,
    /// `\0` followed by a digit (a legacy octal escape, not valid in Unicode mode).
    #[error("octal escape is not valid in Unicode mode: `\\0` followed by a digit")]
    OctalEscape,
    /// `\p` or `\P` not followed by a well-formed `{Name}` or `{Name=Value}`.
    #[error("invalid property escape: expected `\\p{{Name}}` or `\\p{{Name=Value}}`")]
    InvalidPropertyEscape,
    /// A property name or value ECMA-262 does not define (matching is exact:
    /// case and underscores count).
    #[error("unknown Unicode property `{0}`")]
    UnknownProperty(String),
    /// A property ECMA-262 defines but the regex engine has no table for.
    #[error("Unicode property `{0}` is not supported by the regex engine")]
    UnsupportedProperty(String),
    /// A class range whose end is below its start.
    #[error("character class range out of order")]
    ClassRangeOutOfOrder,
    /// A class range with `\d`, `\w`, `\s`, `\p{..}` or a negation at an end
    /// (a syntax error in Unicode mode).
    #[error("character class range has a class escape as an endpoint")]
    ClassRangeWithClassEscape,
    /// The compiled program would exceed [`SIZE_LIMIT`].
    #[error("compiled pattern exceeds the size limit of {limit} bytes")]
    TooLarge {
        /// The size limit in bytes.
        limit: usize,
    },
    /// The regex engine rejected the translation: a bug in this module,
    /// reported rather than hidden.
    #[error("internal error: the regex engine rejected the translation: {0}")]
    Engine(String),
}

/// A Unicode property named by `\p{..}`, resolved to its canonical long name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Property {
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
fn lookup(table: &'static str, name: &str) -> Option<&'static str> {
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
#[derive(Debug, Default)]
struct ClassSet {
    /// Inclusive ranges, in any order, possibly overlapping.
    ranges: Vec<(u32, u32)>,
    /// Properties; `true` marks `\P{..}`.
    properties: Vec<(bool, Property)>,
}

impl ClassSet {
    /// A class of the given ranges, or of their complement.
    fn from_ranges(ranges: &[(u32, u32)], negated: bool) -> ClassSet {
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
    fn union(&mut self, other: ClassSet) {
        self.ranges.extend(other.ranges);
        self.properties.extend(other.properties);
    }

    /// Adds `\p{..}` (or `\P{..}` when `negated`).
    fn add_property(&mut self, negated: bool, property: Property) {
        match (property, negated) {
            // No scalar value is a surrogate (invariant 4).
            (Property::Surrogate, false) => {}
            (Property::Surrogate, true) => self.ranges.push((0, MAX_CODE_POINT)),
            _ => self.properties.push((negated, property)),
        }
    }

    /// Writes the class, negated if asked, as one `regex` atom.
    fn write(self, negated: bool, out: &mut String) {
        let ranges = normalize(self.ranges);
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
        for (negated, property) in self.properties {
            out.push_str(if negated { r"\P{" } else { r"\p{" });
            property.write_name(out);
            out.push('}');
        }
        out.push(']');
    }
}

/// Sorts and merges ranges into disjoint, non-adjacent ascending ranges.
fn normalize(mut ranges: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
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
fn complement(ranges: &[(u32, u32)]) -> Vec<(u32, u32)> {
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
fn remove_surrogates(ranges: &[(u32, u32)]) -> Vec<(u32, u32)> {
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
fn write_ranges(ranges: &[(u32, u32)], out: &mut String) {
    for &(lo, hi) in ranges {
        write_hex(lo, out);
        if hi != lo {
            out.push('-');
            write_hex(hi, out);
        }
    }
}

/// Writes `\x{HEX}`.
fn write_hex(cp: u32, out: &mut String) {
    // Writing into a String cannot fail.
    let _ = write!(out, "\\x{{{cp:X}}}");
}

/// Writes one literal code point as a `regex` atom: ASCII letters and digits
/// as themselves, anything else as `\x{..}`, a lone surrogate as [`NEVER`].
fn write_literal(cp: u32, out: &mut String) {
    match char::from_u32(cp) {
        Some(c) if c.is_ascii_alphanumeric() => out.push(c),
        Some(_) => write_hex(cp, out),
        None => out.push_str(NEVER),
    }
}

/// The identifier checker for group names: ECMA-262 RegExpIdentifierName.
fn identifier_regex() -> &'static Regex {
    static IDENTIFIER: OnceLock<Regex> = OnceLock::new();
    IDENTIFIER.get_or_init(|| {
        // A fixed, tested pattern: failure here is a build-time bug.
        Regex::new(r"\A[\p{ID_Start}$_][\p{ID_Continue}$\x{200C}\x{200D}]*\z")
            .expect("identifier pattern compiles")
    })
}

/// An atom that may stand at one end of a class range.
enum ClassAtom {
    /// One code point (possibly a lone surrogate).
    Char(u32),
    /// A class escape: `\d`, `\D`, `\s`, `\S`, `\w`, `\W`, `\p{..}`, `\P{..}`.
    Set(ClassSet),
}

/// A parsed quantifier.
struct Quantifier {
    /// Minimum count.
    min: u32,
    /// Maximum count, `None` for unbounded.
    max: Option<u32>,
    /// `?` suffix: lazy.
    lazy: bool,
}

impl Quantifier {
    /// Writes the quantifier in `regex` syntax.
    fn write(&self, out: &mut String) {
        match (self.min, self.max) {
            (0, None) => out.push('*'),
            (1, None) => out.push('+'),
            (0, Some(1)) => out.push('?'),
            (min, None) => {
                let _ = write!(out, "{{{min},}}");
            }
            (min, Some(max)) if min == max => {
                let _ = write!(out, "{{{min}}}");
            }
            (min, Some(max)) => {
                let _ = write!(out, "{{{min},{max}}}");
            }
        }
        if self.lazy {
            out.push('?');
        }
    }
}

/// The recursive-descent parser of ECMA-262 Pattern[+UnicodeMode], emitting
/// `regex` syntax as it goes.
struct Parser<'s> {
    /// The ECMA-262 source.
    src: &'s str,
    /// Byte offset of the next character.
    pos: usize,
    /// Current group nesting depth.
    depth: u32,
    /// Group names seen so far.
    names: Vec<String>,
}

/// Shorthand for an error result.
fn fail<T>(offset: usize, kind: PatternErrorKind) -> Result<T, PatternError> {
    Err(PatternError::new(offset, kind))
}

impl Parser<'_> {
    /// The next character, if any.
    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    /// The character `n` places after the next one, if any.
    fn peek_nth(&self, n: usize) -> Option<char> {
        self.src[self.pos..].chars().nth(n)
    }

    /// Consumes and returns the next character.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    /// Consumes the next character if it is `c`.
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    /// Disjunction: alternatives separated by `|`, up to `)` or the end.
    fn disjunction(&mut self, out: &mut String) -> Result<(), PatternError> {
        loop {
            self.alternative(out)?;
            if !self.eat('|') {
                return Ok(());
            }
            out.push('|');
        }
    }

    /// Alternative: a sequence of terms, up to `|`, `)` or the end.
    fn alternative(&mut self, out: &mut String) -> Result<(), PatternError> {
        while !matches!(self.peek(), None | Some('|') | Some(')')) {
            self.term(out)?;
        }
        Ok(())
    }

    /// Term: an assertion, or an atom with an optional quantifier. A
    /// quantifier after an assertion or another quantifier is left for the
    /// next term, where it is a [`PatternErrorKind::NothingToRepeat`].
    fn term(&mut self, out: &mut String) -> Result<(), PatternError> {
        match (self.peek(), self.peek_nth(1)) {
            (Some('^'), _) => {
                self.pos += 1;
                out.push_str(r"\A");
            }
            (Some('$'), _) => {
                self.pos += 1;
                out.push_str(r"\z");
            }
            // Invariant 3: ASCII word boundaries.
            (Some('\\'), Some('b')) => {
                self.pos += 2;
                out.push_str(r"(?-u:\b)");
            }
            (Some('\\'), Some('B')) => {
                self.pos += 2;
                out.push_str(r"(?-u:\B)");
            }
            _ => {
                self.atom(out)?;
                if let Some(quantifier) = self.quantifier()? {
                    quantifier.write(out);
                }
            }
        }
        Ok(())
    }

    /// Atom: emits exactly one `regex` atom, so a quantifier can follow it.
    fn atom(&mut self, out: &mut String) -> Result<(), PatternError> {
        let start = self.pos;
        let Some(c) = self.bump() else {
            return fail(start, PatternErrorKind::NothingToRepeat);
        };
        match c {
            '.' => ClassSet::from_ranges(DOT, false).write(false, out),
            '(' => self.group(start, out)?,
            '[' => self.class(start, out)?,
            '\\' => self.atom_escape(start, out)?,
            '*' | '+' | '?' => return fail(start, PatternErrorKind::NothingToRepeat),
            '{' => {
                // A well-formed `{n,m}` here has nothing to repeat; anything
                // else is a lone brace.
                self.pos = start;
                let kind = match self.quantifier() {
                    Ok(None) => PatternErrorKind::LoneBrace,
                    Err(err) if err.kind == PatternErrorKind::LoneBrace => {
                        PatternErrorKind::LoneBrace
                    }
                    _ => PatternErrorKind::NothingToRepeat,
                };
                return fail(start, kind);
            }
            '}' => return fail(start, PatternErrorKind::LoneBrace),
            ']' => return fail(start, PatternErrorKind::LoneBracket),
            ')' => return fail(start, PatternErrorKind::UnmatchedParen),
            c => write_literal(u32::from(c), out),
        }
        Ok(())
    }

    /// Quantifier: `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each optionally
    /// followed by `?`. `None` if no quantifier starts here; a `{` that does
    /// not form one is an error (Unicode mode has no literal `{`).
    fn quantifier(&mut self) -> Result<Option<Quantifier>, PatternError> {
        let start = self.pos;
        let (min, max) = match self.peek() {
            Some('*') => (0, None),
            Some('+') => (1, None),
            Some('?') => (0, Some(1)),
            Some('{') => {
                self.pos += 1;
                let Some(min) = self.decimal(start)? else {
                    return fail(start, PatternErrorKind::LoneBrace);
                };
                let max = if self.eat(',') {
                    self.decimal(start)?
                } else {
                    Some(min)
                };
                if self.peek() != Some('}') {
                    return fail(start, PatternErrorKind::LoneBrace);
                }
                (min, max)
            }
            _ => return Ok(None),
        };
        self.pos += 1;
        if let Some(max) = max {
            if max < min {
                return fail(start, PatternErrorKind::RepetitionOutOfOrder { min, max });
            }
        }
        let lazy = self.eat('?');
        Ok(Some(Quantifier { min, max, lazy }))
    }

    /// DecimalDigits of a quantifier starting at `start`: `None` if there are
    /// none; counts above `u32::MAX` are an error.
    fn decimal(&mut self, start: usize) -> Result<Option<u32>, PatternError> {
        let digits = self.src[self.pos..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        if digits == 0 {
            return Ok(None);
        }
        let text = &self.src[self.pos..self.pos + digits];
        self.pos += digits;
        // Only digits, so the only failure is overflow.
        match text.parse::<u32>() {
            Ok(n) => Ok(Some(n)),
            Err(_) => fail(
                start,
                PatternErrorKind::RepetitionTooLarge { limit: u32::MAX },
            ),
        }
    }

    /// Group after its `(` at `start`: `( )`, `(?: )`, `(?<name> )`;
    /// lookaround and modifiers are errors (invariant 1). Captures are not
    /// observable, so every group is emitted non-capturing (invariant 5).
    fn group(&mut self, start: usize, out: &mut String) -> Result<(), PatternError> {
        if self.eat('?') {
            match (self.peek(), self.peek_nth(1)) {
                (Some(':'), _) => self.pos += 1,
                (Some('=' | '!'), _) => return fail(start, PatternErrorKind::Lookahead),
                (Some('<'), Some('=' | '!')) => return fail(start, PatternErrorKind::Lookbehind),
                (Some('<'), _) => {
                    self.pos += 1;
                    self.group_name()?;
                }
                (Some('i' | 'm' | 's' | '-'), _) => {
                    return fail(start, PatternErrorKind::Modifiers)
                }
                _ => return fail(start, PatternErrorKind::InvalidGroup),
            }
        }
        self.depth += 1;
        if self.depth > NEST_LIMIT {
            return fail(
                start,
                PatternErrorKind::NestingTooDeep { limit: NEST_LIMIT },
            );
        }
        out.push_str("(?:");
        self.disjunction(out)?;
        if !self.eat(')') {
            return fail(start, PatternErrorKind::UnclosedGroup);
        }
        out.push(')');
        self.depth -= 1;
        Ok(())
    }

    /// GroupName after `(?<`: a RegExpIdentifierName (characters or `\u`
    /// escapes) and `>`, unique in the pattern.
    fn group_name(&mut self) -> Result<(), PatternError> {
        let name_start = self.pos;
        let mut name = String::new();
        loop {
            let escape_start = self.pos;
            match self.bump() {
                None => return fail(name_start, PatternErrorKind::InvalidGroupName),
                Some('>') => break,
                Some('\\') => {
                    if !self.eat('u') {
                        return fail(name_start, PatternErrorKind::InvalidGroupName);
                    }
                    let cp = self.unicode_escape(escape_start)?;
                    match char::from_u32(cp) {
                        Some(c) => name.push(c),
                        None => return fail(name_start, PatternErrorKind::InvalidGroupName),
                    }
                }
                Some(c) => name.push(c),
            }
        }
        if !identifier_regex().is_match(&name) {
            return fail(name_start, PatternErrorKind::InvalidGroupName);
        }
        if self.names.contains(&name) {
            return fail(name_start, PatternErrorKind::DuplicateGroupName(name));
        }
        self.names.push(name);
        Ok(())
    }

    /// AtomEscape after its `\` at `start` (`\b` and `\B` are assertions,
    /// handled by [`Parser::term`]).
    fn atom_escape(&mut self, start: usize, out: &mut String) -> Result<(), PatternError> {
        match self.peek() {
            Some('1'..='9') => fail(start, PatternErrorKind::Backreference),
            Some('k') if self.peek_nth(1) == Some('<') => {
                fail(start, PatternErrorKind::Backreference)
            }
            _ => {
                match self.class_escape(start, false)? {
                    ClassAtom::Char(cp) => write_literal(cp, out),
                    ClassAtom::Set(set) => set.write(false, out),
                }
                Ok(())
            }
        }
    }

    /// ClassEscape (`in_class`) or the CharacterClassEscape and
    /// CharacterEscape parts of AtomEscape, after the `\` at `start`.
    fn class_escape(&mut self, start: usize, in_class: bool) -> Result<ClassAtom, PatternError> {
        let Some(c) = self.bump() else {
            return fail(start, PatternErrorKind::TrailingBackslash);
        };
        let cp = match c {
            'd' | 'D' => return Ok(ClassAtom::Set(ClassSet::from_ranges(DIGIT, c == 'D'))),
            's' | 'S' => return Ok(ClassAtom::Set(ClassSet::from_ranges(SPACE, c == 'S'))),
            'w' | 'W' => return Ok(ClassAtom::Set(ClassSet::from_ranges(WORD, c == 'W'))),
            'p' | 'P' => {
                let property = self.property(start)?;
                let mut set = ClassSet::default();
                set.add_property(c == 'P', property);
                return Ok(ClassAtom::Set(set));
            }
            'b' if in_class => 0x08,
            '-' if in_class => u32::from('-'),
            'f' => 0x0C,
            'n' => 0x0A,
            'r' => 0x0D,
            't' => 0x09,
            'v' => 0x0B,
            'c' => match self.peek() {
                Some(letter) if letter.is_ascii_alphabetic() => {
                    self.pos += 1;
                    u32::from(letter) % 32
                }
                _ => return fail(start, PatternErrorKind::InvalidControlEscape),
            },
            '0' => {
                if self.peek().is_some_and(|d| d.is_ascii_digit()) {
                    return fail(start, PatternErrorKind::OctalEscape);
                }
                0
            }
            'x' => {
                let Some(value) = self.hex_digits(2) else {
                    return fail(start, PatternErrorKind::InvalidHexEscape);
                };
                value
            }
            'u' => self.unicode_escape(start)?,
            '^' | '$' | '\\' | '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|'
            | '/' => u32::from(c),
            other => return fail(start, PatternErrorKind::InvalidEscape(other)),
        };
        Ok(ClassAtom::Char(cp))
    }

    /// Exactly `n` hex digits, consumed only if all are present.
    fn hex_digits(&mut self, n: usize) -> Option<u32> {
        let text = self.src.get(self.pos..self.pos + n)?;
        if !text.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let value = u32::from_str_radix(text, 16).ok()?;
        self.pos += n;
        Some(value)
    }

    /// RegExpUnicodeEscapeSequence[+UnicodeMode] after `\u` (the `\` at
    /// `start`): `{H..}` up to 10FFFF, or four hex digits, where a lead
    /// surrogate followed by `\u` and a trail surrogate is one code point
    /// (invariant 4).
    fn unicode_escape(&mut self, start: usize) -> Result<u32, PatternError> {
        if self.eat('{') {
            let digits = self.src[self.pos..]
                .bytes()
                .take_while(u8::is_ascii_hexdigit)
                .count();
            let text = &self.src[self.pos..self.pos + digits];
            let value = text.trim_start_matches('0');
            // Leading zeros are allowed; more than six significant digits
            // is above 10FFFF anyway.
            let cp = if digits == 0 || value.len() > 6 {
                None
            } else if value.is_empty() {
                Some(0)
            } else {
                u32::from_str_radix(value, 16).ok()
            };
            self.pos += digits;
            return match cp {
                Some(cp) if cp <= MAX_CODE_POINT && self.eat('}') => Ok(cp),
                _ => fail(start, PatternErrorKind::InvalidUnicodeEscape),
            };
        }
        let Some(lead) = self.hex_digits(4) else {
            return fail(start, PatternErrorKind::InvalidUnicodeEscape);
        };
        if (0xD800..=0xDBFF).contains(&lead) && self.src[self.pos..].starts_with("\\u") {
            let resume = self.pos;
            self.pos += 2;
            match self.hex_digits(4) {
                Some(trail) if (0xDC00..=0xDFFF).contains(&trail) => {
                    return Ok(0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00));
                }
                _ => self.pos = resume,
            }
        }
        Ok(lead)
    }

    /// UnicodePropertyValueExpression after `\p` or `\P` (the `\` at
    /// `start`): `{Name}` or `{Name=Value}`, spelled exactly as ECMA-262
    /// and PropertyValueAliases.txt spell it.
    fn property(&mut self, start: usize) -> Result<Property, PatternError> {
        if !self.eat('{') {
            return fail(start, PatternErrorKind::InvalidPropertyEscape);
        }
        let Some(len) = self.src[self.pos..].find('}') else {
            return fail(start, PatternErrorKind::InvalidPropertyEscape);
        };
        let body = &self.src[self.pos..self.pos + len];
        self.pos += len + 1;
        let (name, value) = match body.split_once('=') {
            Some((name, value)) => (Some(name), value),
            None => (None, body),
        };
        let name_ok = match name {
            None => true,
            Some(name) => {
                !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphabetic() || b == b'_')
            }
        };
        let value_ok = !value.is_empty()
            && value
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if !name_ok || !value_ok {
            return fail(start, PatternErrorKind::InvalidPropertyEscape);
        }
        let property = match name {
            None => lookup(GENERAL_CATEGORIES, value)
                .map(general_category)
                .or_else(|| lookup(BINARY_PROPERTIES, value).map(Property::Binary)),
            Some("General_Category" | "gc") => {
                lookup(GENERAL_CATEGORIES, value).map(general_category)
            }
            Some("Script" | "sc") => lookup(SCRIPTS, value).map(Property::Script),
            Some("Script_Extensions" | "scx") => {
                lookup(SCRIPTS, value).map(Property::ScriptExtensions)
            }
            Some(_) => None,
        };
        match property {
            Some(property) => Ok(property),
            None => {
                let unsupported = match name {
                    None => UNSUPPORTED_BINARY_PROPERTIES,
                    Some("Script" | "sc" | "Script_Extensions" | "scx") => UNSUPPORTED_SCRIPTS,
                    Some(_) => "",
                }
                .split_ascii_whitespace()
                .any(|known| known == value);
                let kind = if unsupported {
                    PatternErrorKind::UnsupportedProperty(body.to_owned())
                } else {
                    PatternErrorKind::UnknownProperty(body.to_owned())
                };
                fail(start, kind)
            }
        }
    }

    /// CharacterClass after its `[` at `start`, emitted as one `regex` class
    /// of explicit ranges and canonical property names (invariant 2).
    fn class(&mut self, start: usize, out: &mut String) -> Result<(), PatternError> {
        let negated = self.eat('^');
        let mut set = ClassSet::default();
        loop {
            let atom_start = self.pos;
            match self.peek() {
                None => return fail(start, PatternErrorKind::UnclosedClass),
                Some(']') => {
                    self.pos += 1;
                    break;
                }
                _ => {}
            }
            let first = self.class_atom()?;
            // A `-` is a range operator unless it is last before `]` (or the end).
            if self.peek() == Some('-') && !matches!(self.peek_nth(1), None | Some(']')) {
                self.pos += 1;
                let second = self.class_atom()?;
                match (first, second) {
                    (ClassAtom::Char(lo), ClassAtom::Char(hi)) => {
                        if lo > hi {
                            return fail(atom_start, PatternErrorKind::ClassRangeOutOfOrder);
                        }
                        set.ranges.push((lo, hi));
                    }
                    _ => return fail(atom_start, PatternErrorKind::ClassRangeWithClassEscape),
                }
            } else {
                match first {
                    ClassAtom::Char(cp) => set.ranges.push((cp, cp)),
                    ClassAtom::Set(other) => set.union(other),
                }
            }
        }
        set.write(negated, out);
        Ok(())
    }

    /// ClassAtom: a character (any but `\` and `]`; `[` is literal here) or
    /// a ClassEscape. The caller has checked that one follows.
    fn class_atom(&mut self) -> Result<ClassAtom, PatternError> {
        let start = self.pos;
        match self.bump() {
            Some('\\') => self.class_escape(start, true),
            Some(c) => Ok(ClassAtom::Char(u32::from(c))),
            None => fail(start, PatternErrorKind::UnclosedClass),
        }
    }
}

/// A General_Category long name as a [`Property`].
fn general_category(name: &'static str) -> Property {
    if name == "Surrogate" {
        Property::Surrogate
    } else {
        Property::GeneralCategory(name)
    }
}

#[cfg(test)]
mod tests;
