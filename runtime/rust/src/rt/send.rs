//! What learns of each error response sent: the hook a catalog calls once
//! for every error an errgen adapter or HTTP helper sends — the rmcp
//! adapter's JSON-RPC error or `isError` tool result, the HTTP answer of
//! [`Error::to_http_problem`] and [`Error::to_http_response`] — never for
//! the plain renderings ([`Error::to_problem`], [`Error::to_jsonrpc`], …).
//! The OpenTelemetry module (`otel`, behind the crate's feature of that
//! name) is such a hook; the runtime itself depends on no telemetry.

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, PoisonError, RwLock};

use super::catalog::Catalog;
use super::error::Error;

/// How an error was sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SentAs {
    /// A JSON-RPC error object (the rmcp adapter's `ErrorData`).
    JsonRpc,
    /// An MCP `isError` tool result.
    Tool,
    /// An HTTP answer (the problem document or the plain response).
    Http,
}

impl SentAs {
    /// The name of the way: `jsonrpc`, `tool` or `http`.
    pub fn as_str(self) -> &'static str {
        match self {
            SentAs::JsonRpc => "jsonrpc",
            SentAs::Tool => "tool",
            SentAs::Http => "http",
        }
    }
}

impl fmt::Display for SentAs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A send hook: the error the wire carries and how it was sent.
pub type SendHook = Arc<dyn Fn(&Error, SentAs) + Send + Sync>;

/// The send hooks set, by the address of their catalog. The catalog's facts
/// are read by every module, so the hooks are kept here rather than in the
/// catalog: `catalog` depends on no error.
static HOOKS: RwLock<Vec<(usize, SendHook)>> = RwLock::new(Vec::new());

/// How many hooks are set: without any, sending an error costs this one
/// atomic load more.
static SET: AtomicUsize = AtomicUsize::new(0);

/// The key of a catalog in [`HOOKS`].
fn key(catalog: &Catalog) -> usize {
    std::ptr::from_ref(catalog) as usize
}

/// Sets (`Some`) or removes (`None`) the hook of `catalog`, when `keep`
/// accepts the hook it replaces.
fn replace(catalog: &Catalog, hook: Option<SendHook>, keep: impl Fn(&SendHook) -> bool) {
    let mut hooks = HOOKS.write().unwrap_or_else(PoisonError::into_inner);
    let k = key(catalog);
    let at = hooks.iter().position(|(c, _)| *c == k);
    match (at, hook) {
        (Some(i), _) if !keep(&hooks[i].1) => return,
        (Some(i), Some(hook)) => hooks[i].1 = hook,
        (Some(i), None) => {
            hooks.swap_remove(i);
        }
        (None, Some(hook)) => hooks.push((k, hook)),
        (None, None) => {}
    }
    SET.store(hooks.len(), Ordering::Release);
}

impl Catalog {
    /// Sets what learns of every error response the catalog's adapters and
    /// HTTP helpers send, once per response: the error the wire carries
    /// (the fallback, when the error became it) and how it was sent. It
    /// runs on the sending thread, after the payload is rendered. A later
    /// call replaces it. Returns the hook, for
    /// [`Catalog::remove_send_hook`].
    pub fn on_send(&self, hook: impl Fn(&Error, SentAs) + Send + Sync + 'static) -> SendHook {
        let hook: SendHook = Arc::new(hook);
        replace(self, Some(hook.clone()), |_| true);
        hook
    }

    /// Removes the hook [`Catalog::on_send`] set, whichever it is.
    pub fn clear_on_send(&self) {
        replace(self, None, |_| true);
    }

    /// Removes `hook` when it is the catalog's send hook, and leaves
    /// another one as it is.
    pub fn remove_send_hook(&self, hook: &SendHook) {
        replace(self, None, |h| Arc::ptr_eq(h, hook));
    }

    /// The send hook, when one is set.
    pub fn send_hook(&self) -> Option<SendHook> {
        if SET.load(Ordering::Acquire) == 0 {
            return None;
        }
        let k = key(self);
        HOOKS
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .find(|(c, _)| *c == k)
            .map(|(_, h)| h.clone())
    }

    /// Tells the send hook, if any, that `err` was sent as `how`.
    pub(crate) fn sent(&self, err: &Error, how: SentAs) {
        if let Some(hook) = self.send_hook() {
            hook(err, how);
        }
    }
}
