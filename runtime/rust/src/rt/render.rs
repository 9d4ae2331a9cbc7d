//! The wire formats: the JSON-RPC error object, the RFC 9457 problem
//! document, the plain response and the MCP tool result, each kept within
//! the payload bound.

use std::sync::Arc;

use super::catalog::Outcome;
use super::error::{Error, ViolationError};
use super::json::{quote, write_string};
use super::options::Options;
use super::retry::retry_after_secs;
use super::sanitize::sanitize_text;
use super::send::SentAs;
use super::time::{rfc3339, urn_uuid};
use super::write::{Encoder, UNTYPED};

/// The media type of RFC 9457 problem documents.
pub const PROBLEM_CONTENT_TYPE: &str = "application/problem+json";

/// Writes one whole payload of an error.
type Writer = fn(&Error, &mut Encoder, &Options, &mut String);

/// An HTTP answer carrying an error, for a server's framework to write:
/// its status, its `Content-Type`, its `Retry-After` and its body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HttpAnswer {
    /// The status: the error's, or the fallback's when the fallback was
    /// written in its place.
    pub status: u16,
    /// The media type of the body: [`PROBLEM_CONTENT_TYPE`] for a problem
    /// document, `application/json` for a plain response.
    pub content_type: &'static str,
    /// The `Retry-After` header, in whole seconds (the body's
    /// `retryAfterMs` rounded up), when the body carries a delay; `None`:
    /// no such header.
    pub retry_after: Option<u64>,
    /// The payload.
    pub body: String,
}

impl Error {
    /// The JSON-RPC error object (the `error` member of a response):
    /// `{"code", "message", "data": {legacy members…, "domain", "symbol",
    /// "retryable", "retry", "retryAfterMs", "context": {…}}}`, within the
    /// payload bound (see [`Error::to_problem`]).
    pub fn to_jsonrpc(&self, o: &Options) -> String {
        self.bounded(o, Error::write_jsonrpc).0
    }

    /// The three members of the JSON-RPC error object — the wire code, the
    /// message and the data object as JSON text — for JSON-RPC libraries
    /// whose error type holds them apart (such as an MCP SDK's).
    pub fn jsonrpc_parts(&self, o: &Options) -> (i64, String, String) {
        self.jsonrpc_wire(o).0
    }

    /// The members of [`Error::jsonrpc_parts`], with the error they are of:
    /// the fallback when the error itself could not be written.
    pub(crate) fn jsonrpc_wire(&self, o: &Options) -> ((i64, String, String), Error) {
        self.0.def.catalog.metrics.rendered(self.0.def);
        let mut enc = Encoder::new(self.0.def, o);
        let (obj, fallback) = self.fit(&mut enc, o, Error::write_jsonrpc);
        let r = fallback.as_ref().unwrap_or(self);
        // obj is {"code":…,"message":"…","data":{…}}: a quote inside the
        // message is escaped, so the first ,"data": is the member's key.
        // fit leaves the encoder as the object needed it, so the message
        // renders as it does in obj.
        const KEY: &str = ",\"data\":";
        let start = obj.find(KEY).map_or(0, |i| i + KEY.len());
        let data = obj[start..obj.len() - 1].to_owned();
        let parts = (r.0.def.wire_code, r.message_text(&mut enc), data);
        (parts, r.clone())
    }

    /// The RFC 9457 problem document: `type`, `title`, `status`, `detail`,
    /// `instance`, `timestamp`, `symbol`, `retryable`, `retry`,
    /// `retryAfterMs` (when the occurrence retries after a known delay),
    /// `userMessage` and `suggestions`, the detail fields flattened as members, then the
    /// extension members. Details that cannot be written valid (a required
    /// value breaks its schema and has no replacement) make it the
    /// catalog's fallback's, caused by a [`ViolationError`]. Past the
    /// payload bound it is written again minimal — no user message,
    /// suggestions, debug information or extra members, optional fields
    /// left out where the schema allows, strings shortened to 64 bytes,
    /// then 8 — and, when even that does not fit, it is the catalog's
    /// fallback instead.
    pub fn to_problem(&self, o: &Options) -> String {
        self.bounded(o, Error::write_problem).0
    }

    /// The problem document with the error it is of: the fallback when the
    /// error itself could not be written. Its status is the response's.
    pub fn to_problem_with_status(&self, o: &Options) -> (String, u16) {
        let (body, wire) = self.problem_wire(o);
        (body, wire.status())
    }

    /// The problem document with the error it is of: the fallback when the
    /// error itself could not be written.
    pub(crate) fn problem_wire(&self, o: &Options) -> (String, Error) {
        let (body, fallback) = self.bounded(o, Error::write_problem);
        let wire = fallback.unwrap_or_else(|| self.clone());
        (body, wire)
    }

    /// The plain response `{"error": true, "code": SYMBOL, "message",
    /// "details", "retry", "retryAfterMs"}`; `details` only for an error
    /// with details, `retryAfterMs` only when the occurrence retries after
    /// a known delay.
    pub fn to_response(&self, o: &Options) -> String {
        self.bounded(o, Error::write_response).0
    }

    /// The HTTP answer of the problem document ([`Error::to_problem`]):
    /// the status of the error written (the fallback's when the error did
    /// not fit or its details broke their schema) and, when the document
    /// carries `retryAfterMs`, `Retry-After` in whole seconds. The
    /// catalog's send hook ([`Catalog::on_send`](super::Catalog::on_send))
    /// learns of it as sent over HTTP.
    pub fn to_http_problem(&self, o: &Options) -> HttpAnswer {
        let (body, fallback) = self.bounded(o, Error::write_problem);
        fallback
            .as_ref()
            .unwrap_or(self)
            .http_answer(PROBLEM_CONTENT_TYPE, body)
    }

    /// The HTTP answer of the plain response ([`Error::to_response`]), its
    /// status and `Retry-After` as [`Error::to_http_problem`] gives them,
    /// the send hook told as it does.
    pub fn to_http_response(&self, o: &Options) -> HttpAnswer {
        let (body, fallback) = self.bounded(o, Error::write_response);
        fallback
            .as_ref()
            .unwrap_or(self)
            .http_answer("application/json", body)
    }

    /// The HTTP answer of `body`, a payload of this error, the error the
    /// wire carries; tells the catalog's send hook.
    fn http_answer(&self, content_type: &'static str, body: String) -> HttpAnswer {
        self.0.def.catalog.sent(self, SentAs::Http);
        HttpAnswer {
            status: self.status(),
            content_type,
            retry_after: self.retry_after_ms().map(retry_after_secs),
            body,
        }
    }

    /// The MCP tool result carrying the problem document:
    /// `{"content":[{"type":"text","text":"<problem JSON>"}],"isError":true}`.
    pub fn to_tool_result(&self, o: &Options) -> String {
        let problem = self.to_problem(o);
        format!(
            "{{\"content\":[{{\"type\":\"text\",\"text\":{}}}],\"isError\":true}}",
            quote(&problem)
        )
    }

    /// The payload bound: the option's (raised to the rules' floor), else
    /// the catalog's.
    fn max_data(&self, o: &Options) -> usize {
        let c = self.0.def.catalog;
        match o.max_data_bytes {
            0 => c.limits.max_data_bytes,
            n => n.max(c.rules.min_max_data_bytes),
        }
    }

    /// Writes one whole payload within the bound, with the fallback that
    /// took the error's place, if any (see [`Error::fit`]).
    fn bounded(&self, o: &Options, write: Writer) -> (String, Option<Error>) {
        self.0.def.catalog.metrics.rendered(self.0.def);
        let mut enc = Encoder::new(self.0.def, o);
        self.fit(&mut enc, o, write)
    }

    /// Writes the payload `write` makes of the error. Details that cannot
    /// be written valid make it the catalog's fallback's, caused by a
    /// [`ViolationError`]. Past the payload bound it is written again
    /// minimal (64-byte, then 8-byte strings); still past it, it is the
    /// catalog's fallback, minimal, caused by the error — unless the error
    /// is the fallback.
    fn fit(&self, enc: &mut Encoder, o: &Options, write: Writer) -> (String, Option<Error>) {
        let max_data = self.max_data(o);
        let fallback = self.0.def.catalog.fallback;
        let mut out = String::new();
        enc.report = true;
        write(self, enc, o, &mut out);
        enc.report = false;
        if enc.failed && !std::ptr::eq(fallback, self.0.def) {
            enc.failed = false;
            enc.def = Some(self.0.def);
            enc.report = true;
            enc.flush(Outcome::Fallback);
            enc.report = false;
            let f = Error::fresh(fallback, Some(Arc::new(ViolationError(self.clone()))));
            let (out, inner) = f.fit(enc, o, write);
            return (out, Some(inner.unwrap_or(f)));
        }
        enc.forget();
        for &n in enc.rules.minimal_string_bytes {
            if max_data == 0 || out.len() <= max_data {
                return (out, None);
            }
            enc.minimal = true;
            enc.min_string = n;
            out.clear();
            write(self, enc, o, &mut out);
        }
        if max_data == 0 || out.len() <= max_data || std::ptr::eq(fallback, self.0.def) {
            return (out, None);
        }
        let f = Error::fresh(fallback, Some(Arc::new(self.clone())));
        out.clear();
        write(&f, enc, o, &mut out);
        (out, Some(f))
    }

    /// Renders template `tpl` of the error for the wire.
    pub(crate) fn text(&self, enc: &mut Encoder, tpl: &str) -> String {
        enc.def = Some(self.0.def);
        let object = self.0.def.details.map(|t| t.object);
        enc.render(tpl, object, self.members())
    }

    fn write_jsonrpc(&self, enc: &mut Encoder, o: &Options, out: &mut String) {
        out.push_str("{\"code\":");
        out.push_str(&self.0.def.wire_code.to_string());
        out.push_str(",\"message\":");
        let message = self.text(enc, self.0.def.message);
        write_string(out, &message, enc.bound(None));
        out.push_str(",\"data\":{");
        if !enc.minimal {
            for (i, (k, v)) in self.0.data.iter().enumerate() {
                if enc.rules.jsonrpc_data_members.contains(&k.as_str())
                    || self.0.data[..i].iter().any(|(p, _)| p == k)
                {
                    continue;
                }
                write_string(out, k, None);
                out.push(':');
                enc.write_any(out, &UNTYPED, v, 0);
                out.push(',');
            }
        }
        out.push_str("\"domain\":");
        write_string(out, self.0.def.domain, None);
        out.push_str(",\"symbol\":");
        write_string(out, self.0.def.symbol, None);
        out.push_str(",\"retryable\":");
        out.push_str(bool_text(self.retryable()));
        self.write_retry(out);
        out.push_str(",\"context\":{\"schemaVersion\":");
        out.push_str(&self.0.def.catalog.schema_version.to_string());
        out.push_str(",\"type\":");
        write_string(out, self.0.def.error_type, None);
        out.push_str(",\"details\":");
        self.write_details(enc, out);
        self.write_advice(enc, o, out);
        out.push_str(",\"retryable\":");
        out.push_str(bool_text(self.retryable()));
        if o.verbose && !enc.minimal {
            out.push_str(",\"debugInfo\":");
            self.write_debug_info(enc, o, out);
        }
        out.push_str("}}}");
    }

    /// Writes the details object, or `{}` for an error without details.
    /// Details that cannot be written valid are written `{}` and mark the
    /// encoder failed: [`Error::fit`] then writes the catalog's fallback
    /// instead.
    pub(crate) fn write_details(&self, enc: &mut Encoder, out: &mut String) {
        let Some(t) = self.0.def.details else {
            return out.push_str("{}");
        };
        enc.def = Some(self.0.def);
        if !enc.write_object(out, t.object, self.members(), true) {
            enc.failed = true;
            out.push_str("{}");
        }
    }

    /// Writes the members `,"userMessage"` and `,"suggestions"` that the
    /// context and the problem document carry, when the error has them and
    /// the payload is not minimal.
    fn write_advice(&self, enc: &mut Encoder, o: &Options, out: &mut String) {
        if enc.minimal {
            return;
        }
        if !self.0.def.user_message.is_empty() {
            out.push_str(",\"userMessage\":");
            let text = self.text(enc, self.0.def.user_message);
            write_string(out, &text, enc.bound(None));
        }
        let max = if o.max_suggestions > 0 {
            o.max_suggestions
        } else {
            self.0.def.catalog.limits.max_suggestions
        };
        if !o.omit_suggestions && !self.0.def.suggestions.is_empty() && max > 0 {
            out.push_str(",\"suggestions\":[");
            for (i, s) in self.0.def.suggestions.iter().take(max).enumerate() {
                if i > 0 {
                    out.push(',');
                }
                let text = self.text(enc, s);
                write_string(out, &text, enc.bound(None));
            }
            out.push(']');
        }
    }

    /// Writes `{errorChain, requestId, timestamp, serverVersion}`: the cause
    /// chain, each entry scrubbed as free text, at most the rules' number
    /// of entries, each string bounded by the rules' debug bound.
    fn write_debug_info(&self, enc: &Encoder, o: &Options, out: &mut String) {
        let rules = enc.rules;
        let bound = Some(rules.debug_string_bytes);
        out.push_str("{\"errorChain\":[");
        let mut cause: Option<&(dyn std::error::Error + 'static)> = self
            .0
            .cause
            .as_deref()
            .map(|c| c as &(dyn std::error::Error + 'static));
        let mut n = 0;
        while let (Some(c), true) = (cause, n < rules.error_chain_entries) {
            if n > 0 {
                out.push(',');
            }
            write_string(out, &sanitize_text(&c.to_string(), rules.redacted), bound);
            n += 1;
            cause = c.source();
        }
        out.push(']');
        if !self.0.request_id.is_empty() {
            out.push_str(",\"requestId\":");
            write_string(out, &self.0.request_id, bound);
        }
        out.push_str(",\"timestamp\":\"");
        out.push_str(&rfc3339(o.now()));
        out.push('"');
        if !o.server_version.is_empty() {
            out.push_str(",\"serverVersion\":");
            write_string(out, &o.server_version, bound);
        }
        out.push('}');
    }

    fn write_problem(&self, enc: &mut Encoder, o: &Options, out: &mut String) {
        out.push_str("{\"type\":");
        write_string(out, self.0.def.problem_type, None);
        out.push_str(",\"title\":");
        write_string(out, self.0.def.title, None);
        out.push_str(",\"status\":");
        out.push_str(&self.status().to_string());
        out.push_str(",\"detail\":");
        let message = self.text(enc, self.0.def.message);
        write_string(out, &message, enc.bound(None));
        out.push_str(",\"instance\":");
        match (&self.0.instance, &o.instance) {
            (i, _) if !i.is_empty() => write_string(out, i, None),
            (_, Some(i)) => write_string(out, i, None),
            _ => write_string(out, &urn_uuid(), None),
        }
        out.push_str(",\"timestamp\":\"");
        out.push_str(&rfc3339(o.now()));
        out.push_str("\",\"symbol\":");
        write_string(out, self.0.def.symbol, None);
        out.push_str(",\"retryable\":");
        out.push_str(bool_text(self.retryable()));
        self.write_retry(out);
        self.write_advice(enc, o, out);
        enc.flat_keys.clear();
        if self.0.def.details.is_some() {
            // the details flattened: their object's members without braces
            let mut obj = String::new();
            enc.flatten = true;
            self.write_details(enc, &mut obj);
            enc.flatten = false;
            let body = &obj[1..obj.len() - 1];
            if !body.is_empty() {
                out.push(',');
                out.push_str(body);
            }
        }
        if !enc.minimal {
            let object = self.0.def.details.map(|t| t.object);
            for (i, (k, v)) in self.0.extensions.iter().enumerate() {
                if enc.rules.problem_members.contains(&k.as_str())
                    || object.is_some_and(|o| o.declares(k))
                    || enc.flat_keys.iter().any(|f| f == k)
                    || self.0.extensions[..i].iter().any(|(p, _)| p == k)
                {
                    continue;
                }
                out.push(',');
                write_string(out, k, None);
                out.push(':');
                enc.write_any(out, &UNTYPED, v, 0);
            }
        }
        if o.verbose && !enc.minimal {
            out.push_str(",\"debugInfo\":");
            self.write_debug_info(enc, o, out);
        }
        out.push('}');
    }

    fn write_response(&self, enc: &mut Encoder, _: &Options, out: &mut String) {
        out.push_str("{\"error\":true,\"code\":");
        write_string(out, self.0.def.symbol, None);
        out.push_str(",\"message\":");
        let message = self.text(enc, self.0.def.message);
        write_string(out, &message, enc.bound(None));
        if self.0.def.details.is_some() {
            out.push_str(",\"details\":");
            self.write_details(enc, out);
        }
        self.write_retry(out);
        out.push('}');
    }

    /// Writes the members `,"retry"` and, when the occurrence retries after
    /// a known delay, `,"retryAfterMs"` (a minimal payload keeps both).
    fn write_retry(&self, out: &mut String) {
        out.push_str(",\"retry\":\"");
        out.push_str(self.retry_class().as_str());
        out.push('"');
        if let Some(ms) = self.retry_after_ms() {
            out.push_str(",\"retryAfterMs\":");
            out.push_str(&ms.to_string());
        }
    }
}

fn bool_text(b: bool) -> &'static str {
    if b {
        "true"
    } else {
        "false"
    }
}
