//! The runtime alone: its number and string writers, its scanners (held to
//! fixtures the Go runtime makes, see runtime/fixtures), its options, and the
//! payloads of a small catalog written here by hand as errgen writes one:
//! its tables, the keywords in every place, the checks, the log forms.

use std::collections::BTreeMap;
use std::time::{Duration, UNIX_EPOCH};

use errgen_runtime::rt::{self, Error, Options};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

// A catalog, as errgen generates one: two domains, a fallback, an error
// whose details are required, one with open details, one with field_errors,
// one with floats, and two sharing the details of every keyword in every
// place.

static CATALOG: rt::Catalog = rt::Catalog {
    name: "demo",
    version: "1.0.0",
    schema_version: 1,
    limits: rt::Limits {
        max_data_bytes: 2048,
        max_string_bytes: 64,
        max_suggestions: 2,
    },
    rules: RULES,
    domains: &[
        &[&INTERNAL],
        &[&FILE, &OPEN, &INVALID, &MEASURE, &KEYWORDS, &UNLISTED],
    ],
    fallback: &INTERNAL,
    metrics: rt::Metrics::new(),
    violations: rt::Violations::new(),
};

const RULES: rt::Rules = rt::Rules {
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
        "retry",
        "retryAfterMs",
        "userMessage",
        "suggestions",
        "debugInfo",
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
};

/// A definition of the demo catalog with the fields every test sets.
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
        domain: "fs",
        title: "Title",
        problem_type: "urn:demo:x",
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

static INTERNAL: rt::Def = rt::Def {
    domain: "core",
    wire_code: -32603,
    statuses: &[500],
    problem_type: "urn:demo:internal",
    title: "Internal error",
    error_type: "internal",
    ..def(1, "E_INTERNAL", "An internal error occurred", None)
};

static FILE: rt::Def = rt::Def {
    aliases: &["E_FILE_OLD"],
    error_type: "file",
    title: "File error",
    problem_type: "urn:demo:file",
    statuses: &[404, 410],
    retryable: true,
    retry: rt::RetryClass::AfterDelay,
    tool_errors_as_rpc: true,
    needs_details: true,
    user_message: "The file {path} is unavailable",
    suggestions: &["Check {path}", "Retry", "Never shown"],
    ..def(
        100,
        "E_FILE",
        "Cannot read {path} ({size} bytes, {{literal}})",
        Some(rt::DetailsType {
            object: &FILE_DETAILS,
            retype: rt::retype::<FileDetails>,
        }),
    )
};

static OPEN: rt::Def = rt::Def {
    error_type: "open",
    ..def(
        101,
        "E_OPEN",
        "Open {name}",
        Some(rt::DetailsType {
            object: &OPEN_DETAILS,
            retype: rt::retype::<OpenDetails>,
        }),
    )
};

static INVALID: rt::Def = rt::Def {
    wire_code: -32602,
    statuses: &[422],
    ..def(
        102,
        "E_INVALID",
        "{totalErrors} invalid: {fieldErrors}",
        Some(rt::DetailsType {
            object: &FIELD_ERRORS,
            retype: rt::retype::<rt::FieldErrors>,
        }),
    )
};

static MEASURE: rt::Def = def(
    103,
    "E_MEASURE",
    "Ratio {ratio}",
    Some(rt::DetailsType {
        object: &MEASURE_DETAILS,
        retype: rt::retype::<MeasureDetails>,
    }),
);

/// Every keyword in every place, the field `listed` in its sensitive list.
static KEYWORDS: rt::Def = rt::Def {
    sensitive: &["listed"],
    ..def(
        104,
        "E_KEYWORDS",
        "{listed} {secrets} {paths} {blob}",
        Some(rt::DetailsType {
            object: &KEYWORD_DETAILS,
            retype: rt::retype::<Free>,
        }),
    )
};

/// The same details as KEYWORDS, without the sensitive list.
static UNLISTED: rt::Def = def(
    105,
    "E_UNLISTED",
    "{listed}",
    Some(rt::DetailsType {
        object: &KEYWORD_DETAILS,
        retype: rt::retype::<Free>,
    }),
);

static FILE_DETAILS: rt::Object = rt::Object {
    fields: &[
        rt::Field {
            name: "path",
            required: true,
            node: &rt::Node {
                sanitize: rt::Sanitize::Path,
                ..rt::Node::STRING
            },
        },
        rt::Field {
            name: "size",
            required: true,
            node: &rt::Node::INTEGER,
        },
        rt::Field {
            name: "token",
            required: false,
            node: &rt::Node {
                sensitive: true,
                ..rt::Node::STRING
            },
        },
        rt::Field {
            name: "source",
            required: false,
            node: &rt::Node {
                verbose: true,
                ..rt::Node::STRING
            },
        },
        rt::Field {
            name: "tags",
            required: true,
            node: &rt::Node {
                kind: rt::Kind::Array {
                    items: &rt::Node::STRING,
                    keep: Some(1),
                },
                ..rt::Node::ANY
            },
        },
    ],
    extra: None,
    trim: true,
};

static OPEN_DETAILS: rt::Object = rt::Object {
    fields: &[rt::Field {
        name: "name",
        required: true,
        node: &rt::Node::STRING,
    }],
    extra: Some(&rt::Node::ANY),
    trim: true,
};

static FIELD_ERRORS: rt::Object = rt::Object {
    fields: &[
        rt::Field {
            name: "fieldErrors",
            required: true,
            node: &rt::Node {
                kind: rt::Kind::Object(&rt::Object {
                    fields: &[],
                    extra: Some(&rt::Node {
                        kind: rt::Kind::Array {
                            items: &rt::Node::STRING,
                            keep: Some(0),
                        },
                        ..rt::Node::ANY
                    }),
                    trim: true,
                }),
                ..rt::Node::ANY
            },
        },
        rt::Field {
            name: "totalErrors",
            required: true,
            node: &rt::Node::INTEGER,
        },
    ],
    extra: None,
    trim: true,
};

static MEASURE_DETAILS: rt::Object = rt::Object {
    fields: &[
        rt::Field {
            name: "ratio",
            required: true,
            node: &rt::Node::NUMBER,
        },
        rt::Field {
            name: "samples",
            required: true,
            node: &rt::Node {
                kind: rt::Kind::Array {
                    items: &rt::Node {
                        kind: rt::Kind::Array {
                            items: &rt::Node::NUMBER,
                            keep: Some(0),
                        },
                        ..rt::Node::ANY
                    },
                    keep: Some(0),
                },
                ..rt::Node::ANY
            },
        },
        rt::Field {
            name: "best",
            required: false,
            node: &rt::Node::NUMBER,
        },
    ],
    extra: Some(&rt::Node {
        kind: rt::Kind::Array {
            items: &rt::Node::NUMBER,
            keep: Some(0),
        },
        ..rt::Node::ANY
    }),
    trim: true,
};

static KEYWORD_DETAILS: rt::Object = rt::Object {
    fields: &[
        rt::Field {
            name: "listed",
            required: false,
            node: &rt::Node::STRING,
        },
        rt::Field {
            name: "secrets",
            required: false,
            node: &rt::Node {
                kind: rt::Kind::Array {
                    items: &rt::Node {
                        sensitive: true,
                        ..rt::Node::STRING
                    },
                    keep: None,
                },
                ..rt::Node::ANY
            },
        },
        rt::Field {
            name: "paths",
            required: false,
            node: &rt::Node {
                kind: rt::Kind::Object(&rt::Object {
                    fields: &[],
                    extra: Some(&rt::Node {
                        sanitize: rt::Sanitize::Path,
                        max_bytes: 16,
                        ..rt::Node::STRING
                    }),
                    trim: true,
                }),
                ..rt::Node::ANY
            },
        },
        rt::Field {
            name: "blob",
            required: false,
            node: &rt::Node {
                sanitize: rt::Sanitize::Text,
                max_bytes: 16,
                ..rt::Node::ANY
            },
        },
        rt::Field {
            name: "whole",
            required: false,
            node: &rt::Node {
                sensitive: true,
                ..rt::Node::ANY
            },
        },
    ],
    extra: None,
    trim: true,
};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct FileDetails {
    path: String,
    size: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    token: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<String>,
    tags: Vec<String>,
}

impl rt::Details for FileDetails {
    const FIELDS: &'static [&'static str] = &["path", "size", "token", "source", "tags"];
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct OpenDetails {
    name: String,
    #[serde(flatten, serialize_with = "rt::serialize_extra::<OpenDetails, _, _>")]
    extra: BTreeMap<String, Value>,
}

impl rt::Details for OpenDetails {
    const FIELDS: &'static [&'static str] = &["name"];
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct MeasureDetails {
    ratio: f64,
    samples: Vec<Vec<f32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    best: Option<f64>,
    #[serde(
        flatten,
        serialize_with = "rt::serialize_extra::<MeasureDetails, _, _>"
    )]
    extra: BTreeMap<String, Vec<f64>>,
}

impl rt::Details for MeasureDetails {
    const FIELDS: &'static [&'static str] = &["ratio", "samples", "best"];
}

/// Any details, read as they are.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
struct Free(Value);

impl rt::Details for Free {
    const FIELDS: &'static [&'static str] = &[];
}

fn file(path: &str) -> Error {
    Error::new(
        &FILE,
        &FileDetails {
            path: path.into(),
            size: 42,
            token: Some("s3cret".into()),
            source: Some("policy.yaml".into()),
            tags: vec!["a".into(), "b".into()],
        },
    )
}

fn fixed() -> Options {
    Options {
        now: Some(UNIX_EPOCH + Duration::from_secs(1_767_323_045)),
        instance: Some("urn:x".into()),
        ..Options::default()
    }
}

/// The `details` of the plain response of `e` under `o`.
fn details(e: &Error, o: &Options) -> Value {
    let v: Value = serde_json::from_str(&e.to_response(o)).unwrap();
    v["details"].clone()
}

#[test]
fn numbers_as_ecmascript_writes_them() {
    for (v, want) in [
        (0.0, "0"),
        (-0.0, "0"),
        (1.0, "1"),
        (-1.5, "-1.5"),
        (1234567.5, "1234567.5"),
        (1e20, "100000000000000000000"),
        (1e21, "1e+21"),
        (0.000001, "0.000001"),
        (9.9e-7, "9.9e-7"),
        (5e-324, "5e-324"),
        (f64::NAN, "0"),
        (f64::INFINITY, "1.7976931348623157e+308"),
        (f64::NEG_INFINITY, "-1.7976931348623157e+308"),
    ] {
        assert_eq!(rt::number(v), want, "{v:?}");
    }
    // the Go runtime's text of random doubles
    let fixture = include_str!("../../fixtures/floats.txt");
    for line in fixture.lines() {
        let (bits, want) = line.split_once(' ').unwrap();
        let v = f64::from_bits(u64::from_str_radix(bits, 16).unwrap());
        assert_eq!(rt::number(v), want, "{v:e}");
    }
}

#[test]
fn decimals_round_trip_as_go_and_javascript_write_them() {
    // the nearest double of the digits, written back as its shortest digits
    for text in [
        "1486382262.8810139",
        "0.1",
        "5e-324",
        "1.7976931348623157e308",
        "9007199254740993",
    ] {
        let v: Value = serde_json::from_str(text).unwrap();
        let want: f64 = text.parse().unwrap();
        assert_eq!(v.as_f64(), Some(want), "{text}");
    }
    let v: Value = serde_json::from_str(r#"{"ratio": 1486382262.8810139, "samples": []}"#).unwrap();
    let e = Error::from_value(&MEASURE, &v);
    assert_eq!(e.message(&fixed()), "Ratio 1486382262.8810139");
    assert_eq!(
        details(&e, &fixed())["ratio"].to_string(),
        "1486382262.8810139"
    );
}

#[test]
fn strings_escaped_and_bounded_in_utf8_bytes() {
    assert_eq!(
        rt::quote("a\"\\\n\r\t\u{1}\u{1f}<>&\u{2028}\u{2029}\u{7f}é😀"),
        "\"a\\\"\\\\\\n\\r\\t\\u0001\\u001f\\u003c\\u003e\\u0026\\u2028\\u2029\u{7f}é😀\""
    );
    let mut out = String::new();
    rt::write_string(&mut out, "ab😀cd", Some(7));
    assert_eq!(out, "\"ab...\"", "the cut moves back to the start of 😀");
    assert_eq!(rt::truncate("abcdef", Some(5)), "ab...");
    assert_eq!(rt::truncate("abcde", Some(5)), "abcde");
    assert_eq!(rt::truncate("éé", Some(2)), "...");
}

#[test]
fn sanitizers_match_the_go_runtime() {
    let fixture = include_str!("../../fixtures/sanitize.jsonl");
    let mut n = 0;
    for line in fixture.lines() {
        let c: BTreeMap<String, String> = serde_json::from_str(line).unwrap();
        let s = &c["in"];
        assert_eq!(rt::sanitize_path(s), c["path"], "path of {s:?}");
        assert_eq!(rt::sanitize_uri(s), c["uri"], "uri of {s:?}");
        assert_eq!(
            rt::sanitize_text(s, "<redacted>"),
            c["text"],
            "text of {s:?}"
        );
        n += 1;
    }
    assert!(n > 1000);
    assert_eq!(
        rt::sanitize_uri("see https://h/p?z=1&api_key=abc&Token=x#frag ok"),
        "see https://h/p?z=1&api_key=redacted&Token=redacted#frag ok"
    );
    assert_eq!(
        rt::sanitize_text("mail bob@example.com", "<redacted>"),
        "mail <email>"
    );
    // the token rule: a run that looks like a secret whole, else its long
    // stretches of letters and digits
    for (s, want) in [
        ("ghp_0123456789abcdefABCDEFghijklmnopqrstu", "<r>"),
        ("abcdefghijklmnopqrstuvwxyzabcdefgh", "<r>"),
        (
            "abcdefghijklmnopqrstuvwxyzabcde",
            "abcdefghijklmnopqrstuvwxyzabcde",
        ),
        ("a/b/c/0123456789012345678901234567890123", "a/b/c/<r>"),
        (
            "550e8400-e29b-41d4-a716-446655440000",
            "550e8400-e29b-41d4-a716-446655440000",
        ),
    ] {
        assert_eq!(rt::sanitize_text(s, "<r>"), want, "{s}");
    }
}

#[test]
fn options_from_the_environment() {
    let env = |vars: &'static [(&'static str, &'static str)]| {
        move |name: &str| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        }
    };
    let o = Options::from_env_with(
        "APP",
        env(&[
            ("APP_VERBOSE", " full "),
            ("APP_REDACT", "off"),
            ("APP_SUGGESTIONS", "no"),
            ("APP_MAX_DATA_BYTES", "4096"),
            ("APP_SERVER_VERSION", "1.2.3"),
        ]),
    )
    .unwrap();
    assert!(o.verbose && o.show_sensitive && o.omit_suggestions);
    assert_eq!(
        (o.max_data_bytes, o.server_version.as_str()),
        (4096, "1.2.3")
    );
    assert!(
        Options::from_env_with("APP", env(&[("APP_VERBOSE", "2")]))
            .unwrap()
            .verbose
    );
    assert_eq!(
        Options::from_env_with("APP", env(&[])).unwrap(),
        Options::default()
    );
    let err = Options::from_env_with(
        "APP",
        env(&[("APP_REDACT", "2"), ("APP_MAX_STRING_BYTES", "-1")]),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "errgenrt: APP_REDACT=\"2\": want true or false; APP_MAX_STRING_BYTES=\"-1\": want a non-negative integer"
    );
}

#[test]
fn log_forms_never_show_a_sensitive_value_without_the_opt_in() {
    let e = file("/home/alice/secret.txt")
        .with_cause(std::io::Error::other("open failed"))
        .with_request_id("r1");
    // Display: the message as the wire carries it by default
    assert_eq!(
        e.to_string(),
        "E_FILE: Cannot read ~/secret.txt (42 bytes, {literal})"
    );
    // verbose_error: verbose, the cause chain, still redacted and scrubbed
    assert_eq!(
        e.verbose_error(),
        "E_FILE: Cannot read ~/secret.txt (42 bytes, {literal}): open failed"
    );
    let debug = format!("{e:?}");
    assert_eq!(
        debug,
        r#"Error { symbol: "E_FILE", code: 100, message: "Cannot read ~/secret.txt (42 bytes, {literal})", cause: "open failed", request_id: "r1" }"#
    );
    for text in [e.to_string(), e.verbose_error(), debug, format!("{e:#?}")] {
        assert!(
            !text.contains("alice") && !text.contains("s3cret"),
            "{text}"
        );
    }
    // with the log-only opt-in, the log forms show them; Display and the wire never do
    let shown = e.clone().with_log_sensitive(true);
    assert!(shown.verbose_error().contains("/home/alice/secret.txt"));
    assert!(format!("{shown:?}").contains("/home/alice/secret.txt"));
    assert!(!shown.to_string().contains("alice"));
    assert!(!shown.to_problem(&fixed()).contains("alice"));
    // a sensitive value in the message of the log forms
    let v = json!({"listed": "L1st3d", "secrets": ["S3cr3t"], "whole": {"k": "W"}});
    let k = Error::from_value(&KEYWORDS, &v);
    for text in [k.to_string(), k.verbose_error(), format!("{k:?}")] {
        assert!(
            !text.contains("L1st3d") && !text.contains("S3cr3t"),
            "{text}"
        );
    }
    let k = k.with_log_sensitive(true);
    assert!(k.verbose_error().contains("L1st3d") && k.verbose_error().contains("S3cr3t"));
    assert!(!k.to_string().contains("L1st3d"));
}

#[test]
fn payloads_by_default() {
    let e = file("/home/alice/x")
        .with_data("method", "tools/call")
        .with_data("symbol", "dropped")
        .with_extension("tool", "read");
    assert_eq!(
        e.to_jsonrpc(&fixed()),
        r#"{"code":100,"message":"Cannot read ~/x (42 bytes, {literal})","data":{"method":"tools/call","domain":"fs","symbol":"E_FILE","retryable":true,"retry":"after_delay","context":{"schemaVersion":1,"type":"file","details":{"path":"~/x","size":42,"token":"\u003credacted\u003e","tags":["a","b"]},"userMessage":"The file ~/x is unavailable","suggestions":["Check ~/x","Retry"],"retryable":true}}}"#
    );
    assert_eq!(
        e.to_problem(&fixed()),
        r#"{"type":"urn:demo:file","title":"File error","status":404,"detail":"Cannot read ~/x (42 bytes, {literal})","instance":"urn:x","timestamp":"2026-01-02T03:04:05Z","symbol":"E_FILE","retryable":true,"retry":"after_delay","userMessage":"The file ~/x is unavailable","suggestions":["Check ~/x","Retry"],"path":"~/x","size":42,"token":"\u003credacted\u003e","tags":["a","b"],"tool":"read"}"#
    );
    assert_eq!(
        e.to_response(&fixed()),
        r#"{"error":true,"code":"E_FILE","message":"Cannot read ~/x (42 bytes, {literal})","details":{"path":"~/x","size":42,"token":"\u003credacted\u003e","tags":["a","b"]},"retry":"after_delay"}"#
    );
    let tool = e.to_tool_result(&fixed());
    let v: Value = serde_json::from_str(&tool).unwrap();
    assert_eq!(v["isError"], true);
    assert_eq!(v["content"][0]["text"], e.to_problem(&fixed()));
}

#[test]
fn verbose_adds_verbose_fields_and_the_chain_but_redacts_and_scrubs() {
    let o = Options {
        verbose: true,
        server_version: "9".into(),
        ..fixed()
    };
    let e = file("/home/alice/x")
        .with_cause(std::io::Error::other(
            "open /home/alice/x: token ghp_0123456789abcdefABCDEFghijklmnopqrstu",
        ))
        .with_request_id("r1");
    let ctx = e.context(&o);
    assert_eq!(ctx.details["token"], "<redacted>");
    assert_eq!(ctx.details["path"], "~/x");
    assert_eq!(ctx.details["source"], "policy.yaml");
    let debug = ctx.debug_info.unwrap();
    assert_eq!(debug.error_chain, ["open ~/x: token <redacted>"]);
    assert_eq!(
        (debug.request_id.as_deref(), debug.server_version.as_deref()),
        (Some("r1"), Some("9"))
    );
    assert_eq!(debug.timestamp, "2026-01-02T03:04:05Z");
    // only show_sensitive shows them
    let shown = Options {
        show_sensitive: true,
        ..fixed()
    };
    let d = details(&e, &shown);
    assert_eq!(
        (d["token"].as_str(), d["path"].as_str()),
        (Some("s3cret"), Some("/home/alice/x"))
    );
    assert!(d.get("source").is_none());
}

#[test]
fn keywords_act_on_items_map_values_and_every_string_of_an_untyped_value() {
    let mut deep = json!("/home/alice/bottom");
    for _ in 0..40 {
        deep = json!([deep]);
    }
    let v = json!({
        "listed": "/home/alice/listed",
        "secrets": ["one", "two"],
        "paths": {"b": "/home/bob/file.txt", "a": "/home/alice/a-rather-long-name.txt"},
        "blob": {
            "mail bob@example.com": "at /home/alice/x",
            "/home/carol": ["mail bob@example.com", 1.5, null],
            "zz-a-key-longer-than-sixteen-1": 1,
            "zz-a-key-longer-than-sixteen-2": 2,
            "é": "deep",
            "deep": deep,
        },
        "whole": {"k": "v"},
    });
    let e = Error::from_value(&KEYWORDS, &v);
    let d = details(&e, &fixed());
    assert_eq!(d["listed"], "<redacted>", "the error's sensitive list");
    assert_eq!(
        d["secrets"],
        json!(["<redacted>", "<redacted>"]),
        "x-sensitive items"
    );
    assert_eq!(
        d["paths"],
        json!({"a": "~/a-rather-lo...", "b": "~/file.txt"}),
        "map values: scrubbed, bounded"
    );
    assert_eq!(
        d["whole"], "<redacted>",
        "an x-sensitive untyped value, whole"
    );
    let blob = d["blob"].as_object().unwrap();
    // keys scrubbed and bounded, sorted by code point, written once when alike
    let keys: Vec<&str> = blob.keys().map(String::as_str).collect();
    assert_eq!(keys, ["deep", "mail <email>", "zz-a-key-long...", "~", "é"]);
    assert_eq!(
        blob["zz-a-key-long..."], 1,
        "the first of the keys that come out alike"
    );
    assert_eq!(blob["mail <email>"], "at ~/x");
    assert_eq!(blob["~"], json!(["mail <email>", 1.5, null]));
    // past 32 levels, null
    let mut level = &blob["deep"];
    let mut depth = 1;
    while let Value::Array(items) = level {
        level = &items[0];
        depth += 1;
    }
    assert_eq!((depth, level), (32, &Value::Null));
    // the response text of the problem document, the message: the same
    let message = e.message(&fixed());
    assert!(
        message.starts_with("<redacted> <redacted>, <redacted> {"),
        "{message}"
    );
    assert!(
        !message.contains("alice") && !message.contains("bob@"),
        "{message}"
    );
    // the same details, the other error: not in its sensitive list
    let other = Error::from_value(&UNLISTED, &v);
    assert_eq!(details(&other, &fixed())["listed"], "/home/alice/listed");
    assert_eq!(other.message(&fixed()), "/home/alice/listed");
    // verbose: redacted and scrubbed still; shown: everything
    let verbose = Options {
        verbose: true,
        ..fixed()
    };
    assert_eq!(
        details(&e, &verbose)["secrets"],
        json!(["<redacted>", "<redacted>"])
    );
    let shown = Options {
        show_sensitive: true,
        ..fixed()
    };
    let d = details(&e, &shown);
    assert_eq!(d["listed"], "/home/alice/listed");
    assert_eq!(d["secrets"], json!(["one", "two"]));
    assert_eq!(
        d["blob"]["/home/carol"][0], "mail bob@exam...",
        "bounded still"
    );
}

#[test]
fn occurrence_members() {
    let e = file("/x")
        .with_status(410)
        .with_retryable(false)
        .with_instance("urn:i");
    assert_eq!((e.status(), e.retryable()), (410, false));
    let e = e.with_status(599); // not allowed: ignored
    assert_eq!(e.status(), 410);
    let (body, status) = e.to_problem_with_status(&fixed());
    assert_eq!(status, 410);
    assert!(body.contains(r#""instance":"urn:i""#) && body.contains(r#""retryable":false"#));
}

#[test]
fn bounds_minimal_payload_and_fallback() {
    let long = "é".repeat(100);
    let e = file(&long);
    // strings bounded to the catalog's 64 bytes
    let d = e.context(&fixed()).details;
    assert_eq!(d["path"].as_str().unwrap().len(), 63);
    // past max_data_bytes: minimal (no advice, optional fields left out, one tag kept)
    let tight = Options {
        max_data_bytes: 512,
        max_string_bytes: 512,
        ..fixed()
    };
    let e = file(&"é".repeat(200));
    let rpc = e.to_jsonrpc(&tight);
    assert!(rpc.len() <= 512, "{rpc}");
    let v: Value = serde_json::from_str(&rpc).unwrap();
    assert_eq!(
        v["data"]["context"]["details"],
        json!({"path": format!("{}...", "é".repeat(30)), "size": 42, "tags": ["a"]})
    );
    assert!(v["data"]["context"].get("suggestions").is_none());
    // an option below the floor is raised to it
    let floor = Options {
        max_data_bytes: 512,
        ..fixed()
    };
    let below = Options {
        max_data_bytes: 100,
        ..fixed()
    };
    assert_eq!(file("/x").to_problem(&below), file("/x").to_problem(&floor));
    assert!(
        file("/x").to_problem(&below).contains("\"userMessage\""),
        "not minimal"
    );
    // options below the floors are raised to them
    let o = Options {
        max_string_bytes: 4,
        ..fixed()
    };
    assert_eq!(
        details(&file("abcdefghijklmnopqrstuvwxyz"), &o)["path"],
        "abcdefghijklm..."
    );
}

#[test]
fn definitions_foreign_errors_and_lookups() {
    // a definition whose empty details break its schema becomes the fallback, caused by it
    let e = FILE.error();
    assert_eq!(e.symbol(), "E_INTERNAL");
    let o = Options {
        verbose: true,
        ..fixed()
    };
    assert_eq!(
        e.context(&o).debug_info.unwrap().error_chain,
        ["E_FILE: File error"]
    );
    let e = Error::from(&OPEN);
    assert_eq!(
        e.to_response(&fixed()),
        r#"{"error":true,"code":"E_OPEN","message":"Open ","details":{"name":""},"retry":"never"}"#
    );
    // a foreign error is the fallback; a catalog error in the chain renders as itself
    let e = CATALOG.from_error(std::io::Error::other("disk /home/bob full"));
    assert_eq!(
        (e.symbol(), e.message(&Options::default()).as_str()),
        ("E_INTERNAL", "An internal error occurred")
    );
    #[derive(Debug)]
    struct Wrap(Error);
    impl std::fmt::Display for Wrap {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("wrapped")
        }
    }
    impl std::error::Error for Wrap {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            Some(&self.0)
        }
    }
    assert_eq!(CATALOG.from_error(Wrap(file("/x"))).symbol(), "E_FILE");
    assert_eq!(CATALOG.by_symbol("E_FILE_OLD").map(|d| d.code), Some(100));
    assert_eq!(CATALOG.by_code(102).map(|d| d.symbol), Some("E_INVALID"));
    assert_eq!(CATALOG.by_type("open").map(|d| d.code), Some(101));
    assert_eq!(CATALOG.all().count(), 7);
}

#[test]
fn open_objects_and_field_errors() {
    let mut extra = BTreeMap::new();
    extra.insert(
        "name".to_string(),
        json!("ignored: a declared field's name"),
    );
    extra.insert(
        "title".to_string(),
        json!("a problem member: left out when flattened"),
    );
    extra.insert("z".to_string(), json!({"b": [1, 2.5], "a": null}));
    let d = OpenDetails {
        name: "n".into(),
        extra,
    };
    assert_eq!(
        serde_json::to_string(&d).unwrap(),
        r#"{"name":"n","title":"a problem member: left out when flattened","z":{"a":null,"b":[1,2.5]}}"#
    );
    let e = Error::new(&OPEN, &d).with_extension("z", "dropped: an open member's name");
    assert_eq!(
        e.to_response(&fixed()),
        r#"{"error":true,"code":"E_OPEN","message":"Open n","details":{"name":"n","title":"a problem member: left out when flattened","z":{"a":null,"b":[1,2.5]}},"retry":"never"}"#
    );
    assert!(e
        .to_problem(&fixed())
        .ends_with(r#""name":"n","z":{"a":null,"b":[1,2.5]}}"#));

    let mut fe = rt::FieldErrors::new();
    fe.add("b", "too <long>");
    fe.add("a", "missing");
    fe.add("b", "bad");
    assert_eq!(fe.len(), 3);
    let e = Error::new(&INVALID, &fe);
    assert_eq!(
        e.to_response(&fixed()),
        r#"{"error":true,"code":"E_INVALID","message":"3 invalid: {\"a\":[\"missing\"],\"b\":[\"too \\u003clong\\u003e\",\"bad\"]}","details":{"fieldErrors":{"a":["missing"],"b":["too \u003clong\u003e","bad"]},"totalErrors":3},"retry":"never"}"#
    );
    assert_eq!(e.details_as::<rt::FieldErrors>(), Some(fe));
}

#[test]
fn timestamps_and_instances() {
    let t = rt::parse_rfc3339("2026-01-02T03:04:05Z").unwrap();
    assert_eq!(rt::rfc3339(t), "2026-01-02T03:04:05Z");
    assert_eq!(rt::rfc3339(UNIX_EPOCH), "1970-01-01T00:00:00Z");
    assert_eq!(
        rt::rfc3339(rt::parse_rfc3339("2000-02-29T23:59:59Z").unwrap()),
        "2000-02-29T23:59:59Z"
    );
    assert!(rt::parse_rfc3339("2026-13-02T03:04:05Z").is_none());
    let (a, b) = (rt::urn_uuid(), rt::urn_uuid());
    assert_ne!(a, b);
    assert_eq!(a.len(), "urn:uuid:".len() + 36);
    assert_eq!(&a[23..24], "4", "version 4: {a}");
}

#[cfg(feature = "rmcp")]
#[test]
fn rmcp_error_and_tool_result() {
    let e = file("/home/alice/x");
    let data = e.to_rmcp_error(&fixed());
    assert_eq!(data.code.0, 100);
    assert_eq!(data.message, "Cannot read ~/x (42 bytes, {literal})");
    assert_eq!(
        data.data.unwrap()["context"]["details"]["token"],
        "<redacted>"
    );
    // E_FILE says tool_errors: error; E_OPEN does not
    assert!(e.to_rmcp_call_result(&fixed()).is_err());
    let r = Error::new(
        &OPEN,
        &OpenDetails {
            name: "n".into(),
            extra: BTreeMap::new(),
        },
    )
    .to_rmcp_call_result(&fixed())
    .unwrap();
    assert_eq!(r.is_error, Some(true));
    assert_eq!(r.structured_content.unwrap()["symbol"], "E_OPEN");
}

#[test]
fn an_error_is_one_pointer_wide() {
    // small enough to return in a Result without clippy's result_large_err
    assert_eq!(std::mem::size_of::<Error>(), std::mem::size_of::<usize>());
}

#[test]
fn floats_json_cannot_hold_are_written_as_the_go_runtime_writes_them() {
    // NaN as 0, the infinities as the largest finite numbers, wherever
    // they are in the details (serde_json alone would make them null)
    let d = MeasureDetails {
        ratio: f64::INFINITY,
        samples: vec![vec![f32::NEG_INFINITY, f32::NAN, 1.5]],
        best: Some(f64::NAN),
        extra: BTreeMap::from([("z".to_owned(), vec![f64::INFINITY, -0.0])]),
    };
    let got = Error::new(&MEASURE, &d).to_response(&fixed());
    assert_eq!(
        got,
        r#"{"error":true,"code":"E_MEASURE","message":"Ratio 1.7976931348623157e+308","details":{"ratio":1.7976931348623157e+308,"samples":[[-1.7976931348623157e+308,0,1.5]],"best":0,"z":[1.7976931348623157e+308,0]},"retry":"never"}"#
    );
    // finite details are what serde_json makes of them
    let d = MeasureDetails {
        ratio: 0.25,
        samples: vec![vec![1e-7, 2.5e21], vec![]],
        best: None,
        extra: BTreeMap::from([("a".to_owned(), vec![3.0]), ("ratio".to_owned(), vec![9.0])]),
    };
    assert_eq!(
        Error::new(&MEASURE, &d).to_problem(&fixed()),
        Error::from_value(&MEASURE, &serde_json::to_value(&d).unwrap()).to_problem(&fixed())
    );
    let file = FileDetails {
        path: "/home/alice/x".into(),
        size: 7,
        token: Some("t".into()),
        source: None,
        tags: vec!["a".into()],
    };
    assert_eq!(
        Error::new(&FILE, &file).to_jsonrpc(&fixed()),
        Error::from_value(&FILE, &serde_json::to_value(&file).unwrap()).to_jsonrpc(&fixed())
    );
}
