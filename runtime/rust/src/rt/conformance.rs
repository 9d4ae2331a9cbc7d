//! The conformance runner: the protocol `errgen conformance` drives, on
//! standard input and output, to hold this runtime to errgen's reference
//! runtime byte for byte. Every line is read as errgen's conformance guide
//! says ("Reading the input"), as every runtime reads it.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::io::{self, BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex, PoisonError};

use serde_json::{Map, Value};

use super::catalog::{Catalog, Def, Hook, Violation};
use super::error::Error;
use super::facts::read_catalog;
use super::json::quote;
use super::node::{fill, Kind, Node, Object};
use super::options::Options;
use super::retry::retry_advice;
use super::time::parse_rfc3339;

/// The deepest nesting of arrays and objects a line may have, the line's
/// own object being level 1.
const MAX_INPUT_DEPTH: usize = 100;

/// The largest integer every runtime holds exactly, 2^53 − 1.
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// Serves the conformance runner protocol for `catalog`: reads one vector
/// per line from `input` (`{"id", "input"}`), renders it, and answers each
/// with one line on `output`: `{"id", "payloads": {"jsonrpc", "problem",
/// "response", "toolResult"}, "violations": {…}, "http": {"status",
/// "retryAfter"}}` (what the catalog's violation hook learns of while each
/// payload renders, by format, as `{"symbol", "path", "keyword",
/// "outcome"}`; the status and `Retry-After` of the problem document's HTTP
/// answer, [`Error::to_http_problem`]), or `{"id", "error"}` for an input it
/// refuses — a member of the wrong type, details a typed constructor could
/// not take, an unknown symbol, a clock that names no instant, a `catalog`
/// that cannot be read as facts — with the id `""` for a line it cannot
/// read at all (not UTF-8, not one JSON object with a string `id`,
/// nested deeper than 100 levels). An input carrying `catalog` (another
/// catalog's facts) is rendered with the catalog they describe, read once
/// per facts document. It skips blank lines, never stops on an input, and
/// returns at the end of the input (or on a read or write error).
pub fn serve_conformance(
    catalog: &'static Catalog,
    mut input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    let mut catalogs = Catalogs {
        own: catalog,
        read: HashMap::new(),
    };
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        if line
            .iter()
            .all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
        {
            continue; // a blank line: JSON white space only
        }
        let answer = match catch_unwind(AssertUnwindSafe(|| answer(&mut catalogs, &line))) {
            Ok(answer) => answer,
            Err(panic) => {
                let why = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                error_answer(&read_id(&line), &format!("the runtime panicked: {why}"))
            }
        };
        writeln!(output, "{answer}")?;
        output.flush()?;
    }
}

/// The catalogs the lines are rendered with: the runner's own, and those
/// read from the facts of `input.catalog`, each facts document once.
struct Catalogs {
    own: &'static Catalog,
    /// The catalog of each facts document read, or why it cannot be read,
    /// by the document's value (its `Debug` form).
    read: HashMap<String, Result<&'static Catalog, String>>,
}

impl Catalogs {
    /// The catalog of an input: the facts' it carries, else the runner's.
    fn of(&mut self, input: &Input) -> Result<&'static Catalog, String> {
        let Some(facts) = &input.catalog else {
            return Ok(self.own);
        };
        let rules = self.own.rules; // the same in every catalog
        self.read
            .entry(format!("{facts:?}"))
            .or_insert_with(|| {
                read_catalog(&facts.exact(), rules).map_err(|why| format!("input.catalog: {why}"))
            })
            .clone()
    }
}

/// The answer to one line.
fn answer(catalogs: &mut Catalogs, line: &[u8]) -> String {
    let (id, input) = match read_line(line) {
        Ok(read) => read,
        Err((id, why)) => return error_answer(&id, &why),
    };
    if let Ok(input @ Input { kind, .. }) = &input {
        if kind == "advice" {
            return match advise(input) {
                Ok(advice) => format!("{{\"id\":{},\"advice\":{advice}}}", quote(&id)),
                Err(why) => error_answer(&id, why),
            };
        }
    }
    match input.and_then(|input| run(catalogs.of(&input)?, &input)) {
        Ok(Rendered {
            payloads: p,
            violations: v,
            status,
            retry_after,
        }) => format!(
            "{{\"id\":{},\"payloads\":{{\"jsonrpc\":{},\"problem\":{},\"response\":{},\"toolResult\":{}}},\"violations\":{{\"jsonrpc\":{},\"problem\":{},\"response\":{},\"toolResult\":{}}},\"http\":{{\"status\":{status},\"retryAfter\":{}}}}}",
            quote(&id),
            quote(&p[0]),
            quote(&p[1]),
            quote(&p[2]),
            quote(&p[3]),
            violation_list(&v[0]),
            violation_list(&v[1]),
            violation_list(&v[2]),
            violation_list(&v[3]),
            retry_after.map_or_else(|| "null".to_owned(), |secs| quote(&secs.to_string()))
        ),
        Err(why) => error_answer(&id, &why),
    }
}

/// The advice [`retry_advice`] gives for an `advice` input's payload, as
/// the answer writes it: `{"action", "delayMs"}`. The payload's text is
/// read as the lines are (a lone surrogate U+FFFD, a number past the
/// doubles the largest one); text that is not one JSON value, or nested
/// deeper than a line may be, is no payload.
fn advise(input: &Input) -> Result<String, &'static str> {
    let text = input
        .payload
        .as_deref()
        .ok_or("an advice input needs the payload's text in payload")?;
    let payload = Some(text)
        .filter(|text| depth(text) <= MAX_INPUT_DEPTH)
        .and_then(J::parse)
        .map_or(Value::Null, |j| j.value());
    let a = retry_advice(&payload);
    let delay = a.delay_ms.map_or("null".to_owned(), |ms| ms.to_string());
    Ok(format!(
        "{{\"action\":{},\"delayMs\":{delay}}}",
        quote(a.action.as_str())
    ))
}

/// The violations of one payload as the answer writes them.
fn violation_list(vs: &[Violation]) -> String {
    let items: Vec<String> = vs
        .iter()
        .map(|v| {
            format!(
                "{{\"symbol\":{},\"path\":{},\"keyword\":{},\"outcome\":{}}}",
                quote(v.symbol),
                quote(&v.path),
                quote(v.keyword),
                quote(v.outcome.as_str())
            )
        })
        .collect();
    format!("[{}]", items.join(","))
}

/// Holds a catalog's violation hook in place of the one it had, which it
/// puts back when dropped (a panicking render too).
struct HookSwap {
    catalog: &'static Catalog,
    before: Option<Hook>,
}

impl HookSwap {
    fn new(catalog: &'static Catalog, hook: Hook) -> HookSwap {
        let before = catalog.violations.hook();
        catalog.violations.set(Some(hook));
        HookSwap { catalog, before }
    }
}

impl Drop for HookSwap {
    fn drop(&mut self) {
        self.catalog.violations.set(self.before.take());
    }
}

fn error_answer(id: &str, why: &str) -> String {
    format!("{{\"id\":{},\"error\":{}}}", quote(id), quote(why))
}

/// The id of a line, or `""` when it cannot be read.
fn read_id(line: &[u8]) -> String {
    match read_line(line) {
        Ok((id, _)) | Err((id, _)) => id,
    }
}

/// Reads one line: its id and its input (or why the input is refused), or
/// why the line cannot be read at all (its id then `""`).
#[allow(clippy::type_complexity)]
fn read_line(line: &[u8]) -> Result<(String, Result<Input, String>), (String, String)> {
    let unreadable = |why: &str| Err((String::new(), format!("unreadable line: {why}")));
    let Ok(text) = std::str::from_utf8(line) else {
        return unreadable("not UTF-8");
    };
    if depth(text) > MAX_INPUT_DEPTH {
        return unreadable(&format!("nested deeper than {MAX_INPUT_DEPTH} levels"));
    }
    let Some(J::Obj(v)) = J::parse(text) else {
        return unreadable("not one JSON object");
    };
    let Some(J::Str(id)) = v.get("id") else {
        return unreadable("no string id");
    };
    Ok((id.clone(), read_input(v.get("input"))))
}

/// The deepest nesting of arrays and objects in the JSON text `s`.
fn depth(s: &str) -> usize {
    let (mut depth, mut deepest, mut in_string) = (0usize, 0, false);
    let mut bytes = s.bytes();
    while let Some(c) = bytes.next() {
        match c {
            b'\\' if in_string => {
                bytes.next();
            }
            b'"' => in_string = !in_string,
            _ if in_string => {}
            b'[' | b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// A JSON value as JSON.parse reads it (RFC 8259): a member given twice
/// counts once, with its last value; a `\uD800`–`\uDFFF` escape that is
/// not half of a pair is U+FFFD; every number is the nearest double, ±∞
/// past the largest one and 0 below the smallest. serde_json reads a lone
/// surrogate and an infinite number otherwise (it refuses both), hence
/// this reader of the lines.
#[derive(Clone, Debug, PartialEq)]
enum J {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<J>),
    Obj(BTreeMap<String, J>),
}

impl J {
    /// Reads the JSON text `s`: one value, nothing after it but white
    /// space. Its nesting is bounded by the caller.
    fn parse(s: &str) -> Option<J> {
        let mut p = Parser {
            s: s.as_bytes(),
            i: 0,
        };
        let v = p.value()?;
        p.space();
        (p.i == p.s.len()).then_some(v)
    }

    /// The value as the runtime holds JSON: an infinite number as the
    /// largest double of its sign, as JSON writes it.
    fn value(&self) -> Value {
        match self {
            J::Null => Value::Null,
            J::Bool(b) => Value::Bool(*b),
            J::Num(f) => super::value::float(*f),
            J::Str(s) => Value::String(s.clone()),
            J::Arr(items) => Value::Array(items.iter().map(J::value).collect()),
            J::Obj(m) => Value::Object(m.iter().map(|(k, v)| (k.clone(), v.value())).collect()),
        }
    }

    /// The value with its numbers as given, for a reader of typed members
    /// (the facts): a number without a fraction within ±(2^53 − 1) an
    /// integer, a number past the doubles `null`.
    fn exact(&self) -> Value {
        match self {
            J::Num(f) if f.trunc() == *f && f.abs() <= MAX_SAFE_INTEGER => Value::from(*f as i64),
            J::Num(f) => serde_json::Number::from_f64(*f).map_or(Value::Null, Value::Number),
            J::Arr(items) => Value::Array(items.iter().map(J::exact).collect()),
            J::Obj(m) => Value::Object(m.iter().map(|(k, v)| (k.clone(), v.exact())).collect()),
            j => j.value(),
        }
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn space(&mut self) {
        while matches!(self.s.get(self.i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.space();
        let ok = self.s.get(self.i) == Some(&c);
        self.i += usize::from(ok);
        ok
    }

    fn value(&mut self) -> Option<J> {
        self.space();
        match *self.s.get(self.i)? {
            b'{' => {
                self.i += 1;
                let mut m = BTreeMap::new();
                if self.eat(b'}') {
                    return Some(J::Obj(m));
                }
                loop {
                    self.space();
                    let k = self.string()?;
                    if !self.eat(b':') {
                        return None;
                    }
                    m.insert(k, self.value()?);
                    if self.eat(b'}') {
                        return Some(J::Obj(m));
                    }
                    if !self.eat(b',') {
                        return None;
                    }
                }
            }
            b'[' => {
                self.i += 1;
                let mut items = Vec::new();
                if self.eat(b']') {
                    return Some(J::Arr(items));
                }
                loop {
                    items.push(self.value()?);
                    if self.eat(b']') {
                        return Some(J::Arr(items));
                    }
                    if !self.eat(b',') {
                        return None;
                    }
                }
            }
            b'"' => self.string().map(J::Str),
            b't' => self.word("true", J::Bool(true)),
            b'f' => self.word("false", J::Bool(false)),
            b'n' => self.word("null", J::Null),
            _ => self.number(),
        }
    }

    fn word(&mut self, w: &str, v: J) -> Option<J> {
        self.s[self.i..].starts_with(w.as_bytes()).then(|| {
            self.i += w.len();
            v
        })
    }

    fn digits(&mut self) -> usize {
        let n = self.s[self.i..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        self.i += n;
        n
    }

    fn number(&mut self) -> Option<J> {
        let start = self.i;
        if self.s.get(self.i) == Some(&b'-') {
            self.i += 1;
        }
        match self.s.get(self.i) {
            Some(b'0') => self.i += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return None,
        }
        if self.s.get(self.i) == Some(&b'.') {
            self.i += 1;
            if self.digits() == 0 {
                return None;
            }
        }
        if matches!(self.s.get(self.i), Some(b'e' | b'E')) {
            self.i += 1;
            if matches!(self.s.get(self.i), Some(b'+' | b'-')) {
                self.i += 1;
            }
            if self.digits() == 0 {
                return None;
            }
        }
        let text = std::str::from_utf8(&self.s[start..self.i]).ok()?;
        text.parse::<f64>().ok().map(J::Num)
    }

    /// A string, its quote next.
    fn string(&mut self) -> Option<String> {
        if self.s.get(self.i) != Some(&b'"') {
            return None;
        }
        self.i += 1;
        let mut out = Vec::new();
        loop {
            let c = *self.s.get(self.i)?;
            self.i += 1;
            match c {
                b'"' => return String::from_utf8(out).ok(),
                b'\\' => {
                    let e = *self.s.get(self.i)?;
                    self.i += 1;
                    let c = match e {
                        b'"' | b'\\' | b'/' => char::from(e),
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => self.escaped()?,
                        _ => return None,
                    };
                    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                }
                c if c < 0x20 => return None,
                c => out.push(c),
            }
        }
    }

    /// The character of a `\u` escape (its `\u` read): a pair of
    /// surrogate escapes is one character, any other surrogate U+FFFD.
    fn escaped(&mut self) -> Option<char> {
        let hex = |p: &Parser<'_>, at: usize| -> Option<u32> {
            let h = p.s.get(at..at + 4)?;
            h.iter()
                .all(u8::is_ascii_hexdigit)
                .then(|| u32::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok())?
        };
        let u = hex(self, self.i)?;
        self.i += 4;
        if !(0xd800..=0xdfff).contains(&u) {
            return char::from_u32(u);
        }
        if (0xd800..=0xdbff).contains(&u) && self.s.get(self.i..self.i + 2) == Some(b"\\u") {
            if let Some(low) = hex(self, self.i + 2).filter(|l| (0xdc00..=0xdfff).contains(l)) {
                self.i += 6;
                return char::from_u32(0x10000 + ((u - 0xd800) << 10) + (low - 0xdc00));
            }
        }
        Some('\u{fffd}')
    }
}

/// The input of a line, its members read.
struct Input {
    kind: String,
    symbol: String,
    details: Option<J>,
    cause: Vec<String>,
    retryable: Option<bool>,
    /// The occurrence's delay in milliseconds, as given: any double, ±∞
    /// included.
    retry_after_ms: Option<f64>,
    status: i64,
    request_id: String,
    instance: String,
    data: Vec<(String, Value)>,
    extensions: Vec<(String, Value)>,
    options: Options,
    /// The facts of the catalog to render with (an object); `None`: the
    /// runner's own.
    catalog: Option<J>,
    /// The text an `advice` input reads.
    payload: Option<String>,
}

/// Reads the members of one object of an input, keeping the first error;
/// `null` is an absent member.
struct Reader<'a> {
    m: Option<&'a BTreeMap<String, J>>,
    path: String,
    err: Option<String>,
}

impl<'a> Reader<'a> {
    fn get(&self, key: &str) -> Option<&'a J> {
        self.m?.get(key).filter(|v| **v != J::Null)
    }

    fn fail(&mut self, key: &str, want: &str) {
        if self.err.is_none() {
            self.err = Some(format!("{}.{key}: want {want}", self.path));
        }
    }

    fn string(&mut self, key: &str) -> String {
        match self.get(key) {
            None => String::new(),
            Some(J::Str(s)) => s.clone(),
            Some(_) => {
                self.fail(key, "a string");
                String::new()
            }
        }
    }

    fn boolean(&mut self, key: &str) -> Option<bool> {
        match self.get(key) {
            None => None,
            Some(J::Bool(b)) => Some(*b),
            Some(_) => {
                self.fail(key, "true or false");
                None
            }
        }
    }

    /// Any number: a fraction, a negative one, ±∞ (a number past the
    /// largest double).
    fn number(&mut self, key: &str) -> Option<f64> {
        match self.get(key) {
            None => None,
            Some(J::Num(f)) => Some(*f),
            Some(_) => {
                self.fail(key, "a number");
                None
            }
        }
    }

    /// A number without a fraction, held within ±(2^53 − 1).
    fn int(&mut self, key: &str) -> i64 {
        match self.get(key) {
            None => 0,
            Some(J::Num(f)) if f.is_finite() && f.trunc() == *f => {
                f.clamp(-MAX_SAFE_INTEGER, MAX_SAFE_INTEGER) as i64
            }
            Some(_) => {
                self.fail(key, "an integer");
                0
            }
        }
    }

    fn strings(&mut self, key: &str) -> Vec<String> {
        let list = match self.get(key) {
            None => return Vec::new(),
            Some(J::Arr(a)) => a
                .iter()
                .map(|x| match x {
                    J::Str(s) => Some(s.clone()),
                    _ => None,
                })
                .collect(),
            Some(_) => None,
        };
        list.unwrap_or_else(|| {
            self.fail(key, "an array of strings");
            Vec::new()
        })
    }

    fn members(&mut self, key: &str) -> Vec<(String, Value)> {
        let list = match self.get(key) {
            None => return Vec::new(),
            Some(J::Arr(a)) => a
                .iter()
                .map(|m| match m {
                    J::Obj(m) => match m.get("key") {
                        Some(J::Str(k)) => {
                            Some((k.clone(), m.get("value").map_or(Value::Null, J::value)))
                        }
                        _ => None,
                    },
                    _ => None,
                })
                .collect(),
            Some(_) => None,
        };
        list.unwrap_or_else(|| {
            self.fail(key, "an array of {key, value} with a string key");
            Vec::new()
        })
    }

    fn object(&mut self, key: &str) -> Reader<'a> {
        let m = match self.get(key) {
            None => None,
            Some(J::Obj(m)) => Some(m),
            Some(_) => {
                self.fail(key, "an object");
                None
            }
        };
        Reader {
            m,
            path: format!("{}.{key}", self.path),
            err: None,
        }
    }
}

/// Reads the input of a line, its members typed as the guide's tables say.
fn read_input(v: Option<&J>) -> Result<Input, String> {
    let Some(J::Obj(m)) = v else {
        return Err("input: want an object".to_owned());
    };
    let mut r = Reader {
        m: Some(m),
        path: "input".to_owned(),
        err: None,
    };
    let mut input = Input {
        kind: r.string("kind"),
        symbol: r.string("symbol"),
        details: None,
        cause: r.strings("cause"),
        retryable: r.boolean("retryable"),
        retry_after_ms: r.number("retryAfterMs"),
        status: r.int("status"),
        request_id: r.string("requestId"),
        instance: r.string("instance"),
        data: r.members("data"),
        extensions: r.members("extensions"),
        options: Options::default(),
        catalog: None,
        payload: None,
    };
    match r.get("payload") {
        Some(J::Str(p)) => input.payload = Some(p.clone()),
        Some(_) => r.fail("payload", "a string"),
        None => {}
    }
    match r.get("details") {
        Some(d @ J::Obj(_)) => input.details = Some(d.clone()),
        Some(_) => r.fail("details", "an object"),
        None => {}
    }
    match r.get("catalog") {
        Some(c @ J::Obj(_)) => input.catalog = Some(c.clone()),
        Some(_) => r.fail("catalog", "an object (a catalog's facts)"),
        None => {}
    }
    let mut o = r.object("options");
    let size = |n: i64| usize::try_from(n).unwrap_or(0); // 0 or less: the catalog's
    let now = o.string("now");
    input.options = Options {
        verbose: o.boolean("verbose").unwrap_or(false),
        show_sensitive: o.boolean("showSensitive").unwrap_or(false),
        omit_suggestions: o.boolean("omitSuggestions").unwrap_or(false),
        max_data_bytes: size(o.int("maxDataBytes")),
        max_string_bytes: size(o.int("maxStringBytes")),
        max_suggestions: size(o.int("maxSuggestions")),
        server_version: o.string("serverVersion"),
        instance: Some(o.string("instance")),
        now: None,
    };
    if let Some(err) = r.err.or(o.err) {
        return Err(err);
    }
    if input.kind == "advice" {
        return Ok(input); // advice reads no options
    }
    input.options.now = Some(parse_now(&now)?);
    if input.options.instance.as_deref() == Some("") {
        return Err("options.instance: want the problem instance, a non-empty string".to_owned());
    }
    Ok(input)
}

/// Reads the clock: `YYYY-MM-DDTHH:MM:SSZ` naming a real instant.
fn parse_now(s: &str) -> Result<std::time::SystemTime, String> {
    let b = s.as_bytes();
    let shape = b.len() == 20
        && b.iter().enumerate().all(|(i, c)| match i {
            4 | 7 => *c == b'-',
            10 => *c == b'T',
            13 | 16 => *c == b':',
            19 => *c == b'Z',
            _ => c.is_ascii_digit(),
        });
    if !shape {
        return Err(format!("options.now {s:?}: want YYYY-MM-DDTHH:MM:SSZ"));
    }
    parse_rfc3339(s).ok_or_else(|| format!("options.now {s:?}: not a real instant"))
}

/// What one input renders as: its payloads, in the answer's order of
/// formats, with the violations the catalog's hook learns of while each
/// renders, and the status and `Retry-After` of its problem document's
/// HTTP answer.
struct Rendered {
    payloads: [String; 4],
    violations: [Vec<Violation>; 4],
    status: u16,
    retry_after: Option<u64>,
}

/// Renders one input in the four formats.
fn run(catalog: &'static Catalog, input: &Input) -> Result<Rendered, String> {
    let o = &input.options;
    let cause = (!input.cause.is_empty()).then(|| chain(&input.cause));
    let e = match input.kind.as_str() {
        "foreign" => {
            let cause = cause.ok_or("a foreign error needs its text in cause")?;
            catalog.from_error(Shared(cause))
        }
        "definition" | "error" => {
            let def = catalog
                .by_symbol(&input.symbol)
                .ok_or_else(|| format!("no error has symbol {:?}", input.symbol))?;
            if input.kind == "definition" {
                def.error()
            } else {
                occurrence(def, input, cause)?
            }
        }
        kind => {
            return Err(format!(
                "unknown kind {kind:?}: want error, definition, foreign or advice"
            ))
        }
    };
    let seen: Arc<Mutex<Vec<Violation>>> = Arc::default();
    let sink = seen.clone();
    let _swap = HookSwap::new(
        catalog,
        Arc::new(move |v: &Violation| {
            sink.lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(v.clone())
        }),
    );
    let take = || std::mem::take(&mut *seen.lock().unwrap_or_else(PoisonError::into_inner));
    let jsonrpc = (e.to_jsonrpc(o), take());
    let problem = (e.to_problem(o), take());
    let response = (e.to_response(o), take());
    let tool_result = (e.to_tool_result(o), take());
    let http = e.to_http_problem(o);
    take(); // its violations reported once, above
    if http.body != problem.0 {
        return Err(format!(
            "to_http_problem sends {}, not {}",
            http.body, problem.0
        ));
    }
    Ok(Rendered {
        payloads: [jsonrpc.0, problem.0, response.0, tool_result.0],
        violations: [jsonrpc.1, problem.1, response.1, tool_result.1],
        status: http.status,
        retry_after: http.retry_after,
    })
}

/// The error an `error` input describes, made by its constructor.
fn occurrence(
    def: &'static Def,
    input: &Input,
    cause: Option<Arc<dyn std::error::Error + Send + Sync>>,
) -> Result<Error, String> {
    let mut e = match (def.details, &input.details) {
        (Some(t), Some(d)) => {
            let refused = |why: String| format!("details of {}: {why}", def.symbol);
            let d = read_object(t.object, d, "details").map_err(refused)?;
            // through the typed struct, as the generated constructor takes the
            // details; a string outside its enum, which the struct's enum
            // cannot hold, breaks its node as given (an absent or null one
            // too, when its empty value "" is outside it)
            let filled = fill(t.object, &d);
            let typed = if input.catalog.is_none() {
                (t.retype)(&filled).map_err(|e| e.to_string())
            } else if outside_enum(t.object, &filled, false) {
                // a catalog read from facts has no structs: the one value
                // they refuse here (the nodes having typed the rest) is a
                // string outside its enum
                Err("a string outside its enum".to_owned())
            } else {
                Ok(filled.clone())
            };
            match typed {
                Ok(typed) => Error::from_value(def, &typed),
                Err(_) if outside_enum(t.object, &filled, true) => Error::from_value(def, &d),
                Err(why) => return Err(refused(why)),
            }
        }
        _ => Error::from_value(def, &Value::Null),
    };
    if let Some(c) = cause {
        e = e.with_shared_cause(c);
    }
    if let Some(r) = input.retryable {
        e = e.with_retryable(r);
    }
    if let Some(ms) = input.retry_after_ms {
        e = e.with_retry_after_ms(ms);
    }
    if input.status != 0 {
        e = e.with_status(u16::try_from(input.status).unwrap_or(0));
    }
    if !input.request_id.is_empty() {
        e = e.with_request_id(&input.request_id);
    }
    if !input.instance.is_empty() {
        e = e.with_instance(&input.instance);
    }
    for (k, v) in &input.data {
        e = e.with_data(k, v.clone());
    }
    for (k, v) in &input.extensions {
        e = e.with_extension(k, v.clone());
    }
    Ok(e)
}

/// Reads details of object `o`: each value must be of its node's type
/// (`null` is any type's), an integer a finite number without a fraction
/// (held at the bounds of an i64 past them: it breaks its node either way).
fn read_object(o: &Object, v: &J, path: &str) -> Result<Value, String> {
    let J::Obj(m) = v else {
        return Err(format!("{path}: want an object"));
    };
    let mut out = Map::new();
    for (k, x) in m {
        let x = match o.field(k).map(|f| f.node).or(o.extra) {
            Some(n) => read_value(n, x, &format!("{path}.{k}"))?,
            None => x.value(), // not written: any value
        };
        out.insert(k.clone(), x);
    }
    Ok(Value::Object(out))
}

fn read_value(n: &Node, v: &J, path: &str) -> Result<Value, String> {
    let want = |what: &str| Err(format!("{path}: want {what}"));
    match (n.kind, v) {
        (_, J::Null) | (Kind::Any, _) => Ok(v.value()),
        (Kind::String, J::Str(_)) | (Kind::Boolean, J::Bool(_)) | (Kind::Number, J::Num(_)) => {
            Ok(v.value())
        }
        (Kind::String, _) => want("a string"),
        (Kind::Boolean, _) => want("true or false"),
        (Kind::Number, _) => want("a number"),
        (Kind::Integer, J::Num(f)) if f.is_finite() && f.trunc() == *f => {
            Ok(Value::from(f.clamp(i64::MIN as f64, i64::MAX as f64) as i64))
        }
        (Kind::Integer, _) => want("an integer"),
        (Kind::Array { items, .. }, J::Arr(list)) => list
            .iter()
            .enumerate()
            .map(|(i, it)| read_value(items, it, &format!("{path}[{i}]")))
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Array),
        (Kind::Array { .. }, _) => want("an array"),
        (Kind::Object(o), _) => read_object(o, v, path),
    }
}

/// Reports whether a string of the value `v` of object `o`, as `fill`
/// leaves it (absent and null values their empty value, "" for a string),
/// is outside its node's enum. With `maps` unset, only where the
/// generated structs type it: they hold a map below the details (an
/// object node without properties) as an untyped `serde_json::Map`.
fn outside_enum(o: &Object, v: &Value, maps: bool) -> bool {
    fn value(n: &Node, v: &Value, maps: bool) -> bool {
        match (n.kind, v) {
            (Kind::String, Value::String(s)) => n
                .check
                .is_some_and(|c| !c.r#enum.is_empty() && !c.r#enum.contains(&s.as_str())),
            (Kind::Array { items, .. }, Value::Array(list)) => {
                list.iter().any(|it| value(items, it, maps))
            }
            (Kind::Object(o), _) => (maps || !o.fields.is_empty()) && outside_enum(o, v, maps),
            _ => false,
        }
    }
    v.as_object().is_some_and(|m| {
        m.iter()
            .any(|(k, x)| match o.field(k).map(|f| f.node).or(o.extra) {
                Some(n) => value(n, x, maps),
                None => false,
            })
    })
}

/// The cause chain of the texts, outermost first.
fn chain(texts: &[String]) -> Arc<dyn std::error::Error + Send + Sync> {
    let mut source: Option<Box<Text>> = None;
    for t in texts.iter().rev() {
        source = Some(Box::new(Text {
            text: t.clone(),
            source,
        }));
    }
    match source {
        Some(t) => Arc::new(*t),
        None => Arc::new(Text {
            text: String::new(),
            source: None,
        }),
    }
}

/// One error of a cause chain: its text, wrapping the next.
#[derive(Debug)]
struct Text {
    text: String,
    source: Option<Box<Text>>,
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::error::Error for Text {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_deref()
            .map(|t| t as &(dyn std::error::Error + 'static))
    }
}

/// A shared cause chain as an owned error.
#[derive(Debug)]
struct Shared(Arc<dyn std::error::Error + Send + Sync>);

impl fmt::Display for Shared {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Shared {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}
