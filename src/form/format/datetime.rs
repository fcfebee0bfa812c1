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
    b.len() > 11 && matches!(b[10], b'T' | b't') && is_full_date(&b[..10]) && is_full_time(&b[11..])
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
