//! When a client may send a failed request again: the retry class of an
//! error and the delay of one occurrence, as every errgen runtime writes
//! them (`retry` and `retryAfterMs` in each payload, `Retry-After` in an
//! HTTP answer), and the advice a client reads back from any payload
//! ([`retry_advice`]), a newer catalog's included.

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

/// When a client may send a failed request again (a payload's `retry`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RetryClass {
    /// Not the same request: it fails again (`never`).
    Never,
    /// Only once the request, or what it depends on, has changed
    /// (`after_change`).
    AfterChange,
    /// The same request, after a delay (`after_delay`): the payload's
    /// `retryAfterMs` when it carries one, else the client's own backoff.
    AfterDelay,
}

impl RetryClass {
    /// The class as the wire names it: `never`, `after_change` or
    /// `after_delay`.
    pub fn as_str(self) -> &'static str {
        match self {
            RetryClass::Never => "never",
            RetryClass::AfterChange => "after_change",
            RetryClass::AfterDelay => "after_delay",
        }
    }

    /// The class the wire names `name`; `None` for another name (a class
    /// of a newer catalog).
    pub fn from_name(name: &str) -> Option<RetryClass> {
        match name {
            "never" => Some(RetryClass::Never),
            "after_change" => Some(RetryClass::AfterChange),
            "after_delay" => Some(RetryClass::AfterDelay),
            _ => None,
        }
    }
}

impl fmt::Display for RetryClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a client does about a failed request (see [`retry_advice`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RetryAction {
    /// Send the same request again, after [`RetryAdvice::delay_ms`] when
    /// the payload gives one, else after a backoff of the client's own.
    Retry,
    /// Change the request (or what it depends on) before sending it again.
    Change,
    /// Do not send it again.
    Never,
}

impl RetryAction {
    /// The action's name: `retry`, `change` or `never`.
    pub fn as_str(self) -> &'static str {
        match self {
            RetryAction::Retry => "retry",
            RetryAction::Change => "change",
            RetryAction::Never => "never",
        }
    }
}

impl fmt::Display for RetryAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a client does about a failed request, read from its error payload
/// (see [`retry_advice`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RetryAdvice {
    /// Retry, change the request, or give up.
    pub action: RetryAction,
    /// How long to wait before retrying, in milliseconds (only with
    /// [`RetryAction::Retry`]); `None`: retry now or with your own backoff.
    pub delay_ms: Option<u64>,
}

impl RetryAdvice {
    /// Do not retry.
    pub const NEVER: RetryAdvice = RetryAdvice {
        action: RetryAction::Never,
        delay_ms: None,
    };

    /// The advice of a payload's members: its class when it names one this
    /// runtime knows, else its `retryable` flag (a payload of an older
    /// catalog, or a class of a newer one), with its delay when it retries.
    pub fn from_members(
        retry: Option<RetryClass>,
        retryable: bool,
        retry_after_ms: Option<u64>,
    ) -> RetryAdvice {
        let action = match retry {
            Some(RetryClass::AfterDelay) => RetryAction::Retry,
            Some(RetryClass::AfterChange) => RetryAction::Change,
            Some(RetryClass::Never) => RetryAction::Never,
            None if retryable => RetryAction::Retry,
            None => RetryAction::Never,
        };
        RetryAdvice {
            action,
            delay_ms: retry_after_ms.filter(|_| action == RetryAction::Retry),
        }
    }

    /// The delay as a duration.
    pub fn delay(&self) -> Option<Duration> {
        self.delay_ms.map(Duration::from_millis)
    }
}

/// The retry advice of any error payload a server of an errgen catalog
/// sends — a JSON-RPC error object or a JSON-RPC response holding one, an
/// RFC 9457 problem document, a plain response, an MCP tool result (its
/// `structuredContent`, else the first item of its content whose text is
/// a JSON object), or a JSON-RPC response holding that tool result — of
/// this catalog's version or of any other, as errgen's Go runtime reads it
/// (`AdviseRetry`):
///
/// - `retry` `after_delay`: [`RetryAction::Retry`], with `retryAfterMs` as
///   the delay when it is a whole number from 0 to 2^53 − 1 (else none:
///   retry now or with your own backoff);
///   `after_change`: [`RetryAction::Change`]; `never`:
///   [`RetryAction::Never`];
/// - no `retry`, or a class this runtime does not know (a newer
///   catalog's): `retryable` `true` is [`RetryAction::Retry`] (with
///   `retryAfterMs` when present), anything else [`RetryAction::Never`].
///
/// A payload that carries none of these members (a JSON-RPC error without
/// errgen's data, a value that is no JSON object) is
/// [`RetryAdvice::NEVER`]. A `null` member is an absent one.
pub fn retry_advice(payload: &Value) -> RetryAdvice {
    let Some(mut m) = payload.as_object() else {
        return RetryAdvice::NEVER;
    };
    for _ in 0..MAX_ENVELOPES {
        if present(m, "retry") || present(m, "retryable") {
            return advise(m); // a problem document, a plain response, an error's data
        }
        if present(m, "content") {
            return tool_advice(m);
        }
        if let Some(e) = object(m, "error") {
            m = e; // a JSON-RPC response: its error object
        } else if let Some(r) = object(m, "result") {
            m = r; // a JSON-RPC response holding a tool result
        } else if let (true, Some(d)) = (present(m, "code"), object(m, "data")) {
            return advise(d); // a JSON-RPC error object
        } else {
            return advise(m);
        }
    }
    RetryAdvice::NEVER
}

/// How many JSON-RPC responses [`retry_advice`] opens, one inside the
/// other, before it gives up.
const MAX_ENVELOPES: usize = 8;

/// The advice of a tool result: of its structured content, else of the
/// first item of its content whose text is a JSON object, else of the
/// result itself. A content that is not an array of objects whose `type`
/// and `text` are strings (or absent) has no text that counts.
fn tool_advice(result: &Map<String, Value>) -> RetryAdvice {
    if let Some(doc) = object(result, "structuredContent") {
        return advise(doc);
    }
    let items = match result.get("content") {
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| match item {
                Value::Null => Ok((None, None)),
                Value::Object(_) => Ok((string(item, "type")?, string(item, "text")?)),
                _ => Err(()),
            })
            .collect::<Result<Vec<_>, ()>>()
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    for (kind, text) in items {
        if let (Some("text"), Some(text)) = (kind, text) {
            if let Ok(Value::Object(doc)) = serde_json::from_str::<Value>(text) {
                return advise(&doc);
            }
        }
    }
    advise(result)
}

/// The member `key` of an object `v` of a tool result's content: a string,
/// `None` when it is absent or `null`, an error for another value.
fn string<'a>(v: &'a Value, key: &str) -> Result<Option<&'a str>, ()> {
    match v.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(()),
    }
}

/// The member `key` of `m` when it is an object.
fn object<'a>(m: &'a Map<String, Value>, key: &str) -> Option<&'a Map<String, Value>> {
    m.get(key).and_then(Value::as_object)
}

/// Reports whether `m` has the member `key`, not `null`.
fn present(m: &Map<String, Value>, key: &str) -> bool {
    m.get(key).is_some_and(|v| !v.is_null())
}

/// The advice of the object that carries `retry`, `retryable` and
/// `retryAfterMs`.
fn advise(m: &Map<String, Value>) -> RetryAdvice {
    RetryAdvice::from_members(
        m.get("retry")
            .and_then(Value::as_str)
            .and_then(RetryClass::from_name),
        m.get("retryable") == Some(&Value::Bool(true)),
        m.get("retryAfterMs").and_then(delay_ms),
    )
}

/// A delay in milliseconds as a payload gives it: a number whose value is
/// a whole number from 0 to 2^53 − 1 (`1e3` and `1000.0` are 1000, `-0`
/// is 0), which every runtime holds exactly, as errgen's Go runtime reads
/// it; anything else is none.
fn delay_ms(v: &Value) -> Option<u64> {
    const MAX_SAFE: u64 = (1 << 53) - 1;
    if let Some(n) = v.as_u64() {
        return (n <= MAX_SAFE).then_some(n);
    }
    let f = v.as_f64()?;
    (f.fract() == 0.0 && (0.0..=MAX_SAFE as f64).contains(&f)).then_some(f as u64)
}

/// Reads a payload's `retry`: `None` when it is absent or names no class
/// this runtime knows (never an error: a newer catalog's class falls back
/// to `retryable`).
pub(crate) fn read_class<'de, D: Deserializer<'de>>(d: D) -> Result<Option<RetryClass>, D::Error> {
    let v = Option::<Value>::deserialize(d)?;
    Ok(v.as_ref()
        .and_then(Value::as_str)
        .and_then(RetryClass::from_name))
}

/// Reads a payload's `retryAfterMs`: `None` when it is absent or not a
/// non-negative integer (never an error).
pub(crate) fn read_delay<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    let v = Option::<Value>::deserialize(d)?;
    Ok(v.as_ref().and_then(delay_ms))
}

/// The delay of an occurrence given as a duration, in whole milliseconds:
/// rounded up (`ceil(nanoseconds / 10^6)`, in integer arithmetic), at most
/// `max`.
pub(crate) fn duration_ms(d: Duration, max: u64) -> u64 {
    let ms = d.as_nanos().div_ceil(1_000_000);
    u64::try_from(ms).unwrap_or(u64::MAX).min(max)
}

/// The delay of an occurrence given as a double of milliseconds, in whole
/// milliseconds: `None` (no delay) for NaN and a negative number (−∞
/// included); else rounded up (−0 is 0), at most `max` (+∞ included).
pub(crate) fn float_ms(ms: f64, max: u64) -> Option<u64> {
    if ms.is_nan() || ms < 0.0 {
        return None;
    }
    // `as` saturates: +∞ and any number past u64::MAX are u64::MAX
    Some((ms.ceil() as u64).min(max))
}

/// The value of an HTTP `Retry-After` header for a delay of `ms`
/// milliseconds: whole seconds, rounded up.
pub fn retry_after_secs(ms: u64) -> u64 {
    ms.div_ceil(1000)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAX: u64 = 86_400_000;

    #[test]
    fn a_double_of_milliseconds_is_rounded_up_and_cut() {
        for (ms, want) in [
            (f64::NAN, None),
            (-f64::NAN, None),
            (-1.0, None),
            (-0.5, None),
            (-5e-324, None),
            (f64::NEG_INFINITY, None),
            (-0.0, Some(0)),
            (0.0, Some(0)),
            (5e-324, Some(1)),
            (0.5, Some(1)),
            (1.0, Some(1)),
            (1.000_001, Some(2)),
            (1500.0, Some(1500)),
            (86_399_999.1, Some(MAX)),
            (86_400_000.0, Some(MAX)),
            (86_400_000.5, Some(MAX)),
            (1e300, Some(MAX)),
            (f64::MAX, Some(MAX)),
            (f64::INFINITY, Some(MAX)),
        ] {
            assert_eq!(float_ms(ms, MAX), want, "{ms:?}");
        }
    }

    #[test]
    fn a_duration_is_rounded_up_to_whole_milliseconds_and_cut() {
        for (d, want) in [
            (Duration::ZERO, 0),
            (Duration::from_nanos(1), 1),
            (Duration::from_nanos(999_999), 1),
            (Duration::from_millis(1), 1),
            (Duration::from_nanos(1_000_001), 2),
            (Duration::from_millis(1500), 1500),
            (Duration::from_secs(86_400), MAX),
            (Duration::from_secs(86_400) + Duration::from_nanos(1), MAX),
            (Duration::from_secs(u64::MAX), MAX),
            (Duration::MAX, MAX),
        ] {
            assert_eq!(duration_ms(d, MAX), want, "{d:?}");
        }
        // a maximum past what a u64 of milliseconds holds: no overflow
        assert_eq!(duration_ms(Duration::MAX, u64::MAX), u64::MAX);
        assert_eq!(float_ms(f64::INFINITY, u64::MAX), Some(u64::MAX));
    }

    #[test]
    fn retry_after_is_whole_seconds_rounded_up() {
        for (ms, want) in [
            (0, 0),
            (1, 1),
            (999, 1),
            (1000, 1),
            (1001, 2),
            (MAX, 86_400),
        ] {
            assert_eq!(retry_after_secs(ms), want, "{ms}");
        }
        assert_eq!(retry_after_secs(u64::MAX), u64::MAX / 1000 + 1);
    }
}
