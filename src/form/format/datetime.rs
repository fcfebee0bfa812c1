//! RFC 3339 dates, times and durations.

/// The value of a run of ASCII digits, or `None` if `b` is empty, holds anything
/// else, or is too long to matter (callers pass at most four digits).
pub(super) fn decimal(b: &[u8]) -> Option<u32> {
    if b.is_empty() || b.len() > 9 {
        return None;
    }
    b.iter().try_fold(0u32, |acc, &c| {
        c.is_ascii_digit().then(|| acc * 10 + u32::from(c - b'0'))
    })
}

/// Two ASCII digits at `b[at..at + 2]`.
fn two_digits(b: &[u8], at: usize) -> Option<u32> {
    b.get(at..at + 2).filter(|d| d.len() == 2).and_then(decimal)
}

/// Days in `month` (1–12) of `year` in the proleptic Gregorian calendar.
fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// RFC 3339 `full-date = date-fullyear "-" date-month "-" date-mday`, with the
/// day checked against the month and year (§5.7).
pub(super) fn is_full_date(b: &[u8]) -> bool {
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let (Some(year), Some(month), Some(day)) =
        (decimal(&b[..4]), two_digits(b, 5), two_digits(b, 8))
    else {
        return false;
    };
    (1..=12).contains(&month) && day >= 1 && day <= days_in_month(year, month)
}

/// RFC 3339 `full-time = partial-time time-offset`, with the leap-second rule of
/// invariant 3.
pub(super) fn is_full_time(b: &[u8]) -> bool {
    // partial-time = time-hour ":" time-minute ":" time-second [time-secfrac]
    if b.get(2) != Some(&b':') || b.get(5) != Some(&b':') {
        return false;
    }
    let (Some(hour), Some(minute), Some(second)) =
        (two_digits(b, 0), two_digits(b, 3), two_digits(b, 6))
    else {
        return false;
    };
    let mut rest = &b[8..];
    if let Some((b'.', frac)) = rest.split_first() {
        let digits = frac.iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return false;
        }
        rest = &frac[digits..];
    }
    // time-offset = "Z" / time-numoffset; time-numoffset = ("+" / "-") hour ":" minute
    let offset_minutes: i32 = match rest {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), _, _, b':', _, _] => {
            let (Some(oh), Some(om)) = (two_digits(rest, 1), two_digits(rest, 4)) else {
                return false;
            };
            if oh > 23 || om > 59 {
                return false;
            }
            let magnitude = (oh * 60 + om) as i32;
            if *sign == b'-' {
                -magnitude
            } else {
                magnitude
            }
        }
        _ => return false,
    };
    if hour > 23 || minute > 59 || second > 60 {
        return false;
    }
    // Invariant 3: a leap second is the 61st second of 23:59 UTC.
    second < 60
        || ((hour * 60 + minute) as i32 - offset_minutes).rem_euclid(24 * 60) == 23 * 60 + 59
}

/// RFC 3339 `date-time = full-date "T" full-time`, `T` in either case (§5.6 note).
pub(super) fn is_date_time(b: &[u8]) -> bool {
    if let Some(valid) = common_date_time(b) {
        return valid;
    }
    b.len() > 11 && matches!(b[10], b'T' | b't') && is_full_date(&b[..10]) && is_full_time(&b[11..])
}

/// `date-time` in its most common spelling, `YYYY-MM-DDTHH:MM:SSZ` (20 bytes, `T` and
/// `Z` in either case), decided from three words rather than field by field
/// (benches/README.md, optimization `common-date-time`): `None` for any other
/// spelling, which the general grammar decides. Where it answers, the answer is the
/// general grammar's (`tests::common_date_time_agrees`).
#[inline]
fn common_date_time(b: &[u8]) -> Option<bool> {
    let b: &[u8; 20] = b.try_into().ok()?;
    let word = |at: usize| u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"));
    // `YYYY-MM-`, `DDTHH:MM` and `:SSZ` with the letters lowered.
    let (w0, w1) = (word(0), word(8));
    let w2 = u32::from_le_bytes([b[16], b[17], b[18], b[19]]) | 0x2000_0000;
    let w1 = w1 | 0x0000_0000_0020_0000;
    // Every digit position minus `'0'` is below ten; every separator is in place.
    const D0: u64 = 0x00FF_FF00_FFFF_FFFF; // digits of `YYYY-MM-`
    const D1: u64 = 0xFFFF_00FF_FF00_FFFF; // digits of `DDTHH:MM`
    const D2: u32 = 0x00FF_FF00; // digits of `:SSZ`
    let digits = |w: u64, mask: u64| {
        let x = (w ^ 0x3030_3030_3030_3030) & mask;
        (x.wrapping_add(0x7676_7676_7676_7676 & mask) | x) & 0x8080_8080_8080_8080 & mask == 0
    };
    let x2 = (w2 ^ 0x3030_3030) & D2;
    let digits2 = (x2.wrapping_add(0x7676_7676 & D2) | x2) & 0x8080_8080 & D2 == 0;
    let separators = w0 & !D0 == 0x2D00_002D_0000_0000
        && w1 & !D1 == 0x0000_3A00_0074_0000
        && w2 & !D2 == 0x7A00_003A;
    if !(separators && digits(w0, D0) && digits(w1, D1) && digits2) {
        return None;
    }
    // Each digit's value in its byte. The day, hour and minute (bytes 0–1, 3–4 and
    // 6–7 of `DDTHH:MM`) by one multiplication: each tens digit times ten plus its
    // ones digit, at most 99, stays in its byte (benches/README.md, optimization
    // `date-time-fields`).
    let (x0, x1) = (w0 ^ 0x3030_3030_3030_3030, w1 ^ 0x3030_3030_3030_3030);
    const TENS: u64 = 0x00FF_0000_FF00_00FF;
    let fields = (x1 & TENS) * 10 + ((x1 >> 8) & TENS);
    let (day, hour, minute) = (fields & 0xFF, fields >> 24 & 0xFF, fields >> 48 & 0xFF);
    let digit = |x: u64, at: u32| x >> (8 * at) & 0xFF;
    let month = digit(x0, 5) * 10 + digit(x0, 6);
    let second = u64::from(x2 >> 8 & 0xFF) * 10 + u64::from(x2 >> 16 & 0xFF);
    // The year only where the day is beyond every month's 28.
    let year =
        || (digit(x0, 0) * 1000 + digit(x0, 1) * 100 + digit(x0, 2) * 10 + digit(x0, 3)) as u32;
    Some(
        (1..=12).contains(&month)
            && day >= 1
            && (day <= 28 || day <= u64::from(days_in_month(year(), month as u32)))
            && hour <= 23
            && minute <= 59
            && (second < 60 || (second == 60 && hour == 23 && minute == 59)),
    )
}

/// Whether the body's bytes at `at` (after a string's opening quote) are a valid
/// `date-time` in its most common spelling and the string's closing quote: such bytes
/// are the whole string, needing no escape, and it conforms. `false` leaves the string
/// to be read and checked the usual way (benches/README.md, optimization
/// `date-time-words`).
#[inline]
pub(crate) fn date_time_at(body: &[u8], at: usize) -> bool {
    match (body.get(at..at + 20), body.get(at + 20)) {
        (Some(b), Some(b'"')) => common_date_time(b) == Some(true),
        _ => false,
    }
}

/// RFC 3339 Appendix A:
///
/// ```text
/// duration = "P" (dur-date / dur-time / dur-week)
/// dur-date = (dur-day / dur-month / dur-year) [dur-time]
/// dur-time = "T" (dur-hour / dur-minute / dur-second)
/// dur-year = 1*DIGIT "Y" [dur-month]    dur-hour   = 1*DIGIT "H" [dur-minute]
/// dur-month = 1*DIGIT "M" [dur-day]     dur-minute = 1*DIGIT "M" [dur-second]
/// dur-day = 1*DIGIT "D"                 dur-second = 1*DIGIT "S"
/// dur-week = 1*DIGIT "W"
/// ```
///
/// So the date designators are a non-empty contiguous run of `Y M D`, the time
/// designators a non-empty contiguous run of `H M S`, and a week stands alone.
pub(super) fn is_duration(b: &[u8]) -> bool {
    let Some((b'P' | b'p', rest)) = b.split_first() else {
        return false;
    };
    if let Some((w, digits)) = rest.split_last() {
        if w.eq_ignore_ascii_case(&b'W') {
            return decimal_run(digits) == digits.len() && !digits.is_empty();
        }
    }
    let Some((date_count, rest)) = designated_run(rest, b"YMD") else {
        return false;
    };
    match rest.split_first() {
        None => date_count > 0,
        Some((b'T' | b't', time)) => {
            matches!(designated_run(time, b"HMS"), Some((count, [])) if count > 0)
        }
        Some(_) => false,
    }
}

/// Length of the leading run of ASCII digits in `b`.
fn decimal_run(b: &[u8]) -> usize {
    b.iter().take_while(|c| c.is_ascii_digit()).count()
}

/// Consumes `1*DIGIT designator` elements whose designators form a contiguous run of
/// `order` (case-insensitive), stopping at the first byte that does not start an
/// element. Returns the number of elements and the rest, or `None` if digits are not
/// followed by the next designator in order.
fn designated_run<'a>(mut b: &'a [u8], order: &[u8]) -> Option<(usize, &'a [u8])> {
    let mut count = 0;
    let mut next = 0;
    loop {
        let digits = decimal_run(b);
        if digits == 0 {
            return Some((count, b));
        }
        let designator = b.get(digits)?.to_ascii_uppercase();
        let at = order.iter().position(|&d| d == designator)?;
        if count > 0 && at != next {
            return None;
        }
        count += 1;
        next = at + 1;
        b = &b[digits + 1..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The general grammar alone.
    fn general(b: &[u8]) -> bool {
        b.len() > 11
            && matches!(b[10], b'T' | b't')
            && is_full_date(&b[..10])
            && is_full_time(&b[11..])
    }

    /// Wherever the common spelling's check answers, it answers as the general grammar
    /// does: every 20-byte string made from valid ones by replacing one byte with each
    /// byte value, or two bytes with digits, and the calendar's edges.
    #[test]
    fn common_date_time_agrees() {
        let mut seeds: Vec<String> = vec![
            "2026-12-14T10:30:00Z".into(),
            "2024-02-29t23:59:60z".into(),
            "2023-02-29T00:00:00Z".into(),
            "1900-02-29T12:00:00Z".into(),
            "2000-02-29T12:00:00Z".into(),
            "0000-01-01T00:00:00Z".into(),
            "9999-12-31T23:59:59Z".into(),
        ];
        for month in 0..=13 {
            for day in [0, 1, 28, 29, 30, 31, 32] {
                seeds.push(format!("2025-{month:02}-{day:02}T00:00:00Z"));
            }
        }
        for (h, m, s) in [
            (23, 59, 60),
            (22, 59, 60),
            (23, 58, 60),
            (24, 0, 0),
            (0, 60, 0),
            (0, 0, 61),
        ] {
            seeds.push(format!("2025-06-30T{h:02}:{m:02}:{s:02}Z"));
        }
        let mut answered = 0;
        for seed in &seeds {
            let seed = seed.as_bytes();
            let mut variants = vec![seed.to_vec()];
            for at in 0..seed.len() {
                for v in 0..=255u8 {
                    let mut b = seed.to_vec();
                    b[at] = v;
                    variants.push(b);
                }
                for other in at + 1..seed.len() {
                    for (x, y) in [(b'0', b'9'), (b'9', b'0'), (b'3', b'2'), (b'1', b'3')] {
                        let mut b = seed.to_vec();
                        b[at] = x;
                        b[other] = y;
                        variants.push(b);
                    }
                }
            }
            for b in variants {
                if let Some(valid) = common_date_time(&b) {
                    answered += 1;
                    assert_eq!(valid, general(&b), "{:?}", String::from_utf8_lossy(&b));
                }
                assert_eq!(
                    is_date_time(&b),
                    general(&b),
                    "{:?}",
                    String::from_utf8_lossy(&b)
                );
            }
        }
        assert!(
            answered > 10_000,
            "the common spelling answered {answered} times"
        );
    }
}
