//! The conformance runner: the protocol `errgen conformance` drives, on
//! standard input and output, to hold this runtime to errgen's reference
//! runtime byte for byte.

use std::fmt;
use std::io::{self, BufRead, Write};
use std::sync::Arc;

use serde_json::Value;

use super::catalog::Catalog;
use super::error::Error;
use super::json::quote;
use super::options::Options;
use super::time::parse_rfc3339;

/// Serves the conformance runner protocol for `catalog`: reads one vector
/// per line from `input` (`{"id", "input"}`), renders it, and answers each
/// with one line on `output`: `{"id", "payloads": {"jsonrpc", "problem",
/// "response", "toolResult"}}`, or `{"id", "error"}` for a vector it cannot
/// run. It returns at the end of the input.
pub fn serve_conformance(
    catalog: &'static Catalog,
    input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let answer = match serde_json::from_str::<Value>(&line) {
            Ok(v) => {
                let id = v.get("id").and_then(Value::as_str).unwrap_or_default();
                match run(catalog, v.get("input").unwrap_or(&Value::Null)) {
                    Ok(p) => format!(
                        "{{\"id\":{},\"payloads\":{{\"jsonrpc\":{},\"problem\":{},\"response\":{},\"toolResult\":{}}}}}",
                        quote(id),
                        quote(&p[0]),
                        quote(&p[1]),
                        quote(&p[2]),
                        quote(&p[3])
                    ),
                    Err(why) => format!("{{\"id\":{},\"error\":{}}}", quote(id), quote(&why)),
                }
            }
            Err(e) => format!(
                "{{\"id\":\"\",\"error\":{}}}",
                quote(&format!("not a JSON vector: {e}"))
            ),
        };
        writeln!(output, "{answer}")?;
        output.flush()?;
    }
    Ok(())
}

/// Renders one vector's input in the four formats.
fn run(catalog: &'static Catalog, input: &Value) -> Result<[String; 4], String> {
    let o = options(input.get("options").unwrap_or(&Value::Null))?;
    let str_of = |key: &str| input.get(key).and_then(Value::as_str);
    let cause = input
        .get("cause")
        .and_then(Value::as_array)
        .map(|texts| chain(texts));
    let e = match str_of("kind") {
        Some("error") => {
            let symbol = str_of("symbol").ok_or("an error without a symbol")?;
            let def = catalog
                .by_symbol(symbol)
                .ok_or_else(|| format!("no error {symbol:?} in the catalog"))?;
            let mut e = match def.details {
                Some(t) => {
                    let empty = Value::Object(serde_json::Map::new());
                    let normalized = (t.shape)().normalize(input.get("details").unwrap_or(&empty));
                    // through the typed struct, as the generated constructor
                    // takes the details; details it cannot hold (a required
                    // $ref struct left out, which the Go runtime holds as
                    // nil) go as they are
                    let typed = (t.retype)(&normalized).unwrap_or(normalized);
                    Error::from_value(def, &typed)
                }
                None => Error::from_value(def, &Value::Null),
            };
            if let Some(c) = cause {
                e = e.with_shared_cause(c);
            }
            if let Some(r) = input.get("retryable").and_then(Value::as_bool) {
                e = e.with_retryable(r);
            }
            if let Some(s) = input.get("status").and_then(Value::as_u64) {
                e = e.with_status(u16::try_from(s).unwrap_or(0));
            }
            if let Some(id) = str_of("requestId") {
                e = e.with_request_id(id);
            }
            if let Some(i) = str_of("instance") {
                e = e.with_instance(i);
            }
            for (k, v) in members(input.get("data")) {
                e = e.with_data(k, v);
            }
            for (k, v) in members(input.get("extensions")) {
                e = e.with_extension(k, v);
            }
            e
        }
        Some("definition") => {
            let symbol = str_of("symbol").ok_or("a definition without a symbol")?;
            catalog
                .by_symbol(symbol)
                .ok_or_else(|| format!("no error {symbol:?} in the catalog"))?
                .error()
        }
        Some("foreign") => {
            let cause = cause.ok_or("a foreign error without its text")?;
            catalog.from_error(Shared(cause))
        }
        other => return Err(format!("unknown kind {other:?}")),
    };
    Ok([
        e.to_jsonrpc(&o),
        e.to_problem(&o),
        e.to_response(&o),
        e.to_tool_result(&o),
    ])
}

fn options(v: &Value) -> Result<Options, String> {
    let flag = |key: &str| v.get(key).and_then(Value::as_bool).unwrap_or(false);
    let size = |key: &str| v.get(key).and_then(Value::as_u64).map_or(0, |n| n as usize);
    let now = match v.get("now").and_then(Value::as_str) {
        Some(s) => Some(
            parse_rfc3339(s)
                .ok_or_else(|| format!("options.now {s:?} is no YYYY-MM-DDTHH:MM:SSZ"))?,
        ),
        None => None,
    };
    Ok(Options {
        verbose: flag("verbose"),
        show_sensitive: flag("showSensitive"),
        omit_suggestions: flag("omitSuggestions"),
        max_data_bytes: size("maxDataBytes"),
        max_string_bytes: size("maxStringBytes"),
        max_suggestions: size("maxSuggestions"),
        server_version: v
            .get("serverVersion")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned(),
        now,
        instance: v.get("instance").and_then(Value::as_str).map(str::to_owned),
    })
}

/// The members `[{key, value}]` of legacy data or extensions.
fn members(v: Option<&Value>) -> Vec<(String, Value)> {
    v.and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|m| {
            let key = m
                .get("key")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned();
            (key, m.get("value").cloned().unwrap_or(Value::Null))
        })
        .collect()
}

/// The cause chain of the texts, outermost first.
fn chain(texts: &[Value]) -> Arc<dyn std::error::Error + Send + Sync> {
    let mut source: Option<Box<Text>> = None;
    for t in texts.iter().rev() {
        source = Some(Box::new(Text {
            text: t.as_str().unwrap_or_default().to_owned(),
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
