//! The writer of detail values and templates under one set of options:
//! redaction, sanitizing, verbose-only fields, string bounds and the
//! minimal form of a payload that does not fit.

use std::borrow::Cow;

use serde_json::Value;

use super::fielderrors::FieldErrors;
use super::json::{write_number, write_string, write_untyped};
use super::options::Options;
use super::render::PROBLEM_MEMBERS;
use super::sanitize::{sanitize_path, sanitize_text, sanitize_uri};
use super::shape::{decode_object, Object, Prop, Sanitize, Shape, Type};
use super::REDACTED;

/// The plain field of the messages of `field_errors`.
const FIELD_ERRORS: Prop = Prop {
    name: FieldErrors::FIELD_ERRORS,
    ..Prop::REQUIRED
};

/// The string bounds of a minimal payload: a first try, and a harsher one
/// when escaping makes the first still too large.
pub(crate) const MINIMAL_STRING_BYTES: [usize; 2] = [64, 8];

/// Writes detail values and templates under one set of options.
pub(crate) struct Encoder {
    verbose: bool,
    redact: bool,
    max_string: usize,
    /// Set while a minimal payload is written.
    pub(crate) minimal: bool,
    /// The string bound while minimal.
    pub(crate) min_string: usize,
    /// The levels of nesting above the value being written.
    depth: usize,
    /// The other members of the open object a problem document flattens,
    /// as written: extension members may not take their names.
    pub(crate) flat_keys: Vec<String>,
}

impl Encoder {
    pub(crate) fn new(o: &Options, catalog_max_string: usize) -> Encoder {
        let mut max_string = o.max_string_bytes;
        if max_string == 0 {
            max_string = catalog_max_string;
        }
        if max_string == 0 {
            max_string = 1024;
        }
        Encoder {
            verbose: o.verbose,
            redact: !o.show_sensitive,
            max_string,
            minimal: false,
            min_string: 0,
            depth: 0,
            flat_keys: Vec::new(),
        }
    }

    /// Reports whether optional members are written: false while the
    /// payload is minimal.
    pub(crate) fn full(&self) -> bool {
        !self.minimal
    }

    /// Reports whether the property is written at all.
    fn emit(&self, p: &Prop) -> bool {
        !p.verbose || self.verbose
    }

    /// The bound of a string of property `p` (`None`: the message's):
    /// none for an exact property.
    pub(crate) fn limit(&self, p: Option<&Prop>) -> Option<usize> {
        let mut n = self.max_string;
        if let Some(p) = p {
            if p.exact {
                return None;
            }
            if p.max_bytes > 0 {
                n = p.max_bytes;
            }
        }
        if self.minimal && n > self.min_string {
            n = self.min_string;
        }
        Some(n)
    }

    /// Applies redaction and sanitizing to a string of property `p`.
    fn process<'a>(&self, p: &Prop, v: &'a str) -> Cow<'a, str> {
        if self.verbose {
            return Cow::Borrowed(v);
        }
        if p.sensitive && self.redact {
            return Cow::Borrowed(REDACTED);
        }
        match p.sanitize {
            Sanitize::None => Cow::Borrowed(v),
            Sanitize::Path => sanitize_path(v),
            Sanitize::Uri => sanitize_uri(v),
            Sanitize::Text => Cow::Owned(sanitize_text(v)),
        }
    }

    /// Appends the details `v` of shape `shape` as a JSON object. `flat`
    /// marks the details a problem document flattens.
    pub(crate) fn write_details(&mut self, out: &mut String, shape: Shape, v: &Value, flat: bool) {
        match shape {
            Shape::Object(o) => self.write_object(out, o, v, flat),
            Shape::FieldErrors => self.write_field_errors(out, v),
        }
    }

    fn write_object(&mut self, out: &mut String, o: &Object, v: &Value, flat: bool) {
        let zero;
        let v = if v.is_object() {
            v
        } else {
            zero = decode_object(o, None);
            &zero
        };
        let empty = serde_json::Map::new();
        let m = v.as_object().unwrap_or(&empty);
        out.push('{');
        let mut first = true;
        for p in o.props {
            let value = m.get(p.name);
            if !p.required && (value.is_none() || o.trim && self.minimal) {
                continue; // optional: written when present (and not minimal, where it may be left out)
            }
            if !self.emit(p) {
                continue;
            }
            comma(out, &mut first);
            write_string(out, p.name, None);
            out.push(':');
            self.write_value(out, p, &p.ty, value.unwrap_or(&Value::Null));
        }
        if let Some(extra) = &o.extra {
            if self.full() && self.emit(extra) {
                let mut keys: Vec<&String> = m
                    .keys()
                    .filter(|k| !(o.declares(k) || flat && PROBLEM_MEMBERS.contains(&k.as_str())))
                    .collect();
                keys.sort();
                if flat {
                    self.flat_keys = keys.iter().map(|k| (*k).clone()).collect();
                }
                for k in keys {
                    comma(out, &mut first);
                    write_string(out, k, None);
                    out.push(':');
                    self.write_value(out, extra, &extra.ty, &m[k]);
                }
            }
        }
        out.push('}');
    }

    fn write_field_errors(&mut self, out: &mut String, v: &Value) {
        out.push_str("{\"fieldErrors\":{");
        if let (true, Some(fields)) = (
            self.full(),
            v.get(FieldErrors::FIELD_ERRORS).and_then(Value::as_object),
        ) {
            let mut keys: Vec<&String> = fields.keys().collect();
            keys.sort();
            for (i, k) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(out, k, None);
                out.push_str(":[");
                for (j, m) in fields[k].as_array().into_iter().flatten().enumerate() {
                    if j > 0 {
                        out.push(',');
                    }
                    self.write_str(out, &FIELD_ERRORS, m.as_str().unwrap_or_default());
                }
                out.push(']');
            }
        }
        out.push_str("},\"totalErrors\":");
        let total = v
            .get(FieldErrors::TOTAL_ERRORS)
            .and_then(Value::as_i64)
            .unwrap_or(0);
        out.push_str(&total.to_string());
        out.push('}');
    }

    /// Appends a string of property `p`: redacted, sanitized, bounded.
    fn write_str(&self, out: &mut String, p: &Prop, s: &str) {
        write_string(out, &self.process(p, s), self.limit(Some(p)));
    }

    /// Appends one value of type `ty` (a member's value, an array item, the
    /// value of an open object's other member) under the rules of `p`.
    fn write_value(&mut self, out: &mut String, p: &Prop, ty: &Type, v: &Value) {
        match ty {
            Type::String | Type::Enum => self.write_str(out, p, v.as_str().unwrap_or_default()),
            Type::Int => out.push_str(&v.as_i64().unwrap_or(0).to_string()),
            Type::Float => write_number(out, v.as_f64().unwrap_or(0.0)),
            Type::Bool => out.push_str(if v.as_bool().unwrap_or(false) {
                "true"
            } else {
                "false"
            }),
            Type::Any | Type::Map => self.write_any(out, p, v, matches!(ty, Type::Map)),
            Type::Struct { shape, .. } => self.write_details(out, shape(), v, false),
            Type::Array { items, keep } => {
                out.push('[');
                let list = v.as_array().map(Vec::as_slice).unwrap_or_default();
                for (i, it) in list[..self.keep(list.len(), *keep)].iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    self.write_value(out, p, items, it);
                }
                out.push(']');
            }
        }
    }

    /// Appends an untyped value of `p`: a string under `p`'s rules, any
    /// other value redacted when `p` is sensitive, else as JSON. The empty
    /// value of a map (`null`) is `{}`.
    fn write_any(&self, out: &mut String, p: &Prop, v: &Value, map: bool) {
        if let Value::String(s) = v {
            return self.write_str(out, p, s);
        }
        if p.sensitive && self.redact && !self.verbose && (map || !v.is_null()) {
            return write_string(out, REDACTED, None);
        }
        if map && v.is_null() {
            return out.push_str("{}");
        }
        write_untyped(out, v, self.limit(Some(p)), self.depth);
    }

    /// How many of an array's `n` items to write: all of them, or in a
    /// minimal payload the first `keep` (all when `keep` is negative).
    fn keep(&self, n: usize, keep: i64) -> usize {
        if self.minimal && keep >= 0 && (keep as usize) < n {
            keep as usize
        } else {
            n
        }
    }

    /// Renders a template: literal text with `{field}` placeholders, `{{`
    /// and `}}` standing for braces. A placeholder renders the top-level
    /// detail field it names (see [`Encoder::placeholder`]); without details,
    /// nothing.
    pub(crate) fn render(&mut self, tpl: &str, details: Option<(Shape, &Value)>) -> String {
        let mut s = tpl;
        let Some(mut i) = s.find(['{', '}']) else {
            return s.to_owned(); // no placeholder and no escaped brace: the text itself
        };
        let mut out = String::with_capacity(tpl.len() + 16);
        loop {
            out.push_str(&s[..i]);
            let c = s.as_bytes()[i];
            s = &s[i + 1..];
            if s.as_bytes().first() == Some(&c) {
                out.push(c as char); // {{ or }}
                s = &s[1..];
            } else {
                match s.find(['{', '}']) {
                    Some(end) if c == b'{' && s.as_bytes()[end] == b'}' => {
                        if let (Some((shape, v)), true) = (details, end > 0) {
                            self.placeholder(&mut out, shape, v, &s[..end]);
                        }
                        s = &s[end + 1..];
                    }
                    _ => out.push(c as char), // unbalanced: the checker rejects it; kept as text
                }
            }
            match s.find(['{', '}']) {
                Some(j) => i = j,
                None => break,
            }
        }
        out.push_str(s);
        out
    }

    /// Appends the text of the top-level detail field `name`: its value as
    /// the wire carries it (redacted, scrubbed, verbose-only fields left
    /// out), unbounded.
    fn placeholder(&mut self, out: &mut String, shape: Shape, details: &Value, name: &str) {
        let o = match shape {
            Shape::Object(o) => o,
            Shape::FieldErrors => {
                let v = details.get(name).unwrap_or(&Value::Null);
                match name {
                    FieldErrors::FIELD_ERRORS => write_untyped(out, v, None, self.depth + 1),
                    FieldErrors::TOTAL_ERRORS => out.push_str(&v.as_i64().unwrap_or(0).to_string()),
                    _ => {}
                }
                return;
            }
        };
        let Some(p) = o.props.iter().find(|p| p.name == name) else {
            return;
        };
        let v = details.get(name);
        let show = self.emit(p);
        match p.ty {
            Type::String | Type::Enum => {
                if let (true, Some(v)) = (show, v) {
                    out.push_str(&self.process(p, v.as_str().unwrap_or_default()));
                }
            }
            Type::Int => {
                if let (true, Some(v)) = (show, v) {
                    out.push_str(&v.as_i64().unwrap_or(0).to_string());
                }
            }
            Type::Float => {
                if let (true, Some(v)) = (show, v) {
                    write_number(out, v.as_f64().unwrap_or(0.0));
                }
            }
            Type::Bool => {
                if let (true, Some(v)) = (show, v) {
                    out.push_str(if v.as_bool().unwrap_or(false) {
                        "true"
                    } else {
                        "false"
                    });
                }
            }
            Type::Array { items, keep } => {
                let Some(v) = v else {
                    return; // absent: no text
                };
                let list = v.as_array().map(Vec::as_slice).unwrap_or_default();
                if !show {
                    return;
                }
                if list.is_empty() {
                    return out.push_str("[]");
                }
                if let Type::String = items {
                    for (i, it) in list.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        out.push_str(&self.process(p, it.as_str().unwrap_or_default()));
                    }
                    return;
                }
                // any other array is written as the details carry it, then
                // its items joined
                let texts: Vec<String> = list[..self.keep(list.len(), keep)]
                    .iter()
                    .map(|it| {
                        let mut item = String::new();
                        self.write_value(&mut item, p, items, it);
                        item
                    })
                    .collect();
                if texts.is_empty() {
                    return out.push_str("[]"); // a minimal payload may keep none
                }
                join_items(out, texts, str::to_owned);
            }
            Type::Struct { shape, by_ref } => {
                let set = v.is_some_and(|v| !v.is_null());
                if show && (set || !by_ref && p.required) {
                    out.push_str(&self.struct_text(p, shape(), v.unwrap_or(&Value::Null)));
                }
            }
            Type::Any | Type::Map => self.json_text(out, p, v, matches!(p.ty, Type::Map)),
        }
    }

    /// The text of a struct value in a message: its JSON as the details
    /// carry it, `"<redacted>"` when `p` is sensitive.
    fn struct_text(&mut self, p: &Prop, shape: Shape, v: &Value) -> String {
        if p.sensitive && self.redact && !self.verbose {
            return REDACTED.to_owned();
        }
        let mut s = String::new();
        self.depth += 1;
        self.write_details(&mut s, shape, v, false);
        self.depth -= 1;
        s
    }

    /// Appends the text of an untyped value (or a map): nothing when absent
    /// or null (a map's absence is `{}`), a string under `p`'s rules, an
    /// array as its items joined by `, ` (strings scrubbed, the rest as
    /// JSON; `[]` when empty), `"<redacted>"` when sensitive, anything else
    /// its JSON, unbounded.
    fn json_text(&mut self, out: &mut String, p: &Prop, v: Option<&Value>, map: bool) {
        if !self.emit(p) {
            return;
        }
        let v = match v {
            Some(v) if !v.is_null() => v,
            _ if map => &Value::Object(serde_json::Map::new()),
            _ => return,
        };
        match v {
            Value::Array(list) if list.is_empty() => return out.push_str("[]"),
            Value::String(s) => return out.push_str(&self.process(p, s)),
            _ => {}
        }
        if p.sensitive && self.redact && !self.verbose {
            return out.push_str(REDACTED);
        }
        match v {
            Value::Array(list) => {
                let texts = list
                    .iter()
                    .map(|it| {
                        let mut item = String::new();
                        write_untyped(&mut item, it, None, self.depth + 1);
                        item
                    })
                    .collect();
                join_items(out, texts, |s| self.process(p, s).into_owned());
            }
            _ => write_untyped(out, v, None, self.depth),
        }
    }
}

/// Appends the items of an array, written as JSON, joined by `, `: a
/// string item as its text (through `text`), any other as its JSON.
fn join_items(out: &mut String, items: Vec<String>, text: impl Fn(&str) -> String) {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        match serde_json::from_str::<String>(item) {
            Ok(s) if item.starts_with('"') => out.push_str(&text(&s)),
            _ => out.push_str(item),
        }
    }
}

fn comma(out: &mut String, first: &mut bool) {
    if !*first {
        out.push(',');
    }
    *first = false;
}
