//! How the runtime writes a detail value of a node (see `node.rs`), the one
//! implementation of the rules of errgen's conformance guide ("Detail
//! values") in Rust, as errgen's Go runtime writes them: a value is first
//! checked against its node (`check.rs`); one that breaks a check is not
//! written as given — an optional member is left out, an item dropped, a
//! required member written as the node's replacement (without one its
//! object fails in turn, and failed details make the error its catalog's
//! fallback), and the catalog's violation hook learns of each. A string is
//! then redacted when sensitive, scrubbed by its `x-sanitize` — both unless
//! the options show sensitive values — and bounded, unless it is exact.
//! Templates are rendered here too, their placeholders from the same
//! values.

use std::borrow::Cow;
use std::collections::HashSet;

use serde_json::{Map, Value};

use super::catalog::{Def, Hook, Outcome, Rules, Violation};
use super::check::{check_any, check_number, check_string};
use super::json::{truncate, write_number, write_string};
use super::node::{empty_value, table_value, Field, Kind, Node, Object, Sanitize};
use super::options::Options;
use super::sanitize::{sanitize_path, sanitize_text, sanitize_uri};

/// The node of legacy data and extension values: any JSON value, its
/// strings bounded like the message.
pub(crate) const UNTYPED: Node = Node::ANY;

/// One step of the path of the value being written: a member's name or an
/// item's index.
enum Step {
    Name(String),
    Index(usize),
}

/// Writes detail values and templates under one set of options.
pub(crate) struct Encoder {
    pub(crate) rules: &'static Rules,
    verbose: bool,
    /// Sensitive values in clear, `x-sanitize` values as given.
    show: bool,
    max_string: usize,
    /// Set while a minimal payload is written.
    pub(crate) minimal: bool,
    /// The string bound while minimal.
    pub(crate) min_string: usize,
    /// Set while a placeholder's value is written: the full payload's
    /// value, its strings unbounded.
    pub(crate) text: bool,
    /// The error whose details are written.
    pub(crate) def: Option<&'static Def>,
    /// Reports violations (the first pass of a payload).
    pub(crate) report: bool,
    /// The catalog's violation hook, when one is set: then the path of the
    /// value being written is kept.
    hook: Option<Hook>,
    path: Vec<Step>,
    /// The keyword the last invalid value broke.
    last_keyword: &'static str,
    /// The details could not be written valid.
    pub(crate) failed: bool,
    /// The violations of required values without a replacement, reported
    /// once an enclosing value's fate is known.
    pending: Vec<Violation>,
    /// Set while a problem document's (flattened) details are written.
    pub(crate) flatten: bool,
    /// The other members of open details written flattened, which
    /// extension members may not take.
    pub(crate) flat_keys: Vec<String>,
}

impl Encoder {
    /// An encoder of the catalog of `def` under `o`: a `max_string_bytes`
    /// option below the rules' floor is raised to it.
    pub(crate) fn new(def: &'static Def, o: &Options) -> Encoder {
        let c = def.catalog;
        let mut max_string = o.max_string_bytes;
        if max_string == 0 {
            max_string = c.limits.max_string_bytes;
        }
        if max_string == 0 {
            max_string = 1024;
        }
        max_string = max_string.max(c.rules.min_max_string_bytes);
        Encoder {
            rules: &c.rules,
            verbose: o.verbose,
            show: o.show_sensitive,
            max_string,
            minimal: false,
            min_string: 0,
            text: false,
            def: None,
            report: false,
            hook: c.violations.hook(),
            path: Vec::new(),
            last_keyword: "",
            failed: false,
            pending: Vec::new(),
            flatten: false,
            flat_keys: Vec::new(),
        }
    }

    // The path of the value being written, for violations.

    fn push(&mut self, name: &str) {
        if self.hook.is_some() {
            self.path.push(Step::Name(name.to_owned()));
        }
    }

    fn push_index(&mut self, i: usize) {
        if self.hook.is_some() {
            self.path.push(Step::Index(i));
        }
    }

    fn pop(&mut self) {
        self.path.pop();
    }

    /// The current path as a JSON Pointer.
    fn pointer(&self) -> String {
        let mut p = String::new();
        for step in &self.path {
            p.push('/');
            match step {
                Step::Name(name) => p.push_str(&name.replace('~', "~0").replace('/', "~1")),
                Step::Index(i) => p.push_str(&i.to_string()),
            }
        }
        p
    }

    /// Notes that the value at the current path breaks keyword `kw`, and
    /// returns false.
    fn invalid(&mut self, kw: &'static str) -> bool {
        self.last_keyword = kw;
        false
    }

    /// The hook and the error to report to, on the first pass of a payload.
    fn reporting(&self) -> Option<(Hook, &'static Def)> {
        match (&self.hook, self.def) {
            (Some(h), Some(d)) if self.report => Some((h.clone(), d)),
            _ => None,
        }
    }

    /// Reports the value at the current path, which broke the last
    /// keyword, with the violations pending below it.
    fn violation(&mut self, outcome: Outcome) {
        let Some((hook, def)) = self.reporting() else {
            return;
        };
        for mut v in std::mem::take(&mut self.pending) {
            v.outcome = outcome;
            hook(&v);
        }
        hook(&Violation {
            symbol: def.symbol,
            path: self.pointer(),
            keyword: self.last_keyword,
            outcome,
        });
    }

    /// Keeps the violation at the current path until an enclosing value's
    /// fate is known.
    fn hold(&mut self) {
        if let Some((_, def)) = self.reporting() {
            self.pending.push(Violation {
                symbol: def.symbol,
                path: self.pointer(),
                keyword: self.last_keyword,
                outcome: Outcome::Fallback,
            });
        }
    }

    /// Reports the pending violations with `outcome`.
    pub(crate) fn flush(&mut self, outcome: Outcome) {
        let pending = std::mem::take(&mut self.pending);
        if let Some((hook, _)) = self.reporting() {
            for mut v in pending {
                v.outcome = outcome;
                hook(&v);
            }
        }
    }

    /// Forgets the pending violations.
    pub(crate) fn forget(&mut self) {
        self.pending.clear();
    }

    /// The byte bound of the strings of node `n` (`None`: the message's);
    /// `None` for no bound.
    pub(crate) fn bound(&self, n: Option<&Node>) -> Option<usize> {
        if self.text || n.is_some_and(|n| n.exact) {
            return None;
        }
        let mut b = self.max_string;
        if let Some(n) = n {
            if n.max_bytes > 0 {
                b = n.max_bytes;
            }
        }
        if self.minimal && b > self.min_string {
            b = self.min_string;
        }
        Some(b)
    }

    /// The string `s` of node `n` as it is written: redacted when
    /// sensitive, else scrubbed by its `x-sanitize`, both unless shown.
    fn scrub<'a>(&self, n: &Node, sensitive: bool, s: &'a str) -> Cow<'a, str> {
        if self.show {
            return Cow::Borrowed(s);
        }
        if sensitive || n.sensitive {
            return Cow::Borrowed(self.rules.redacted);
        }
        self.sanitize(n.sanitize, s)
    }

    /// A string of an untyped value of node `n` (or an object key there):
    /// scrubbed by its `x-sanitize` unless shown.
    fn scrub_any<'a>(&self, n: &Node, s: &'a str) -> Cow<'a, str> {
        if self.show {
            return Cow::Borrowed(s);
        }
        self.sanitize(n.sanitize, s)
    }

    fn sanitize<'a>(&self, how: Sanitize, s: &'a str) -> Cow<'a, str> {
        match how {
            Sanitize::None => Cow::Borrowed(s),
            Sanitize::Path => sanitize_path(s),
            Sanitize::Uri => sanitize_uri(s),
            Sanitize::Text => Cow::Owned(sanitize_text(s, self.rules.redacted)),
        }
    }

    /// Appends `v`, a value of node `n`, and reports whether it was valid;
    /// when it was not, `out` is as it was. `sensitive` is the error's
    /// `sensitive` list's say where `n` is a top-level field's.
    pub(crate) fn write_value(
        &mut self,
        out: &mut String,
        n: &Node,
        v: &Value,
        sensitive: bool,
    ) -> bool {
        let empty;
        let v = if v.is_null() && !matches!(n.kind, Kind::Any) {
            // null where a value of a type is expected: that type's empty value
            empty = empty_value(n);
            &empty
        } else {
            v
        };
        match n.kind {
            Kind::String => {
                let Some(s) = v.as_str() else {
                    return self.invalid("type");
                };
                if let Some(kw) = check_string(n.check, s) {
                    return self.invalid(kw);
                }
                write_string(out, &self.scrub(n, sensitive, s), self.bound(Some(n)));
                true
            }
            Kind::Integer => {
                let Some(i) = integer(v) else {
                    return self.invalid("type");
                };
                if let Some(kw) = check_number(n.check, i as f64) {
                    return self.invalid(kw);
                }
                out.push_str(&i.to_string());
                true
            }
            Kind::Number => {
                let Some(f) = v.as_f64() else {
                    return self.invalid("type");
                };
                let f = super::value::finite(f);
                if let Some(kw) = check_number(n.check, f) {
                    return self.invalid(kw);
                }
                write_number(out, f);
                true
            }
            Kind::Boolean => {
                let Some(b) = v.as_bool() else {
                    return self.invalid("type");
                };
                out.push_str(if b { "true" } else { "false" });
                true
            }
            Kind::Array { items, keep } => {
                let Some(list) = v.as_array() else {
                    return self.invalid("type");
                };
                self.write_array(out, n, items, keep, list)
            }
            Kind::Object(o) => {
                let Some(m) = v.as_object() else {
                    return self.invalid("type");
                };
                self.write_object(out, o, Some(m), false)
            }
            Kind::Any => {
                if let Some(kw) = check_any(n.check, v) {
                    return self.invalid(kw);
                }
                if !v.is_null() && (sensitive || n.sensitive) && !self.show {
                    write_string(out, self.rules.redacted, None);
                } else {
                    self.write_any(out, n, v, 0);
                }
                true
            }
        }
    }

    /// Appends the items of `list` that pass the checks of `items`: an item
    /// that breaks them is dropped, and so is (`uniqueItems`) one written
    /// as an earlier item was; at most `maxItems` are written, in a minimal
    /// payload at most `keep`. Too few items for `minItems` fail the array.
    fn write_array(
        &mut self,
        out: &mut String,
        n: &Node,
        items: &Node,
        keep: Option<usize>,
        list: &[Value],
    ) -> bool {
        let start = out.len();
        out.push('[');
        let c = n.check;
        let mut max_items = c.and_then(|c| c.max_items);
        if let (true, Some(k)) = (self.minimal, keep) {
            match max_items {
                Some(m) if m <= k => {}
                _ => max_items = Some(k),
            }
        }
        let unique = c.is_some_and(|c| c.unique_items);
        // each item written, for uniqueItems: a lookup an item, not a
        // comparison with each earlier one
        let mut written: HashSet<String> = HashSet::new();
        let mut kept = 0;
        for (i, item) in list.iter().enumerate() {
            if max_items.is_some_and(|m| kept >= m) {
                break;
            }
            let mark = out.len();
            if kept > 0 {
                out.push(',');
            }
            let at = out.len();
            self.push_index(i);
            let mut ok = self.write_value(out, items, item, false);
            if !ok {
                self.violation(Outcome::Omitted);
            }
            self.pop();
            if ok && unique && written.contains(&out[at..]) {
                ok = false;
                self.last_keyword = "uniqueItems";
                self.push_index(i);
                self.violation(Outcome::Omitted);
                self.pop();
            }
            if !ok {
                out.truncate(mark);
                continue;
            }
            if unique {
                written.insert(out[at..].to_string());
            }
            kept += 1;
        }
        if c.and_then(|c| c.min_items).is_some_and(|min| min > kept) {
            out.truncate(start);
            return self.invalid("minItems");
        }
        out.push(']');
        true
    }

    /// Appends the object `d` (`None`: every member absent) of `o`: its
    /// declared properties in order, then (open, in a full payload) its
    /// other members sorted by key. `top` marks an error's details, whose
    /// fields also take the error's `sensitive` list.
    pub(crate) fn write_object(
        &mut self,
        out: &mut String,
        o: &Object,
        d: Option<&Map<String, Value>>,
        top: bool,
    ) -> bool {
        let start = out.len();
        out.push('{');
        let mut first = true;
        for f in o.fields {
            if f.node.verbose && !self.verbose {
                continue;
            }
            let v = member(d, f.name);
            if v.is_none() && !f.required || !f.required && self.minimal && o.trim {
                continue;
            }
            let empty;
            let v = match v {
                Some(v) => v,
                None => {
                    empty = empty_value(f.node);
                    &empty
                }
            };
            let sensitive = top && self.def.is_some_and(|d| d.sensitive.contains(&f.name));
            let mark = out.len();
            key(out, first, f.name);
            self.push(f.name);
            let mut ok = self.write_value(out, f.node, v, sensitive);
            if !ok {
                out.truncate(mark);
                match (f.required, f.node.replacement) {
                    (false, _) => self.violation(Outcome::Omitted),
                    (true, Some(r)) => {
                        self.violation(Outcome::Replaced);
                        key(out, first, f.name);
                        ok = self.write_value(out, f.node, &table_value(r), sensitive);
                    }
                    (true, None) => self.hold(), // this object fails: what becomes of it decides
                }
            }
            self.pop();
            if !ok {
                out.truncate(mark);
                if f.required {
                    out.truncate(start);
                    return false;
                }
                continue;
            }
            first = false;
        }
        if let (Some(extra), Some(d), false) = (o.extra, d, self.minimal) {
            if !extra.verbose || self.verbose {
                self.write_extra(out, o, extra, d, top, &mut first);
            }
        }
        out.push('}');
        true
    }

    /// Appends the other members of an open object, sorted by key: a key
    /// named like a declared property is left out, and so is, in a problem
    /// document's flattened details, one named like a member of the
    /// document. A member whose value breaks the checks is left out.
    fn write_extra(
        &mut self,
        out: &mut String,
        o: &Object,
        extra: &Node,
        d: &Map<String, Value>,
        top: bool,
        first: &mut bool,
    ) {
        let flat = top && self.flatten;
        let mut keys: Vec<&String> = d.keys().collect();
        keys.sort();
        for k in keys {
            if o.declares(k) || flat && self.rules.problem_members.contains(&k.as_str()) {
                continue;
            }
            let mark = out.len();
            key(out, *first, k);
            self.push(k);
            let ok = self.write_value(out, extra, &d[k], false);
            if !ok {
                self.violation(Outcome::Omitted);
            }
            self.pop();
            if !ok {
                out.truncate(mark);
                continue;
            }
            *first = false;
            if flat {
                self.flat_keys.push(k.clone());
            }
        }
    }

    /// Appends an untyped value of node `n` at `depth` levels below the
    /// field's: strings scrubbed by the node's `x-sanitize` (unless shown)
    /// and bounded; object members sorted by key, their keys scrubbed and
    /// bounded too (of members whose keys come out the same, the first is
    /// written); past the rules' depth a value is `null`.
    pub(crate) fn write_any(&self, out: &mut String, n: &Node, v: &Value, depth: usize) {
        if depth >= self.rules.untyped_depth {
            out.push_str("null");
            return;
        }
        match v {
            Value::Null => out.push_str("null"),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            // a double, as every JSON reader reads a number
            Value::Number(x) => write_number(out, x.as_f64().unwrap_or(0.0)),
            Value::String(s) => write_string(out, &self.scrub_any(n, s), self.bound(Some(n))),
            Value::Array(items) => {
                out.push('[');
                for (i, it) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    self.write_any(out, n, it, depth + 1);
                }
                out.push(']');
            }
            Value::Object(m) => {
                let bound = self.bound(Some(n));
                let mut members: Vec<(String, &String)> = m
                    .keys()
                    .map(|k| (truncate(&self.scrub_any(n, k), bound), k))
                    .collect();
                members.sort();
                out.push('{');
                for (i, (written, k)) in members.iter().enumerate() {
                    if i > 0 && *written == members[i - 1].0 {
                        continue; // a key that came out as the one before: the first wins
                    }
                    if i > 0 {
                        out.push(',');
                    }
                    write_string(out, written, None);
                    out.push(':');
                    self.write_any(out, n, &m[*k], depth + 1);
                }
                out.push('}');
            }
        }
    }

    /// Renders a template: literal text with `{field}` placeholders naming
    /// top-level detail fields of `o`, `{{` and `}}` standing for braces.
    /// A placeholder without details (`o` `None`) is nothing.
    pub(crate) fn render(
        &mut self,
        tpl: &str,
        o: Option<&Object>,
        d: Option<&Map<String, Value>>,
    ) -> String {
        let brace = |s: &str| s.find(['{', '}']);
        let mut s = tpl;
        let Some(mut i) = brace(s) else {
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
                match brace(s) {
                    Some(end) if c == b'{' && s.as_bytes()[end] == b'}' => {
                        if let (Some(o), true) = (o, end > 0) {
                            self.placeholder(&mut out, o, d, &s[..end]);
                        }
                        s = &s[end + 1..];
                    }
                    _ => out.push(c as char), // unbalanced: the checker rejects it; kept as text
                }
            }
            match brace(s) {
                Some(j) => i = j,
                None => break,
            }
        }
        out.push_str(s);
        out
    }

    /// Appends the text of the top-level field `name` of details `d`: a
    /// string, number or boolean as the wire writes it (redacted, scrubbed,
    /// checked; a value that breaks its checks is nothing, or the
    /// replacement of a required field), unbounded; an array its items as
    /// the full payload writes them without string bounds, joined by `, `;
    /// `null` or absent nothing; anything else its JSON as the full payload
    /// writes it without string bounds.
    fn placeholder(
        &mut self,
        out: &mut String,
        o: &Object,
        d: Option<&Map<String, Value>>,
        name: &str,
    ) {
        let Some(f) = o.field(name) else {
            return;
        };
        if f.node.verbose && !self.verbose {
            return;
        }
        let empty;
        let v = match member(d, name) {
            Some(v) => v,
            None if f.required => {
                empty = empty_value(f.node);
                &empty
            }
            None => return,
        };
        let sensitive = self.def.is_some_and(|d| d.sensitive.contains(&name));
        if self.scalar_text(out, f.node, v, sensitive) {
            return;
        }
        let replacement = replacement(f);
        if let Some(r) = &replacement {
            if self.scalar_text(out, f.node, r, sensitive) {
                return;
            }
        }
        let saved = (self.minimal, self.text, self.report);
        (self.minimal, self.text, self.report) = (false, true, false);
        let mut js = String::new();
        let mut ok = self.write_value(&mut js, f.node, v, sensitive);
        if let (false, Some(r)) = (ok, &replacement) {
            js.clear();
            ok = self.write_value(&mut js, f.node, r, sensitive);
        }
        (self.minimal, self.text, self.report) = saved;
        if ok {
            append_text(out, &js);
        }
    }

    /// Appends the text of a string, integer, number or boolean value `v`
    /// of node `n` that keeps its checks, and reports whether it did
    /// (false: another kind of node, or a value that breaks its checks).
    fn scalar_text(&self, out: &mut String, n: &Node, v: &Value, sensitive: bool) -> bool {
        if v.is_null() {
            return false;
        }
        match n.kind {
            Kind::String => match v.as_str() {
                Some(s) if check_string(n.check, s).is_none() => {
                    out.push_str(&self.scrub(n, sensitive, s));
                    true
                }
                _ => false,
            },
            Kind::Integer => match integer(v) {
                Some(i) if check_number(n.check, i as f64).is_none() => {
                    out.push_str(&i.to_string());
                    true
                }
                _ => false,
            },
            Kind::Number => match v.as_f64().map(super::value::finite) {
                Some(f) if check_number(n.check, f).is_none() => {
                    write_number(out, f);
                    true
                }
                _ => false,
            },
            Kind::Boolean => match v.as_bool() {
                Some(b) => {
                    out.push_str(if b { "true" } else { "false" });
                    true
                }
                None => false,
            },
            _ => false,
        }
    }
}

/// The member `name` of object `d`: absent when it is missing or `null`.
fn member<'a>(d: Option<&'a Map<String, Value>>, name: &str) -> Option<&'a Value> {
    d.and_then(|m| m.get(name)).filter(|v| !v.is_null())
}

/// The replacement of a required field, read.
fn replacement(f: &Field) -> Option<Value> {
    f.node.replacement.filter(|_| f.required).map(table_value)
}

/// Appends the key of a member, after a comma unless it is the first.
fn key(out: &mut String, first: bool, k: &str) {
    if !first {
        out.push(',');
    }
    write_string(out, k, None);
    out.push(':');
}

/// The integer a JSON value is: a number without a fraction whose
/// magnitude is at most 2^53 − 1 (JavaScript's `Number.MAX_SAFE_INTEGER`),
/// which every runtime holds exactly.
fn integer(v: &Value) -> Option<i64> {
    const MAX_SAFE: i64 = (1 << 53) - 1;
    let Value::Number(n) = v else {
        return None;
    };
    let i = match n.as_i64() {
        Some(i) => i,
        None => {
            let f = n.as_f64()?;
            if f.trunc() != f || f.abs() > MAX_SAFE as f64 {
                return None;
            }
            f as i64
        }
    };
    (-MAX_SAFE..=MAX_SAFE).contains(&i).then_some(i)
}

/// Appends the text of the JSON value `js` (written by the encoder): a
/// string its characters, an array its items joined by `, ` (a string as
/// its characters, any other item as its JSON; `[]` for none), `null`
/// nothing, anything else its JSON.
fn append_text(out: &mut String, js: &str) {
    match js.as_bytes().first() {
        Some(b'"') => out.push_str(&serde_json::from_str::<String>(js).unwrap_or_default()),
        Some(b'n') | None => {}
        Some(b'[') => {
            let items = split_items(js);
            if items.is_empty() {
                return out.push_str("[]");
            }
            for (i, it) in items.into_iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                if it.starts_with('"') {
                    out.push_str(&serde_json::from_str::<String>(it).unwrap_or_default());
                } else {
                    out.push_str(it);
                }
            }
        }
        Some(_) => out.push_str(js),
    }
}

/// The items of a compact JSON array the encoder wrote, as text.
fn split_items(js: &str) -> Vec<&str> {
    let b = js.as_bytes();
    let mut items = Vec::new();
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    let mut start = 1;
    for (i, &c) in b.iter().enumerate() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            b'"' => in_string = true,
            b'[' | b'{' => depth += 1,
            b']' | b'}' => {
                depth -= 1;
                if depth == 0 && i > start {
                    items.push(&js[start..i]);
                }
            }
            b',' if depth == 1 => {
                items.push(&js[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items
}
