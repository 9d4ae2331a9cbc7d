//! Regular expressions: the `pattern`s of detail schemas and the
//! expressions of the format checks, read as ECMAScript reads a pattern
//! with the `u` flag and matched with the regex crate, each compiled once.
//!
//! The regex crate's classes are Unicode's, ECMAScript's are not: `\d` is
//! `[0-9]`, `\w` `[0-9A-Za-z_]`, `\b` a boundary of those, `\s`
//! ECMAScript's white space and line terminators, `.` any character but a
//! line terminator. A pattern is translated into the regex crate's syntax
//! with those meanings (see [`translate`]) before it is compiled.
//! errgen writes this file into a generated crate only when its catalog
//! checks a pattern or a format; the crate then depends on regex.

use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

use regex::Regex;

/// The compiled expressions, by their text (`None`: it does not compile).
static COMPILED: Mutex<BTreeMap<&'static str, Option<Regex>>> = Mutex::new(BTreeMap::new());

/// Reports whether the ECMAScript regular expression `pattern` matches
/// somewhere in `s`; `None` when it does not compile.
pub(crate) fn is_match(pattern: &'static str, s: &str) -> Option<bool> {
    let re = COMPILED
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .entry(pattern)
        .or_insert_with(|| Regex::new(&translate(pattern)).ok())
        .clone();
    re.map(|re| re.is_match(s))
}

/// ECMAScript's white space and line terminators (`\s`), as the body of a
/// class.
const SPACE: &str =
    r"\t\n\x0B\x0C\r \xA0\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}";

/// `\d` and `\w`, as bodies of a class.
const DIGIT: &str = "0-9";
const WORD: &str = "0-9A-Za-z_";

/// Translates an ECMAScript pattern into the regex crate's syntax: its
/// classes with ECMAScript's meanings (ASCII `\d`, `\w` and `\b`,
/// ECMAScript's `\s` and `.`), every escaped punctuation character and
/// every literal character the regex crate reads otherwise (`[`, `&`, `~`
/// and a second `-` in a class) written as a code point, `[]` and `[^]` as
/// the classes of no and of every character. Anything the regex crate
/// lacks (lookaround, backreferences) is kept, and does not compile.
pub(crate) fn translate(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len() + 16);
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('d') => out.push_str("[0-9]"),
                Some('D') => out.push_str("[^0-9]"),
                Some('w') => out.push_str("[0-9A-Za-z_]"),
                Some('W') => out.push_str("[^0-9A-Za-z_]"),
                Some('s') => push_class(&mut out, false, SPACE),
                Some('S') => push_class(&mut out, true, SPACE),
                Some('b') => out.push_str(r"(?-u:\b)"),
                Some('B') => out.push_str(r"(?-u:\B)"),
                Some(e) => escape(&mut out, e, &mut chars),
                None => out.push('\\'),
            },
            '.' => out.push_str(r"[^\n\r\x{2028}\x{2029}]"),
            '[' => class(&mut out, &mut chars),
            c => out.push(c),
        }
    }
    out
}

fn push_class(out: &mut String, negated: bool, body: &str) {
    out.push('[');
    if negated {
        out.push('^');
    }
    out.push_str(body);
    out.push(']');
}

/// Writes the character `c` as a code point, which the regex crate reads as
/// that character alone.
fn code_point(out: &mut String, c: char) {
    out.push_str(&format!("\\x{{{:X}}}", u32::from(c)));
}

/// Translates the escape `\e` (its letter read): control characters and
/// hexadecimal and Unicode escapes as code points, an escaped punctuation
/// character as itself, the rest as it is.
fn escape(out: &mut String, e: char, chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    match e {
        'n' | 'r' | 't' | 'f' | 'v' | 'p' | 'P' | 'x' => {
            out.push('\\');
            out.push(e);
        }
        '0' => out.push_str(r"\x00"),
        'c' => match chars.peek().copied() {
            Some(l) if l.is_ascii_alphabetic() => {
                chars.next();
                code_point(out, char::from(l as u8 % 32));
            }
            _ => out.push_str(r"\\c"),
        },
        'u' => {
            if chars.peek() == Some(&'{') {
                out.push_str(r"\x"); // \u{…}: \x{…}
            } else {
                let hex: String = chars.clone().take(4).collect();
                match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    Some(c) if hex.len() == 4 => {
                        chars.nth(3);
                        code_point(out, c);
                    }
                    _ => out.push('u'),
                }
            }
        }
        e if e.is_ascii_alphanumeric() => {
            out.push('\\');
            out.push(e);
        }
        e => code_point(out, e),
    }
}

/// Translates a class, its `[` read, up to its `]`.
fn class(out: &mut String, chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    let negated = chars.peek() == Some(&'^');
    if negated {
        chars.next();
    }
    if chars.peek() == Some(&']') {
        // [] matches no character, [^] every one
        chars.next();
        out.push_str(if negated {
            r"[\x{0}-\x{10FFFF}]"
        } else {
            r"[^\x{0}-\x{10FFFF}]"
        });
        return;
    }
    out.push('[');
    if negated {
        out.push('^');
    }
    let mut dash = false; // the last character written was a range's -
    while let Some(c) = chars.next() {
        let was_dash = std::mem::take(&mut dash);
        match c {
            ']' => break,
            '\\' => match chars.next() {
                Some('d') => out.push_str(DIGIT),
                Some('w') => out.push_str(WORD),
                Some('s') => out.push_str(SPACE),
                Some('D') => push_class(out, true, DIGIT),
                Some('W') => push_class(out, true, WORD),
                Some('S') => push_class(out, true, SPACE),
                Some('b') => out.push_str(r"\x08"),
                Some('-') => code_point(out, '-'),
                Some(e) => escape(out, e, chars),
                None => out.push_str(r"\\"),
            },
            '-' if was_dash => code_point(out, '-'),
            '-' => {
                out.push('-');
                dash = true;
            }
            '[' | '&' | '~' => code_point(out, c),
            c => out.push(c),
        }
    }
    out.push(']');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(pattern: &'static str, s: &str) -> bool {
        is_match(pattern, s).expect("compiles")
    }

    #[test]
    fn classes_mean_what_they_mean_in_ecmascript() {
        assert!(matches(r"^\d+$", "123") && !matches(r"^\d+$", "١٢٣"));
        assert!(matches(r"^\w+$", "a_1") && !matches(r"^\w+$", "é"));
        assert!(
            matches(r"^\s$", "\u{a0}") && matches(r"^\s$", "\u{b}") && !matches(r"^\s$", "\u{85}")
        );
        assert!(matches(r"a\bé", "aé") && !matches(r"\bé", "x é"));
        assert!(matches(r"^.$", "é") && !matches(r"^.$", "\r") && !matches(r"^.$", "\u{2028}"));
        assert!(matches(r"^[\d.]+$", "1.5") && !matches(r"^[\d.]+$", "1x"));
        assert!(matches(r"^[^\s]+$", "a-b") && !matches(r"^[^\s]+$", "a b"));
        assert!(matches(r"^[\D]$", "a") && !matches(r"^[\D]$", "1"));
    }

    #[test]
    fn literal_characters_stay_literal() {
        assert!(matches(r"^[[]$", "[") && matches(r"^[a&&b]+$", "&&"));
        assert!(matches(r"^[+--]+$", "+,-") && !matches(r"^[+--]+$", "a"));
        assert!(matches(r"^\<\/\~$", "</~"));
        assert!(matches(r"^a[]?$", "a") && !matches(r"^[]$", "") && matches(r"^[^]$", "\n"));
        assert!(matches(r"^\u00e9\x41\cJ$", "éA\n") && matches(r"^\u{1F600}$", "😀"));
    }

    #[test]
    fn searched_anywhere_and_anchored_only_by_the_pattern() {
        assert!(matches("b", "abc") && !matches("^b", "abc") && !matches("a$", "a\n"));
    }

    #[test]
    fn what_does_not_compile_is_none() {
        assert_eq!(is_match(r"(?=a)", "a"), None);
        assert_eq!(is_match(r"(a)\1", "aa"), None);
    }
}
