//! The formats of JSON Schema 2020-12 the wire schema keeps, checked as
//! ajv-formats (MIT licence) checks them in its "full" mode — the mode Ajv
//! clients add by default — with `time` and `date-time` requiring a time
//! zone: its regular expressions (matched on ASCII input where ajv-formats'
//! are case-insensitive, as errgen's Go runtime matches them) and its date
//! and time functions. A format the runtime has no check of (`idn-email`,
//! `idn-hostname`, `iri`, `iri-reference`, `regex`) takes every string.

use super::regexp::is_match;

/// Reports whether `s` has the format named `format`.
pub(crate) fn check_format(format: &str, s: &str) -> bool {
    let re = |expr: &'static str| is_match(expr, s) == Some(true);
    match format {
        "date" => date(s),
        "time" => time(s),
        "date-time" => date_time(s),
        "duration" => s != "P" && !s.ends_with('T') && re(DURATION),
        "uri" => s.contains(['/', ':']) && s.is_ascii() && re(URI),
        "uri-reference" => s.is_ascii() && re(URI_REFERENCE),
        "uri-template" => re(URI_TEMPLATE),
        "email" => s.is_ascii() && re(EMAIL),
        "hostname" => hostname(s) && re(HOSTNAME),
        "ipv4" => re(IPV4),
        "ipv6" => s.is_ascii() && re(IPV6),
        "uuid" => s.is_ascii() && re(UUID),
        "json-pointer" => re(JSON_POINTER),
        "relative-json-pointer" => re(RELATIVE_JSON_POINTER),
        _ => true,
    }
}

/// ajv-formats' hostname lookahead `(?=.{1,253}\.?$)`: 1 to 253 ASCII
/// characters, and one more when that is a final dot.
fn hostname(s: &str) -> bool {
    let n = s.len();
    s.is_ascii() && ((1..=253).contains(&n) || n == 254 && s.ends_with('.'))
}

/// The ASCII digits of `s` as a number, when `s` is nothing else.
fn digits(s: &str) -> Option<u32> {
    (!s.is_empty() && s.bytes().all(|c| c.is_ascii_digit())).then(|| s.parse().ok())?
}

const DAYS_IN: [u32; 13] = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/// `YYYY-MM-DD`, a day the month has (February 29 in leap years).
fn date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let (Some(year), Some(month), Some(day)) = (digits(&s[..4]), digits(&s[5..7]), digits(&s[8..]))
    else {
        return false;
    };
    if !(1..=12).contains(&month) || day < 1 {
        return false;
    }
    if month == 2 && year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) {
        return day <= 29;
    }
    day <= DAYS_IN[month as usize]
}

/// `HH:MM:SS[.fraction]` and a zone (`Z`, `z` or `±HH[[:]MM]`): at most
/// 23:59:59, or a leap second at 23:59:60 UTC.
fn time(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 8 || !b[..8].is_ascii() || b[2] != b':' || b[5] != b':' {
        return false;
    }
    let (Some(hr), Some(min)) = (digits(&s[..2]), digits(&s[3..5])) else {
        return false;
    };
    // the seconds: two digits, then a fraction of one or more digits
    let mut end = 8;
    if digits(&s[6..8]).is_none() {
        return false;
    }
    if b.get(8) == Some(&b'.') {
        let n = b[9..].iter().take_while(|c| c.is_ascii_digit()).count();
        if n == 0 {
            return false;
        }
        end = 9 + n;
    }
    let sec: f64 = match s[6..end].parse() {
        Ok(v) => v,
        Err(_) => return false,
    };
    // the zone, required
    let zone = &s[end..];
    let (sign, tz_h, tz_m) = match zone.as_bytes() {
        [b'z' | b'Z'] => (1, 0, 0),
        [c @ (b'+' | b'-'), rest @ ..] if rest.len() >= 2 && rest.is_ascii() => {
            let rest = &zone[1..];
            let m = match rest.len() {
                2 => Some(0),
                4 => digits(&rest[2..]),
                5 if rest.as_bytes()[2] == b':' => digits(&rest[3..]),
                _ => None,
            };
            match (digits(&rest[..2]), m) {
                (Some(h), Some(m)) => (if *c == b'-' { -1 } else { 1 }, h as i64, m as i64),
                _ => return false,
            }
        }
        _ => return false,
    };
    if tz_h > 23 || tz_m > 59 {
        return false;
    }
    if hr <= 23 && min <= 59 && sec < 60.0 {
        return true;
    }
    let utc_min = min as i64 - tz_m * sign;
    let mut utc_hr = hr as i64 - tz_h * sign;
    if utc_min < 0 {
        utc_hr -= 1;
    }
    (utc_hr == 23 || utc_hr == -1) && (utc_min == 59 || utc_min == -1) && sec < 61.0
}

/// A date and a time, split at each `t`, `T` or white space (JavaScript's
/// `\s`, as `String.prototype.split` splits: empty parts kept).
fn date_time(s: &str) -> bool {
    let mut parts = s.split(|c: char| c == 't' || c == 'T' || js_space(c));
    matches!((parts.next(), parts.next(), parts.next()), (Some(d), Some(t), None) if date(d) && time(t))
}

/// Reports whether JavaScript's `\s` matches `c`: white space and line
/// terminators.
pub(crate) fn js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

// The expressions of ajv-formats, as errgen's Go runtime has them (hostname
// and duration without their lookaheads: see `hostname` and
// `check_format`). Those with the i flag are matched on ASCII input only.

const URI: &str = r#"(?i)^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$"#;

const URI_REFERENCE: &str = r#"(?i)^(?:[a-z][a-z0-9+\-.]*:)?(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'"()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?(?:\?(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?$"#;

const EMAIL: &str = r#"(?i)^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$"#;

const IPV4: &str =
    r#"^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$"#;

const IPV6: &str = r#"(?i)^((([0-9a-f]{1,4}:){7}([0-9a-f]{1,4}|:))|(([0-9a-f]{1,4}:){6}(:[0-9a-f]{1,4}|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){5}(((:[0-9a-f]{1,4}){1,2})|:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){4}(((:[0-9a-f]{1,4}){1,3})|((:[0-9a-f]{1,4})?:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){3}(((:[0-9a-f]{1,4}){1,4})|((:[0-9a-f]{1,4}){0,2}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){2}(((:[0-9a-f]{1,4}){1,5})|((:[0-9a-f]{1,4}){0,3}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){1}(((:[0-9a-f]{1,4}){1,6})|((:[0-9a-f]{1,4}){0,4}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(:(((:[0-9a-f]{1,4}){1,7})|((:[0-9a-f]{1,4}){0,5}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:)))$"#;

const UUID: &str = r#"(?i)^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$"#;

const JSON_POINTER: &str = r#"^(?:\/(?:[^~/]|~0|~1)*)*$"#;

const RELATIVE_JSON_POINTER: &str = r#"^(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~0|~1)*)*)$"#;

const URI_TEMPLATE: &str = r#"^(?:(?:[^\x00-\x20"'<>%\\^`{|}]|%[0-9a-fA-F]{2})|\{[+#./;?&=,!@|]?(?:[a-zA-Z0-9_]|%[0-9a-fA-F]{2})+(?::[1-9][0-9]{0,3}|\*)?(?:,(?:[a-zA-Z0-9_]|%[0-9a-fA-F]{2})+(?::[1-9][0-9]{0,3}|\*)?)*\})*$"#;

const HOSTNAME: &str =
    r#"(?i)^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\.?$"#;

const DURATION: &str = r#"^P((\d+Y)?(\d+M)?(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?|(\d+W)?)$"#;
