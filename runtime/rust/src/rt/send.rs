//! What learns of each error response sent: the hook a catalog calls once
//! for every error an errgen adapter or HTTP helper sends — the rmcp
//! adapter's JSON-RPC error or `isError` tool result, the HTTP answer of
//! [`Error::to_http_problem`] and [`Error::to_http_response`] — never for
//! the plain renderings ([`Error::to_problem`], [`Error::to_jsonrpc`], …).
//! The OpenTelemetry module (`otel`, behind the crate's feature of that
//! name) is such a hook; the runtime itself depends on no telemetry.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
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

/// A hook of [`Sends`]: the error the wire carries and how it was sent.
pub type SendHook = Arc<dyn Fn(&Error, SentAs) + Send + Sync>;

/// The hook that learns of the errors a catalog's adapters send, none until
/// [`Catalog::on_send`] sets it. Without one, sending an error costs one
/// atomic load more.
pub struct Sends {
    set: AtomicBool,
    hook: RwLock<Option<SendHook>>,
}

impl Sends {
    /// No hook, for a catalog's static.
    pub const fn new() -> Sends {
        Sends {
            set: AtomicBool::new(false),
            hook: RwLock::new(None),
        }
    }

    /// The hook, when one is set.
    pub fn hook(&self) -> Option<SendHook> {
        if !self.set.load(Ordering::Acquire) {
            return None;
        }
        self.hook
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Whether `hook` is the hook set.
    pub fn is(&self, hook: &SendHook) -> bool {
        self.hook().is_some_and(|h| Arc::ptr_eq(&h, hook))
    }

    fn set(&self, hook: Option<SendHook>) {
        let mut slot = self.hook.write().unwrap_or_else(PoisonError::into_inner);
        self.set.store(hook.is_some(), Ordering::Release);
        *slot = hook;
    }

    /// Removes `hook` when it is the hook set, and leaves another one as it
    /// is.
    pub fn remove(&self, hook: &SendHook) {
        let mut slot = self.hook.write().unwrap_or_else(PoisonError::into_inner);
        if slot.as_ref().is_some_and(|h| Arc::ptr_eq(h, hook)) {
            self.set.store(false, Ordering::Release);
            *slot = None;
        }
    }

    /// Tells the hook, if any, that `err` was sent as `how`.
    pub(crate) fn sent(&self, err: &Error, how: SentAs) {
        if let Some(hook) = self.hook() {
            hook(err, how);
        }
    }
}

impl Default for Sends {
    fn default() -> Sends {
        Sends::new()
    }
}

impl fmt::Debug for Sends {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Sends")
            .field(&self.hook().map(|_| "hook"))
            .finish()
    }
}

impl Catalog {
    /// Sets what learns of every error response the catalog's adapters and
    /// HTTP helpers send, once per response: the error the wire carries
    /// (the fallback, when the error became it) and how it was sent. It
    /// runs on the sending thread, after the payload is rendered; it must
    /// not send an error itself. A later call replaces it. Returns the
    /// hook, for [`Sends::remove`].
    pub fn on_send(&self, hook: impl Fn(&Error, SentAs) + Send + Sync + 'static) -> SendHook {
        let hook: SendHook = Arc::new(hook);
        self.sends.set(Some(hook.clone()));
        hook
    }

    /// Removes the hook [`Catalog::on_send`] set.
    pub fn clear_on_send(&self) {
        self.sends.set(None);
    }
}
