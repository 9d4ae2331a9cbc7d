//! The conformance runner answers every line with one JSON line: the
//! payloads, or an error answer with the line's id (`""` when the line
//! cannot be read at all), read as errgen's conformance guide says
//! ("Reading the input") — the cases of the Go runner's own test.

use errgen_runtime::rt;
use serde::{Deserialize, Serialize};
use serde_json::Value;

static CATALOG: rt::Catalog = rt::Catalog {
    name: "runner",
    version: "1.0.0",
    schema_version: 1,
    limits: rt::Limits {
        max_data_bytes: 65536,
        max_string_bytes: 1024,
        max_suggestions: 2,
    },
    rules: rt::Rules {
        redacted: "<redacted>",
        minimal_string_bytes: &[64, 8],
        debug_string_bytes: 256,
        error_chain_entries: 5,
        untyped_depth: 32,
        min_max_data_bytes: 512,
        min_max_string_bytes: 16,
        problem_members: &[
            "type",
            "title",
            "status",
            "detail",
            "instance",
            "timestamp",
            "symbol",
            "retryable",
        ],
        jsonrpc_data_members: &[
            "domain",
            "symbol",
            "retryable",
            "retry",
            "retryAfterMs",
            "context",
        ],
        max_retry_after_ms: 86_400_000,
    },
    domains: &[&[&INTERNAL, &X, &E]],
    fallback: &INTERNAL,
    metrics: rt::Metrics::new(),
    violations: rt::Violations::new(),
};

const fn def(
    code: i64,
    symbol: &'static str,
    message: &'static str,
    details: Option<rt::DetailsType>,
) -> rt::Def {
    rt::Def {
        catalog: &CATALOG,
        code,
        wire_code: code,
        symbol,
        aliases: &[],
        error_type: symbol,
        domain: "d",
        title: "T",
        problem_type: "urn:runner:x",
        statuses: &[400],
        retryable: false,
        retry: rt::RetryClass::Never,
        retry_after_ms: None,
        throttling: false,
        deprecated: false,
        tool_errors_as_rpc: false,
        needs_details: false,
        message,
        user_message: "",
        suggestions: &[],
        details,
        sensitive: &[],
    }
}

static INTERNAL: rt::Def = def(1, "E_INTERNAL", "An internal error occurred", None);

static X: rt::Def = def(
    2,
    "E_X",
    "{name} {count}",
    Some(rt::DetailsType {
        object: &X_DETAILS,
        retype: rt::retype::<XDetails>,
    }),
);

/// Details with a required enum, and optional maps and lists of one: a
/// string outside it breaks its node as given, though the typed struct's
/// enum cannot hold it; so does a null member or item, whose empty value
/// "" is outside it.
static E: rt::Def = def(
    3,
    "E_E",
    "{level}",
    Some(rt::DetailsType {
        object: &E_DETAILS,
        retype: rt::retype::<EDetails>,
    }),
);

static X_DETAILS: rt::Object = rt::Object {
    fields: &[
        rt::Field {
            name: "name",
            required: true,
            node: &rt::Node::STRING,
        },
        rt::Field {
            name: "count",
            required: false,
            node: &rt::Node::INTEGER,
        },
        rt::Field {
            name: "ratio",
            required: false,
            node: &rt::Node::NUMBER,
        },
        rt::Field {
            name: "tags",
            required: false,
            node: &rt::Node {
                kind: rt::Kind::Array {
                    items: &rt::Node::STRING,
                    keep: None,
                },
                ..rt::Node::ANY
            },
        },
        rt::Field {
            name: "blob",
            required: false,
            node: &rt::Node::ANY,
        },
    ],
    extra: None,
    trim: true,
};

static SWITCH: rt::Node = rt::Node {
    check: Some(&rt::Check {
        r#enum: &["on", "off"],
        ..rt::Check::NONE
    }),
    ..rt::Node::STRING
};

static E_DETAILS: rt::Object = rt::Object {
    fields: &[
        rt::Field {
            name: "level",
            required: true,
            node: &rt::Node {
                check: Some(&rt::Check {
                    r#enum: &["low", "high"],
                    ..rt::Check::NONE
                }),
                replacement: Some("\"low\""),
                ..rt::Node::STRING
            },
        },
        rt::Field {
            name: "labels",
            required: false,
            node: &rt::Node {
                kind: rt::Kind::Object(&rt::Object {
                    fields: &[],
                    extra: Some(&SWITCH),
                    trim: false,
                }),
                ..rt::Node::ANY
            },
        },
        rt::Field {
            name: "switches",
            required: false,
            node: &rt::Node {
                kind: rt::Kind::Array {
                    items: &SWITCH,
                    keep: None,
                },
                ..rt::Node::ANY
            },
        },
    ],
    extra: None,
    trim: true,
};

#[derive(Serialize, Deserialize)]
struct XDetails {
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ratio: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tags: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    blob: Option<Value>,
}

impl rt::Details for XDetails {
    const FIELDS: &'static [&'static str] = &["name", "count", "ratio", "tags", "blob"];
}

#[derive(Serialize, Deserialize)]
enum Level {
    #[serde(rename = "low")]
    Low,
    #[serde(rename = "high")]
    High,
}

#[derive(Serialize, Deserialize)]
enum Switch {
    #[serde(rename = "on")]
    On,
    #[serde(rename = "off")]
    Off,
}

#[derive(Serialize, Deserialize)]
struct EDetails {
    level: Level,
    #[serde(skip_serializing_if = "Option::is_none")]
    labels: Option<std::collections::BTreeMap<String, Switch>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    switches: Option<Vec<Switch>>,
}

impl rt::Details for EDetails {
    const FIELDS: &'static [&'static str] = &["level", "labels", "switches"];
}

/// The answers of the runner to `input`.
fn serve(input: &[u8]) -> Vec<Value> {
    let mut out = Vec::new();
    rt::serve_conformance(&CATALOG, input, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    text.lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect()
}

#[test]
fn every_line_gets_one_answer() {
    const OPTS: &str = r#""options":{"now":"2026-01-02T03:04:05Z","instance":"urn:x"}"#;
    let line = |id: &str, input: &str| format!(r#"{{"id":"{id}","input":{{{input}}}}}"#);
    let nest = |n: usize| "[".repeat(n) + &"]".repeat(n);
    let x = |details: &str| format!(r#""kind":"error","symbol":"E_X","details":{details},{OPTS}"#);
    // (line, id, the details of the plain response; "" for an error answer)
    let cases: Vec<(Vec<u8>, &str, &str)> = vec![
        (
            line("ok", &x(r#"{"name":"a","count":1e3,"ratio":1e400,"blob":[1e400,-1e-400,"a\ud800b"]}"#)),
            "ok",
            r#"{"name":"a","count":1000,"ratio":1.7976931348623157e+308,"blob":[1.7976931348623157e+308,0,"a�b"]}"#,
        ),
        (
            line("pair", &x(r#"{"name":"\ud83d\ude00 \udc00\ud800\u0041"}"#)),
            "pair",
            r#"{"name":"😀 ��A"}"#,
        ),
        (line("big", &x(r#"{"name":"a","count":9007199254740992,"tags":null}"#)), "big", r#"{"name":"a"}"#),
        (line("huge", &x(r#"{"name":"a","count":1e300}"#)), "huge", r#"{"name":"a"}"#),
        (
            line("safe", &x(r#"{"name":"a","count":-9007199254740991}"#)),
            "safe",
            r#"{"name":"a","count":-9007199254740991}"#,
        ),
        (line("last", &x(r#"{"name":"a","name":"b","NAME":"c"}"#)), "last", r#"{"name":"b"}"#),
        (
            line("decimal", &x(r#"{"name":"a","ratio":1486382262.8810139}"#)),
            "decimal",
            r#"{"name":"a","ratio":1486382262.8810139}"#,
        ),
        (
            line("data", &format!(r#""kind":"error","symbol":"E_X","data":[{{"key":"k","value":1e400}}],{OPTS}"#)),
            "data",
            r#"{"name":""}"#,
        ),
        (
            line("enum", &format!(r#""kind":"error","symbol":"E_E","details":{{"level":"odd"}},{OPTS}"#)),
            "enum",
            r#"{"level":"low"}"#,
        ),
        (
            line(
                "enum-null",
                &format!(r#""kind":"error","symbol":"E_E","details":{{"level":"high","labels":{{"a":"on","b":null}},"switches":[null,"off"]}},{OPTS}"#),
            ),
            "enum-null",
            r#"{"level":"high","labels":{"a":"on"},"switches":["off"]}"#,
        ),
        (
            line(
                "enum-typed",
                &format!(r#""kind":"error","symbol":"E_E","details":{{"level":"high","labels":{{"a":"on"}},"switches":["off"]}},{OPTS}"#),
            ),
            "enum-typed",
            r#"{"level":"high","labels":{"a":"on"},"switches":["off"]}"#,
        ),
        (
            line("deep-ok", &x(&format!(r#"{{"name":"a","blob":{}}}"#, nest(97)))),
            "deep-ok",
            "",
        ),
        (line("fraction", &x(r#"{"name":"a","count":1.5}"#)), "fraction", ""),
        (line("inf-int", &x(r#"{"name":"a","count":1e400}"#)), "inf-int", ""),
        (line("type", &x(r#"{"name":"a","tags":["x",5]}"#)), "type", ""),
        (line("not-object", &x("[1]")), "not-object", ""),
        (
            line("feb30", r#""kind":"error","symbol":"E_X","options":{"now":"2026-02-30T00:00:00Z","instance":"urn:x"}"#),
            "feb30",
            "",
        ),
        (
            line("fraction-now", r#""kind":"error","symbol":"E_X","options":{"now":"2026-02-03T00:00:00.5Z","instance":"urn:x"}"#),
            "fraction-now",
            "",
        ),
        (
            line("no-instance", r#""kind":"error","symbol":"E_X","options":{"now":"2026-02-03T00:00:00Z"}"#),
            "no-instance",
            "",
        ),
        (line("symbol", &format!(r#""kind":"error","symbol":"E_NONE",{OPTS}"#)), "symbol", ""),
        (line("kind", &format!(r#""kind":"other",{OPTS}"#)), "kind", ""),
        (line("status", &format!(r#""kind":"error","symbol":"E_X","status":"400",{OPTS}"#)), "status", ""),
        // lines that cannot be read at all
        (format!(r#"{{"id":"deep","input":{}}}"#, nest(100)), "", ""),
        (r#"{"id":5}"#.to_owned(), "", ""),
        ("not json".to_owned(), "", ""),
        (r#"{"id":"x"} {"id":"y"}"#.to_owned(), "", ""),
        (r#"{"id":"01","n":01}"#.to_owned(), "", ""),
    ]
    .into_iter()
    .map(|(l, id, d)| (l.into_bytes(), id, d))
    .chain([(b"{\"id\":\"\xff\"}".to_vec(), "", "")])
    .collect();
    for (line, id, details) in cases {
        let mut input = line.clone();
        input.extend_from_slice(b"\n\n  \n");
        let answers = serve(&input);
        let shown = String::from_utf8_lossy(&line);
        assert_eq!(answers.len(), 1, "{shown}: {answers:?}");
        let a = &answers[0];
        assert_eq!(a["id"], id, "{shown}: {a}");
        if details.is_empty() && id != "deep-ok" {
            assert!(
                a["error"].is_string() && a.get("payloads").is_none(),
                "{shown}: {a}"
            );
            continue;
        }
        let response = a["payloads"]["response"].as_str().expect("payloads");
        let got = response
            .split_once(",\"details\":")
            .and_then(|(_, d)| d.rsplit_once(",\"retry\":"))
            .map(|(d, _)| d);
        if !details.is_empty() {
            assert_eq!(got, Some(details), "{shown}");
        }
    }
}

#[test]
fn answers_come_line_by_line_and_the_runner_never_stops() {
    let input = b"not json\n{\"id\":\"a\",\"input\":{\"kind\":\"foreign\",\"cause\":[\"x\"],\"options\":{\"now\":\"2026-01-02T03:04:05Z\",\"instance\":\"urn:x\"}}}\n\xfe\n";
    let answers = serve(input);
    assert_eq!(answers.len(), 3);
    assert_eq!(
        (
            answers[0]["id"].as_str(),
            answers[1]["id"].as_str(),
            answers[2]["id"].as_str()
        ),
        (Some(""), Some("a"), Some(""))
    );
    assert!(answers[1]["payloads"]["problem"]
        .as_str()
        .unwrap()
        .contains("E_INTERNAL"));
}

#[test]
fn retry_after_ms_is_any_number_normalized() {
    const OPTS: &str = r#""options":{"now":"2026-01-02T03:04:05Z","instance":"urn:x"}"#;
    // (retryAfterMs as the line gives it, the tail of the plain response;
    // "" for an error answer)
    for (given, want) in [
        ("1500", r#""retry":"after_delay","retryAfterMs":1500}"#),
        ("1.0001", r#""retry":"after_delay","retryAfterMs":2}"#),
        ("0.5", r#""retry":"after_delay","retryAfterMs":1}"#),
        ("5e-324", r#""retry":"after_delay","retryAfterMs":1}"#),
        ("0", r#""retry":"after_delay","retryAfterMs":0}"#),
        ("-0", r#""retry":"after_delay","retryAfterMs":0}"#),
        ("-0.5", r#""retry":"after_delay"}"#),
        ("-1e400", r#""retry":"after_delay"}"#),
        ("1e400", r#""retry":"after_delay","retryAfterMs":86400000}"#),
        (
            "86400000.5",
            r#""retry":"after_delay","retryAfterMs":86400000}"#,
        ),
        ("1e300", r#""retry":"after_delay","retryAfterMs":86400000}"#),
        ("null", r#""retry":"after_delay"}"#),
        (r#""5""#, ""),
        ("true", ""),
        ("{}", ""),
        ("[1]", ""),
    ] {
        let line = format!(
            r#"{{"id":"r","input":{{"kind":"error","symbol":"E_INTERNAL","retryable":true,"retryAfterMs":{given},{OPTS}}}}}"#
        );
        let answers = serve(line.as_bytes());
        assert_eq!(answers.len(), 1, "{given}: {answers:?}");
        let a = &answers[0];
        if want.is_empty() {
            assert_eq!(
                a["error"].as_str(),
                Some("input.retryAfterMs: want a number"),
                "{given}: {a}"
            );
            continue;
        }
        let response = a["payloads"]["response"].as_str().expect("payloads");
        assert_eq!(
            response,
            format!(
                r#"{{"error":true,"code":"E_INTERNAL","message":"An internal error occurred",{want}"#
            ),
            "{given}"
        );
    }
    // without the override the error's class is never: the delay is not written
    let line = format!(
        r#"{{"id":"n","input":{{"kind":"error","symbol":"E_INTERNAL","retryAfterMs":1500,{OPTS}}}}}"#
    );
    let a = &serve(line.as_bytes())[0];
    let response = a["payloads"]["response"].as_str().expect("payloads");
    assert!(response.ends_with(r#","retry":"never"}"#), "{response}");
}
