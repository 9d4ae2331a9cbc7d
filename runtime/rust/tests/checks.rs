//! The checks of detail values against their schema, in a test binary of
//! its own (a catalog's violation hook is the process's): a value that
//! breaks its node is left out, dropped or replaced, details without a
//! valid form make the error the fallback, and the hook learns of each,
//! once per payload rendered.

use std::sync::{Arc, Mutex};
use std::time::{Duration, UNIX_EPOCH};

use errgen_runtime::rt::{self, Error, Options, Outcome, Violation};
use serde_json::{json, Value};

static CATALOG: rt::Catalog = rt::Catalog {
    name: "checked",
    version: "1.0.0",
    schema_version: 1,
    limits: rt::Limits {
        max_data_bytes: 4096,
        max_string_bytes: 256,
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
    domains: &[&[&INTERNAL, &CHECKED]],
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
        problem_type: "urn:checked:x",
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

static CHECKED: rt::Def = def(
    2,
    "E_CHECKED",
    "{level} {count} {tags}",
    Some(rt::DetailsType {
        object: &DETAILS,
        retype: rt::retype::<Free>,
    }),
);

static DETAILS: rt::Object = rt::Object {
    fields: &[
        rt::Field {
            name: "level",
            required: true,
            node: &rt::Node {
                exact: true,
                check: Some(&rt::Check {
                    r#enum: &["low", "high"],
                    ..rt::Check::NONE
                }),
                replacement: Some("\"low\""),
                ..rt::Node::STRING
            },
        },
        rt::Field {
            name: "count",
            required: false,
            node: &rt::Node {
                check: Some(&rt::Check {
                    minimum: Some(0.0),
                    ..rt::Check::NONE
                }),
                ..rt::Node::INTEGER
            },
        },
        rt::Field {
            name: "code",
            required: false,
            node: &rt::Node {
                exact: true,
                check: Some(&rt::Check {
                    patterns: &[r"^\d+$"],
                    ..rt::Check::NONE
                }),
                ..rt::Node::STRING
            },
        },
        rt::Field {
            name: "email",
            required: false,
            node: &rt::Node {
                exact: true,
                check: Some(&rt::Check {
                    formats: &["email"],
                    ..rt::Check::NONE
                }),
                ..rt::Node::STRING
            },
        },
        rt::Field {
            name: "when",
            required: false,
            node: &rt::Node {
                exact: true,
                check: Some(&rt::Check {
                    formats: &["date-time"],
                    ..rt::Check::NONE
                }),
                ..rt::Node::STRING
            },
        },
        rt::Field {
            name: "tags",
            required: false,
            node: &rt::Node {
                kind: rt::Kind::Array {
                    items: &rt::Node {
                        check: Some(&rt::Check {
                            min_length: Some(1),
                            ..rt::Check::NONE
                        }),
                        ..rt::Node::STRING
                    },
                    keep: None,
                },
                check: Some(&rt::Check {
                    max_items: Some(2),
                    unique_items: true,
                    ..rt::Check::NONE
                }),
                ..rt::Node::ANY
            },
        },
        rt::Field {
            name: "must",
            required: true,
            node: &rt::Node {
                check: Some(&rt::Check {
                    minimum: Some(1.0),
                    ..rt::Check::NONE
                }),
                ..rt::Node::INTEGER
            },
        },
        rt::Field {
            name: "nested",
            required: false,
            node: &rt::Node {
                kind: rt::Kind::Object(&rt::Object {
                    fields: &[rt::Field {
                        name: "x",
                        required: true,
                        node: &rt::Node {
                            check: Some(&rt::Check {
                                maximum: Some(5.0),
                                ..rt::Check::NONE
                            }),
                            ..rt::Node::INTEGER
                        },
                    }],
                    extra: None,
                    trim: true,
                }),
                ..rt::Node::ANY
            },
        },
        rt::Field {
            name: "ratio",
            required: false,
            node: &rt::Node {
                check: Some(&rt::Check {
                    multiple_of: Some(0.5),
                    r#const: None,
                    ..rt::Check::NONE
                }),
                ..rt::Node::NUMBER
            },
        },
    ],
    extra: None,
    trim: true,
};

/// Any details, read as they are.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
struct Free(Value);

impl rt::Details for Free {
    const FIELDS: &'static [&'static str] = &[];
}

fn fixed() -> Options {
    Options {
        now: Some(UNIX_EPOCH + Duration::from_secs(1_767_323_045)),
        instance: Some("urn:x".into()),
        ..Options::default()
    }
}

fn response(e: &Error) -> Value {
    serde_json::from_str(&e.to_response(&fixed())).unwrap()
}

fn v(path: &str, keyword: &'static str, outcome: Outcome) -> Violation {
    Violation {
        symbol: "E_CHECKED",
        path: path.to_owned(),
        keyword,
        outcome,
    }
}

#[test]
fn values_that_break_their_schema_and_the_hook() {
    let seen: Arc<Mutex<Vec<Violation>>> = Arc::default();
    let log = seen.clone();
    CATALOG.on_violation(move |v| log.lock().unwrap().push(v.clone()));
    let take = || std::mem::take(&mut *seen.lock().unwrap());

    // each value that breaks its node: left out, dropped, replaced
    let e = Error::from_value(
        &CHECKED,
        &json!({
            "level": "bad", "count": -1, "code": "١٢", "email": "x@y", "when": "2026-02-30T00:00:00Z",
            "tags": ["a", "a", "", null, "b", "c"], "must": 3, "nested": {"x": 9}, "ratio": 0.75,
        }),
    );
    let r = response(&e);
    assert_eq!(
        r["details"],
        json!({"level": "low", "tags": ["a", "b"], "must": 3})
    );
    assert_eq!(r["message"], "low  a, b");
    assert_eq!(
        take(),
        [
            v("/level", "enum", Outcome::Replaced),
            v("/count", "minimum", Outcome::Omitted),
            v("/code", "pattern", Outcome::Omitted),
            v("/email", "format", Outcome::Omitted),
            v("/when", "format", Outcome::Omitted),
            v("/tags/1", "uniqueItems", Outcome::Omitted),
            v("/tags/2", "minLength", Outcome::Omitted),
            v("/tags/3", "minLength", Outcome::Omitted),
            v("/nested/x", "maximum", Outcome::Omitted),
            v("/nested", "maximum", Outcome::Omitted),
            v("/ratio", "multipleOf", Outcome::Omitted),
        ],
        "once per payload rendered"
    );
    // the message alone reports nothing
    e.message(&fixed());
    assert!(take().is_empty());

    // values that keep their checks are written as given
    let e = Error::from_value(
        &CHECKED,
        &json!({"level": "high", "count": 0, "code": "12", "email": "a@b.example", "when": "2026-02-28T23:59:60-00:00",
                "tags": ["x"], "must": 1, "nested": {"x": 5}, "ratio": 1.5}),
    );
    assert_eq!(response(&e)["details"]["when"], "2026-02-28T23:59:60-00:00");
    assert_eq!(response(&e)["details"].as_object().unwrap().len(), 9);
    assert!(take().is_empty());

    // a required value without a replacement: the fallback, caused by the error
    for must in [
        json!(0),
        json!(9007199254740992_u64),
        json!("1"),
        json!(1.5),
    ] {
        let e = Error::from_value(&CHECKED, &json!({"level": "low", "must": must}));
        let (body, status) = e.to_problem_with_status(&fixed());
        assert_eq!(status, 400);
        assert!(body.contains(r#""symbol":"E_INTERNAL""#), "{body}");
        let keyword = if must == json!(0) { "minimum" } else { "type" };
        assert_eq!(take(), [v("/must", keyword, Outcome::Fallback)], "{must}");
        assert_eq!(e.to_string(), "E_INTERNAL: An internal error occurred");
        let verbose = Options {
            verbose: true,
            ..fixed()
        };
        let chain = e.to_jsonrpc(&verbose);
        assert!(
            chain.contains("E_CHECKED: details break the schema"),
            "{chain}"
        );
        take();
    }
    // absent or null, a required value is its empty value: "" breaks the
    // enum, 0 breaks minimum
    let e = Error::from_value(&CHECKED, &json!({"level": null}));
    assert_eq!(response(&e)["code"], "E_INTERNAL");
    assert_eq!(
        take(),
        [
            v("/level", "enum", Outcome::Replaced),
            v("/must", "minimum", Outcome::Fallback)
        ]
    );

    // a hook that panics makes the render panic: a test's way to forbid violations
    CATALOG.on_violation(|v| panic!("violation: {v:?}"));
    let bad = Error::from_value(&CHECKED, &json!({"level": "bad", "must": 1}));
    let caught =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| bad.to_response(&fixed())));
    assert!(caught.is_err());
    let good = Error::from_value(&CHECKED, &json!({"level": "low", "must": 1}));
    assert_eq!(
        response(&good)["details"],
        json!({"level": "low", "must": 1})
    );
    CATALOG.clear_on_violation();
    assert_eq!(response(&bad)["details"]["level"], "low");
}
