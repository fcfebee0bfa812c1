//! Proptest strategies for the property tests: forms within Vocabulary v1, and bodies
//! aimed at a form so that both verdicts occur often.
//!
//! Values are [`J`], not `serde_json::Value`: serde_json rewrites exponents even with
//! `arbitrary_precision` (`1.0E1` becomes `1.0e+1`), and these tests need every number
//! exactly as written.
//!
//! Invariants:
//! 1. Every form [`form`] generates compiles: keywords have well-shaped values, names in
//!    `required` and `type` are unique, `multipleOf` is positive, and every `$ref`
//!    resolves, with no cycle of same-instance applicators (see [`fix_refs`]).
//! 2. [`J::compact`] writes the form as formgate must render it: compact, members in
//!    order, numbers as written, strings escaped minimally.
//! 3. A body is valid JSON with nesting below 16; it holds a duplicate member name only
//!    when [`Style::dup`] asked for one (in the first non-empty object it writes).
//! 4. What may appear (patterns, formats, number lexemes, strings) comes from a
//!    [`Profile`]: [`FULL`] covers the whole vocabulary; a test with an oracle that
//!    cannot follow everything builds a narrower one.

use proptest::prelude::*;
use proptest::sample::{select, subsequence, Index};

// ---------------------------------------------------------------------------
// Values

/// A JSON value as the generators see it: decoded strings, number lexemes as written,
/// object members in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum J {
    Null,
    Bool(bool),
    /// A number lexeme, valid by RFC 8259.
    Num(String),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

impl J {
    pub fn num(lexeme: &str) -> J {
        J::Num(lexeme.to_owned())
    }

    pub fn str(s: &str) -> J {
        J::Str(s.to_owned())
    }

    /// The member named `name`, if this is an object that has one.
    pub fn get(&self, name: &str) -> Option<&J> {
        match self {
            J::Obj(m) => m.iter().find(|(k, _)| k == name).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Compact JSON with minimal escaping (invariant 2): what `schema_json` must be.
    pub fn compact(&self) -> String {
        let mut out = String::new();
        self.write_compact(&mut out);
        out
    }

    fn write_compact(&self, out: &mut String) {
        match self {
            J::Null => out.push_str("null"),
            J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            J::Num(n) => out.push_str(n),
            J::Str(s) => write_min_string(s, out),
            J::Arr(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write_compact(out);
                }
                out.push(']');
            }
            J::Obj(members) => {
                out.push('{');
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_min_string(k, out);
                    out.push(':');
                    v.write_compact(out);
                }
                out.push('}');
            }
        }
    }

    /// JSON text in a varied spelling: whitespace between tokens and escapes of
    /// characters that need none, as `style` allows; one duplicate member if it asks.
    pub fn text(&self, r: &mut Rng, style: Style) -> String {
        let mut w = Writer {
            r,
            style,
            out: String::new(),
        };
        w.space();
        w.value(self);
        w.space();
        w.out
    }

    /// Whether some number in this value has a magnitude no `f64` holds (`1e400`).
    pub fn has_overflowing_number(&self) -> bool {
        match self {
            J::Num(n) => !n
                .parse::<f64>()
                .expect("a JSON number parses as f64")
                .is_finite(),
            J::Arr(items) => items.iter().any(J::has_overflowing_number),
            J::Obj(members) => members.iter().any(|(_, v)| v.has_overflowing_number()),
            _ => false,
        }
    }
}

/// A JSON string with only `"`, `\` and U+0000–U+001F escaped (short forms where JSON
/// has them, else `\u00xx` in lower case): the rendering formgate promises.
pub fn write_min_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// How [`J::text`] spells a value.
#[derive(Debug, Clone, Copy, Default)]
pub struct Style {
    /// Whitespace between tokens, sometimes.
    pub ws: bool,
    /// Escapes of characters that need none (`\u0061`, `\/`, surrogate pairs), sometimes.
    pub escapes: bool,
    /// Repeat the first member of the first non-empty object.
    pub dup: bool,
}

struct Writer<'r> {
    r: &'r mut Rng,
    style: Style,
    out: String,
}

impl Writer<'_> {
    fn space(&mut self) {
        if self.style.ws && self.r.chance(0.2) {
            let s = *self.r.pick(&[" ", "\n", "\t", "\r\n", "  "]);
            self.out.push_str(s);
        }
    }

    fn string(&mut self, s: &str) {
        self.out.push('"');
        for c in s.chars() {
            let fancy = self.style.escapes && self.r.chance(0.15);
            match c {
                '"' => self.out.push_str("\\\""),
                '\\' => self.out.push_str("\\\\"),
                '/' if fancy => self.out.push_str("\\/"),
                '\n' if !fancy => self.out.push_str("\\n"),
                '\t' if !fancy => self.out.push_str("\\t"),
                c if (c as u32) < 0x20 || fancy => {
                    let mut units = [0u16; 2];
                    for u in c.encode_utf16(&mut units) {
                        if self.r.chance(0.5) {
                            self.out.push_str(&format!("\\u{u:04x}"));
                        } else {
                            self.out.push_str(&format!("\\u{u:04X}"));
                        }
                    }
                }
                c => self.out.push(c),
            }
        }
        self.out.push('"');
    }

    fn value(&mut self, v: &J) {
        match v {
            J::Null => self.out.push_str("null"),
            J::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
            J::Num(n) => self.out.push_str(n),
            J::Str(s) => self.string(s),
            J::Arr(items) => {
                self.out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        self.out.push(',');
                    }
                    self.space();
                    self.value(item);
                    self.space();
                }
                self.out.push(']');
            }
            J::Obj(members) => {
                self.out.push('{');
                let dup = self.style.dup && !members.is_empty();
                if dup {
                    self.style.dup = false;
                }
                for (i, (k, item)) in members.iter().enumerate() {
                    if i > 0 {
                        self.out.push(',');
                    }
                    self.member(k, item);
                    if i == 0 && dup {
                        self.out.push(',');
                        self.member(k, item);
                    }
                }
                self.out.push('}');
            }
        }
    }

    fn member(&mut self, k: &str, v: &J) {
        self.space();
        self.string(k);
        self.space();
        self.out.push(':');
        self.space();
        self.value(v);
        self.space();
    }
}

// ---------------------------------------------------------------------------
// Randomness for bodies

/// splitmix64: bodies are drawn from a seed, so a failing case replays exactly.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn chance(&mut self, p: f64) -> bool {
        ((self.next_u64() >> 11) as f64) < p * (1u64 << 53) as f64
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

// ---------------------------------------------------------------------------
// Profiles

/// A `pattern` and strings to try it on (some match, some do not).
#[derive(Debug, Clone, Copy)]
pub struct Pat {
    pub source: &'static str,
    pub samples: &'static [&'static str],
}

/// A `format` and strings to try it on (some valid, some not).
#[derive(Debug, Clone, Copy)]
pub struct Fmt {
    pub name: &'static str,
    pub samples: &'static [&'static str],
}

/// What generated forms and bodies may contain (invariant 4). Every list is non-empty.
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
    /// Names of `$defs` entries (their `$ref`s are escaped by [`fragment`]).
    pub def_names: &'static [&'static str],
    /// Texts for `title`, `description`, `$comment`.
    pub texts: &'static [&'static str],
}

pub const TYPES: [&str; 7] = [
    "null", "boolean", "integer", "number", "string", "array", "object",
];

pub const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

/// Patterns every ECMA-262 engine reads the same way on ASCII input.
pub const SAFE_PATTERNS: &[Pat] = &[
    Pat {
        source: "^[a-z]+$",
        samples: &["abc", "", "Abc", "ab1", "z"],
    },
    Pat {
        source: "\\d{2}",
        samples: &["12", "a12b", "1", "x", "123"],
    },
    Pat {
        source: "^a|b$",
        samples: &["a", "ab", "cb", "ca", "b", ""],
    },
    Pat {
        source: "^[A-Z][a-z]*$",
        samples: &["Hello", "hello", "H", "HeLlo"],
    },
    Pat {
        source: "^\\w+$",
        samples: &["a_1", "a b", "", "ABC_def_9"],
    },
    Pat {
        source: "colou?r",
        samples: &["color", "colour", "colr", "the colours"],
    },
    Pat {
        source: "^$",
        samples: &["", "a", " "],
    },
    Pat {
        source: "^(ab)+$",
        samples: &["ab", "abab", "aba", ""],
    },
    Pat {
        source: "^[a-c]{1,3}-\\d+$",
        samples: &["a-1", "abc-123", "abcd-1", "a-", "b-07"],
    },
    Pat {
        source: "^[^0-9]*$",
        samples: &["abc", "a1", "", "-_-"],
    },
    Pat {
        source: "^.{2,4}$",
        samples: &["ab", "abcd", "a", "abcde", "a b"],
    },
    Pat {
        source: "^\\s*$",
        samples: &["", " ", "\t\n", " a "],
    },
];

/// Patterns whose meaning depends on ECMA's exact classes beyond ASCII, `.` and line
/// terminators, and `\b`: formgate must get these right, but not every engine does.
pub const TRICKY_PATTERNS: &[Pat] = &[
    Pat {
        source: "^.{2,4}$",
        samples: &["a\rb", "a\nb", "\u{2028}x", "😀😀", "é\u{301}"],
    },
    Pat {
        source: "^\\s*$",
        samples: &["\u{a0}", "\u{feff}", "\u{85}", "\u{2028}", "\u{3000}"],
    },
    Pat {
        source: "\\d{2}",
        samples: &["\u{661}\u{662}", "１２"],
    },
    Pat {
        source: "^\\w+$",
        samples: &["é", "ǅ", "K"],
    },
    Pat {
        source: "\\bfoo\\b",
        samples: &["foo bar", "foobar", "éfoo", "foo_", "a foo."],
    },
    Pat {
        source: "^\\p{L}+$",
        samples: &["abc", "é", "😀", "a1", "日本"],
    },
    Pat {
        source: "^[^a]$",
        samples: &["😀", "b", "a", "é"],
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
};

/// Strings for the nine formats that no careful reading of the RFCs disputes.
pub const FORMATS: &[Fmt] = &[
    DATE_TIME, DATE, TIME, DURATION, EMAIL, HOSTNAME, IPV4, IPV6, UUID,
];

/// Strings on which implementations of a format legitimately or notoriously differ.
pub const TRICKY_FORMATS: &[Fmt] = &[
    Fmt {
        name: "duration",
        samples: &["p1d", "pt1h", "P1Y2W", "P0.5D", "PT36H"],
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
    },
    Fmt {
        name: "ipv4",
        samples: &["01.2.3.4", "1.2.3.04", "192.168.0.1\n", "١.2.3.4"],
    },
    Fmt {
        name: "ipv6",
        samples: &[
            "fe80::1%eth0",
            "1:2:3:4:5:6:7::8",
            "::1\n",
            "1:2:3:4:5:6:1.2.3.4",
        ],
    },
    Fmt {
        name: "date-time",
        samples: &[
            "2024-01-01T23:59:60Z",
            "2024-01-01T23:59:60+01:00",
            "2024-01-01T00:00:00.Z",
        ],
    },
    Fmt {
        name: "time",
        samples: &["23:59:60+00:30", "12:00:00.+01:00", "00:59:60+01:00"],
    },
    Fmt {
        name: "uuid",
        samples: &["123e4567-e89b-12d3-a456-42661417400０"],
    },
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

/// The whole vocabulary, tricky corners included.
pub const FULL: Profile = Profile {
    patterns: FULL_PATTERNS,
    formats: FULL_FORMATS,
    numbers: FULL_NUMBERS,
    multiples: MULTIPLES,
    counts: COUNTS,
    strings: STRINGS,
    names: NAMES,
    def_names: DEF_NAMES,
    texts: TEXTS,
};

const FULL_PATTERNS: &[Pat] = &[
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
];

const FULL_FORMATS: &[Fmt] = &[
    DATE_TIME,
    DATE,
    TIME,
    DURATION,
    EMAIL,
    HOSTNAME,
    IPV4,
    IPV6,
    UUID,
    TRICKY_FORMATS[0],
    TRICKY_FORMATS[1],
    TRICKY_FORMATS[2],
    TRICKY_FORMATS[3],
    TRICKY_FORMATS[4],
    TRICKY_FORMATS[5],
    TRICKY_FORMATS[6],
    TRICKY_FORMATS[7],
];

const FULL_NUMBERS: &[&str] = &[
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

// ---------------------------------------------------------------------------
// Forms

type Members = Vec<(String, J)>;

/// Unique names, first one kept.
fn dedup(members: Members) -> Members {
    let mut out: Members = Vec::with_capacity(members.len());
    for (k, v) in members {
        if !out.iter().any(|(o, _)| *o == k) {
            out.push((k, v));
        }
    }
    out
}

fn opt<S>(p: f64, s: S) -> BoxedStrategy<Members>
where
    S: Strategy<Value = Members> + 'static,
{
    prop::option::weighted(p, s)
        .prop_map(Option::unwrap_or_default)
        .boxed()
}

fn member(name: &'static str, v: Option<J>) -> Option<(String, J)> {
    v.map(|v| (name.to_owned(), v))
}

/// A small JSON value for `enum`, `const`, `default`, `examples`.
pub fn data(p: &'static Profile) -> BoxedStrategy<J> {
    let scalar = prop_oneof![
        1 => Just(J::Null),
        1 => any::<bool>().prop_map(J::Bool),
        3 => select(p.numbers).prop_map(J::num),
        3 => select(p.strings).prop_map(J::str),
    ];
    scalar
        .prop_recursive(2, 8, 3, move |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..3).prop_map(J::Arr),
                prop::collection::vec((select(p.names).prop_map(String::from), inner), 0..3)
                    .prop_map(|m| J::Obj(dedup(m))),
            ]
        })
        .boxed()
}

fn type_part() -> BoxedStrategy<Members> {
    prop_oneof![
        3 => select(&TYPES[..]).prop_map(|t| vec![("type".to_owned(), J::str(t))]),
        1 => subsequence(TYPES.to_vec(), 1..=3)
            .prop_shuffle()
            .prop_map(|ts| vec![("type".to_owned(), J::Arr(ts.into_iter().map(J::str).collect()))]),
    ]
    .boxed()
}

fn string_part(p: &'static Profile) -> BoxedStrategy<Members> {
    (
        prop::option::weighted(0.5, select(p.counts)),
        prop::option::weighted(0.5, select(p.counts)),
        prop::option::weighted(0.4, select(p.patterns)),
        prop::option::weighted(0.35, select(p.formats)),
    )
        .prop_map(|(min, max, pat, fmt)| {
            [
                member("minLength", min.map(J::num)),
                member("maxLength", max.map(J::num)),
                member("pattern", pat.map(|p| J::str(p.source))),
                member("format", fmt.map(|f| J::str(f.name))),
            ]
            .into_iter()
            .flatten()
            .collect()
        })
        .boxed()
}

fn number_part(p: &'static Profile) -> BoxedStrategy<Members> {
    let n = || prop::option::weighted(0.35, select(p.numbers).prop_map(J::num));
    (
        n(),
        n(),
        n(),
        n(),
        prop::option::weighted(0.4, select(p.multiples).prop_map(J::num)),
    )
        .prop_map(|(min, max, xmin, xmax, mul)| {
            [
                member("minimum", min),
                member("maximum", max),
                member("exclusiveMinimum", xmin),
                member("exclusiveMaximum", xmax),
                member("multipleOf", mul),
            ]
            .into_iter()
            .flatten()
            .collect()
        })
        .boxed()
}

fn value_part(p: &'static Profile) -> BoxedStrategy<Members> {
    prop_oneof![
        prop::collection::vec(data(p), 1..=4).prop_map(|vs| vec![("enum".to_owned(), J::Arr(vs))]),
        data(p).prop_map(|v| vec![("const".to_owned(), v)]),
    ]
    .boxed()
}

fn annotation_part(p: &'static Profile) -> BoxedStrategy<Members> {
    let text = || prop::option::weighted(0.3, select(p.texts).prop_map(J::str));
    let flag = || prop::option::weighted(0.15, any::<bool>().prop_map(J::Bool));
    (
        text(),
        text(),
        text(),
        prop::option::weighted(0.25, data(p)),
        prop::option::weighted(0.2, prop::collection::vec(data(p), 0..3).prop_map(J::Arr)),
        flag(),
        flag(),
        flag(),
    )
        .prop_map(|(title, desc, comment, default, examples, dep, ro, wo)| {
            [
                member("title", title),
                member("description", desc),
                member("$comment", comment),
                member("default", default),
                member("examples", examples),
                member("deprecated", dep),
                member("readOnly", ro),
                member("writeOnly", wo),
            ]
            .into_iter()
            .flatten()
            .collect()
        })
        .boxed()
}

/// A `$ref` placeholder `@n`; [`fix_refs`] turns it into a real target or drops it.
fn ref_part() -> BoxedStrategy<Members> {
    any::<u16>()
        .prop_map(|n| vec![("$ref".to_owned(), J::Str(format!("@{n}")))])
        .boxed()
}

fn array_part(p: &'static Profile, inner: BoxedStrategy<J>) -> BoxedStrategy<Members> {
    (
        prop::option::weighted(
            0.6,
            prop_oneof![3 => inner.clone(), 1 => Just(J::Bool(true)), 1 => Just(J::Bool(false))],
        ),
        prop::option::weighted(0.35, prop::collection::vec(inner, 1..=3).prop_map(J::Arr)),
        prop::option::weighted(0.3, select(p.counts).prop_map(J::num)),
        prop::option::weighted(0.3, select(p.counts).prop_map(J::num)),
    )
        .prop_map(|(items, prefix, min, max)| {
            [
                member("prefixItems", prefix),
                member("items", items),
                member("minItems", min),
                member("maxItems", max),
            ]
            .into_iter()
            .flatten()
            .collect()
        })
        .boxed()
}

fn object_part(p: &'static Profile, inner: BoxedStrategy<J>) -> BoxedStrategy<Members> {
    (
        prop::option::weighted(
            0.85,
            prop::collection::vec(
                (select(p.names).prop_map(String::from), inner.clone()),
                0..=3,
            ),
        ),
        prop::option::weighted(
            0.5,
            prop::collection::vec((prop::bool::weighted(0.2), any::<Index>()), 0..=3),
        ),
        prop::option::weighted(
            0.45,
            prop_oneof![3 => Just(J::Bool(false)), 1 => Just(J::Bool(true)), 2 => inner],
        ),
    )
        .prop_map(move |(props, required, additional)| {
            let props = props.map(dedup);
            let mut out = Members::new();
            let names: Vec<&str> = props.iter().flatten().map(|(k, _)| k.as_str()).collect();
            if let Some(required) = required {
                let mut req: Vec<String> = Vec::new();
                for (foreign, i) in required {
                    let name = if foreign || names.is_empty() {
                        *i.get(p.names)
                    } else {
                        *i.get(&names)
                    };
                    if !req.iter().any(|r| r == name) {
                        req.push(name.to_owned());
                    }
                }
                out.push((
                    "required".to_owned(),
                    J::Arr(req.into_iter().map(J::Str).collect()),
                ));
            }
            if let Some(props) = props {
                out.push(("properties".to_owned(), J::Obj(props)));
            }
            if let Some(a) = additional {
                out.push(("additionalProperties".to_owned(), a));
            }
            out
        })
        .boxed()
}

fn applicator_part(inner: BoxedStrategy<J>) -> BoxedStrategy<Members> {
    prop::collection::vec(
        (
            select(&["allOf", "anyOf", "oneOf"][..]),
            prop::collection::vec(inner, 1..=3),
        ),
        1..=2,
    )
    .prop_map(|parts| {
        dedup(
            parts
                .into_iter()
                .map(|(k, bs)| (k.to_owned(), J::Arr(bs)))
                .collect(),
        )
    })
    .boxed()
}

/// One schema: an object of keywords in random order, or now and then `true`/`false`.
fn node(p: &'static Profile, inner: Option<BoxedStrategy<J>>) -> BoxedStrategy<J> {
    let mut parts = vec![
        opt(0.45, type_part()),
        opt(0.3, string_part(p)),
        opt(0.3, number_part(p)),
        opt(0.2, value_part(p)),
        opt(0.25, annotation_part(p)),
        opt(0.12, ref_part()),
    ];
    if let Some(inner) = inner {
        parts.push(opt(0.3, array_part(p, inner.clone())));
        parts.push(opt(0.4, object_part(p, inner.clone())));
        parts.push(opt(0.25, applicator_part(inner)));
    }
    let object = parts
        .prop_map(|ps| ps.into_iter().flatten().collect::<Members>())
        .prop_flat_map(|m| Just(m).prop_shuffle())
        .prop_map(J::Obj);
    prop_oneof![
        14 => object,
        1 => Just(J::Bool(true)),
        1 => Just(J::Bool(false)),
    ]
    .boxed()
}

/// A schema nested at most `depth` levels of subschemas deep.
pub fn schema(p: &'static Profile, depth: u32) -> BoxedStrategy<J> {
    node(p, None)
        .prop_recursive(depth, 24, 3, move |inner| node(p, Some(inner)))
        .boxed()
}

/// A whole form: a schema, perhaps with `$defs`, `$schema`, `$id`, and `$ref`s resolved
/// (invariant 1).
pub fn form(p: &'static Profile) -> BoxedStrategy<J> {
    (
        schema(p, 3),
        prop::option::weighted(
            0.35,
            prop::collection::vec((select(p.def_names), schema(p, 2)), 1..=3),
        ),
        any::<Index>(),
        prop::bool::weighted(0.15),
        prop::bool::weighted(0.05),
    )
        .prop_map(|(root, defs, at, dialect, id)| {
            let mut root = root;
            if let J::Obj(members) = &mut root {
                if let Some(defs) = defs {
                    let defs = dedup(defs.into_iter().map(|(k, v)| (k.to_owned(), v)).collect());
                    let i = at.index(members.len() + 1);
                    members.insert(i, ("$defs".to_owned(), J::Obj(defs)));
                }
                if dialect {
                    members.insert(0, ("$schema".to_owned(), J::str(DIALECT)));
                }
                if id {
                    members.push(("$id".to_owned(), J::str("https://example.com/form")));
                }
            }
            fix_refs(&mut root);
            root
        })
        .boxed()
}

/// The URI fragment of a JSON Pointer to `$defs/<name>`: `~0`, `~1`, then
/// percent-encoding of everything outside the unreserved and sub-delimiter characters.
pub fn fragment(name: &str) -> String {
    let mut out = String::from("#/$defs/");
    let escaped = name.replace('~', "~0").replace('/', "~1");
    for b in escaped.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Resolve the `@n` placeholders of a form (invariant 1). A `$ref` reached without
/// descending into the instance ("unguarded") from `$defs` entry `i` may only name an
/// entry before `i`, and from the root any entry: so same-instance edges go strictly
/// down that order and cannot cycle. Below `properties`, `items` & co. any entry and
/// the root `#` may be named: recursion that the body's depth bounds. A placeholder
/// with no allowed target is dropped.
pub fn fix_refs(root: &mut J) {
    let defs: Vec<String> = match root.get("$defs") {
        Some(J::Obj(m)) => m.iter().map(|(k, _)| fragment(k)).collect(),
        _ => Vec::new(),
    };
    walk(root, None, false, &defs);
}

fn walk(node: &mut J, def: Option<usize>, guarded: bool, defs: &[String]) {
    let J::Obj(members) = node else { return };
    for (k, v) in members.iter_mut() {
        match k.as_str() {
            "$ref" => {
                let n: usize = match v {
                    J::Str(s) if s.starts_with('@') => s[1..].parse().unwrap(),
                    _ => continue,
                };
                let mut targets: Vec<String> = Vec::new();
                if guarded {
                    targets.push("#".to_owned());
                    targets.extend(defs.iter().cloned());
                } else {
                    let end = def.unwrap_or(defs.len());
                    targets.extend(defs[..end].iter().cloned());
                }
                *v = if targets.is_empty() {
                    J::Null
                } else {
                    J::Str(targets[n % targets.len()].clone())
                };
            }
            "properties" => {
                if let J::Obj(props) = v {
                    for (_, s) in props {
                        walk(s, def, true, defs);
                    }
                }
            }
            "additionalProperties" | "items" => walk(v, def, true, defs),
            "prefixItems" => {
                if let J::Arr(items) = v {
                    for s in items {
                        walk(s, def, true, defs);
                    }
                }
            }
            "allOf" | "anyOf" | "oneOf" => {
                if let J::Arr(items) = v {
                    for s in items {
                        walk(s, def, guarded, defs);
                    }
                }
            }
            "$defs" => {
                if let J::Obj(entries) = v {
                    for (i, (_, s)) in entries.iter_mut().enumerate() {
                        walk(s, Some(i), false, defs);
                    }
                }
            }
            // Data and annotations are never schemas.
            _ => {}
        }
    }
    members.retain(|(k, v)| !(k == "$ref" && *v == J::Null));
}

/// The schema a `$ref` written by [`fix_refs`] names.
pub fn resolve<'a>(root: &'a J, target: &str) -> Option<&'a J> {
    if target == "#" {
        return Some(root);
    }
    let J::Obj(defs) = root.get("$defs")? else {
        return None;
    };
    defs.iter()
        .find(|(k, _)| fragment(k) == target)
        .map(|(_, v)| v)
}

// ---------------------------------------------------------------------------
// Bodies

/// A decimal `m × 10^e`, for numbers aimed at bounds and multiples.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Dec {
    m: i128,
    e: i32,
}

impl Dec {
    fn parse(s: &str) -> Option<Dec> {
        let (mantissa, exp) = match s.find(['e', 'E']) {
            Some(i) => (&s[..i], s[i + 1..].parse::<i32>().ok()?),
            None => (s, 0),
        };
        let (neg, mantissa) = match mantissa.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, mantissa),
        };
        let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let digits = format!("{int}{frac}");
        let digits = digits.trim_start_matches('0');
        if digits.len() > 30 || exp.abs() > 30 {
            return None;
        }
        let m: i128 = if digits.is_empty() {
            0
        } else {
            digits.parse().ok()?
        };
        let d = Dec {
            m: if neg { -m } else { m },
            e: exp - frac.len() as i32,
        };
        Some(d.normal())
    }

    fn normal(mut self) -> Dec {
        if self.m == 0 {
            return Dec { m: 0, e: 0 };
        }
        while self.m % 10 == 0 {
            self.m /= 10;
            self.e += 1;
        }
        self
    }

    fn align(a: Dec, b: Dec) -> Option<(i128, i128, i32)> {
        let e = a.e.min(b.e);
        let scale =
            |d: Dec| -> Option<i128> { d.m.checked_mul(10i128.checked_pow((d.e - e) as u32)?) };
        Some((scale(a)?, scale(b)?, e))
    }

    fn add(self, other: Dec) -> Option<Dec> {
        let (a, b, e) = Dec::align(self, other)?;
        Some(
            Dec {
                m: a.checked_add(b)?,
                e,
            }
            .normal(),
        )
    }

    fn times(self, k: i128) -> Option<Dec> {
        Some(
            Dec {
                m: self.m.checked_mul(k)?,
                e: self.e,
            }
            .normal(),
        )
    }

    /// A lexeme for this value in one of several spellings.
    fn lexeme(self, r: &mut Rng) -> String {
        let neg = self.m < 0;
        let digits = self.m.unsigned_abs().to_string();
        let sign = if neg { "-" } else { "" };
        let style = r.below(4);
        if style == 0 && self.m != 0 {
            return format!(
                "{sign}{digits}{}{}",
                if r.chance(0.5) { "e" } else { "E" },
                self.e
            );
        }
        let plain = if self.e >= 0 {
            format!("{sign}{digits}{}", "0".repeat(self.e as usize))
        } else {
            let places = (-self.e) as usize;
            let padded = format!(
                "{}{digits}",
                "0".repeat((places + 1).saturating_sub(digits.len()))
            );
            let (int, frac) = padded.split_at(padded.len() - places);
            format!("{sign}{int}.{frac}")
        };
        match style {
            1 if !plain.contains('.') => format!("{plain}.0"),
            1 => format!("{plain}0"),
            _ => plain,
        }
    }
}

fn count(s: &J, kw: &str) -> Option<usize> {
    match s.get(kw)? {
        J::Num(n) => Some(n.parse::<f64>().ok()? as usize),
        _ => None,
    }
}

/// Produce bodies aimed at a form.
struct Aim<'a> {
    root: &'a J,
    p: &'static Profile,
    r: Rng,
}

impl Aim<'_> {
    fn random(&mut self, depth: u32) -> J {
        let n = if depth > 0 { 8 } else { 6 };
        match self.r.below(n) {
            0 => J::Null,
            1 => J::Bool(self.r.chance(0.5)),
            2 | 3 => J::num(self.r.pick::<&str>(self.p.numbers)),
            4 | 5 => J::str(self.r.pick::<&str>(self.p.strings)),
            6 => {
                let len = self.r.below(4);
                J::Arr((0..len).map(|_| self.random(depth - 1)).collect())
            }
            _ => {
                let len = self.r.below(4);
                let members = (0..len)
                    .map(|_| {
                        (
                            self.r.pick(self.p.names).to_string(),
                            self.random(depth - 1),
                        )
                    })
                    .collect();
                J::Obj(dedup(members))
            }
        }
    }

    fn value(&mut self, s: &J, depth: u32) -> J {
        if depth == 0 || self.r.chance(0.06) {
            return self.random(depth.min(1));
        }
        let J::Obj(_) = s else {
            return self.random(2);
        };
        if let Some(J::Arr(vs)) = s.get("enum") {
            if !vs.is_empty() && self.r.chance(0.6) {
                let v = self.r.pick(vs).clone();
                return self.respell(&v);
            }
        }
        if let Some(c) = s.get("const") {
            if self.r.chance(0.6) {
                return self.respell(c);
            }
        }
        if let Some(J::Str(t)) = s.get("$ref") {
            if self.r.chance(0.5) {
                if let Some(target) = resolve(self.root, t) {
                    return self.value(target, depth - 1);
                }
            }
        }
        for kw in ["anyOf", "oneOf", "allOf"] {
            if let Some(J::Arr(branches)) = s.get(kw) {
                if self.r.chance(0.4) {
                    let b = self.r.pick(branches).clone();
                    return self.value(&b, depth - 1);
                }
            }
        }
        match self.pick_type(s) {
            "null" => J::Null,
            "boolean" => J::Bool(self.r.chance(0.5)),
            "integer" | "number" => J::Num(self.number(s)),
            "string" => J::Str(self.string(s)),
            "array" => self.array(s, depth),
            _ => self.object(s, depth),
        }
    }

    /// An equal value, sometimes spelled differently: numbers by another lexeme of the
    /// same value (`1` as `1.0`, `1e0`; `0` as `-0`), members in another order.
    fn respell(&mut self, v: &J) -> J {
        if self.r.chance(0.5) {
            return v.clone();
        }
        match v {
            J::Num(n) => match Dec::parse(n) {
                Some(d) if d.m == 0 && self.r.chance(0.3) => J::num("-0"),
                Some(d) => J::Num(d.lexeme(&mut self.r)),
                None => v.clone(),
            },
            J::Arr(items) => J::Arr(items.iter().map(|x| self.respell(x)).collect()),
            J::Obj(members) => {
                let mut members: Members = members
                    .iter()
                    .map(|(k, x)| (k.clone(), self.respell(x)))
                    .collect();
                self.shuffle(&mut members);
                J::Obj(members)
            }
            _ => v.clone(),
        }
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.r.below(i + 1);
            items.swap(i, j);
        }
    }

    fn pick_type(&mut self, s: &J) -> &'static str {
        let has = |kws: &[&str]| kws.iter().any(|k| s.get(k).is_some());
        let mut candidates: Vec<&'static str> = match s.get("type") {
            Some(J::Str(t)) => TYPES.iter().copied().filter(|x| *x == t.as_str()).collect(),
            Some(J::Arr(ts)) => TYPES
                .iter()
                .copied()
                .filter(|x| ts.contains(&J::str(x)))
                .collect(),
            _ => Vec::new(),
        };
        if candidates.is_empty() {
            if has(&["minLength", "maxLength", "pattern", "format"]) {
                candidates.push("string");
            }
            if has(&[
                "minimum",
                "maximum",
                "exclusiveMinimum",
                "exclusiveMaximum",
                "multipleOf",
            ]) {
                candidates.extend(["integer", "number"]);
            }
            if has(&["items", "prefixItems", "minItems", "maxItems"]) {
                candidates.push("array");
            }
            if has(&["properties", "required", "additionalProperties"]) {
                candidates.push("object");
            }
        }
        if candidates.is_empty() || self.r.chance(0.1) {
            return self.r.pick::<&str>(&TYPES);
        }
        self.r.pick::<&str>(&candidates)
    }

    fn number(&mut self, s: &J) -> String {
        let dec = |kw: &str| match s.get(kw) {
            Some(J::Num(n)) => Dec::parse(n),
            _ => None,
        };
        let bounds: Vec<Dec> = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]
            .iter()
            .filter_map(|k| dec(k))
            .collect();
        let multiple = dec("multipleOf");
        let one = Dec { m: 1, e: 0 };
        let half = Dec { m: 5, e: -1 };
        let aimed = match self.r.below(5) {
            0 | 1 => {
                let base = if bounds.is_empty() {
                    Dec { m: 0, e: 0 }
                } else {
                    *self.r.pick(&bounds)
                };
                let mut deltas = vec![Dec { m: 0, e: 0 }, one, one.times(-1).unwrap(), half];
                if let Some(m) = multiple {
                    deltas.extend([m, m.times(-1).unwrap()]);
                }
                let d = *self.r.pick(&deltas);
                base.add(d)
            }
            2 => {
                let k = self.r.below(10) as i128 - 3;
                match multiple {
                    Some(m) => m.times(k),
                    None => Some(Dec { m: k, e: 0 }),
                }
            }
            3 => {
                return self
                    .r
                    .pick(&["-0", "0.0", "0", "-0.0", "0e3", "0E-2"])
                    .to_string()
            }
            _ => None,
        };
        match aimed {
            Some(d) => d.lexeme(&mut self.r),
            None => self.r.pick(self.p.numbers).to_string(),
        }
    }

    fn string(&mut self, s: &J) -> String {
        if let Some(J::Str(name)) = s.get("format") {
            if self.r.chance(0.7) {
                let samples: Vec<&str> = self
                    .p
                    .formats
                    .iter()
                    .filter(|f| f.name == name.as_str())
                    .flat_map(|f| f.samples.iter().copied())
                    .collect();
                if !samples.is_empty() {
                    return self.r.pick(&samples).to_string();
                }
            }
        }
        if let Some(J::Str(source)) = s.get("pattern") {
            if self.r.chance(0.7) {
                let samples: Vec<&str> = self
                    .p
                    .patterns
                    .iter()
                    .filter(|p| p.source == source.as_str())
                    .flat_map(|p| p.samples.iter().copied())
                    .collect();
                if !samples.is_empty() {
                    return self.r.pick(&samples).to_string();
                }
            }
        }
        let min = count(s, "minLength");
        let max = count(s, "maxLength");
        if (min.is_some() || max.is_some()) && self.r.chance(0.7) {
            let mut lens = Vec::new();
            for n in [min, max].into_iter().flatten() {
                lens.extend([n.saturating_sub(1), n, n + 1]);
            }
            let len = (*self.r.pick(&lens)).min(24);
            let palette = ["a", "b", "z", "é", "😀", " ", "\u{301}"];
            return (0..len).map(|_| *self.r.pick(&palette)).collect::<String>();
        }
        self.r.pick(self.p.strings).to_string()
    }

    fn array(&mut self, s: &J, depth: u32) -> J {
        let prefix: &[J] = match s.get("prefixItems") {
            Some(J::Arr(p)) => p,
            _ => &[],
        };
        let min = count(s, "minItems");
        let max = count(s, "maxItems");
        let len = if (min.is_some() || max.is_some()) && self.r.chance(0.7) {
            let mut lens = Vec::new();
            for n in [min, max].into_iter().flatten() {
                lens.extend([n.saturating_sub(1), n, n + 1]);
            }
            (*self.r.pick(&lens)).min(6)
        } else if !prefix.is_empty() && self.r.chance(0.5) {
            prefix.len() + self.r.below(2)
        } else {
            self.r.below(4)
        };
        let items = s.get("items").cloned();
        let prefix = prefix.to_vec();
        let elements = (0..len)
            .map(|i| match (prefix.get(i), &items) {
                (Some(p), _) => self.value(p, depth - 1),
                (None, Some(it)) => self.value(it, depth - 1),
                (None, None) => self.random(depth - 1),
            })
            .collect();
        J::Arr(elements)
    }

    fn object(&mut self, s: &J, depth: u32) -> J {
        let props: Vec<(String, J)> = match s.get("properties") {
            Some(J::Obj(p)) => p.clone(),
            _ => Vec::new(),
        };
        let additional = s.get("additionalProperties").cloned();
        let schema_for = |name: &str| -> J {
            props
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
                .or_else(|| additional.clone())
                .unwrap_or(J::Bool(true))
        };
        let mut members: Members = Vec::new();
        if let Some(J::Arr(req)) = s.get("required") {
            for name in req {
                if let J::Str(name) = name {
                    if self.r.chance(0.92) {
                        let v = self.value(&schema_for(name), depth - 1);
                        members.push((name.clone(), v));
                    }
                }
            }
        }
        for (name, sub) in &props {
            if self.r.chance(0.5) && !members.iter().any(|(k, _)| k == name) {
                let v = self.value(sub, depth - 1);
                members.push((name.clone(), v));
            }
        }
        if self.r.chance(0.25) {
            let name = self.r.pick(self.p.names).to_string();
            if !members.iter().any(|(k, _)| *k == name) {
                let v = self.value(&schema_for(&name), depth - 1);
                members.push((name, v));
            }
        }
        // Member order never matters to a verdict.
        self.shuffle(&mut members);
        J::Obj(members)
    }
}

/// A body value aimed at `form`, drawn from `seed`: mostly built from the form's own
/// keywords (enum members, bounds and multiples, lengths around the limits, format and
/// pattern samples, required members), with random values mixed in at every level.
pub fn body_value(form: &J, p: &'static Profile, seed: u64) -> J {
    let mut aim = Aim {
        root: form,
        p,
        r: Rng::new(seed),
    };
    aim.value(form, 6)
}

/// A body as JSON text: [`body_value`] in a varied spelling, with a duplicate member in
/// about one body of twelve.
pub fn body_text(form: &J, p: &'static Profile, seed: u64) -> String {
    let value = body_value(form, p, seed);
    let mut r = Rng::new(seed ^ 0x5851_f42d_4c95_7f2d);
    let style = Style {
        ws: r.chance(0.3),
        escapes: r.chance(0.3),
        dup: r.chance(0.08),
    };
    value.text(&mut r, style)
}

/// A form and some bodies for it.
pub fn form_and_bodies(p: &'static Profile) -> BoxedStrategy<(J, Vec<String>)> {
    (form(p), prop::collection::vec(any::<u64>(), 1..=8))
        .prop_map(move |(f, seeds)| {
            let bodies = seeds.iter().map(|&s| body_text(&f, p, s)).collect();
            (f, bodies)
        })
        .boxed()
}

/// `n` values of `strategy`, the same on every run (for tests of the generators).
pub fn sample<T: std::fmt::Debug>(strategy: BoxedStrategy<T>, n: usize) -> Vec<T> {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    (0..n)
        .map(|_| strategy.new_tree(&mut runner).unwrap().current())
        .collect()
}
