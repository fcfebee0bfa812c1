//! What generated forms and bodies are made of: the same tables as the property tests'
//! generators (`tests/common/gen.rs`), each entry marked by whether formgate and the
//! jsonschema crate must agree on it (`tests/differential.rs` lists the legitimate
//! differences: f64 rounding of numbers, ECMA `.` and `\b`, some format corners).

/// A `pattern` and strings to try it on; `oracle`: jsonschema reads it as ECMA does on
/// these samples.
#[derive(Debug, Clone, Copy)]
pub struct Pat {
    pub source: &'static str,
    pub samples: &'static [&'static str],
    pub oracle: bool,
}

/// A `format` and strings to try it on; `oracle`: no legitimate difference on these.
#[derive(Debug, Clone, Copy)]
pub struct Fmt {
    pub name: &'static str,
    pub samples: &'static [&'static str],
    pub oracle: bool,
}

pub const TYPES: [&str; 7] = [
    "null", "boolean", "integer", "number", "string", "array", "object",
];

pub const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

pub const PATTERNS: &[Pat] = &[
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
        source: "^\\p{L}+$",
        samples: &["abc", "é", "😀", "a1", "日本"],
        oracle: true,
    },
    Pat {
        source: "^[^a]$",
        samples: &["😀", "b", "a", "é"],
        oracle: true,
    },
    // ECMA `.` leaves out four line terminators, the regex crate's only one.
    Pat {
        source: "^.{2,4}$",
        samples: &["a\rb", "a\nb", "\u{2028}x", "😀😀", "é\u{301}"],
        oracle: false,
    },
    // ECMA `\b` is ASCII; the regex crate's is Unicode.
    Pat {
        source: "\\bfoo\\b",
        samples: &["foo bar", "foobar", "éfoo", "foo_", "a foo."],
        oracle: false,
    },
];

pub const FORMATS: &[Fmt] = &[
    Fmt {
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
    },
    Fmt {
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
    },
    Fmt {
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
    },
    Fmt {
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
    },
    Fmt {
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
    },
    Fmt {
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
    },
    Fmt {
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
    },
    Fmt {
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
    },
    Fmt {
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
    },
    // Where implementations legitimately or notoriously differ.
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
];

/// Short decimals: read exactly even through an `f64`, and so are the sums and
/// multiples the body generator makes of them.
pub const PLAIN_NUMBERS: &[&str] = &[
    "0", "-0", "1", "-1", "2", "3", "5", "10", "100", "1.0", "-1.0", "1.5", "2.5", "-2.5", "0.1",
    "0.3", "0.30", "0.5", "1e2", "1E2", "1e-1", "1.0E1", "2.5e1", "-0.0", "12.75", "1e0", "7",
    "-3", "0.25",
];

/// Numbers no `f64` reading gets right.
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

/// Counts as written: `2.0` and `1e1` are integers.
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

/// Characters of strings aimed at `minLength`/`maxLength`.
pub const PALETTE: &[&str] = &["a", "b", "z", "é", "😀", " ", "\u{301}"];

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

// ---------------------------------------------------------------------------
// Beyond the vocabulary (compile_form only)

/// Keywords outside Vocabulary v1, and spellings close to those inside.
pub const FOREIGN_KEYWORDS: &[&str] = &[
    "if",
    "then",
    "else",
    "not",
    "contains",
    "patternProperties",
    "propertyNames",
    "unevaluatedProperties",
    "dependentRequired",
    "minProperties",
    "uniqueItems",
    "$anchor",
    "$dynamicRef",
    "definitions",
    "$vocabulary",
    "nullable",
    "x-extension",
    "Type",
    "propertiez",
    "",
];

/// Every keyword of Vocabulary v1, given a random value in wild forms.
pub const KEYWORDS: &[&str] = &[
    "type",
    "enum",
    "const",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "prefixItems",
    "minItems",
    "maxItems",
    "minLength",
    "maxLength",
    "pattern",
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "anyOf",
    "oneOf",
    "allOf",
    "$ref",
    "$defs",
    "title",
    "description",
    "default",
    "examples",
    "$comment",
    "deprecated",
    "readOnly",
    "writeOnly",
    "$schema",
    "$id",
];

/// Pieces of ECMA-262 pattern syntax, linear and not, valid and not.
pub const REGEX_TOKENS: &[&str] = &[
    "a",
    "b",
    "é",
    "😀",
    ".",
    "*",
    "+",
    "?",
    "*?",
    "|",
    "(",
    ")",
    "(?:",
    "(?=",
    "(?!",
    "(?<=",
    "(?<n>",
    "\\k<n>",
    "\\1",
    "[",
    "]",
    "[^",
    "a-z",
    "^",
    "$",
    "\\d",
    "\\D",
    "\\w",
    "\\W",
    "\\s",
    "\\S",
    "\\b",
    "\\B",
    "{2}",
    "{1,3}",
    "{2,}",
    "{",
    "}",
    ",",
    "-",
    "\\",
    "\\u0041",
    "\\u{1F600}",
    "\\x41",
    "\\cJ",
    "\\0",
    "\\p{L}",
    "\\P{Lu}",
    "\\p{Script=Greek}",
    "\\/",
    "\\.",
    "\\-",
    "\\n",
    "\\t",
    "\\v",
    "\\f",
    "\\r",
    "[\\b]",
    "(a+)+",
    "(?i)",
    "\\Z",
    "\\A",
    "\\z",
    "\\pL",
    "\\e",
    "\\q",
];

pub const WILD_REFS: &[&str] = &[
    "#",
    "#/$defs/a",
    "#/properties/a",
    "#/items",
    "#/$defs/a/items",
    "http://example.com/s",
    "other.json",
    "#foo",
    "#/%24defs/a",
    "#/$defs/x~1y",
    "#/$defs/t~0n",
    "#/$defs/50%25",
    "#/definitions/a",
    "",
    "#/$defs/missing",
    "##",
    "#/allOf/0",
    "#/anyOf/9",
    "#/$defs/a b",
    "#/$defs/a%20b",
];

pub const WILD_FORMATS: &[&str] = &[
    "regex",
    "uri",
    "iri",
    "idn-email",
    "idn-hostname",
    "json-pointer",
    "uri-template",
    "Date",
    "",
    "unknown",
];

pub const DIALECTS: &[&str] = &[
    "https://json-schema.org/draft/2020-12/schema",
    "http://json-schema.org/draft-07/schema#",
    "http://json-schema.org/draft-07/schema",
    "https://json-schema.org/draft/2019-09/schema",
    "http://json-schema.org/draft-04/schema#",
    "",
];
