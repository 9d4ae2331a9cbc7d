//! A catalog's facts: its settings, the rules of the wire every runtime
//! shares, and the definition of each error.
//!
//! The facts are read by every module that renders an error, so they
//! depend only on the tables of the details (`node`) and on the counters
//! a catalog holds (`metrics`), never on an error occurrence or on what
//! renders one: the methods that turn a definition into an
//! [`Error`](super::Error) — [`Def::error`], [`Catalog::from_error`] and
//! `From<&Def> for Error` — are written beside the error, in its module;
//! the counting of a definition ([`Metrics::record`]) is written here.

use std::fmt;
use std::sync::{Arc, PoisonError, RwLock};

use super::metrics::Metrics;
use super::node::DetailsType;
use super::retry::RetryClass;

/// A catalog's payload bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The bound of each whole payload, in bytes.
    pub max_data_bytes: usize,
    /// The bound of each string, in UTF-8 bytes.
    pub max_string_bytes: usize,
    /// How many suggestions a payload carries at most.
    pub max_suggestions: usize,
}

/// The constants of the wire that every errgen runtime shares, from the
/// catalog's facts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// What replaces a sensitive value (`"<redacted>"`).
    pub redacted: &'static str,
    /// The string bounds of a minimal payload, in turn: a first try, and
    /// harsher ones when escaping makes it still too large.
    pub minimal_string_bytes: &'static [usize],
    /// The bound of each string of `debugInfo`.
    pub debug_string_bytes: usize,
    /// How many errors of the cause chain `debugInfo.errorChain` lists.
    pub error_chain_entries: usize,
    /// How deep an untyped value is written: a value nested deeper (the
    /// field's own value is the first level) is `null`.
    pub untyped_depth: usize,
    /// The least `max_data_bytes` an option sets: a smaller one is raised
    /// to it.
    pub min_max_data_bytes: usize,
    /// The least `max_string_bytes` an option sets: a smaller one is raised
    /// to it.
    pub min_max_string_bytes: usize,
    /// The members of a problem document the runtime writes itself:
    /// extension members and the other members of flattened details never
    /// take one of these names.
    pub problem_members: &'static [&'static str],
    /// The members of a JSON-RPC error's data the runtime writes itself:
    /// legacy data never takes one of these names.
    pub jsonrpc_data_members: &'static [&'static str],
    /// The longest delay a payload's `retryAfterMs` carries (one day): an
    /// occurrence's longer delay is cut to it.
    pub max_retry_after_ms: u64,
}

/// A generated catalog: its settings and its errors.
#[derive(Debug)]
pub struct Catalog {
    /// The catalog's name.
    pub name: &'static str,
    /// The catalog's version.
    pub version: &'static str,
    /// `data.context.schemaVersion` on the wire.
    pub schema_version: i64,
    /// The payload bounds.
    pub limits: Limits,
    /// The constants of the wire.
    pub rules: Rules,
    /// The errors of each domain, domains by range and errors by code.
    pub domains: &'static [&'static [&'static Def]],
    /// What any other error becomes.
    pub fallback: &'static Def,
    /// The counters of rendered errors, counting once enabled (see
    /// [`Catalog::enable_metrics`]).
    pub metrics: Metrics,
    /// What learns of the detail values not written as given (see
    /// [`Catalog::on_violation`]).
    pub violations: Violations,
}

/// The definition of one catalog error.
pub struct Def {
    /// The catalog the error belongs to.
    pub catalog: &'static Catalog,
    /// The catalog code.
    pub code: i64,
    /// The JSON-RPC `error.code`.
    pub wire_code: i64,
    /// The symbol the wire carries.
    pub symbol: &'static str,
    /// More symbols of the error: lookups by symbol find it by any of them.
    pub aliases: &'static [&'static str],
    /// The error's type (`data.context.type`).
    pub error_type: &'static str,
    /// The error's domain.
    pub domain: &'static str,
    /// The short, stable summary (the problem `title`).
    pub title: &'static str,
    /// The RFC 9457 problem `type` URI.
    pub problem_type: &'static str,
    /// The HTTP statuses the error allows, the default first.
    pub statuses: &'static [u16],
    /// Whether the error may be retried, unless an occurrence says
    /// otherwise: always `retry == RetryClass::AfterDelay`.
    pub retryable: bool,
    /// When a client may send the request again, unless an occurrence says
    /// otherwise (see [`Error::with_retryable`](super::Error::with_retryable)).
    pub retry: RetryClass,
    /// The catalog's default delay, in milliseconds, before a retry (an
    /// error of class [`RetryClass::AfterDelay`] only; `None`: none).
    pub retry_after_ms: Option<u64>,
    /// The error says the client sends too many requests (a rate limit);
    /// only with [`RetryClass::AfterDelay`].
    pub throttling: bool,
    /// Whether the catalog deprecates the error.
    pub deprecated: bool,
    /// A failing MCP `tools/call` sends the error as a JSON-RPC error
    /// rather than as an `isError` tool result (`mcp: {tool_errors: error}`).
    pub tool_errors_as_rpc: bool,
    /// The error's empty details break its detail schema: its definition
    /// raised as an error becomes the fallback, caused by it.
    pub needs_details: bool,
    /// The template of the message.
    pub message: &'static str,
    /// The template of `userMessage`; empty when the catalog sets none.
    pub user_message: &'static str,
    /// The templates of the suggestions.
    pub suggestions: &'static [&'static str],
    /// The details the error takes; `None` for an error without details.
    pub details: Option<DetailsType>,
    /// The top-level detail fields the error's `sensitive` list redacts,
    /// besides those its schema marks `x-sensitive`.
    pub sensitive: &'static [&'static str],
}

/// A detail value the runtime did not write as given, since it breaks its
/// schema: the hook set by [`Catalog::on_violation`] learns of each, once
/// per payload rendered. The value itself is not passed: it may be secret.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The error's symbol.
    pub symbol: &'static str,
    /// Where the value is in the details, a JSON Pointer (`/limit`,
    /// `/paths/2`).
    pub path: String,
    /// The keyword it breaks: `type`, `enum`, `const`, `pattern`, `format`,
    /// `minimum`, `minItems`, `uniqueItems`, …
    pub keyword: &'static str,
    /// What was written instead.
    pub outcome: Outcome,
}

/// What the runtime wrote instead of a value that breaks its schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// An optional member left out, an item dropped.
    Omitted,
    /// A required member written as its schema's replacement value.
    Replaced,
    /// The error written as the catalog's fallback, its details having no
    /// valid form.
    Fallback,
}

impl Outcome {
    /// The outcome's name, as the Go runtime names it: `omitted`,
    /// `replaced` or `fallback`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Omitted => "omitted",
            Outcome::Replaced => "replaced",
            Outcome::Fallback => "fallback",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A hook of [`Violations`].
pub(crate) type Hook = Arc<dyn Fn(&Violation) + Send + Sync>;

/// The hook that learns of a catalog's violations, none until
/// [`Catalog::on_violation`] sets it.
pub struct Violations(RwLock<Option<Hook>>);

impl Violations {
    /// No hook, for a catalog's static.
    pub const fn new() -> Violations {
        Violations(RwLock::new(None))
    }

    /// The hook, when one is set.
    pub(crate) fn hook(&self) -> Option<Hook> {
        self.0
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    pub(crate) fn set(&self, hook: Option<Hook>) {
        *self.0.write().unwrap_or_else(PoisonError::into_inner) = hook;
    }
}

impl Default for Violations {
    fn default() -> Violations {
        Violations::new()
    }
}

impl fmt::Debug for Violations {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Violations")
            .field(&self.hook().map(|_| "hook"))
            .finish()
    }
}

impl Catalog {
    /// Starts counting the errors rendered — each payload once, by code,
    /// domain and symbol, as the Go runtime's `Catalog.EnableMetrics` does —
    /// and returns the counters. Serve `snapshot().to_json()` as the result
    /// of `sys/errorStats`.
    pub fn enable_metrics(&self) -> &Metrics {
        self.metrics.enable();
        &self.metrics
    }

    /// Sets what learns of every detail value the runtime does not write as
    /// given because it breaks its schema (see [`Violation`]), as the Go
    /// runtime's `Catalog.OnViolation`: count them, log them, or, in tests,
    /// panic. It runs while a payload renders, on its first pass only. A
    /// later call replaces it.
    pub fn on_violation(&self, hook: impl Fn(&Violation) + Send + Sync + 'static) {
        self.violations.set(Some(Arc::new(hook)));
    }

    /// Removes the hook [`Catalog::on_violation`] set.
    pub fn clear_on_violation(&self) {
        self.violations.set(None);
    }

    /// Every error of the catalog, by code.
    pub fn all(&self) -> impl Iterator<Item = &'static Def> + '_ {
        self.domains.iter().flat_map(|d| d.iter().copied())
    }

    /// The error with the given code.
    pub fn by_code(&self, code: i64) -> Option<&'static Def> {
        self.domains
            .iter()
            .find_map(|d| d.binary_search_by_key(&code, |e| e.code).ok().map(|i| d[i]))
    }

    /// The error with the given symbol or alias.
    pub fn by_symbol(&self, symbol: &str) -> Option<&'static Def> {
        self.all()
            .find(|d| d.symbol == symbol || d.aliases.contains(&symbol))
    }

    /// The error with the given type.
    pub fn by_type(&self, error_type: &str) -> Option<&'static Def> {
        self.all().find(|d| d.error_type == error_type)
    }
}

impl Def {
    /// The default HTTP status.
    pub fn status(&self) -> u16 {
        self.statuses.first().copied().unwrap_or(500)
    }
}

impl fmt::Debug for Def {
    /// The error's code and symbol (a definition's catalog holds it
    /// again).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Def")
            .field("code", &self.code)
            .field("symbol", &self.symbol)
            .finish_non_exhaustive()
    }
}

impl PartialEq for Def {
    fn eq(&self, other: &Def) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for Def {}

impl Metrics {
    /// Counts one error of `def`, enabled or not.
    pub fn record(&self, def: &Def) {
        self.count(def.code, def.domain, def.symbol);
    }

    /// Counts a rendered error of `def` when enabled.
    pub(crate) fn rendered(&self, def: &Def) {
        if self.enabled() {
            self.record(def);
        }
    }
}
