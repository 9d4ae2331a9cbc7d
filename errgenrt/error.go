package errgenrt

import (
	"log/slog"
	"math"
	"strings"
	"time"
)

// Error is one occurrence of a catalog error: its definition, its typed
// details and per-occurrence options. It renders into every wire format.
type Error struct {
	Def     *Def
	Details Details // nil when the error has none

	cause     error
	retryable int8 // 0: the catalog's; 1 true; -1 false
	// retryAfterMs is the occurrence's retry delay in milliseconds, when
	// retryAfterSet (WithRetryAfter).
	retryAfterMs  int64
	retryAfterSet bool
	// logSensitive shows sensitive values in the log forms
	// (VerboseError, LogValue): WithLogSensitive.
	logSensitive bool
	// telemetryCause lets telemetry export the cause's text
	// (WithTelemetryCause).
	telemetryCause bool
	status         int  // 0: the default status
	data           []KV // legacy JSON-RPC data keys
	ext            []KV // problem extension members
	requestID      string
	instance       string
}

// KV is a caller-supplied member.
type KV struct {
	Key   string
	Value any
}

// Option sets something on one occurrence of an error.
type Option func(*Error)

// WithCause keeps err as the cause: errors.Unwrap returns it, and verbose
// mode lists its chain in debugInfo.errorChain. Its text never reaches the
// wire otherwise.
func WithCause(err error) Option { return func(e *Error) { e.cause = err } }

// WithRetryable overrides the catalog's retryable flag for this
// occurrence, and so its retry class ([Error.RetryClass]): true makes it
// RetryAfterDelay, false makes RetryAfterDelay RetryNever.
func WithRetryable(r bool) Option {
	return func(e *Error) {
		if r {
			e.retryable = 1
		} else {
			e.retryable = -1
		}
	}
}

// WithRetryAfter sets how long a client waits before retrying this
// occurrence: the wire's retryAfterMs, and the Retry-After header of
// [Catalog.WriteProblem]. It counts only where the occurrence retries
// after a delay (its class, after [WithRetryable], is RetryAfterDelay),
// and replaces the catalog's delay there. The delay is rounded up to
// whole milliseconds; a negative one is ignored, and one past
// MaxRetryAfterMs (a day) is MaxRetryAfterMs.
func WithRetryAfter(d time.Duration) Option {
	if d < 0 {
		return func(*Error) {}
	}
	ms := int64(d / time.Millisecond)
	if d%time.Millisecond != 0 {
		ms++
	}
	return func(e *Error) { e.retryAfterMs, e.retryAfterSet = min(ms, MaxRetryAfterMs), true }
}

// withRetryAfterMs is [WithRetryAfter] for a delay in milliseconds, as a
// conformance input gives it: NaN or negative is ignored, else it is
// rounded up and bounded by MaxRetryAfterMs (+Inf too).
func withRetryAfterMs(ms float64) Option {
	if math.IsNaN(ms) || ms < 0 {
		return func(*Error) {}
	}
	n := int64(MaxRetryAfterMs)
	if ms < MaxRetryAfterMs {
		n = int64(math.Ceil(ms))
		if otherReading(RuleRetryRoundUp) {
			n = int64(ms)
		}
	}
	return func(e *Error) { e.retryAfterMs, e.retryAfterSet = n, true }
}

// WithStatus picks one of the error's allowed HTTP statuses; a status the
// catalog does not allow for the error is ignored.
func WithStatus(status int) Option {
	return func(e *Error) {
		for _, s := range e.Def.Statuses {
			if s == status {
				e.status = status
			}
		}
	}
}

// WithData adds a legacy key to the JSON-RPC data object (method,
// requestId, policyHash, …). It never overwrites domain, symbol,
// retryable, retry, retryAfterMs or context.
func WithData(key string, value any) Option {
	return func(e *Error) { e.data = append(e.data, KV{key, value}) }
}

// WithExtension adds an extension member (such as tool) to the problem
// document. It never overwrites a core member or a detail field.
func WithExtension(key string, value any) Option {
	return func(e *Error) { e.ext = append(e.ext, KV{key, value}) }
}

// WithRequestID sets the request id shown in verbose debugInfo.
func WithRequestID(id string) Option { return func(e *Error) { e.requestID = id } }

// WithInstance sets the problem document's instance URI (default: a fresh
// urn:uuid).
func WithInstance(uri string) Option { return func(e *Error) { e.instance = uri } }

// WithTelemetryCause lets telemetry (the errgenotel package) export the
// text of the occurrence's cause, bounded by the catalog's string limit.
// Without it no telemetry carries anything of the cause: a cause's text
// can hold what the wire never shows (a path, a query, a credential), so
// only the code that made the occurrence can say it is safe to export.
func WithTelemetryCause() Option { return func(e *Error) { e.telemetryCause = true } }

// WithLogSensitive shows this occurrence's sensitive detail values, in
// clear and unscrubbed, in its log forms ([Error.VerboseError] and
// [Error.LogValue]), which redact them otherwise. The wire is unaffected:
// only [Options].ShowSensitive shows them there.
func WithLogSensitive() Option { return func(e *Error) { e.logSensitive = true } }

// Init fills in an error value for generated constructors, which allocate
// the error and its details together.
func (e *Error) Init(def *Def, d Details, opts []Option) *Error {
	e.Def, e.Details = def, d
	for _, o := range opts {
		o(e)
	}
	return e
}

// New returns an error of def with details d (nil for none).
func New(def *Def, d Details, opts ...Option) *Error {
	return new(Error).Init(def, d, opts)
}

// withDetails holds an error and its details, so that a constructor
// allocates once.
type withDetails[T any] struct {
	e Error
	d T
}

// NewWith returns an error of def with a copy of the details d, the error
// and the copy in one allocation. Generated constructors call it; PT is
// inferred (*T).
func NewWith[T any, PT interface {
	*T
	Details
}](def *Def, d T, opts []Option) *Error {
	w := &withDetails[T]{d: d}
	return w.e.Init(def, PT(&w.d), opts)
}

// Error returns the symbol and the message as the wire carries them by
// default: sensitive fields redacted, verbose-only fields left out, bounded
// by the catalog's string limit, and no cause. fmt's %v, %s and %+v print
// the same, so an error that reaches an SDK's error text, a client or a log
// line discloses nothing the wire would not. Server logs get the verbose
// form with the cause chain from [Error.VerboseError] or, through
// log/slog, from [Error.LogValue].
func (e *Error) Error() string {
	if e == nil {
		return "<nil>"
	}
	if e.Def == nil {
		return "errgenrt: error without definition"
	}
	o := resolve(nil)
	enc := getEncoder(e.Def.Catalog, o)
	defer putEncoder(enc)
	r := e.resolved(enc)
	if otherReading(RuleViolationText) {
		r = e
	}
	return r.Def.Symbol + ": " + r.messageText(enc)
}

// Message returns the error's message rendered under o (nil: the defaults),
// the text of the JSON-RPC message, the problem detail and the plain
// response's message (the fallback's, when the error's details cannot be
// written valid).
func (e *Error) Message(o *Options) string {
	o = resolve(o)
	enc := getEncoder(e.Def.Catalog, o)
	defer putEncoder(enc)
	return e.resolved(enc).messageText(enc)
}

// resolved returns e, or the fallback the wire carries instead when e's
// details cannot be written valid.
func (e *Error) resolved(enc *Encoder) *Error {
	fb := e.Def.Catalog.Fallback
	if e.Def.Details == nil || fb == nil || fb == e.Def {
		return e
	}
	enc.failed = false
	e.appendDetails(enc, nil)
	if !enc.failed {
		return e
	}
	enc.failed = false
	return fb.fresh(&ViolationError{Err: e})
}

// messageText returns the message as the wire carries it: rendered,
// bounded, valid UTF-8, and not sharing the encoder's buffer.
func (e *Error) messageText(enc *Encoder) string {
	return strings.Clone(truncate(validUTF8(e.text(enc, &e.Def.Message)), enc.bound(nil)))
}

// logMessage renders the message for server logs: verbose (verbose-only
// fields included), not bounded, its sensitive values redacted and
// x-sanitize values scrubbed unless the occurrence was made
// [WithLogSensitive].
func (e *Error) logMessage() string {
	enc := getEncoder(e.Def.Catalog, &Options{Verbose: true, ShowSensitive: e.logSensitive})
	defer putEncoder(enc)
	enc.text = true
	return strings.Clone(e.text(enc, &e.Def.Message))
}

// VerboseError returns the message for server logs: verbose, not bounded,
// followed by the cause chain; sensitive values are redacted unless the
// occurrence was made [WithLogSensitive]. It is never sent on the wire.
func (e *Error) VerboseError() string {
	if e == nil || e.Def == nil {
		return e.Error()
	}
	msg := e.Def.Symbol + ": " + e.logMessage()
	if e.cause != nil {
		msg += ": " + e.cause.Error()
	}
	return msg
}

// LogValue makes the error a [slog.LogValuer]: a structured logger records
// the symbol, the code, the verbose message (sensitive values redacted
// unless made [WithLogSensitive]), the cause chain and the request id.
func (e *Error) LogValue() slog.Value {
	if e == nil || e.Def == nil {
		return slog.StringValue(e.Error())
	}
	attrs := []slog.Attr{
		slog.String("symbol", e.Def.Symbol),
		slog.Int64("code", e.Def.Code),
		slog.String("message", e.logMessage()),
	}
	if e.cause != nil {
		attrs = append(attrs, slog.String("cause", e.cause.Error()))
	}
	if e.requestID != "" {
		attrs = append(attrs, slog.String("requestId", e.requestID))
	}
	return slog.GroupValue(attrs...)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.cause
}

// Is reports whether target is the definition of e (the generated ErrX
// sentinel) or another error of the same catalog entry.
func (e *Error) Is(target error) bool {
	if e == nil {
		return false
	}
	switch t := target.(type) {
	case *Def:
		return t == e.Def
	case *Error:
		return t.Def == e.Def
	}
	return false
}

// Retryable reports whether the occurrence may be retried as it was
// sent: its retry class is RetryAfterDelay.
func (e *Error) Retryable() bool { return e.RetryClass() == RetryAfterDelay }

// RetryClass returns whether and when a client may retry the occurrence:
// the catalog's class, moved by [WithRetryable] (true makes it
// RetryAfterDelay; false makes RetryAfterDelay RetryNever and keeps the
// others).
func (e *Error) RetryClass() RetryClass {
	c := e.Def.retryClass()
	switch {
	case e.retryable > 0:
		return RetryAfterDelay
	case e.retryable < 0 && c == RetryAfterDelay:
		return RetryNever
	}
	return c
}

// RetryAfter returns the delay in milliseconds a client waits before
// retrying the occurrence, and whether there is one: only where its class
// is RetryAfterDelay, the occurrence's ([WithRetryAfter]), else the
// catalog's when the catalog's class is RetryAfterDelay.
func (e *Error) RetryAfter() (ms int64, ok bool) {
	switch {
	case e.retryAfterSet && otherReading(RuleRetryOnlyAfterDelay):
		return e.retryAfterMs, true
	case e.RetryClass() != RetryAfterDelay:
		return 0, false
	case e.retryAfterSet:
		return e.retryAfterMs, true
	case e.Def.retryClass() == RetryAfterDelay && e.Def.RetryAfterMs > 0:
		return e.Def.RetryAfterMs, true
	}
	return 0, false
}

// Status returns the HTTP status of the occurrence.
func (e *Error) Status() int {
	if e.status != 0 {
		return e.status
	}
	return e.Def.Statuses[0]
}

// Symbol returns the error's symbol.
func (e *Error) Symbol() string { return e.Def.Symbol }

// Code returns the error's catalog code.
func (e *Error) Code() int64 { return e.Def.Code }

// Ptr returns a pointer to v, for optional detail fields:
// ResourceLimit{ConfigSource: errgenrt.Ptr("policy.yaml")}.
func Ptr[T any](v T) *T { return &v }
