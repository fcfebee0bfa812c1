//! Decimals for numbers aimed at bounds and multiples.

/// `m × 10^e`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Dec {
    pub m: i128,
    pub e: i32,
}

impl Dec {
    pub const ZERO: Dec = Dec { m: 0, e: 0 };

    pub fn parse(s: &str) -> Option<Dec> {
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

    pub fn normal(mut self) -> Dec {
        if self.m == 0 {
            return Dec { m: 0, e: 0 };
        }
        while self.m % 10 == 0 {
            self.m /= 10;
            self.e += 1;
        }
        self
    }

    pub fn add(self, other: Dec) -> Option<Dec> {
        let e = self.e.min(other.e);
        let scale = |d: Dec| -> Option<i128> {
            d.m.checked_mul(10i128.checked_pow(u32::try_from(d.e - e).ok()?)?)
        };
        let m = scale(self)?.checked_add(scale(other)?)?;
        Some(Dec { m, e }.normal())
    }

    pub fn times(self, k: i128) -> Option<Dec> {
        Some(
            Dec {
                m: self.m.checked_mul(k)?,
                e: self.e,
            }
            .normal(),
        )
    }

    /// A lexeme for this value: `style` 0 exponent form, 1 with a trailing zero, else
    /// plain.
    pub fn lexeme(self, style: usize, e_upper: bool) -> String {
        let sign = if self.m < 0 { "-" } else { "" };
        let digits = self.m.unsigned_abs().to_string();
        if style == 0 && self.m != 0 {
            let e = if e_upper { "E" } else { "e" };
            return format!("{sign}{digits}{e}{}", self.e);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_spell_their_value() {
        let d = Dec::parse("-2.50").unwrap();
        assert_eq!(d, Dec { m: -25, e: -1 });
        assert_eq!(d.lexeme(0, false), "-25e-1");
        assert_eq!(d.lexeme(1, false), "-2.50");
        assert_eq!(d.lexeme(2, false), "-2.5");
        assert_eq!(Dec::parse("1e2").unwrap().lexeme(1, false), "100.0");
        assert_eq!(
            Dec::parse("0.1").unwrap().add(Dec { m: 2, e: -1 }),
            Dec::parse("0.3")
        );
        assert_eq!(Dec::parse("2.5").unwrap().times(-4), Dec::parse("-1e1"));
    }
}
