//! The checks of a node's constraints ([`Check`]): each keyword applies to
//! the values of its type, as in JSON Schema 2020-12, and a value that
//! breaks one is not written as given. Each function returns the first
//! keyword the value breaks, `None` when it keeps them all (or there is no
//! check).

use serde_json::Value;

use super::format::check_format;
use super::node::{table_value, Check};
use super::regexp;

/// The first keyword of `c` the string `s` breaks: `enum`, `const`,
/// `minLength`, `maxLength` (in code points), `pattern` (each, searched
/// anywhere in the string), `format` (each).
pub(crate) fn check_string(c: Option<&Check>, s: &str) -> Option<&'static str> {
    let c = c?;
    if !c.r#enum.is_empty() && !c.r#enum.contains(&s) {
        return Some("enum");
    }
    if let Some(k) = c.r#const {
        if !json_equal(&table_value(k), &Value::String(s.to_owned())) {
            return Some("const");
        }
    }
    if c.min_length.is_some() || c.max_length.is_some() {
        let n = s.chars().count();
        if c.min_length.is_some_and(|min| n < min) {
            return Some("minLength");
        }
        if c.max_length.is_some_and(|max| n > max) {
            return Some("maxLength");
        }
    }
    // a pattern that does not compile (errgen check refuses it) keeps no string
    if c.patterns
        .iter()
        .any(|p| regexp::is_match(p, s) != Some(true))
    {
        return Some("pattern");
    }
    if c.formats.iter().any(|f| !check_format(f, s)) {
        return Some("format");
    }
    None
}

/// The first keyword of `c` the number `f` breaks: `enum` (which lists
/// strings), `const`, `minimum`, `maximum`, `exclusiveMinimum`,
/// `exclusiveMaximum`, `multipleOf`.
pub(crate) fn check_number(c: Option<&Check>, f: f64) -> Option<&'static str> {
    let c = c?;
    if !c.r#enum.is_empty() {
        return Some("enum");
    }
    if let Some(k) = c.r#const {
        if !json_equal(&table_value(k), &super::value::float(f)) {
            return Some("const");
        }
    }
    let broken = [
        ("minimum", c.minimum.is_some_and(|m| f < m)),
        ("maximum", c.maximum.is_some_and(|m| f > m)),
        (
            "exclusiveMinimum",
            c.exclusive_minimum.is_some_and(|m| f <= m),
        ),
        (
            "exclusiveMaximum",
            c.exclusive_maximum.is_some_and(|m| f >= m),
        ),
        (
            "multipleOf",
            // a quotient past 1e21 is one Ajv's check (x/m === parseInt(x/m))
            // refuses, reading it in exponent notation
            c.multiple_of
                .is_some_and(|m| m > 0.0 && (f % m != 0.0 || (f / m).abs() >= 1e21)),
        ),
    ];
    broken.into_iter().find(|(_, b)| *b).map(|(kw, _)| kw)
}

/// The first keyword of `c` the untyped value `v` breaks, each keyword
/// applying to the values of its type.
pub(crate) fn check_any(c: Option<&Check>, v: &Value) -> Option<&'static str> {
    let c = c?;
    match v {
        Value::String(s) => return check_string(Some(c), s),
        Value::Number(n) => return check_number(Some(c), n.as_f64().unwrap_or(0.0)),
        Value::Array(items) => {
            if c.min_items.is_some_and(|min| items.len() < min) {
                return Some("minItems");
            }
            if c.max_items.is_some_and(|max| items.len() > max) {
                return Some("maxItems");
            }
        }
        _ => {}
    }
    if !c.r#enum.is_empty() {
        return Some("enum");
    }
    match c.r#const {
        Some(k) if !json_equal(&table_value(k), v) => Some("const"),
        _ => None,
    }
}

/// Reports whether two JSON values are equal as JSON Schema compares them:
/// numbers by value.
pub(crate) fn json_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| json_equal(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| json_equal(v, w)))
        }
        _ => a == b,
    }
}
