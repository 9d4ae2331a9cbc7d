//! The `otel` module against the OpenTelemetry SDK's in-memory exporters:
//! what each class of error puts on the active span and in its log record,
//! once per response (through the HTTP answer on a real axum server on
//! 127.0.0.1, and through the rmcp adapter over an in-memory pipe), no
//! planted secret in any export, the counter's points as the catalog's
//! metrics snapshot, and nothing recorded without an installation.
//!
//! The send hook and the counters are the catalog's, so the tests take
//! turns (`serial`). Run with `--nocapture` to see the figures.

#![cfg(feature = "otel")]

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};

use errgen_runtime::rt::{self, otel, Error, Options, SentAs};
use opentelemetry::logs::{AnyValue, Severity};
use opentelemetry::trace::{SpanKind, Status, TraceContextExt, Tracer, TracerProvider};
use opentelemetry::{Context, KeyValue, Value as OtelValue};
use opentelemetry_sdk::logs::{InMemoryLogExporter, SdkLogRecord, SdkLoggerProvider};
use opentelemetry_sdk::metrics::data::{AggregatedMetrics, MetricData, ResourceMetrics};
use opentelemetry_sdk::metrics::{InMemoryMetricExporter, PeriodicReader, SdkMeterProvider};
use opentelemetry_sdk::trace::{InMemorySpanExporter, SdkTracerProvider, SpanData};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

// A small catalog: a fallback (500), a client's error whose details hold a
// sensitive token (401, or 503 for an occurrence), a plain 404, a server's
// 503, and an error the MCP adapter sends as a JSON-RPC error.

static CATALOG: rt::Catalog = rt::Catalog {
    name: "observed",
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
    domains: &[&[&INTERNAL], &[&TOKEN, &MISSING], &[&DOWN], &[&PARAMS]],
    fallback: &INTERNAL,
    metrics: rt::Metrics::new(),
    violations: rt::Violations::new(),
};

const fn def(
    code: i64,
    wire_code: i64,
    symbol: &'static str,
    domain: &'static str,
    statuses: &'static [u16],
    message: &'static str,
) -> rt::Def {
    rt::Def {
        catalog: &CATALOG,
        code,
        wire_code,
        symbol,
        aliases: &[],
        error_type: symbol,
        domain,
        title: "Title",
        problem_type: "urn:observed:x",
        statuses,
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
        details: None,
        sensitive: &[],
    }
}

static INTERNAL: rt::Def = def(
    1,
    -32603,
    "E_INTERNAL",
    "core",
    &[500],
    "An internal error occurred",
);

static TOKEN: rt::Def = rt::Def {
    details: Some(rt::DetailsType {
        object: &TOKEN_DETAILS,
        retype: rt::retype::<TokenDetails>,
    }),
    ..def(
        100,
        -32001,
        "E_TOKEN",
        "auth",
        &[401, 503],
        "The token of {user} is refused: {token}",
    )
};

static MISSING: rt::Def = def(101, -32002, "E_MISSING", "auth", &[404], "No such user");

static DOWN: rt::Def = def(200, -32003, "E_DOWN", "svc", &[503], "The service is down");

static PARAMS: rt::Def = rt::Def {
    tool_errors_as_rpc: true,
    ..def(300, -32602, "E_PARAMS", "rpc", &[400], "Invalid parameters")
};

static TOKEN_DETAILS: rt::Object = rt::Object {
    fields: &[
        rt::Field {
            name: "user",
            required: true,
            node: &rt::Node::STRING,
        },
        rt::Field {
            name: "token",
            required: false,
            node: &rt::Node {
                sensitive: true,
                ..rt::Node::STRING
            },
        },
    ],
    extra: None,
    trim: false,
};

#[derive(Serialize, Deserialize)]
struct TokenDetails {
    user: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    token: Option<String>,
}

impl rt::Details for TokenDetails {
    const FIELDS: &'static [&'static str] = &["user", "token"];
}

/// The planted secrets: a sensitive detail value, a foreign error's text
/// and a cause's text.
const SENSITIVE: &str = "tok-SECRET-4a1f";
const FOREIGN: &str = "foreign-SECRET-b72c";
const CAUSE: &str = "cause-SECRET-93d0";

/// The SDK's providers, each with an in-memory exporter.
struct Sdk {
    spans: InMemorySpanExporter,
    tracer: SdkTracerProvider,
    logs: InMemoryLogExporter,
    logger: SdkLoggerProvider,
    metrics: InMemoryMetricExporter,
    meter: SdkMeterProvider,
}

fn sdk() -> &'static Sdk {
    static SDK: OnceLock<Sdk> = OnceLock::new();
    SDK.get_or_init(|| {
        let spans = InMemorySpanExporter::default();
        let logs = InMemoryLogExporter::default();
        let metrics = InMemoryMetricExporter::default();
        Sdk {
            tracer: SdkTracerProvider::builder()
                .with_simple_exporter(spans.clone())
                .build(),
            logger: SdkLoggerProvider::builder()
                .with_simple_exporter(logs.clone())
                .build(),
            meter: SdkMeterProvider::builder()
                .with_reader(PeriodicReader::builder(metrics.clone()).build())
                .build(),
            spans,
            logs,
            metrics,
        }
    })
}

/// The tests take turns: the catalog's hook and counters are shared.
fn serial() -> MutexGuard<'static, ()> {
    static TURN: Mutex<()> = Mutex::new(());
    TURN.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Installs on the SDK's meter and logger providers, the exporters emptied.
fn install() -> otel::Installed {
    let s = sdk();
    let installed = otel::install(
        &CATALOG,
        otel::Options {
            meter_provider: Some(Arc::new(s.meter.clone())),
            logger_provider: Some(s.logger.clone()),
        },
    );
    s.spans.reset();
    s.logs.reset();
    installed
}

/// Runs `f` in an active server span named `name`.
fn in_server_span<T>(name: &'static str, f: impl FnOnce() -> T) -> T {
    let tracer = sdk().tracer.tracer("test");
    let span = tracer
        .span_builder(name)
        .with_kind(SpanKind::Server)
        .start(&tracer);
    let cx = Context::current_with_span(span);
    let out = {
        let _active = cx.clone().attach();
        f()
    };
    cx.span().end();
    out
}

/// The spans finished since the last install.
fn spans() -> Vec<SpanData> {
    let s = sdk();
    s.tracer.force_flush().expect("spans flushed");
    s.spans.get_finished_spans().expect("spans")
}

/// The span named `name`, the only one of that name.
fn span(name: &str) -> SpanData {
    let mut found: Vec<SpanData> = spans().into_iter().filter(|s| s.name == name).collect();
    assert_eq!(found.len(), 1, "spans named {name}");
    found.remove(0)
}

/// The log records emitted since the last install.
fn logs() -> Vec<SdkLogRecord> {
    let s = sdk();
    s.logger.force_flush().expect("logs flushed");
    s.logs
        .get_emitted_logs()
        .expect("logs")
        .into_iter()
        .map(|l| l.record)
        .collect()
}

/// The metrics collected now (none exported: empty).
fn collect() -> ResourceMetrics {
    let s = sdk();
    s.metrics.reset();
    s.meter.force_flush().expect("metrics flushed");
    s.metrics
        .get_finished_metrics()
        .expect("metrics")
        .pop()
        .unwrap_or_default()
}

/// The points of `errgen.errors`: each one's attributes and value.
fn points(rm: &ResourceMetrics) -> Vec<(Vec<KeyValue>, u64)> {
    let mut out = Vec::new();
    for sm in rm
        .scope_metrics()
        .filter(|sm| sm.scope().name() == "errgen")
    {
        for m in sm.metrics().filter(|m| m.name() == "errgen.errors") {
            assert_eq!(m.unit(), "{error}");
            assert_eq!(m.description(), "Errors errgen rendered, by catalog symbol");
            let AggregatedMetrics::U64(MetricData::Sum(sum)) = m.data() else {
                panic!("errgen.errors is not a u64 sum: {:?}", m.data());
            };
            assert!(sum.is_monotonic());
            for p in sum.data_points() {
                let mut attrs: Vec<KeyValue> = p.attributes().cloned().collect();
                attrs.sort_by(|a, b| a.key.as_str().cmp(b.key.as_str()));
                out.push((attrs, p.value()));
            }
        }
    }
    out
}

/// The counter's points by symbol.
fn counted() -> BTreeMap<String, u64> {
    points(&collect())
        .into_iter()
        .map(|(attrs, n)| (attr_text(&attrs, "errgen.error.symbol"), n))
        .collect()
}

fn attr<'a>(attrs: &'a [KeyValue], key: &str) -> Option<&'a OtelValue> {
    attrs
        .iter()
        .find(|kv| kv.key.as_str() == key)
        .map(|kv| &kv.value)
}

fn attr_text(attrs: &[KeyValue], key: &str) -> String {
    attr(attrs, key)
        .unwrap_or_else(|| panic!("no {key} in {attrs:?}"))
        .as_str()
        .into_owned()
}

fn log_attr<'a>(rec: &'a SdkLogRecord, key: &str) -> Option<&'a AnyValue> {
    rec.attributes_iter()
        .find(|(k, _)| k.as_str() == key)
        .map(|(_, v)| v)
}

fn log_text(rec: &SdkLogRecord, key: &str) -> String {
    match log_attr(rec, key) {
        Some(AnyValue::String(s)) => s.as_str().to_owned(),
        other => panic!("{key}: {other:?}"),
    }
}

/// What a span and a log record of `err` sent as `how` must carry.
struct Want {
    symbol: &'static str,
    code: i64,
    domain: &'static str,
    error_type: String,
    /// The span's status: ERROR with the wire message, or unset.
    error_status: bool,
    severity: Severity,
    message: String,
}

impl Want {
    fn of(def: &'static rt::Def, error_type: &str, error_status: bool, severity: Severity) -> Want {
        Want {
            symbol: def.symbol,
            code: def.code,
            domain: def.domain,
            error_type: error_type.to_owned(),
            error_status,
            severity,
            message: def.error().message(&Options::default()),
        }
    }

    fn message(mut self, message: String) -> Want {
        self.message = message;
        self
    }

    fn check_span(&self, s: &SpanData, jsonrpc_code: Option<&str>) {
        let a = &s.attributes;
        assert_eq!(attr_text(a, "errgen.error.symbol"), self.symbol, "{s:?}");
        assert_eq!(
            attr(a, "errgen.error.code"),
            Some(&OtelValue::I64(self.code))
        );
        assert_eq!(attr_text(a, "errgen.error.domain"), self.domain);
        assert_eq!(attr_text(a, "error.type"), self.error_type);
        assert_eq!(
            attr(a, "rpc.response.status_code").map(|v| v.as_str().into_owned()),
            jsonrpc_code.map(str::to_owned)
        );
        for key in ["errgen.error.symbol", "error.type"] {
            let n = a.iter().filter(|kv| kv.key.as_str() == key).count();
            assert_eq!(n, 1, "{key} set {n} times");
        }
        if self.error_status {
            assert_eq!(s.status, Status::error(self.message.clone()));
        } else {
            assert_eq!(s.status, Status::Unset);
        }
        assert!(s.events.is_empty(), "no span event: {:?}", s.events);
    }

    fn check_log(&self, rec: &SdkLogRecord, span: &SpanData) {
        assert_eq!(rec.event_name(), Some("exception"));
        assert_eq!(rec.severity_number(), Some(self.severity));
        let text = if self.severity == Severity::Error {
            "ERROR"
        } else {
            "WARN"
        };
        assert_eq!(rec.severity_text(), Some(text));
        assert!(rec.body().is_none(), "a body: {:?}", rec.body());
        assert_eq!(log_text(rec, "exception.type"), self.symbol);
        assert_eq!(log_text(rec, "exception.message"), self.message);
        assert_eq!(log_text(rec, "error.type"), self.error_type);
        assert_eq!(log_text(rec, "errgen.error.symbol"), self.symbol);
        assert_eq!(
            log_attr(rec, "errgen.error.code"),
            Some(&AnyValue::Int(self.code))
        );
        assert_eq!(log_text(rec, "errgen.error.domain"), self.domain);
        assert!(log_attr(rec, "exception.stacktrace").is_none());
        assert!(log_attr(rec, "errgen.error.cause").is_none());
        let tc = rec.trace_context().expect("tied to the span");
        assert_eq!(tc.trace_id, span.span_context.trace_id());
        assert_eq!(tc.span_id, span.span_context.span_id());
    }
}

/// The one log record of the span named `name`.
fn log_of(name: &str) -> (SpanData, SdkLogRecord) {
    let s = span(name);
    let mut recs: Vec<SdkLogRecord> = logs()
        .into_iter()
        .filter(|r| r.trace_context().map(|t| t.span_id) == Some(s.span_context.span_id()))
        .collect();
    assert_eq!(recs.len(), 1, "log records of {name}");
    (s, recs.remove(0))
}

/// Options a verbose server might send with: the telemetry ignores them.
fn verbose() -> Options {
    Options {
        verbose: true,
        show_sensitive: true,
        ..Options::default()
    }
}

fn token_error() -> Error {
    Error::from_value(&TOKEN, &json!({"user": "alice", "token": SENSITIVE}))
}

fn foreign() -> std::io::Error {
    std::io::Error::other(FOREIGN)
}

#[test]
fn attributes_and_status_by_error_class() {
    let _turn = serial();
    let _otel = install();

    // a client's error: status left unset, WARN
    in_server_span("4xx", || MISSING.error().to_http_problem(&verbose()));
    // a server's error: ERROR with the wire message, ERROR severity
    in_server_span("5xx", || DOWN.error().to_http_response(&verbose()));
    // a foreign error: the fallback's symbol, and a server's fault
    in_server_span("foreign", || {
        CATALOG.from_error(foreign()).to_http_problem(&verbose())
    });
    in_server_span("record", || otel::record(&CATALOG, foreign(), SentAs::Http));
    // a client's error, raised to 503 for this occurrence
    in_server_span("raised", || {
        token_error().with_status(503).to_http_problem(&verbose())
    });
    in_server_span("4xx-details", || token_error().to_http_problem(&verbose()));

    let token_message = token_error().message(&Options::default());
    assert_eq!(token_message, "The token of alice is refused: <redacted>");
    let cases = [
        (
            "4xx",
            Want::of(&MISSING, "E_MISSING", false, Severity::Warn),
        ),
        ("5xx", Want::of(&DOWN, "E_DOWN", true, Severity::Error)),
        (
            "foreign",
            Want::of(&INTERNAL, "E_INTERNAL", true, Severity::Error),
        ),
        (
            "record",
            Want::of(&INTERNAL, "E_INTERNAL", true, Severity::Error),
        ),
        (
            "raised",
            Want::of(&TOKEN, "E_TOKEN", true, Severity::Error).message(token_message.clone()),
        ),
        (
            "4xx-details",
            Want::of(&TOKEN, "E_TOKEN", false, Severity::Warn).message(token_message),
        ),
    ];
    for (name, want) in &cases {
        let (s, rec) = log_of(name);
        want.check_span(&s, None);
        want.check_log(&rec, &s);
    }
    assert_eq!(logs().len(), cases.len());
}

#[test]
fn once_per_error_and_installing_twice_does_not_double() {
    let _turn = serial();
    let first = install();
    let second = install();
    let before = CATALOG.metrics.snapshot();
    let counted_before = counted();

    in_server_span("once", || DOWN.error().to_http_problem(&Options::default()));
    let (s, rec) = log_of("once");
    Want::of(&DOWN, "E_DOWN", true, Severity::Error).check_span(&s, None);
    Want::of(&DOWN, "E_DOWN", true, Severity::Error).check_log(&rec, &s);
    assert_eq!(logs().len(), 1);
    let after = CATALOG.metrics.snapshot();
    assert_eq!(after.total, before.total + 1);
    let counted_after = counted();
    assert_eq!(
        counted_after.get("E_DOWN").copied().unwrap_or(0),
        counted_before.get("E_DOWN").copied().unwrap_or(0) + 1
    );
    assert_eq!(counted_after["E_DOWN"], after.by_symbol["E_DOWN"] as u64);

    // the first installation, dropped, leaves the second's hook
    drop(first);
    in_server_span("still", || {
        DOWN.error().to_http_problem(&Options::default())
    });
    log_of("still");
    assert_eq!(logs().len(), 2);

    // the second, uninstalled: nothing more is recorded
    second.uninstall();
    assert!(CATALOG.send_hook().is_none());
    in_server_span("gone", || DOWN.error().to_http_problem(&Options::default()));
    let s = span("gone");
    assert!(s.attributes.is_empty(), "{:?}", s.attributes);
    assert_eq!(s.status, Status::Unset);
    assert_eq!(logs().len(), 2);
    assert!(points(&collect()).is_empty(), "no point once uninstalled");
}

/// Each planted secret's occurrences in every export.
fn secret_hits() -> BTreeMap<&'static str, usize> {
    let exported = format!("{:?}\n{:?}\n{:?}", spans(), logs(), collect());
    [SENSITIVE, FOREIGN, CAUSE]
        .into_iter()
        .map(|s| (s, exported.matches(s).count()))
        .collect()
}

#[test]
fn no_planted_secret_in_any_export() {
    let _turn = serial();
    let _otel = install();
    let caused = || MISSING.error().with_cause(std::io::Error::other(CAUSE));

    in_server_span("sensitive", || token_error().to_http_problem(&verbose()));
    in_server_span("sensitive-5xx", || {
        token_error().with_status(503).to_http_response(&verbose())
    });
    in_server_span("foreign", || {
        CATALOG.from_error(foreign()).to_http_problem(&verbose())
    });
    in_server_span("foreign-record", || {
        otel::record(&CATALOG, foreign(), SentAs::Http)
    });
    // a foreign error has no opt-in: its text never appears
    in_server_span("foreign-cause", || {
        DOWN.error()
            .with_cause(foreign())
            .to_http_problem(&verbose())
    });
    in_server_span("cause", || caused().to_http_problem(&verbose()));
    let hits = secret_hits();
    println!("planted-secret hits: {hits:?}");
    assert!(hits.values().all(|&n| n == 0), "{hits:?}");

    // with the opt-in, the cause's text is in errgen.error.cause alone
    in_server_span("opt-in", || {
        caused().with_telemetry_cause().to_http_problem(&verbose())
    });
    let (_, rec) = log_of("opt-in");
    assert_eq!(log_text(&rec, "errgen.error.cause"), CAUSE);
    let hits = secret_hits();
    assert_eq!(hits[CAUSE], 1, "{hits:?}");
    assert_eq!(hits[SENSITIVE] + hits[FOREIGN], 0, "{hits:?}");
    let in_logs = format!("{:?}", logs()).matches(CAUSE).count();
    assert_eq!(in_logs, 1);

    // the cause is bounded by the catalog's string bound
    let long = "x".repeat(200);
    let e = MISSING
        .error()
        .with_cause(std::io::Error::other(long))
        .with_telemetry_cause();
    let text = e.telemetry_cause().expect("opted in");
    assert!(text.len() <= 64 + 3 && text.starts_with("xxx"), "{text}");
    assert_eq!(
        MISSING.error().with_cause(foreign()).telemetry_cause(),
        None
    );
}

#[test]
fn cardinality_and_agreement_with_the_snapshot() {
    let _turn = serial();
    let _otel = install();

    let defs: Vec<&'static rt::Def> = CATALOG.all().collect();
    for d in &defs {
        in_server_span("every", || d.error().to_http_problem(&Options::default()));
    }
    in_server_span("every", || {
        CATALOG
            .from_error(foreign())
            .to_http_problem(&Options::default())
    });
    let types: BTreeSet<String> = spans()
        .iter()
        .map(|s| attr_text(&s.attributes, "error.type"))
        .collect();
    let rm = collect();
    let sets: BTreeSet<String> = points(&rm)
        .iter()
        .map(|(attrs, _)| format!("{attrs:?}"))
        .collect();
    println!(
        "symbols: {}, distinct error.type on spans: {}, distinct metric attribute sets: {}",
        defs.len(),
        types.len(),
        sets.len()
    );
    assert!(types.len() <= defs.len() + 1, "{types:?}");
    assert!(sets.len() <= defs.len() + 1, "{sets:?}");

    // the points are the snapshot: per symbol, and in all
    let snapshot = CATALOG.metrics.snapshot();
    let mut sum = 0;
    for (attrs, n) in points(&rm) {
        let symbol = attr_text(&attrs, "errgen.error.symbol");
        let d = CATALOG.by_symbol(&symbol).expect("a catalog symbol");
        assert_eq!(attr_text(&attrs, "error.type"), d.symbol);
        assert_eq!(
            attr(&attrs, "errgen.error.code"),
            Some(&OtelValue::I64(d.code))
        );
        assert_eq!(attr_text(&attrs, "errgen.error.domain"), d.domain);
        assert_eq!(
            Some(&(n as i64)),
            snapshot.by_symbol.get(&symbol),
            "{symbol}"
        );
        sum += n as i64;
    }
    assert_eq!(points(&rm).len(), snapshot.by_symbol.len());
    assert_eq!(sum, snapshot.total);
    println!("counter points: {}, total: {sum}", points(&rm).len());
}

#[test]
fn not_installed_nothing_is_recorded() {
    let _turn = serial();
    drop(install());
    // the default options: the global meter provider, no logger
    let installed = otel::install(&CATALOG, otel::Options::default());
    assert!(CATALOG.send_hook().is_some());
    installed.uninstall();
    assert!(CATALOG.send_hook().is_none());
    in_server_span("bare", || DOWN.error().to_http_problem(&Options::default()));
    in_server_span("bare-record", || {
        otel::record(&CATALOG, MISSING.error(), SentAs::Http)
    });
    let s = span("bare");
    assert!(s.attributes.is_empty(), "{:?}", s.attributes);
    assert_eq!(s.status, Status::Unset);
    assert!(logs().is_empty());
    // record without an installation: the active span alone
    let s = span("bare-record");
    assert_eq!(attr_text(&s.attributes, "error.type"), "E_MISSING");

    // the core's own hook works without OpenTelemetry
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    let hook = CATALOG.on_send(move |e, how| {
        log.lock().unwrap().push((e.symbol(), how));
    });
    let _ = PARAMS.error().to_problem(&Options::default()); // a plain rendering
    let _ = DOWN.error().to_http_response(&Options::default());
    let _ = CATALOG
        .from_error(foreign())
        .to_http_problem(&Options::default());
    CATALOG.remove_send_hook(&hook);
    let _ = DOWN.error().to_http_problem(&Options::default());
    assert_eq!(
        *seen.lock().unwrap(),
        [("E_DOWN", SentAs::Http), ("E_INTERNAL", SentAs::Http)]
    );
}

/// Only the `otel` module names OpenTelemetry: the runtime builds without
/// it (the crate's default features), and the module is behind the
/// feature.
#[test]
fn only_the_otel_module_names_opentelemetry() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/rt");
    for entry in std::fs::read_dir(dir).expect("the runtime's sources") {
        let path = entry.expect("an entry").path();
        let text = std::fs::read_to_string(&path).expect("a source");
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name != "otel.rs" {
            assert!(!text.contains("opentelemetry::"), "{name}");
        }
    }
    let module = include_str!("../src/rt/mod.rs");
    assert!(module.contains("#[cfg(feature = \"otel\")]\npub mod otel;"));
    let manifest = include_str!("../Cargo.toml");
    assert!(manifest.contains("otel = [\"dep:opentelemetry\"]"));
    assert!(manifest
        .lines()
        .any(|l| l.starts_with("opentelemetry = ") && l.contains("optional = true")));
}

/// The HTTP answer through a real server: axum on 127.0.0.1, each request
/// in a server span, as a tracing middleware would make it.
#[test]
fn an_axum_endpoint_records_its_answer_on_the_server_span() {
    let _turn = serial();
    let _otel = install();
    block_on(axum_answers());
}

/// Runs `f` to its end on a runtime of its own (a test's turn is held
/// outside it).
fn block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
        .block_on(f)
}

async fn axum_answers() {
    use axum::http::{header, HeaderValue, StatusCode};
    use axum::response::{IntoResponse, Response};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    fn answer(name: &'static str, e: Error) -> Response {
        let a = in_server_span(name, || e.to_http_problem(&verbose()));
        let mut resp = (StatusCode::from_u16(a.status).expect("a status"), a.body).into_response();
        resp.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(a.content_type),
        );
        resp
    }
    let app = axum::Router::new()
        .route(
            "/down",
            axum::routing::get(|| async { answer("GET /down", DOWN.error()) }),
        )
        .route(
            "/token",
            axum::routing::get(|| async { answer("GET /token", token_error()) }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let addr = listener.local_addr().expect("its address");
    let server = tokio::spawn(async move { axum::serve(listener, app).await });

    async fn get(addr: std::net::SocketAddr, path: &str) -> (String, Value) {
        let mut s = tokio::net::TcpStream::connect(addr)
            .await
            .expect("connected");
        let request =
            format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        s.write_all(request.as_bytes()).await.expect("sent");
        let mut raw = String::new();
        s.read_to_string(&mut raw).await.expect("read");
        let (head, body) = raw.split_once("\r\n\r\n").expect("a head and a body");
        let doc = serde_json::from_str(body).expect("a problem document");
        (head.to_ascii_lowercase(), doc)
    }
    let (head, doc) = get(addr, "/down").await;
    assert!(head.starts_with("http/1.1 503"), "{head}");
    assert_eq!(doc["symbol"], "E_DOWN");
    let (head, doc) = get(addr, "/token").await;
    assert!(head.starts_with("http/1.1 401"), "{head}");
    // the verbose server shows the token on its wire; the telemetry does not
    assert_eq!(doc["token"], SENSITIVE);
    server.abort();

    let (s, rec) = log_of("GET /down");
    assert_eq!(s.span_kind, SpanKind::Server);
    let want = Want::of(&DOWN, "E_DOWN", true, Severity::Error);
    want.check_span(&s, None);
    want.check_log(&rec, &s);
    let (s, rec) = log_of("GET /token");
    let want = Want::of(&TOKEN, "E_TOKEN", false, Severity::Warn)
        .message(token_error().message(&Options::default()));
    want.check_span(&s, None);
    want.check_log(&rec, &s);
    assert_eq!(logs().len(), 2);
    let exported = format!("{:?}{:?}", spans(), logs());
    assert_eq!(exported.matches(SENSITIVE).count(), 0);
}

#[cfg(feature = "rmcp")]
mod rmcp_end_to_end {
    //! A real rmcp server and client over an in-memory pipe: a failing
    //! tool's `isError` result and a JSON-RPC error, each recorded once on
    //! the server's span.

    use super::*;
    use rmcp::model::{
        CallToolRequestParams, CallToolResponse, CallToolResult, ServerCapabilities, ServerConfig,
    };
    use rmcp::service::{RequestContext, ServiceError};
    use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};

    struct Failing;

    impl ServerHandler for Failing {
        fn get_info(&self) -> ServerConfig {
            ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
        }

        async fn call_tool(
            &self,
            request: CallToolRequestParams,
            _: RequestContext<RoleServer>,
        ) -> Result<CallToolResponse, ErrorData> {
            let (name, err) = match request.name.as_ref() {
                "lookup" => ("tools/call lookup", token_error()),
                _ => ("tools/call params", PARAMS.error()),
            };
            in_server_span(name, || err.to_rmcp_call_result(&verbose())).map(Into::into)
        }
    }

    #[test]
    fn a_tool_error_and_a_jsonrpc_error_are_recorded_once() {
        let _turn = serial();
        let _otel = install();
        block_on(tool_and_jsonrpc_errors());
    }

    async fn tool_and_jsonrpc_errors() {
        let before = CATALOG.metrics.snapshot().total;

        let (server_io, client_io) = tokio::io::duplex(1 << 16);
        let server = tokio::spawn(async move {
            let running = Failing.serve(server_io).await.expect("the server starts");
            running.waiting().await.expect("the server stops")
        });
        let client = ().serve(client_io).await.expect("the client connects");

        let result: CallToolResult = client
            .call_tool(CallToolRequestParams::new("lookup"))
            .await
            .expect("an isError tool result");
        assert_eq!(result.is_error, Some(true));
        let err = client
            .call_tool(CallToolRequestParams::new("params"))
            .await
            .expect_err("a JSON-RPC error");
        let ServiceError::McpError(data) = err else {
            panic!("want the server's error, got {err:?}");
        };
        assert_eq!(data.code.0, -32602);
        client.cancel().await.expect("the client stops");
        server.await.expect("the server's task");

        let (s, rec) = log_of("tools/call lookup");
        let want = Want::of(&TOKEN, "tool_error", true, Severity::Warn)
            .message(token_error().message(&Options::default()));
        want.check_span(&s, None);
        want.check_log(&rec, &s);
        let (s, rec) = log_of("tools/call params");
        let want = Want::of(&PARAMS, "-32602", true, Severity::Warn);
        want.check_span(&s, Some("-32602"));
        want.check_log(&rec, &s);
        assert_eq!(logs().len(), 2);
        assert_eq!(CATALOG.metrics.snapshot().total, before + 2);
        let hits = secret_hits();
        assert!(hits.values().all(|&n| n == 0), "{hits:?}");
    }
}
