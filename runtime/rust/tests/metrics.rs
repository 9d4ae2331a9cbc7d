//! Metrics, in a test binary of its own: a catalog's counters are the
//! process's, and the other tests render side by side.

use errgen_runtime::rt::{self, Options};

static CATALOG: rt::Catalog = rt::Catalog {
    name: "counted",
    version: "1.0.0",
    schema_version: 1,
    limits: rt::Limits {
        max_data_bytes: 2048,
        max_string_bytes: 64,
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
    domains: &[&[&PARSE], &[&INTERNAL], &[&MISSING]],
    fallback: &INTERNAL,
    metrics: rt::Metrics::new(),
    violations: rt::Violations::new(),
};

static PARSE: rt::Def = def(-32700, -32700, "E_PARSE", "jsonrpc");
static INTERNAL: rt::Def = def(1, -32603, "E_INTERNAL", "core");
static MISSING: rt::Def = def(100, 100, "E_MISSING", "fs");

const fn def(code: i64, wire_code: i64, symbol: &'static str, domain: &'static str) -> rt::Def {
    rt::Def {
        catalog: &CATALOG,
        code,
        wire_code,
        symbol,
        aliases: &[],
        error_type: "t",
        domain,
        title: "Title",
        problem_type: "urn:counted:t",
        statuses: &[500],
        retryable: false,
        retry: rt::RetryClass::Never,
        retry_after_ms: None,
        throttling: false,
        deprecated: false,
        tool_errors_as_rpc: false,
        needs_details: false,
        message: "Message",
        user_message: "",
        suggestions: &[],
        details: None,
        sensitive: &[],
    }
}

#[test]
fn metrics_count_each_rendered_payload_as_the_go_runtime_does() {
    let o = Options::default();
    PARSE.error().to_problem(&o); // before enable_metrics: not counted
    let m = CATALOG.enable_metrics();
    assert!(std::ptr::eq(m, CATALOG.enable_metrics()));
    PARSE.error().to_jsonrpc(&o);
    PARSE.error().jsonrpc_parts(&o);
    MISSING.error().to_tool_result(&o); // one payload, one count
    MISSING.error().to_problem_with_status(&o);
    let foreign = CATALOG.from_error(std::io::Error::other("boom")); // the fallback
    foreign.to_response(&o);
    m.record(&MISSING);
    let stats = m.snapshot();
    assert_eq!(stats.total, 6);
    // what the Go runtime writes for the same counts (runtime/fixtures, TestFixtures)
    assert_eq!(
        stats.to_json(),
        include_str!("../../fixtures/metrics-rust.json")
    );
    assert_eq!(
        serde_json::to_value(&stats).unwrap(),
        serde_json::from_str::<serde_json::Value>(include_str!("../../fixtures/metrics-rust.json"))
            .unwrap()
    );
}
