//! The runtime alone: its number and string writers, its scanners (held to
//! fixtures the Go runtime makes, see tests/testdata), its options, and the
//! payloads of a small catalog written here by hand as errgen writes one.

use std::collections::BTreeMap;
use std::time::{Duration, UNIX_EPOCH};

use errgen_runtime::rt::{self, Details as _, Error, Options};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

// A catalog, as errgen generates one: two domains, a fallback, an error
// whose details are required, one with open details, one with field_errors.

static CATALOG: rt::Catalog = rt::Catalog {
    name: "demo",
    version: "1.0.0",
    schema_version: 1,
    limits: rt::Limits {
        max_data_bytes: 2048,
        max_string_bytes: 64,
        max_suggestions: 2,
    },
    domains: &[&[&INTERNAL], &[&FILE, &OPEN, &INVALID]],
    fallback: &INTERNAL,
    metrics: rt::Metrics::new(),
};

static INTERNAL: rt::Def = rt::Def {
    catalog: &CATALOG,
    code: 1,
    wire_code: -32603,
    symbol: "E_INTERNAL",
    aliases: &[],
    error_type: "internal",
    domain: "core",
    title: "Internal error",
    problem_type: "urn:demo:internal",
    statuses: &[500],
    retryable: false,
    deprecated: false,
    tool_errors_as_rpc: false,
    needs_details: false,
    message: "An internal error occurred",
    user_message: "",
    suggestions: &[],
    details: None,
};

static FILE: rt::Def = rt::Def {
    catalog: &CATALOG,
    code: 100,
    wire_code: 100,
    symbol: "E_FILE",
    aliases: &["E_FILE_OLD"],
    error_type: "file",
    domain: "fs",
    title: "File error",
    problem_type: "urn:demo:file",
    statuses: &[404, 410],
    retryable: true,
    deprecated: false,
    tool_errors_as_rpc: true,
    needs_details: true,
    message: "Cannot read {path} ({size} bytes, {{literal}})",
    user_message: "The file {path} is unavailable",
    suggestions: &["Check {path}", "Retry", "Never shown"],
    details: FileDetails::DETAILS,
};

static OPEN: rt::Def = rt::Def {
    catalog: &CATALOG,
    code: 101,
    wire_code: 101,
    symbol: "E_OPEN",
    aliases: &[],
    error_type: "open",
    domain: "fs",
    title: "Open",
    problem_type: "urn:demo:open",
    statuses: &[400],
    retryable: false,
    deprecated: false,
    tool_errors_as_rpc: false,
    needs_details: false,
    message: "Open {name}",
    user_message: "",
    suggestions: &[],
    details: OpenDetails::DETAILS,
};

static INVALID: rt::Def = rt::Def {
    catalog: &CATALOG,
    code: 102,
    wire_code: -32602,
    symbol: "E_INVALID",
    aliases: &[],
    error_type: "invalid",
    domain: "fs",
    title: "Invalid",
    problem_type: "urn:demo:invalid",
    statuses: &[422],
    retryable: false,
    deprecated: false,
    tool_errors_as_rpc: false,
    needs_details: false,
    message: "{totalErrors} invalid: {fieldErrors}",
    user_message: "",
    suggestions: &[],
    details: rt::FieldErrors::DETAILS,
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
    fn shape() -> rt::Shape {
        static OBJECT: rt::Object = rt::Object {
            props: &[
                rt::Prop {
                    name: "path",
                    ty: rt::Type::String,
                    sanitize: rt::Sanitize::Path,
                    ..rt::Prop::REQUIRED
                },
                rt::Prop {
                    name: "size",
                    ty: rt::Type::Int,
                    ..rt::Prop::REQUIRED
                },
                rt::Prop {
                    name: "token",
                    ty: rt::Type::String,
                    sensitive: true,
                    ..rt::Prop::OPTIONAL
                },
                rt::Prop {
                    name: "source",
                    ty: rt::Type::String,
                    verbose: true,
                    ..rt::Prop::OPTIONAL
                },
                rt::Prop {
                    name: "tags",
                    ty: rt::Type::Array {
                        items: &rt::Type::String,
                        keep: 1,
                    },
                    ..rt::Prop::REQUIRED
                },
            ],
            trim: true,
            extra: None,
        };
        rt::Shape::Object(&OBJECT)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct OpenDetails {
    name: String,
    #[serde(flatten, serialize_with = "rt::serialize_extra::<OpenDetails, _, _>")]
    extra: BTreeMap<String, Value>,
}

impl rt::Details for OpenDetails {
    fn shape() -> rt::Shape {
        static OBJECT: rt::Object = rt::Object {
            props: &[rt::Prop {
                name: "name",
                ty: rt::Type::String,
                ..rt::Prop::REQUIRED
            }],
            trim: true,
            extra: Some(rt::Prop {
                ty: rt::Type::Any,
                ..rt::Prop::REQUIRED
            }),
        };
        rt::Shape::Object(&OBJECT)
    }
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
    let fixture = include_str!("testdata/floats.txt");
    for line in fixture.lines() {
        let (bits, want) = line.split_once(' ').unwrap();
        let v = f64::from_bits(u64::from_str_radix(bits, 16).unwrap());
        assert_eq!(rt::number(v), want, "{v:e}");
    }
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
    let fixture = include_str!("testdata/sanitize.jsonl");
    let mut n = 0;
    for line in fixture.lines() {
        let c: BTreeMap<String, String> = serde_json::from_str(line).unwrap();
        let s = &c["in"];
        assert_eq!(rt::sanitize_path(s), c["path"], "path of {s:?}");
        assert_eq!(rt::sanitize_uri(s), c["uri"], "uri of {s:?}");
        assert_eq!(rt::sanitize_text(s), c["text"], "text of {s:?}");
        n += 1;
    }
    assert!(n > 1000);
    assert_eq!(
        rt::sanitize_uri("see https://h/p?z=1&api_key=abc&Token=x#frag ok"),
        "see https://h/p?z=1&api_key=redacted&Token=redacted#frag ok"
    );
    assert_eq!(rt::sanitize_text("mail bob@example.com"), "mail <email>");
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
fn display_never_shows_a_sensitive_or_verbose_value() {
    let e = file("/home/alice/secret.txt");
    let text = e.to_string();
    assert_eq!(
        text,
        "E_FILE: Cannot read ~/secret.txt (42 bytes, {literal})"
    );
    assert!(!format!("{e:?}").contains("s3cret") && !format!("{e:?}").contains("alice"));
    assert!(e.verbose_error().contains("/home/alice/secret.txt"));
}

#[test]
fn payloads_by_default() {
    let e = file("/home/alice/x")
        .with_data("method", "tools/call")
        .with_data("symbol", "dropped")
        .with_extension("tool", "read");
    assert_eq!(
        e.to_jsonrpc(&fixed()),
        r#"{"code":100,"message":"Cannot read ~/x (42 bytes, {literal})","data":{"method":"tools/call","domain":"fs","symbol":"E_FILE","retryable":true,"context":{"schemaVersion":1,"type":"file","details":{"path":"~/x","size":42,"token":"\u003credacted\u003e","tags":["a","b"]},"userMessage":"The file ~/x is unavailable","suggestions":["Check ~/x","Retry"],"retryable":true}}}"#
    );
    assert_eq!(
        e.to_problem(&fixed()),
        r#"{"type":"urn:demo:file","title":"File error","status":404,"detail":"Cannot read ~/x (42 bytes, {literal})","instance":"urn:x","timestamp":"2026-01-02T03:04:05Z","symbol":"E_FILE","retryable":true,"userMessage":"The file ~/x is unavailable","suggestions":["Check ~/x","Retry"],"path":"~/x","size":42,"token":"\u003credacted\u003e","tags":["a","b"],"tool":"read"}"#
    );
    assert_eq!(
        e.to_response(&fixed()),
        r#"{"error":true,"code":"E_FILE","message":"Cannot read ~/x (42 bytes, {literal})","details":{"path":"~/x","size":42,"token":"\u003credacted\u003e","tags":["a","b"]}}"#
    );
    let tool = e.to_tool_result(&fixed());
    let v: Value = serde_json::from_str(&tool).unwrap();
    assert_eq!(v["isError"], true);
    assert_eq!(v["content"][0]["text"], e.to_problem(&fixed()));
}

#[test]
fn verbose_shows_everything_and_the_scrubbed_cause_chain() {
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
    assert_eq!(ctx.details["token"], "s3cret");
    assert_eq!(ctx.details["source"], "policy.yaml");
    let debug = ctx.debug_info.unwrap();
    assert_eq!(debug.error_chain, ["open ~/x: token <redacted>"]);
    assert_eq!(
        (debug.request_id.as_deref(), debug.server_version.as_deref()),
        (Some("r1"), Some("9"))
    );
    assert_eq!(debug.timestamp, "2026-01-02T03:04:05Z");
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
        max_data_bytes: 400,
        ..fixed()
    };
    let rpc = e.to_jsonrpc(&tight);
    assert!(rpc.len() <= 400, "{rpc}");
    let v: Value = serde_json::from_str(&rpc).unwrap();
    assert_eq!(
        v["data"]["context"]["details"],
        json!({"path": format!("{}...", "é".repeat(30)), "size": 42, "tags": ["a"]})
    );
    assert!(v["data"]["context"].get("suggestions").is_none());
    // still past it: the fallback
    let tiny = Options {
        max_data_bytes: 120,
        ..fixed()
    };
    let (body, status) = e.to_problem_with_status(&tiny);
    assert_eq!(status, 500);
    assert!(body.contains(r#""symbol":"E_INTERNAL""#), "{body}");
    let (code, message, data) = e.jsonrpc_parts(&tiny);
    assert_eq!((code, message.as_str()), (-32603, "An in...")); // 8 bytes
    assert!(
        data.starts_with(r#"{"domain":"core","symbol":"E_INTERNAL""#),
        "{data}"
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
        r#"{"error":true,"code":"E_OPEN","message":"Open ","details":{"name":""}}"#
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
    assert_eq!(CATALOG.all().count(), 4);
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
        r#"{"error":true,"code":"E_OPEN","message":"Open n","details":{"name":"n","title":"a problem member: left out when flattened","z":{"a":null,"b":[1,2.5]}}}"#
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
        r#"{"error":true,"code":"E_INVALID","message":"3 invalid: {\"a\":[\"missing\"],\"b\":[\"too \\u003clong\\u003e\",\"bad\"]}","details":{"fieldErrors":{"a":["missing"],"b":["too \u003clong\u003e","bad"]},"totalErrors":3}}"#
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

static MEASURE: rt::Def = rt::Def {
    catalog: &CATALOG,
    code: 103,
    wire_code: 103,
    symbol: "E_MEASURE",
    aliases: &[],
    error_type: "measure",
    domain: "fs",
    title: "Measure",
    problem_type: "urn:demo:measure",
    statuses: &[400],
    retryable: false,
    deprecated: false,
    tool_errors_as_rpc: false,
    needs_details: false,
    message: "Ratio {ratio}",
    user_message: "",
    suggestions: &[],
    details: MeasureDetails::DETAILS,
};

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
    fn shape() -> rt::Shape {
        static OBJECT: rt::Object = rt::Object {
            props: &[
                rt::Prop {
                    name: "ratio",
                    ty: rt::Type::Float,
                    ..rt::Prop::REQUIRED
                },
                rt::Prop {
                    name: "samples",
                    ty: rt::Type::Array {
                        items: &rt::Type::Array {
                            items: &rt::Type::Float,
                            keep: 0,
                        },
                        keep: 0,
                    },
                    ..rt::Prop::REQUIRED
                },
                rt::Prop {
                    name: "best",
                    ty: rt::Type::Float,
                    ..rt::Prop::OPTIONAL
                },
            ],
            trim: true,
            extra: Some(rt::Prop {
                ty: rt::Type::Array {
                    items: &rt::Type::Float,
                    keep: 0,
                },
                ..rt::Prop::REQUIRED
            }),
        };
        rt::Shape::Object(&OBJECT)
    }
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
        r#"{"error":true,"code":"E_MEASURE","message":"Ratio 1.7976931348623157e+308","details":{"ratio":1.7976931348623157e+308,"samples":[[-1.7976931348623157e+308,0,1.5]],"best":0,"z":[1.7976931348623157e+308,0]}}"#
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
