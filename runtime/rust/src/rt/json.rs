//! JSON text as every errgen runtime writes it: strings escaped and bounded
//! in UTF-8 bytes, numbers in ECMAScript's form.

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Where a string longer than `limit` bytes is cut: `limit - 3` bytes
/// (room for the `...` that marks the cut), moved back to the start of a
/// character.
fn cut_at(s: &str, limit: usize) -> usize {
    let mut cut = limit.saturating_sub(3);
    while cut > 0 && !s.is_char_boundary(cut) {
        cut -= 1;
    }
    cut
}

/// Returns `s` bounded to `limit` bytes (none: whole): a longer string is
/// cut at a character boundary and ends in `...`.
pub fn truncate(s: &str, limit: Option<usize>) -> String {
    match limit {
        Some(limit) if s.len() > limit => {
            let mut out = String::with_capacity(limit);
            out.push_str(&s[..cut_at(s, limit)]);
            out.push_str("...");
            out
        }
        _ => s.to_owned(),
    }
}

/// Appends `s` as a JSON string bounded to `limit` bytes of `s` (none:
/// whole), counting the `...` that marks a cut; see [`write_escaped`].
pub fn write_string(out: &mut String, s: &str, limit: Option<usize>) {
    out.push('"');
    match limit {
        Some(limit) if s.len() > limit => {
            write_escaped(out, &s[..cut_at(s, limit)]);
            out.push_str("...");
        }
        _ => write_escaped(out, s),
    }
    out.push('"');
}

/// The bytes [`write_escaped`] looks at: those it escapes, and the first
/// byte of U+2028 and U+2029. Every other byte is written as itself.
const MAY_ESCAPE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 0x20 {
        t[c] = true;
        c += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'<' as usize] = true;
    t[b'>' as usize] = true;
    t[b'&' as usize] = true;
    t[0xe2] = true;
    t
};

/// Appends the escaped body of the JSON string of `s`: `"` and `\`
/// escaped, line feed, carriage return and tab as `\n`, `\r`, `\t`, every
/// other control character as `\u00xx`, `<`, `>` and `&` as `\u003c`,
/// `\u003e` and `\u0026` (the JSON stays safe inside HTML), U+2028 and
/// U+2029 as `\u2028` and `\u2029` (it stays valid JavaScript). Every other
/// character is written as itself.
pub fn write_escaped(out: &mut String, s: &str) {
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if !MAY_ESCAPE[usize::from(c)] {
            i += 1;
            continue;
        }
        let escape: Option<&str> = match c {
            b'"' => Some("\\\""),
            b'\\' => Some("\\\\"),
            b'\n' => Some("\\n"),
            b'\r' => Some("\\r"),
            b'\t' => Some("\\t"),
            b'<' => Some("\\u003c"),
            b'>' => Some("\\u003e"),
            b'&' => Some("\\u0026"),
            0xe2 if i + 2 < bytes.len()
                && bytes[i + 1] == 0x80
                && (bytes[i + 2] == 0xa8 || bytes[i + 2] == 0xa9) =>
            {
                Some(if bytes[i + 2] == 0xa8 {
                    "\\u2028"
                } else {
                    "\\u2029"
                })
            }
            _ => None,
        };
        if let Some(e) = escape {
            out.push_str(&s[start..i]);
            out.push_str(e);
            i += if c == 0xe2 { 3 } else { 1 };
            start = i;
        } else if c < 0x20 {
            out.push_str(&s[start..i]);
            out.push_str("\\u00");
            out.push(HEX[(c >> 4) as usize] as char);
            out.push(HEX[(c & 0xf) as usize] as char);
            i += 1;
            start = i;
        } else {
            i += 1;
        }
    }
    out.push_str(&s[start..]);
}

/// Returns `s` as a JSON string: [`write_string`] without a bound.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    write_string(&mut out, s, None);
    out
}

/// Appends `v` as ECMAScript's `Number.prototype.toString` (and so
/// `JSON.stringify`) writes it: the shortest digits that read back as `v`,
/// in plain notation from 1e-6 up to 1e21 and in exponent notation
/// (`1e+21`, `1.5e-7`) outside; `-0` as `0`. JSON has no NaN or
/// infinities: NaN is written `0` and the infinities as the largest finite
/// numbers.
pub fn write_number(out: &mut String, v: f64) {
    let v = if v.is_nan() {
        0.0
    } else if v == f64::INFINITY {
        f64::MAX
    } else if v == f64::NEG_INFINITY {
        f64::MIN
    } else {
        v
    };
    if v == 0.0 {
        out.push('0');
        return;
    }
    // Rust's {:e} writes the shortest digits that read back as v, as
    // d[.ddd]e[-]x. Of the digit strings of that length that read back as
    // v, ECMAScript takes the one closest to v: v correctly rounded to that
    // many digits, unless that reads back as another number. ECMAScript
    // then lays the digits out by the exponent.
    let mut sci = format!("{:e}", v.abs());
    let len = sci.find('e').unwrap_or(sci.len()) - usize::from(sci.contains('.'));
    let closest = format!("{:.*e}", len.saturating_sub(1), v.abs());
    if closest.parse::<f64>() == Ok(v.abs()) {
        sci = closest;
    }
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let k = digits.len() as i64;
    let n = exp.parse::<i64>().unwrap_or(0) + 1; // the decimal point's place
    if v < 0.0 {
        out.push('-');
    }
    if k <= n && n <= 21 {
        out.push_str(&digits);
        out.push_str(&"0".repeat((n - k) as usize));
    } else if 0 < n && n <= 21 {
        out.push_str(&digits[..n as usize]);
        out.push('.');
        out.push_str(&digits[n as usize..]);
    } else if -6 < n && n <= 0 {
        out.push_str("0.");
        out.push_str(&"0".repeat((-n) as usize));
        out.push_str(&digits);
    } else {
        out.push_str(&digits[..1]);
        if k > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        out.push('e');
        out.push(if n > 0 { '+' } else { '-' });
        out.push_str(&(n - 1).abs().to_string());
    }
}

/// Returns `v` as [`write_number`] writes it.
pub fn number(v: f64) -> String {
    let mut out = String::new();
    write_number(&mut out, v);
    out
}
