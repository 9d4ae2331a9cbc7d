//! The retry class and delay of an error on every wire (issue 52): the
//! catalog's class and default delay, an occurrence's delay and its
//! retryable override, the members of each payload, minimal and fallback
//! payloads, the HTTP answer's Retry-After, and the advice a client reads
//! back from any payload.

use std::time::{Duration, UNIX_EPOCH};

use errgen_runtime::rt::{self, Error, Options, RetryAction, RetryAdvice, RetryClass};
use serde_json::{json, Value};

static CATALOG: rt::Catalog = rt::Catalog {
    name: "retry",
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
    },
    domains: &[&[&INTERNAL, &RATE, &FLAKY, &STALE, &DENIED, &HUGE]],
    fallback: &INTERNAL,
    metrics: rt::Metrics::new(),
    violations: rt::Violations::new(),
};

const fn def(code: i64, symbol: &'static str, retry: RetryClass) -> rt::Def {
    rt::Def {
        catalog: &CATALOG,
        code,
        wire_code: -32000 - code,
        symbol,
        aliases: &[],
        error_type: symbol,
        domain: "d",
        title: "T",
        problem_type: "urn:retry:x",
        statuses: &[400],
        retryable: matches!(retry, RetryClass::AfterDelay),
        retry,
        retry_after_ms: None,
        throttling: false,
        deprecated: false,
        tool_errors_as_rpc: false,
        needs_details: false,
        message: "M",
        user_message: "",
        suggestions: &[],
        details: None,
        sensitive: &[],
    }
}

/// The fallback: never retried.
static INTERNAL: rt::Def = rt::Def {
    statuses: &[500],
    ..def(1, "E_INTERNAL", RetryClass::Never)
};

/// A rate limit: after a default delay of 30 s.
static RATE: rt::Def = rt::Def {
    statuses: &[429, 503],
    retry_after_ms: Some(30_000),
    throttling: true,
    user_message: "Slow down",
    ..def(2, "E_RATE", RetryClass::AfterDelay)
};

/// Retried after a delay the catalog does not give.
static FLAKY: rt::Def = rt::Def {
    statuses: &[503],
    ..def(3, "E_FLAKY", RetryClass::AfterDelay)
};

/// Retried once the request changed.
static STALE: rt::Def = rt::Def {
    statuses: &[409],
    ..def(4, "E_STALE", RetryClass::AfterChange)
};

/// Never retried.
static DENIED: rt::Def = rt::Def {
    statuses: &[403],
    ..def(5, "E_DENIED", RetryClass::Never)
};

/// Retried after 2 s, with a symbol (written whole in every payload) no
/// tight payload bound holds: its every payload under one is the
/// fallback's.
static HUGE: rt::Def = rt::Def {
    statuses: &[503],
    retry_after_ms: Some(2000),
    ..def(6, HUGE_SYMBOL, RetryClass::AfterDelay)
};

const HUGE_SYMBOL: &str = concat!(
    "E_HUGE",
    "_LONGER_THAN_THE_TIGHTEST_PAYLOAD_BOUND",
    "_LONGER_THAN_THE_TIGHTEST_PAYLOAD_BOUND",
    "_LONGER_THAN_THE_TIGHTEST_PAYLOAD_BOUND",
    "_LONGER_THAN_THE_TIGHTEST_PAYLOAD_BOUND",
    "_LONGER_THAN_THE_TIGHTEST_PAYLOAD_BOUND",
    "_LONGER_THAN_THE_TIGHTEST_PAYLOAD_BOUND",
    "_LONGER_THAN_THE_TIGHTEST_PAYLOAD_BOUND",
    "_LONGER_THAN_THE_TIGHTEST_PAYLOAD_BOUND",
    "_LONGER_THAN_THE_TIGHTEST_PAYLOAD_BOUND",
    "_LONGER_THAN_THE_TIGHTEST_PAYLOAD_BOUND",
    "_LONGER_THAN_THE_TIGHTEST_PAYLOAD_BOUND",
    "_LONGER_THAN_THE_TIGHTEST_PAYLOAD_BOUND",
    "_LONGER_THAN_THE_TIGHTEST_PAYLOAD_BOUND",
    "_LONGER_THAN_THE_TIGHTEST_PAYLOAD_BOUND",
    "_LONGER_THAN_THE_TIGHTEST_PAYLOAD_BOUND",
    "_LONGER_THAN_THE_TIGHTEST_PAYLOAD_BOUND",
);

fn fixed() -> Options {
    Options {
        now: Some(UNIX_EPOCH + Duration::from_secs(1_767_323_045)),
        instance: Some("urn:x".into()),
        ..Options::default()
    }
}

/// The payloads of `e` under the fixed options, read.
fn payloads(e: &Error, o: &Options) -> [Value; 3] {
    [e.to_jsonrpc(o), e.to_problem(o), e.to_response(o)]
        .map(|p| serde_json::from_str(&p).expect("the runtime writes JSON"))
}

/// `retry` and `retryAfterMs` of each payload of `e`, the same in all.
fn members(e: &Error) -> (String, Option<u64>) {
    let [rpc, problem, response] = payloads(e, &fixed());
    let of = |v: &Value| {
        (
            v["retry"].as_str().expect("retry").to_owned(),
            v.get("retryAfterMs")
                .map(|d| d.as_u64().expect("an integer")),
        )
    };
    let m = of(&rpc["data"]);
    assert_eq!(of(&problem), m, "{problem}");
    assert_eq!(of(&response), m, "{response}");
    // retryable is the class after_delay, in the data, its context and the problem
    let retryable = m.0 == "after_delay";
    assert_eq!(rpc["data"]["retryable"], retryable);
    assert_eq!(rpc["data"]["context"]["retryable"], retryable);
    assert_eq!(problem["retryable"], retryable);
    assert_eq!(e.retryable(), retryable);
    m
}

#[test]
fn the_catalogs_class_and_default_delay() {
    let cases = [
        (&RATE, "after_delay", Some(30_000)),
        (&FLAKY, "after_delay", None),
        (&STALE, "after_change", None),
        (&DENIED, "never", None),
    ];
    for (d, class, delay) in cases {
        let e = d.error();
        assert_eq!(members(&e), (class.to_owned(), delay), "{}", d.symbol);
        assert_eq!(e.retry_class().as_str(), class);
        assert_eq!(e.retry_after_ms(), delay);
        assert_eq!(e.retry_after(), delay.map(Duration::from_millis));
    }
}

#[test]
fn the_members_stand_where_every_runtime_writes_them() {
    let o = fixed();
    let e = RATE
        .error()
        .with_data("retry", "legacy")
        .with_data("retryAfterMs", 1);
    assert_eq!(
        e.to_jsonrpc(&o),
        r#"{"code":-32002,"message":"M","data":{"domain":"d","symbol":"E_RATE","retryable":true,"retry":"after_delay","retryAfterMs":30000,"context":{"schemaVersion":1,"type":"E_RATE","details":{},"userMessage":"Slow down","retryable":true}}}"#
    );
    let e = RATE
        .error()
        .with_extension("retry", "x")
        .with_extension("retryAfterMs", 5)
        .with_extension("tool", "t");
    assert_eq!(
        e.to_problem(&o),
        r#"{"type":"urn:retry:x","title":"T","status":429,"detail":"M","instance":"urn:x","timestamp":"2026-01-02T03:04:05Z","symbol":"E_RATE","retryable":true,"retry":"after_delay","retryAfterMs":30000,"userMessage":"Slow down","tool":"t"}"#
    );
    assert_eq!(
        e.to_response(&o),
        r#"{"error":true,"code":"E_RATE","message":"M","retry":"after_delay","retryAfterMs":30000}"#
    );
    assert_eq!(
        STALE.error().to_response(&o),
        r#"{"error":true,"code":"E_STALE","message":"M","retry":"after_change"}"#
    );
    // the tool result carries the problem document
    let tool: Value = serde_json::from_str(&e.to_tool_result(&o)).unwrap();
    assert_eq!(tool["content"][0]["text"], e.to_problem(&o));
}

#[test]
fn an_occurrences_delay_is_normalized() {
    for (d, want) in [
        (Duration::ZERO, 0),
        (Duration::from_nanos(1), 1),
        (Duration::from_micros(1500), 2),
        (Duration::from_millis(1500), 1500),
        (Duration::from_secs(86_400), 86_400_000),
        (
            Duration::from_secs(86_400) + Duration::from_nanos(1),
            86_400_000,
        ),
        (Duration::MAX, 86_400_000),
    ] {
        let e = RATE.error().with_retry_after(d);
        assert_eq!(members(&e), ("after_delay".to_owned(), Some(want)), "{d:?}");
        // without a default delay too
        let e = FLAKY.error().with_retry_after(d);
        assert_eq!(e.retry_after_ms(), Some(want), "{d:?}");
    }
}

#[test]
fn the_retryable_override_moves_the_class() {
    let d = Duration::from_millis(1200);
    // (error, override, class, delay without and with an occurrence's delay)
    let cases = [
        (&RATE, true, "after_delay", Some(30_000), Some(1200)),
        (&RATE, false, "never", None, None),
        (&FLAKY, true, "after_delay", None, Some(1200)),
        (&FLAKY, false, "never", None, None),
        (&STALE, true, "after_delay", None, Some(1200)),
        (&STALE, false, "after_change", None, None),
        (&DENIED, true, "after_delay", None, Some(1200)),
        (&DENIED, false, "never", None, None),
    ];
    for (def, retryable, class, plain, delayed) in cases {
        let e = def.error().with_retryable(retryable);
        assert_eq!(
            members(&e),
            (class.to_owned(), plain),
            "{} {retryable}",
            def.symbol
        );
        // the delay and the override in either order
        let e = def.error().with_retry_after(d).with_retryable(retryable);
        assert_eq!(
            members(&e),
            (class.to_owned(), delayed),
            "{} {retryable}",
            def.symbol
        );
        let e = def.error().with_retryable(retryable).with_retry_after(d);
        assert_eq!(
            members(&e),
            (class.to_owned(), delayed),
            "{} {retryable}",
            def.symbol
        );
    }
    // a delay on an error not retried after a delay is ignored
    for def in [&STALE, &DENIED] {
        let e = def.error().with_retry_after(d);
        assert_eq!(e.retry_after_ms(), None, "{}", def.symbol);
        assert!(!e.to_problem(&fixed()).contains("retryAfterMs"));
    }
}

#[test]
fn minimal_payloads_keep_both_members_and_the_fallback_has_its_own() {
    let tight = Options {
        max_data_bytes: 512,
        ..fixed()
    };
    // RATE's payloads written minimal: the long legacy member and
    // extension are left out
    let long = "x".repeat(600);
    let e = RATE
        .error()
        .with_retry_after(Duration::from_secs(7))
        .with_extension("note", long.as_str())
        .with_data("note", long.as_str());
    for p in [e.to_jsonrpc(&tight), e.to_problem(&tight)] {
        assert!(p.len() <= 512 && !p.contains(&long), "{p}");
        assert!(
            p.contains(r#""retry":"after_delay","retryAfterMs":7000"#),
            "{p}"
        );
    }
    // HUGE does not fit at all: the fallback, never retried, without the
    // occurrence's delay or override
    let e = HUGE.error().with_retry_after(Duration::from_secs(9));
    for p in [
        e.to_jsonrpc(&tight),
        e.to_problem(&tight),
        e.to_response(&tight),
    ] {
        assert!(p.contains("E_INTERNAL") && !p.contains(HUGE_SYMBOL), "{p}");
        assert!(p.contains(r#""retry":"never""#), "{p}");
        assert!(!p.contains("retryAfterMs"), "{p}");
    }
    let e = HUGE.error().with_retryable(false);
    assert!(e.to_problem(&tight).contains(r#""retry":"never""#));
}

#[test]
fn http_answers_carry_retry_after_when_the_payload_carries_a_delay() {
    let o = fixed();
    let a = RATE.error().to_http_problem(&o);
    assert_eq!(
        (a.status, a.content_type, a.retry_after),
        (429, rt::PROBLEM_CONTENT_TYPE, Some(30))
    );
    assert_eq!(a.body, RATE.error().to_problem(&o));
    let a = RATE
        .error()
        .with_status(503)
        .with_retry_after(Duration::from_millis(1001))
        .to_http_response(&o);
    assert_eq!(
        (a.status, a.content_type, a.retry_after),
        (503, "application/json", Some(2))
    );
    assert!(a.body.ends_with(r#""retryAfterMs":1001}"#), "{}", a.body);
    for (e, status) in [
        (FLAKY.error(), 503),
        (STALE.error().with_retry_after(Duration::from_secs(3)), 409),
        (RATE.error().with_retryable(false), 429),
    ] {
        let a = e.to_http_problem(&o);
        assert_eq!((a.status, a.retry_after), (status, None), "{}", a.body);
        assert_eq!(e.to_http_response(&o).retry_after, None);
    }
    // a delay under a second is one second, zero is zero
    let ms = |d| {
        RATE.error()
            .with_retry_after(d)
            .to_http_problem(&o)
            .retry_after
    };
    assert_eq!(ms(Duration::from_nanos(1)), Some(1));
    assert_eq!(ms(Duration::ZERO), Some(0));
    assert_eq!(ms(Duration::MAX), Some(86_400));
    // the answer is the fallback's when the fallback is written
    let tight = Options {
        max_data_bytes: 512,
        ..fixed()
    };
    let a = HUGE.error().to_http_problem(&tight);
    assert_eq!((a.status, a.retry_after), (500, None), "{}", a.body);
    assert_eq!(HUGE.error().to_http_problem(&o).retry_after, Some(2));
}

fn advice(action: RetryAction, delay_ms: Option<u64>) -> RetryAdvice {
    RetryAdvice { action, delay_ms }
}

#[test]
fn retry_advice_from_every_payload() {
    let o = fixed();
    let cases = [
        (RATE.error(), advice(RetryAction::Retry, Some(30_000))),
        (FLAKY.error(), advice(RetryAction::Retry, None)),
        (STALE.error(), advice(RetryAction::Change, None)),
        (DENIED.error(), advice(RetryAction::Never, None)),
        (
            DENIED
                .error()
                .with_retryable(true)
                .with_retry_after(Duration::from_millis(5)),
            advice(RetryAction::Retry, Some(5)),
        ),
    ];
    for (e, want) in cases {
        let rpc: Value = serde_json::from_str(&e.to_jsonrpc(&o)).unwrap();
        let problem: Value = serde_json::from_str(&e.to_problem(&o)).unwrap();
        let response: Value = serde_json::from_str(&e.to_response(&o)).unwrap();
        let tool: Value = serde_json::from_str(&e.to_tool_result(&o)).unwrap();
        let structured =
            json!({"content": [], "structuredContent": problem.clone(), "isError": true});
        let envelope = json!({"jsonrpc": "2.0", "id": 1, "error": rpc.clone()});
        let tool_envelope = json!({"jsonrpc": "2.0", "id": 2, "result": tool.clone()});
        for p in [
            &rpc,
            &problem,
            &response,
            &tool,
            &structured,
            &envelope,
            &tool_envelope,
        ] {
            assert_eq!(rt::retry_advice(p), want, "{p}");
        }
        // the typed wire structs read the same
        let typed: rt::JsonRpcError = serde_json::from_value(rpc).unwrap();
        assert_eq!(typed.retry_advice(), want);
        let typed: rt::ProblemDetails = serde_json::from_value(problem).unwrap();
        assert_eq!(typed.retry_advice(), want);
        assert_eq!(
            typed.retry.map(RetryClass::as_str),
            Some(e.retry_class().as_str())
        );
        assert_eq!(typed.retry_after_ms, e.retry_after_ms());
        let typed: rt::ErrorResponse = serde_json::from_value(response).unwrap();
        assert_eq!(typed.retry_advice(), want);
    }
}

#[test]
fn retry_advice_from_older_newer_and_foreign_payloads() {
    let retry = |d| advice(RetryAction::Retry, d);
    let never = RetryAdvice::NEVER;
    let cases = [
        // a catalog older than retry classes: retryable alone
        (json!({"type": "t", "retryable": true}), retry(None)),
        (json!({"type": "t", "retryable": false}), never),
        (
            json!({"code": 1, "message": "m", "data": {"retryable": true}}),
            retry(None),
        ),
        (json!({"error": true, "code": "E", "message": "m"}), never),
        // a newer catalog's class: retryable, with the delay it gives
        (
            json!({"retry": "after_moon", "retryable": true, "retryAfterMs": 40}),
            retry(Some(40)),
        ),
        (
            json!({"retry": "after_moon", "retryable": false, "retryAfterMs": 40}),
            never,
        ),
        (json!({"retry": "after_moon"}), never),
        // a delay that is no non-negative integer is none
        (
            json!({"retry": "after_delay", "retryAfterMs": -1}),
            retry(None),
        ),
        (
            json!({"retry": "after_delay", "retryAfterMs": 1.5}),
            retry(None),
        ),
        (
            json!({"retry": "after_delay", "retryAfterMs": "5"}),
            retry(None),
        ),
        (
            json!({"retry": "after_delay", "retryAfterMs": 5.0}),
            retry(Some(5)),
        ),
        (
            json!({"retry": "after_delay", "retryAfterMs": 5.5}),
            retry(None),
        ),
        (
            json!({"retry": "after_delay", "retryAfterMs": u64::MAX}),
            retry(None),
        ),
        (
            json!({"retry": "after_delay", "retryAfterMs": (1u64 << 53) - 1}),
            retry(Some((1 << 53) - 1)),
        ),
        (
            json!({"retry": "after_delay", "retryAfterMs": 1u64 << 53}),
            retry(None),
        ),
        (
            json!({"retry": "after_delay", "retryAfterMs": 1e300}),
            retry(None),
        ),
        // a delay beside another class is no advice to wait
        (
            json!({"retry": "after_change", "retryAfterMs": 5}),
            advice(RetryAction::Change, None),
        ),
        (
            json!({"retry": "never", "retryable": true, "retryAfterMs": 5}),
            never,
        ),
        // the text of a tool result without structured content
        (
            json!({"content": [{"type": "image", "data": ""}, {"type": "text", "text": "not json"}, {"type": "text", "text": "{\"retry\":\"after_delay\",\"retryAfterMs\":9}"}], "isError": true}),
            retry(Some(9)),
        ),
        // the first text that is a JSON object counts, and structured
        // content before any text
        (
            json!({"content": [{"type": "text", "text": "{\"x\":1}"}, {"type": "text", "text": "{\"retryable\":true}"}], "isError": true}),
            never,
        ),
        (
            json!({"content": [{"type": "text", "text": "{\"retryable\":true}"}], "structuredContent": {"retry": "never"}, "isError": true}),
            never,
        ),
        (
            json!({"content": [{"type": "text", "text": "[1]"}, {"type": "text", "text": "{\"retryable\":true}"}]}),
            retry(None),
        ),
        (
            json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "m"}}),
            never,
        ),
        (json!({"jsonrpc": "2.0", "id": 1, "result": {}}), never),
        (json!(null), never),
        (json!("after_delay"), never),
        (json!([{"retryable": true}]), never),
    ];
    for (p, want) in cases {
        assert_eq!(rt::retry_advice(&p), want, "{p}");
    }
    // the typed structs read an older or newer payload too
    let old: rt::ProblemDetails = serde_json::from_value(json!({
        "type": "t", "title": "T", "status": 503, "detail": "d", "instance": "i",
        "timestamp": "2026-01-02T03:04:05Z", "symbol": "E", "retryable": true,
        "retryAfterMs": "soon"
    }))
    .unwrap();
    assert_eq!((old.retry, old.retry_after_ms), (None, None));
    assert_eq!(old.retry_advice(), retry(None));
    let newer: rt::ErrorResponse = serde_json::from_value(json!({
        "error": true, "code": "E", "message": "m", "retry": "after_moon", "retryAfterMs": 3
    }))
    .unwrap();
    assert_eq!((newer.retry, newer.retry_after_ms), (None, Some(3)));
    assert_eq!(newer.retry_advice(), never);
    assert_eq!(retry(Some(1500)).delay(), Some(Duration::from_millis(1500)));
}

#[test]
fn retry_advice_as_the_go_runtime_gives_it() {
    // runtime/fixtures/retry-advice.jsonl: payloads of every form, each
    // with the advice errgenrt.AdviseRetry gives
    let fixture = include_str!("../../fixtures/retry-advice.jsonl");
    let mut n = 0;
    for line in fixture.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).expect("a JSON line");
        let text = case["payload"].as_str().expect("the payload as text");
        let payload: Value = serde_json::from_str(text).expect("the payload is JSON");
        let action = match case["action"].as_str() {
            Some("retry") => RetryAction::Retry,
            Some("change") => RetryAction::Change,
            Some("never") => RetryAction::Never,
            other => panic!("{line}: action {other:?}"),
        };
        let want = advice(action, case["delayMs"].as_u64());
        assert_eq!(rt::retry_advice(&payload), want, "{text}");
        assert_eq!(want.action.as_str(), case["action"], "{line}");
        n += 1;
    }
    assert!(n >= 50, "only {n} cases in the fixture");
}

#[test]
fn retry_advice_reads_a_long_hostile_payload_in_one_pass() {
    // a tool result whose text nests envelopes: only a few are opened
    let mut text = json!({"retryable": true}).to_string();
    for _ in 0..8 {
        text = json!({"content": [{"type": "text", "text": text}], "isError": true}).to_string();
    }
    let p: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(rt::retry_advice(&p), RetryAdvice::NEVER);
    // many text items that are not JSON, then one that is
    let mut content: Vec<Value> = (0..10_000)
        .map(|_| json!({"type": "text", "text": "{\"retry\": \"after_delay\""}))
        .collect();
    content.push(json!({"type": "text", "text": "{\"retry\":\"after_change\"}"}));
    let p = json!({"content": content, "isError": true});
    assert_eq!(rt::retry_advice(&p), advice(RetryAction::Change, None));
}

#[cfg(feature = "rmcp")]
mod rmcp_end_to_end {
    //! A real rmcp server and client over an in-memory pipe: a rate-limited
    //! tool answers with the delay in its structured content, and a tool
    //! whose error the catalog sends as a JSON-RPC error carries it in the
    //! error's data.

    use super::*;
    use rmcp::model::{
        CallToolRequestParams, CallToolResponse, CallToolResult, ServerCapabilities, ServerConfig,
    };
    use rmcp::service::{RequestContext, ServiceError};
    use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};

    /// As RATE, sent as a JSON-RPC error.
    static RATE_RPC: rt::Def = rt::Def {
        tool_errors_as_rpc: true,
        ..RATE
    };

    struct Limited;

    impl ServerHandler for Limited {
        fn get_info(&self) -> ServerConfig {
            ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
        }

        async fn call_tool(
            &self,
            request: CallToolRequestParams,
            _: RequestContext<RoleServer>,
        ) -> Result<CallToolResponse, ErrorData> {
            let def = match request.name.as_ref() {
                "search" => &RATE,
                _ => &RATE_RPC,
            };
            let err = def.error().with_retry_after(Duration::from_millis(2500));
            err.to_rmcp_call_result(&fixed()).map(Into::into)
        }
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_rate_limited_tool_answers_with_its_delay() {
        let (server_io, client_io) = tokio::io::duplex(1 << 16);
        let server = tokio::spawn(async move {
            let running = Limited.serve(server_io).await.expect("the server starts");
            running.waiting().await.expect("the server stops")
        });
        let client = ().serve(client_io).await.expect("the client connects");

        let result: CallToolResult = client
            .call_tool(CallToolRequestParams::new("search"))
            .await
            .expect("an isError tool result");
        assert_eq!(result.is_error, Some(true));
        let structured = result
            .structured_content
            .clone()
            .expect("structured content");
        assert_eq!(structured["retry"], "after_delay");
        assert_eq!(structured["retryAfterMs"], 2500);
        assert_eq!(structured["status"], 429);
        let wire = serde_json::to_value(&result).unwrap();
        assert_eq!(
            rt::retry_advice(&wire),
            advice(RetryAction::Retry, Some(2500))
        );
        // without structured content, the text carries it
        let mut text_only = wire.clone();
        text_only
            .as_object_mut()
            .unwrap()
            .remove("structuredContent");
        assert_eq!(
            rt::retry_advice(&text_only),
            advice(RetryAction::Retry, Some(2500))
        );

        let err = client
            .call_tool(CallToolRequestParams::new("other"))
            .await
            .expect_err("a JSON-RPC error");
        let ServiceError::McpError(data) = err else {
            panic!("want the server's error, got {err:?}");
        };
        let wire = serde_json::to_value(&data).unwrap();
        assert_eq!(wire["data"]["retry"], "after_delay");
        assert_eq!(wire["data"]["retryAfterMs"], 2500);
        assert_eq!(
            rt::retry_advice(&wire),
            advice(RetryAction::Retry, Some(2500))
        );
        let typed: rt::JsonRpcError = serde_json::from_value(wire).unwrap();
        assert_eq!(typed.data.retry, Some(RetryClass::AfterDelay));

        client.cancel().await.expect("the client stops");
        server.await.expect("the server's task");
    }
}

/// The HTTP answer through a real server: axum on 127.0.0.1 sends
/// `to_http_problem`'s status, media type, `Retry-After` and body as they
/// are, and a client reading the raw HTTP/1.1 response over a socket sees
/// the delay in the header (whole seconds, rounded up) and in the body.
#[tokio::test]
async fn an_axum_endpoint_answers_with_retry_after() {
    use axum::http::{header, HeaderValue, StatusCode};
    use axum::response::{IntoResponse, Response};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    fn answer(e: Error) -> Response {
        let a = e.to_http_problem(&Options::default());
        let mut resp = (StatusCode::from_u16(a.status).expect("a status"), a.body).into_response();
        let h = resp.headers_mut();
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(a.content_type),
        );
        if let Some(s) = a.retry_after {
            h.insert(header::RETRY_AFTER, HeaderValue::from(s));
        }
        resp
    }
    let app = axum::Router::new()
        .route(
            "/search",
            axum::routing::get(|| async {
                answer(RATE.error().with_retry_after(Duration::from_millis(2500)))
            }),
        )
        .route(
            "/flaky",
            axum::routing::get(|| async { answer(FLAKY.error()) }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let addr = listener.local_addr().expect("its address");
    tokio::spawn(async move { axum::serve(listener, app).await });

    async fn get(addr: std::net::SocketAddr, path: &str) -> (String, String) {
        let mut s = tokio::net::TcpStream::connect(addr)
            .await
            .expect("connected");
        let request =
            format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        s.write_all(request.as_bytes()).await.expect("sent");
        let mut raw = String::new();
        s.read_to_string(&mut raw).await.expect("read");
        let (head, body) = raw.split_once("\r\n\r\n").expect("a head and a body");
        (head.to_ascii_lowercase(), body.to_string())
    }
    let (head, body) = get(addr, "/search").await;
    assert!(head.starts_with("http/1.1 429"), "{head}");
    assert!(head.contains("\r\nretry-after: 3\r\n"), "{head}");
    assert!(
        head.contains("\r\ncontent-type: application/problem+json\r\n"),
        "{head}"
    );
    let doc: Value = serde_json::from_str(&body).expect("a problem document");
    assert_eq!(doc["retryAfterMs"], 2500);
    assert_eq!(
        rt::retry_advice(&doc),
        advice(RetryAction::Retry, Some(2500))
    );
    let (head, body) = get(addr, "/flaky").await;
    assert!(
        head.starts_with("http/1.1 503") && !head.contains("retry-after"),
        "{head}"
    );
    let doc: Value = serde_json::from_str(&body).expect("a problem document");
    assert_eq!(rt::retry_advice(&doc), advice(RetryAction::Retry, None));
}
