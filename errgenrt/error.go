package errgenrt

// Error is one occurrence of a catalog error: its definition, its typed
// details and per-occurrence options. It renders into every wire format.
type Error struct {
	Def     *Def
	Details Details // nil when the error has none

	cause     error
	retryable int8 // 0: the catalog's; 1 true; -1 false
	status    int  // 0: the default status
	data      []KV // legacy JSON-RPC data keys
	ext       []KV // problem extension members
	requestID string
	instance  string
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

// WithRetryable overrides the catalog's retryable flag for this occurrence.
func WithRetryable(r bool) Option {
	return func(e *Error) {
		if r {
			e.retryable = 1
		} else {
			e.retryable = -1
		}
	}
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
// requestId, policyHash, …). It never overwrites domain, symbol, retryable
// or context.
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

// Error returns the message rendered for server logs: verbose, unredacted,
// followed by the cause.
func (e *Error) Error() string {
	if e.Def == nil {
		return "errgenrt: error without definition"
	}
	enc := getEncoder(e.Def.Catalog, &Options{Verbose: true})
	defer putEncoder(enc)
	msg := e.Def.Symbol + ": " + enc.render(&e.Def.Message, e.Details)
	if e.cause != nil {
		msg += ": " + e.cause.Error()
	}
	return msg
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.cause }

// Is reports whether target is the definition of e (the generated ErrX
// sentinel) or another error of the same catalog entry.
func (e *Error) Is(target error) bool {
	switch t := target.(type) {
	case *Def:
		return t == e.Def
	case *Error:
		return t.Def == e.Def
	}
	return false
}

// Retryable reports whether the occurrence may be retried.
func (e *Error) Retryable() bool {
	if e.retryable != 0 {
		return e.retryable > 0
	}
	return e.Def.Retryable
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
