//! Counters of rendered errors: the `sys/errorStats` result.
//!
//! The counters know nothing of a catalog: they count by code, domain and
//! symbol. A catalog holds them, and the methods that count a definition —
//! [`Metrics::record`] and the count of each rendered payload — are written
//! beside the definition, in the catalog's module.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use serde::Serialize;

use super::json::write_string;

/// Counts a catalog's rendered errors — in all, by code, by domain and by
/// symbol — as errgen's Go runtime does. It counts nothing until
/// [`Catalog::enable_metrics`](super::Catalog::enable_metrics); then every
/// payload rendered counts its error once. The counters live until the
/// process ends.
#[derive(Debug)]
pub struct Metrics {
    enabled: AtomicBool,
    counts: Mutex<Stats>,
}

/// A snapshot of the counters: the `sys/errorStats` result.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    /// Every error counted.
    pub total: i64,
    /// The errors counted by catalog code (its decimal text).
    pub by_code: BTreeMap<String, i64>,
    /// The errors counted by domain.
    pub by_domain: BTreeMap<String, i64>,
    /// The errors counted by symbol.
    pub by_symbol: BTreeMap<String, i64>,
}

impl Metrics {
    /// Counters that count nothing until enabled, for a catalog's static.
    pub const fn new() -> Metrics {
        Metrics {
            enabled: AtomicBool::new(false),
            counts: Mutex::new(Stats {
                total: 0,
                by_code: BTreeMap::new(),
                by_domain: BTreeMap::new(),
                by_symbol: BTreeMap::new(),
            }),
        }
    }

    /// Counts one error, by its code, domain and symbol.
    pub(crate) fn count(&self, code: i64, domain: &str, symbol: &str) {
        let mut c = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        c.total += 1;
        *c.by_code.entry(code.to_string()).or_default() += 1;
        *c.by_domain.entry(domain.to_owned()).or_default() += 1;
        *c.by_symbol.entry(symbol.to_owned()).or_default() += 1;
    }

    /// The counters at this moment.
    pub fn snapshot(&self) -> Stats {
        self.counts
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Starts counting rendered errors.
    pub(crate) fn enable(&self) {
        self.enabled.store(true, Ordering::Relaxed);
    }

    /// Whether rendered errors are counted.
    pub(crate) fn enabled(&self) -> bool {
        self.enabled.load(Ordering::Relaxed)
    }
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

impl Stats {
    /// The snapshot as the `sys/errorStats` result's JSON, byte for byte
    /// what the Go runtime's `Stats.AppendJSON` writes:
    /// `{"total","byCode","byDomain","bySymbol"}`, each object's keys
    /// sorted.
    pub fn to_json(&self) -> String {
        let mut out = format!("{{\"total\":{}", self.total);
        for (name, counts) in [
            ("byCode", &self.by_code),
            ("byDomain", &self.by_domain),
            ("bySymbol", &self.by_symbol),
        ] {
            out.push(',');
            write_string(&mut out, name, None);
            out.push_str(":{");
            for (i, (key, n)) in counts.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(&mut out, key, None);
                out.push(':');
                out.push_str(&n.to_string());
            }
            out.push('}');
        }
        out.push('}');
        out
    }
}
