//! What generated forms and bodies are made of: patterns and formats with strings to try
//! them on, number lexemes, strings and names; each pattern and format entry marked by
//! whether formgate and the jsonschema crate must agree on it (`tests/differential.rs`
//! lists the legitimate differences: `f64` rounding of numbers, ECMA `.` and `\b`, some
//! format corners). A [`Profile`] says which of them a generator may use.

/// A `pattern` and strings to try it on (some match, some do not).
#[derive(Debug, Clone, Copy)]
pub struct Pat {
    pub source: &'static str,
    pub samples: &'static [&'static str],
    /// jsonschema reads this pattern as ECMA-262 does on these samples.
    pub oracle: bool,
}

/// A `format` and strings to try it on (some valid, some not).
#[derive(Debug, Clone, Copy)]
pub struct Fmt {
    pub name: &'static str,
    pub samples: &'static [&'static str],
    /// No legitimate difference between implementations on these samples.
    pub oracle: bool,
}

/// What generated forms and bodies may contain. Every list is non-empty.
#[derive(Debug, Clone, Copy)]
pub struct Profile {
    pub patterns: &'static [Pat],
    pub formats: &'static [Fmt],
    /// Number lexemes for bounds, `enum`/`const` data and body leaves.
    pub numbers: &'static [&'static str],
    /// Lexemes for `multipleOf` (all positive).
    pub multiples: &'static [&'static str],
    /// Lexemes for `minLength` & co. (non-negative integers, as written).
    pub counts: &'static [&'static str],
    /// Strings for data and body leaves.
    pub strings: &'static [&'static str],
    /// Member names for `properties`, `required`, data and bodies.
    pub names: &'static [&'static str],
    /// Names of `$defs` entries (their `$ref`s are escaped by [`crate::fragment`]).
    pub def_names: &'static [&'static str],
    /// Texts for `title`, `description`, `$comment`.
    pub texts: &'static [&'static str],
    /// Also strings and number lexemes of any shape, chosen freely (one string in 16,
    /// one number in 8): the fuzzer's profile.
    pub free: bool,
    /// The dialects forms are written in (`$schema` URIs), each with the share of forms
    /// it gets out of the sum of the shares, the simplest choice first; a form of
    /// another dialect than 2020-12 always names it (`crate::dialect`).
    pub dialects: &'static [(&'static str, u32)],
    /// Numeric formats (`int32`, `double`...) for `format` on numbers.
    pub numeric_formats: &'static [Fmt],
    /// `contentEncoding`, `contentMediaType` and `contentSchema`, in the dialects that
    /// have them (with `oracle_only`, in draft-07 alone, the one the oracle asserts them
    /// in).
    pub content: bool,
    /// Leave out what the oracle reads otherwise instead of marking the case
    /// ([`crate::Gen::oracle`]): formats jsonschema does not assert in an older dialect
    /// a form is translated to, numeric format samples that are no short decimals. The
    /// [`ORACLE`] profile's cases keep the oracle; the [`FUZZ`] profile's keep it more
    /// often.
    pub oracle_only: bool,
}

/// The five dialects' `$schema` URIs, oldest first.
pub const DIALECT_URIS: [&str; 5] = [
    "http://json-schema.org/draft-04/schema#",
    "http://json-schema.org/draft-06/schema#",
    "http://json-schema.org/draft-07/schema#",
    "https://json-schema.org/draft/2019-09/schema",
    DIALECT,
];

/// Shares of the dialects: 2020-12 most, and first (generators write it most), each
/// older one a tenth of the forms.
pub const ALL_DIALECTS: &[(&str, u32)] = &[
    (DIALECT_URIS[4], 6),
    (DIALECT_URIS[0], 1),
    (DIALECT_URIS[1], 1),
    (DIALECT_URIS[2], 1),
    (DIALECT_URIS[3], 1),
];

/// [`ALL_DIALECTS`] but draft-04, whose `integer` jsonschema reads by spelling (`1.0` is
/// none) where formgate reads it by value in every dialect (docs/DIALECTS.md).
pub const ORACLE_DIALECTS: &[(&str, u32)] = &[
    (DIALECT_URIS[4], 6),
    (DIALECT_URIS[1], 1),
    (DIALECT_URIS[2], 1),
    (DIALECT_URIS[3], 1),
];

/// The fuzzer's shares: [`ORACLE_DIALECTS`]' and draft-04 at half the share of the
/// other older dialects (its cases often lose the oracle, see [`FUZZ`]).
pub const FUZZ_DIALECTS: &[(&str, u32)] = &[
    (DIALECT_URIS[4], 12),
    (DIALECT_URIS[0], 1),
    (DIALECT_URIS[1], 2),
    (DIALECT_URIS[2], 2),
    (DIALECT_URIS[3], 2),
];

/// The whole vocabulary, tricky corners included: the property tests' profile.
pub const FULL: Profile = Profile {
    patterns: PATTERNS,
    formats: ALL_FORMATS,
    numbers: NUMBERS,
    multiples: MULTIPLES,
    counts: COUNTS,
    strings: STRINGS,
    names: NAMES,
    def_names: DEF_NAMES,
    texts: TEXTS,
    free: false,
    dialects: ALL_DIALECTS,
    numeric_formats: NUMERIC_FORMATS,
    content: true,
    oracle_only: false,
};

/// [`FULL`] and freely chosen strings and numbers: the fuzzer's profile. What lies where
/// formgate and jsonschema may differ is tracked per case ([`crate::Gen::oracle`]).
pub const FUZZ: Profile = Profile {
    free: true,
    oracle_only: true,
    // draft-04 too: the oracle is left out for a form or body that spells an integer
    // with a fraction or an exponent, where the two read `integer` apart.
    dialects: FUZZ_DIALECTS,
    ..FULL
};

/// The whole vocabulary but where formgate and jsonschema legitimately differ: the
/// patterns and formats marked `oracle`, short decimals only (every one, and every sum
/// or multiple the body generator makes of them, is read exactly even through an
/// `f64`), no U+2028 (which `^.{2,4}$` reads differently), no draft-04, content
/// keywords only in draft-07 (where jsonschema asserts them too).
pub const ORACLE: Profile = Profile {
    patterns: ORACLE_PATTERNS,
    formats: FORMATS,
    numbers: PLAIN_NUMBERS,
    strings: ORACLE_STRINGS,
    dialects: ORACLE_DIALECTS,
    oracle_only: true,
    ..FULL
};

/// [`ORACLE`] in draft-04 alone. jsonschema reads draft-04's `integer` by spelling
/// (`1.0` is none) where formgate reads it by value (docs/DIALECTS.md), so a test with
/// this profile leaves out the forms and bodies that write an integer with a fraction or
/// an exponent ([`crate::spelled_integer`]).
pub const ORACLE_DRAFT4: Profile = Profile {
    dialects: &[(DIALECT_URIS[0], 1)],
    ..ORACLE
};

pub const TYPES: [&str; 7] = [
    "null", "boolean", "integer", "number", "string", "array", "object",
];

pub const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

/// Patterns every ECMA-262 engine reads the same way on ASCII input.
pub const SAFE_PATTERNS: &[Pat] = &[
    Pat {
        source: "^[a-z]+$",
        samples: &["abc", "", "Abc", "ab1", "z"],
        oracle: true,
    },
    Pat {
        source: "\\d{2}",
        samples: &["12", "a12b", "1", "x", "123"],
        oracle: true,
    },
    Pat {
        source: "^a|b$",
        samples: &["a", "ab", "cb", "ca", "b", ""],
        oracle: true,
    },
    Pat {
        source: "^[A-Z][a-z]*$",
        samples: &["Hello", "hello", "H", "HeLlo"],
        oracle: true,
    },
    Pat {
        source: "^\\w+$",
        samples: &["a_1", "a b", "", "ABC_def_9"],
        oracle: true,
    },
    Pat {
        source: "colou?r",
        samples: &["color", "colour", "colr", "the colours"],
        oracle: true,
    },
    Pat {
        source: "^$",
        samples: &["", "a", " "],
        oracle: true,
    },
    Pat {
        source: "^(ab)+$",
        samples: &["ab", "abab", "aba", ""],
        oracle: true,
    },
    Pat {
        source: "^[a-c]{1,3}-\\d+$",
        samples: &["a-1", "abc-123", "abcd-1", "a-", "b-07"],
        oracle: true,
    },
    Pat {
        source: "^[^0-9]*$",
        samples: &["abc", "a1", "", "-_-"],
        oracle: true,
    },
    Pat {
        source: "^.{2,4}$",
        samples: &["ab", "abcd", "a", "abcde", "a b"],
        oracle: true,
    },
    Pat {
        source: "^\\s*$",
        samples: &["", " ", "\t\n", " a "],
        oracle: true,
    },
];

/// Patterns whose meaning depends on ECMA's exact classes beyond ASCII, `.` and line
/// terminators, and `\b`: formgate must get these right, but not every engine does.
pub const TRICKY_PATTERNS: &[Pat] = &[
    Pat {
        source: "^.{2,4}$",
        samples: &["a\rb", "a\nb", "\u{2028}x", "😀😀", "é\u{301}"],
        oracle: false,
    },
    Pat {
        source: "^\\s*$",
        samples: &["\u{a0}", "\u{feff}", "\u{85}", "\u{2028}", "\u{3000}"],
        oracle: true,
    },
    Pat {
        source: "\\d{2}",
        samples: &["\u{661}\u{662}", "１２"],
        oracle: true,
    },
    Pat {
        source: "^\\w+$",
        samples: &["é", "ǅ", "K"],
        oracle: true,
    },
    Pat {
        source: "\\bfoo\\b",
        samples: &["foo bar", "foobar", "éfoo", "foo_", "a foo."],
        oracle: false,
    },
    Pat {
        source: "^\\p{L}+$",
        samples: &["abc", "é", "😀", "a1", "日本"],
        oracle: true,
    },
    Pat {
        source: "^[^a]$",
        samples: &["😀", "b", "a", "é"],
        oracle: true,
    },
];

/// Patterns with lookaround as generators write them (a password rule, a price guard,
/// zod 4.0's email, pydantic's Decimal) and two that are exponential for a backtracking
/// engine. The jsonschema crate (fancy-regex) reads them as ECMA-262 does on these
/// samples, checked once; it misreads some variable-length lookbehinds, so none is
/// here (`tests/pattern_v8.rs` holds those against V8).
pub const LOOKAROUND_PATTERNS: &[Pat] = &[
    Pat {
        source: r"^(?=.*[a-z])(?=.*\d).{8,64}$",
        samples: &["abcdefg1", "abcdefgh", "12345678", "a1", "A1bcdefg"],
        oracle: true,
    },
    Pat {
        source: r"(?<!\$)\d+",
        samples: &["$5", "5", "$55", "a$"],
        oracle: true,
    },
    Pat {
        source: r"^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$",
        samples: &["a@b.co", ".a@b.co", "a..b@c.de", "a.b@c.de"],
        oracle: true,
    },
    Pat {
        source: r"^(?!^[-+.]*$)[+-]?0*\d*\.?\d*$",
        samples: &["", "+", "-.", "1", "-1.5", ".5", "1.2.3"],
        oracle: true,
    },
    Pat {
        source: r"^(?=(a+)+$)a*$",
        samples: &["aaaa", "aaab", ""],
        oracle: true,
    },
    Pat {
        source: r"^(?:(?=\w)(?!\d)(?<![.])(?=[^_]).)*$",
        // jsonschema (fancy-regex) admits "é" here, V8 and formgate do not: `\w` under
        // a lookahead in a repeated group.
        samples: &["abc", "a1", "a.b", "", "_", "é"],
        oracle: false,
    },
];

pub const DATE_TIME: Fmt = Fmt {
    name: "date-time",
    samples: &[
        "2024-02-29T12:00:00Z",
        "1985-04-12T23:20:50.52Z",
        "1990-12-31T15:59:60-08:00",
        "2024-01-01t00:00:00z",
        "2024-01-01T00:00:00+05:30",
        "2023-02-29T12:00:00Z",
        "2024-01-01 00:00:00Z",
        "2024-01-01T00:00:00",
        "2024-13-01T00:00:00Z",
        "2024-01-01T24:00:00Z",
        "2024-01-01T12:00:60Z",
        "",
    ],
    oracle: true,
};

pub const DATE: Fmt = Fmt {
    name: "date",
    samples: &[
        "2024-02-29",
        "2000-02-29",
        "1999-12-31",
        "2023-02-29",
        "1900-02-29",
        "2024-1-01",
        "2024-01-32",
        "20240101",
        "2024-01-01T00:00:00Z",
    ],
    oracle: true,
};

pub const TIME: Fmt = Fmt {
    name: "time",
    samples: &[
        "12:00:00Z",
        "23:59:60Z",
        "08:30:06.283185+01:00",
        "00:00:00z",
        "12:00:00",
        "24:00:00Z",
        "12:60:00Z",
        "1:00:00Z",
        "12:00:60Z",
        "12:00:00+24:00",
    ],
    oracle: true,
};

pub const DURATION: Fmt = Fmt {
    name: "duration",
    samples: &[
        "P1D",
        "PT1H",
        "P1Y2M3DT4H5M6S",
        "P4W",
        "PT0S",
        "P",
        "PT",
        "P1H",
        "1D",
        "P1.5D",
        "P1W2D",
        "PT1D",
        "P1DT",
    ],
    oracle: true,
};

pub const EMAIL: Fmt = Fmt {
    name: "email",
    samples: &[
        "a@example.com",
        "first.last@example.org",
        "x+y@sub.example.co",
        "plain",
        "@example.com",
        "a@",
        "a..b@example.com",
        ".a@example.com",
        "a.@example.com",
        "a@b@c.com",
    ],
    oracle: true,
};

pub const HOSTNAME: Fmt = Fmt {
    name: "hostname",
    samples: &[
        "example.com",
        "a",
        "a-b.c",
        "www.example.org",
        "-a.com",
        "a-.com",
        "a..b",
        "a_b.com",
        "",
        "a b",
    ],
    oracle: true,
};

pub const IPV4: Fmt = Fmt {
    name: "ipv4",
    samples: &[
        "192.168.0.1",
        "0.0.0.0",
        "255.255.255.255",
        "256.0.0.1",
        "1.2.3",
        "1.2.3.4.5",
        " 1.2.3.4",
        "1.2.3.-4",
        "a.b.c.d",
    ],
    oracle: true,
};

pub const IPV6: Fmt = Fmt {
    name: "ipv6",
    samples: &[
        "::1",
        "::",
        "2001:db8::1",
        "fe80::1:2:3:4",
        "1:2:3:4:5:6:7:8",
        "2001:DB8::1",
        "::ffff:192.168.0.1",
        "1:2:3:4:5:6:7:8:9",
        ":::",
        "1::2::3",
        "12345::",
        "g::1",
        "::ffff:256.0.0.1",
    ],
    oracle: true,
};

pub const UUID: Fmt = Fmt {
    name: "uuid",
    samples: &[
        "123e4567-e89b-12d3-a456-426614174000",
        "123E4567-E89B-12D3-A456-426614174000",
        "00000000-0000-0000-0000-000000000000",
        "123e4567e89b12d3a456426614174000",
        "{123e4567-e89b-12d3-a456-426614174000}",
        "123e4567-e89b-12d3-a456-42661417400g",
        "123e4567-e89b-12d3-a456-4266141740000",
        "123e4567-e89b-12d3-a456_426614174000",
    ],
    oracle: true,
};

pub const URI: Fmt = Fmt {
    name: "uri",
    samples: &[
        "https://example.com/a?b=c#d",
        "urn:isbn:0451450523",
        "a:",
        "http://[::1]:8080/",
        "http://[v7.x]/",
        "http://999.1.1.1/",
        "/relative",
        "//host/p",
        "1a:b",
        "http://h/%zz",
        "http://h/a b",
        "http://h/ä",
        "http://h:8a/",
        "http://a@b@c/",
        "http://h/?a[]=1",
        "http://[::ffff:1.2.3.04]/",
        "http://h/#a#b",
    ],
    oracle: true,
};

pub const URI_REFERENCE: Fmt = Fmt {
    name: "uri-reference",
    samples: &[
        "", "a", "./a:b", "?q", "#f", "//", "/a//b", "%41", "1:b", "a b", "\\x", "#é", "//[::1",
        "%4",
    ],
    oracle: true,
};

pub const IRI: Fmt = Fmt {
    name: "iri",
    samples: &[
        "http://例子.测试/路径?查询=值#片段",
        "http://h/ä",
        "http://h/?\u{E000}",
        "a:",
        "http://h/\u{E000}",
        "http://h/\u{FFFE}",
        "路径",
        "http://h/a b",
    ],
    oracle: true,
};

pub const IRI_REFERENCE: Fmt = Fmt {
    name: "iri-reference",
    samples: &[
        "路径",
        "",
        "#片段",
        "//例子/",
        "#\u{F0000}",
        "a\u{7f}",
        "\\x",
    ],
    oracle: true,
};

pub const URI_TEMPLATE: Fmt = Fmt {
    name: "uri-template",
    samples: &[
        "",
        "{a}",
        "http://h/{a}{?b,c*}",
        "{a:3}",
        "x'y",
        "{!a}",
        "{a.b}",
        "{%2A}",
        "{a:0}",
        "{a:10000}",
        "{",
        "}",
        "{}",
        "{a,}",
        "{a..b}",
        "a b",
        "%4",
        "a\"b",
    ],
    oracle: true,
};

pub const JSON_POINTER: Fmt = Fmt {
    name: "json-pointer",
    samples: &[
        "", "/", "//", "/~0~1", "/a~01", "/é", "/\u{0}", "a", "#/a", "/~", "/~2",
    ],
    oracle: true,
};

pub const RELATIVE_JSON_POINTER: Fmt = Fmt {
    name: "relative-json-pointer",
    samples: &[
        "0",
        "0#",
        "10/a",
        "1/~0",
        "99999999999999999999999/a",
        "",
        "#",
        "00",
        "01",
        "-1",
        "+1",
        "0+1/a",
        "1##",
        "1#/",
        "٠",
    ],
    oracle: true,
};

pub const REGEX: Fmt = Fmt {
    name: "regex",
    samples: &[
        "",
        "a|b",
        "(?<n>a)\\k<n>",
        "(?=a)(?<!b)",
        "\\1(a)",
        "\\p{Script=Greek}",
        "\\cA",
        "(a)\\2",
        "[z-a]",
        "a{2,1}",
        "(",
        "]",
        "{",
        "\\a",
        "(?i)a",
        "a**",
        "(?<n>a)(?<n>b)",
        "\\u{110000}",
        "[\\d-z]",
        "\\00",
        "\\k<n>",
    ],
    oracle: true,
};

/// Strings for the formats that no careful reading of the RFCs disputes.
pub const FORMATS: &[Fmt] = &[
    DATE_TIME,
    DATE,
    TIME,
    DURATION,
    EMAIL,
    HOSTNAME,
    IPV4,
    IPV6,
    UUID,
    URI,
    URI_REFERENCE,
    IRI,
    IRI_REFERENCE,
    URI_TEMPLATE,
    JSON_POINTER,
    RELATIVE_JSON_POINTER,
    REGEX,
];

/// Strings on which implementations of a format legitimately or notoriously differ.
pub const TRICKY_FORMATS: &[Fmt] = &[
    Fmt {
        name: "duration",
        samples: &["p1d", "pt1h", "P1Y2W", "P0.5D", "PT36H"],
        oracle: false,
    },
    Fmt {
        name: "email",
        samples: &[
            "\"quoted local\"@example.com",
            "user@[127.0.0.1]",
            "user@[IPv6:::1]",
            "a@-example.com",
            "a@example.com.",
            "é@example.com",
        ],
        oracle: false,
    },
    Fmt {
        name: "hostname",
        samples: &[
            "xn--bcher-kva.example",
            "xn--a.example",
            "r3---sn-abc.example",
            "example.com.",
            "0123456789012345678901234567890123456789012345678901234567890123.com",
            "é.com",
        ],
        oracle: false,
    },
    Fmt {
        name: "ipv4",
        samples: &["01.2.3.4", "1.2.3.04", "192.168.0.1\n", "١.2.3.4"],
        oracle: false,
    },
    Fmt {
        name: "ipv6",
        samples: &[
            "fe80::1%eth0",
            "1:2:3:4:5:6:7::8",
            "::1\n",
            "1:2:3:4:5:6:1.2.3.4",
        ],
        oracle: false,
    },
    Fmt {
        name: "date-time",
        samples: &[
            "2024-01-01T23:59:60Z",
            "2024-01-01T23:59:60+01:00",
            "2024-01-01T00:00:00.Z",
        ],
        oracle: false,
    },
    Fmt {
        name: "time",
        samples: &["23:59:60+00:30", "12:00:00.+01:00", "00:59:60+01:00"],
        oracle: false,
    },
    Fmt {
        name: "uuid",
        samples: &["123e4567-e89b-12d3-a456-42661417400０"],
        oracle: false,
    },
    Fmt {
        name: "regex",
        samples: &["\\p{Foo}"],
        oracle: false,
    },
    Fmt {
        name: "idn-hostname",
        samples: &[
            "bücher.example",
            "xn--bcher-kva.example",
            "a。b",
            "Bücher.example",
            "-a",
            "a..b",
        ],
        oracle: false,
    },
    Fmt {
        name: "idn-email",
        samples: &["用户@例子.广告", "a@b", "user@Bücher.example", "@x"],
        oracle: false,
    },
];

/// Number lexemes for the numeric formats (`int8`…`uint128`, `int`, `uint`, `float`,
/// `double`), at and beyond their edges. Every profile writes these formats (bodies aim
/// at the samples). The jsonschema crate ignores them, so the oracle is handed the
/// ranges they mean instead ([`crate::for_jsonschema`]) and all are marked `oracle`;
/// the samples that are no short decimals leave the oracle all the same.
pub const NUMERIC_FORMATS: &[Fmt] = &[
    Fmt {
        name: "int8",
        samples: &["-128", "127", "1.27e2", "-129", "128", "0.5"],
        oracle: true,
    },
    Fmt {
        name: "int16",
        samples: &["-32768", "32767", "-32769", "32768", "3.2767e4"],
        oracle: true,
    },
    Fmt {
        name: "int32",
        samples: &["-2147483648", "2147483647", "-2147483649", "2147483648"],
        oracle: true,
    },
    Fmt {
        name: "int64",
        samples: &[
            "-9223372036854775808",
            "9223372036854775807",
            "-9223372036854775809",
            "9223372036854775808",
            "-7",
            "7.5",
        ],
        oracle: true,
    },
    Fmt {
        name: "int128",
        samples: &[
            "-170141183460469231731687303715884105728",
            "170141183460469231731687303715884105727",
            "170141183460469231731687303715884105728",
            "1.5",
        ],
        oracle: true,
    },
    Fmt {
        name: "int",
        samples: &["9223372036854775807", "9223372036854775808", "-1", "1.0"],
        oracle: true,
    },
    Fmt {
        name: "uint8",
        samples: &["0", "-0", "255", "-1", "256"],
        oracle: true,
    },
    Fmt {
        name: "uint16",
        samples: &["65535", "65536", "-1", "6.5535e4"],
        oracle: true,
    },
    Fmt {
        name: "uint32",
        samples: &["4294967295", "4294967296", "0.0", "-0.5"],
        oracle: true,
    },
    Fmt {
        name: "uint64",
        samples: &[
            "18446744073709551615",
            "18446744073709551616",
            "1e400",
            "3",
            "-3",
        ],
        oracle: true,
    },
    Fmt {
        name: "uint128",
        samples: &[
            "340282366920938463463374607431768211455",
            "340282366920938463463374607431768211456",
            "-1",
        ],
        oracle: true,
    },
    Fmt {
        name: "uint",
        samples: &["18446744073709551615", "18446744073709551616", "0"],
        oracle: true,
    },
    Fmt {
        name: "float",
        samples: &[
            "3.4028234663852886e38",
            "340282356779733661637539395458142568448",
            "1e-400",
            "0.1",
            "-123456.75",
        ],
        oracle: true,
    },
    Fmt {
        name: "double",
        samples: &[
            "1.7976931348623158e308",
            "1.797693134862315808e308",
            "1e400",
            "-0.0",
            "1e-20",
        ],
        oracle: true,
    },
];

/// Strings for `contentEncoding` / `contentMediaType`, each marked by whether the
/// oracle reads it as formgate does in draft-07 (jsonschema asserts content there, with
/// base64 as strict as formgate's, but serde_json's JSON, which admits duplicate names):
/// base64 of JSON documents, JSON documents as they are, and neither (`%`, a
/// non-canonical pad, a missing pad, `{:}`, invalid UTF-8 once decoded).
pub const CONTENT_SAMPLES: &[(&str, bool)] = &[
    ("e30=", true),
    ("W10=", true),
    ("MQ==", true),
    ("eyJhIjoxfQ==", true),
    ("eyJhIjoiYiJ9", true),
    ("WzEsMiwzXQ==", true),
    ("ImEi", true),
    ("bnVsbA==", true),
    ("eyJhIjoxLCJhIjoyfQ==", false),
    ("ezp9", true),
    ("/w==", true),
    ("QR==", true),
    ("e30", true),
    ("%%%%", true),
    ("", true),
    ("{}", true),
    ("[1,2]", true),
    ("1", true),
    ("\"a\"", true),
    ("{\"a\":1}", true),
    ("{\"a\":1,\"a\":2}", false),
    ("{:}", true),
    (" null ", true),
];

/// Number lexemes a `f64` holds exactly as decimals short enough to round-trip.
pub const PLAIN_NUMBERS: &[&str] = &[
    "0", "-0", "1", "-1", "2", "3", "5", "10", "100", "1.0", "-1.0", "1.5", "2.5", "-2.5", "0.1",
    "0.3", "0.30", "0.5", "1e2", "1E2", "1e-1", "1.0E1", "2.5e1", "-0.0", "12.75", "1e0", "7",
    "-3", "0.25",
];

/// Number lexemes no `f64` reading gets right: beyond 2^53, beyond the exponent range,
/// more digits than a double carries.
pub const EXACT_NUMBERS: &[&str] = &[
    "9007199254740992",
    "9007199254740993",
    "123456789012345678901234567890",
    "1e400",
    "-1e400",
    "1e-400",
    "0.1000000000000000055511151231257827",
    "0.30000000000000001",
    "1.0000000000000001",
];

pub const MULTIPLES: &[&str] = &[
    "1", "2", "3", "0.1", "0.25", "2.5", "1e2", "0.5", "1.5", "0.01", "1e-2", "10",
];

/// Counts as written: `2.0` and `1e1` are integers (2020-12 says so).
pub const COUNTS: &[&str] = &["0", "1", "2", "3", "4", "1e1", "2.0", "3E0"];

pub const STRINGS: &[&str] = &[
    "",
    "a",
    "ab",
    "abc",
    "hello",
    "Hello",
    "é",
    "😀",
    "a b",
    "a\"b",
    "a\\b",
    "a/b",
    "\u{1f}",
    "line\nbreak",
    "\u{2028}",
    "12",
    "x1",
    "null",
    "A_1",
    "user",
    "admin",
];

pub const NAMES: &[&str] = &[
    "a", "b", "c", "name", "role", "id", "a b", "é", "x/y", "~t", "", "\"q", "A",
];

pub const DEF_NAMES: &[&str] = &["a", "node", "a b", "x/y", "t~n", "é", "50%"];

pub const TEXTS: &[&str] = &[
    "A form",
    "",
    "naïve café ✓",
    "tab\tnewline\n",
    "\u{1f} unit separator",
    "a/b",
    "quote \" backslash \\",
    "\u{7f}\u{2028}",
    "😀",
    "</script>",
];

/// Every pattern: [`SAFE_PATTERNS`], [`TRICKY_PATTERNS`] and [`LOOKAROUND_PATTERNS`].
pub const PATTERNS: &[Pat] = &[
    SAFE_PATTERNS[0],
    SAFE_PATTERNS[1],
    SAFE_PATTERNS[2],
    SAFE_PATTERNS[3],
    SAFE_PATTERNS[4],
    SAFE_PATTERNS[5],
    SAFE_PATTERNS[6],
    SAFE_PATTERNS[7],
    SAFE_PATTERNS[8],
    SAFE_PATTERNS[9],
    SAFE_PATTERNS[10],
    SAFE_PATTERNS[11],
    TRICKY_PATTERNS[0],
    TRICKY_PATTERNS[1],
    TRICKY_PATTERNS[2],
    TRICKY_PATTERNS[3],
    TRICKY_PATTERNS[4],
    TRICKY_PATTERNS[5],
    TRICKY_PATTERNS[6],
    LOOKAROUND_PATTERNS[0],
    LOOKAROUND_PATTERNS[1],
    LOOKAROUND_PATTERNS[2],
    LOOKAROUND_PATTERNS[3],
    LOOKAROUND_PATTERNS[4],
    LOOKAROUND_PATTERNS[5],
];

/// The patterns marked `oracle`: `^.{2,4}$` on line terminators and `\bfoo\b` are left
/// out; the tricky `\s`, `\d`, `\w`, `\p{L}` and negated-class samples stay in.
pub const ORACLE_PATTERNS: &[Pat] = &[
    SAFE_PATTERNS[0],
    SAFE_PATTERNS[1],
    SAFE_PATTERNS[2],
    SAFE_PATTERNS[3],
    SAFE_PATTERNS[4],
    SAFE_PATTERNS[5],
    SAFE_PATTERNS[6],
    SAFE_PATTERNS[7],
    SAFE_PATTERNS[8],
    SAFE_PATTERNS[9],
    SAFE_PATTERNS[10],
    SAFE_PATTERNS[11],
    TRICKY_PATTERNS[1],
    TRICKY_PATTERNS[2],
    TRICKY_PATTERNS[3],
    TRICKY_PATTERNS[5],
    TRICKY_PATTERNS[6],
    LOOKAROUND_PATTERNS[0],
    LOOKAROUND_PATTERNS[1],
    LOOKAROUND_PATTERNS[2],
    LOOKAROUND_PATTERNS[3],
    LOOKAROUND_PATTERNS[4],
];

/// Every format: [`FORMATS`] and [`TRICKY_FORMATS`].
pub const ALL_FORMATS: &[Fmt] = &[
    DATE_TIME,
    DATE,
    TIME,
    DURATION,
    EMAIL,
    HOSTNAME,
    IPV4,
    IPV6,
    UUID,
    URI,
    URI_REFERENCE,
    IRI,
    IRI_REFERENCE,
    URI_TEMPLATE,
    JSON_POINTER,
    RELATIVE_JSON_POINTER,
    REGEX,
    TRICKY_FORMATS[0],
    TRICKY_FORMATS[1],
    TRICKY_FORMATS[2],
    TRICKY_FORMATS[3],
    TRICKY_FORMATS[4],
    TRICKY_FORMATS[5],
    TRICKY_FORMATS[6],
    TRICKY_FORMATS[7],
    TRICKY_FORMATS[8],
    TRICKY_FORMATS[9],
    TRICKY_FORMATS[10],
];

/// [`PLAIN_NUMBERS`] and [`EXACT_NUMBERS`].
pub const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1",
    "-1",
    "2",
    "3",
    "5",
    "10",
    "100",
    "1.0",
    "-1.0",
    "1.5",
    "2.5",
    "-2.5",
    "0.1",
    "0.3",
    "0.30",
    "0.5",
    "1e2",
    "1E2",
    "1e-1",
    "1.0E1",
    "2.5e1",
    "-0.0",
    "12.75",
    "1e0",
    "7",
    "-3",
    "0.25",
    "9007199254740992",
    "9007199254740993",
    "123456789012345678901234567890",
    "1e400",
    "-1e400",
    "1e-400",
    "0.1000000000000000055511151231257827",
    "0.30000000000000001",
    "1.0000000000000001",
];

/// [`STRINGS`] without U+2028, which `^.{2,4}$` reads differently.
pub const ORACLE_STRINGS: &[&str] = &[
    "",
    "a",
    "ab",
    "abc",
    "hello",
    "Hello",
    "é",
    "😀",
    "a b",
    "a\"b",
    "a\\b",
    "a/b",
    "\u{1f}",
    "line\nbreak",
    "12",
    "x1",
    "null",
    "A_1",
    "user",
    "admin",
];

/// Characters of strings aimed at `minLength`/`maxLength`.
pub const PALETTE: &[&str] = &["a", "b", "z", "é", "😀", " ", "\u{301}"];

/// At most 15 significant digits and a modest exponent: read exactly through an `f64`.
pub fn short_decimal(lexeme: &str) -> bool {
    let (mantissa, exp) = lexeme.split_once(['e', 'E']).unwrap_or((lexeme, "0"));
    let Ok(exp) = exp.parse::<i32>() else {
        return false;
    };
    let mantissa = mantissa.trim_start_matches('-');
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits: String = int.chars().chain(frac.chars()).collect();
    let significant = digits.trim_start_matches('0').trim_end_matches('0').len();
    // Digits before the point once the exponent is applied: beyond 15 the value may be
    // an integer above 2^53, which jsonschema compares as u64 against another spelling
    // of it read as f64 (`1042557885575800000` and `10425578855758e5`).
    let int_digits = int.trim_start_matches('0').len() as i64 + i64::from(exp);
    significant <= 15 && exp.abs() <= 20 && int_digits <= 15
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_decimals() {
        assert!(short_decimal("12.75"));
        assert!(!short_decimal("9007199254740993"));
        assert!(!short_decimal("1e400"));
        assert!(short_decimal("-0.000125e3"));
        assert!(short_decimal("999999999999999"));
        assert!(!short_decimal("1042557885575800000"));
        assert!(!short_decimal("10425578855758e5"));
    }

    /// The lists put together by hand are the filters they claim to be, and the marks
    /// agree with the number tables.
    #[test]
    fn composed_tables_follow_the_marks() {
        let key = |p: &Pat| (p.source, p.samples);
        let oracle: Vec<_> = PATTERNS.iter().filter(|p| p.oracle).map(key).collect();
        assert_eq!(ORACLE_PATTERNS.iter().map(key).collect::<Vec<_>>(), oracle);
        let all: Vec<_> = SAFE_PATTERNS
            .iter()
            .chain(TRICKY_PATTERNS)
            .chain(LOOKAROUND_PATTERNS)
            .map(key)
            .collect();
        assert_eq!(PATTERNS.iter().map(key).collect::<Vec<_>>(), all);
        assert!(SAFE_PATTERNS.iter().all(|p| p.oracle));
        assert!(FORMATS.iter().all(|f| f.oracle));
        assert!(TRICKY_FORMATS.iter().all(|f| !f.oracle));
        let names = |fs: &[Fmt]| fs.iter().map(|f| (f.name, f.samples)).collect::<Vec<_>>();
        let both: Vec<Fmt> = FORMATS.iter().chain(TRICKY_FORMATS).copied().collect();
        assert_eq!(names(ALL_FORMATS), names(&both));
        let numbers: Vec<&str> = PLAIN_NUMBERS.iter().chain(EXACT_NUMBERS).copied().collect();
        assert_eq!(NUMBERS, numbers);
        assert!(PLAIN_NUMBERS
            .iter()
            .chain(MULTIPLES)
            .all(|n| short_decimal(n)));
        assert!(EXACT_NUMBERS.iter().all(|n| !short_decimal(n)));
        let strings: Vec<&str> = STRINGS
            .iter()
            .copied()
            .filter(|s| !s.contains('\u{2028}'))
            .collect();
        assert_eq!(ORACLE_STRINGS, strings);
    }
}
