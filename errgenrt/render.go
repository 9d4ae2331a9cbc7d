package errgenrt

import (
	"bytes"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Reserved member names: caller data never overwrites them.
var (
	rpcDataMembers = []string{"domain", "symbol", "retryable", "retry", "retryAfterMs", "context"}
	problemMembers = []string{"type", "title", "status", "detail", "instance", "timestamp", "symbol", "retryable", "retry", "retryAfterMs", "userMessage", "suggestions", "debugInfo"}
)

// JSONRPCDataMembers returns the members of a JSON-RPC error's data that
// errgenrt writes itself. Legacy data ([WithData]) never takes one of
// these names: such a key is dropped.
func JSONRPCDataMembers() []string { return slices.Clone(rpcDataMembers) }

// ProblemMembers returns the members of a problem document that errgenrt
// writes itself. Extension members ([WithExtension]) never take one of
// these names, and a catalog refuses a top-level detail field named so,
// since details are flattened into the document.
func ProblemMembers() []string { return slices.Clone(problemMembers) }

func resolve(o *Options) *Options {
	if o == nil {
		return &defaultOptions
	}
	return o
}

// limits returns the payload bound (an option below MinMaxDataBytes is
// raised to it) and the most suggestions.
func (e *Error) limits(o *Options) (maxData, maxSuggestions int) {
	l := e.Def.Catalog.Limits
	maxData, maxSuggestions = o.MaxDataBytes, o.MaxSuggestions
	if maxData <= 0 {
		maxData = l.MaxDataBytes
	} else if maxData < MinMaxDataBytes {
		maxData = MinMaxDataBytes
	}
	if maxSuggestions <= 0 {
		maxSuggestions = l.MaxSuggestions
	}
	return maxData, maxSuggestions
}

// untypedNode is the node of legacy data and extension values: any JSON
// value, its strings bounded like the message.
var untypedNode = &Node{Kind: KindAny}

// text renders template tpl of the error for the wire.
func (e *Error) text(enc *Encoder, tpl *Template) string {
	enc.def = e.Def
	return enc.render(tpl, e.Def.Details, e.Details)
}

// AppendJSONRPC appends the JSON-RPC error object (the "error" member of a
// response): {"code", "message", "data": {legacy keys…, "domain", "symbol",
// "retryable", "retry", "retryAfterMs", "context": {…}}}, bounded like every payload (see
// [Error.AppendProblem]).
func (e *Error) AppendJSONRPC(dst []byte, o *Options) []byte {
	dst, _ = e.bounded(dst, o, (*Error).appendJSONRPC)
	return dst
}

// JSONRPC returns the three members of the JSON-RPC error object that
// [Error.AppendJSONRPC] writes — the wire code, the message and the data
// object as JSON — for JSON-RPC libraries whose error type holds them
// apart (such as an MCP SDK's).
func (e *Error) JSONRPC(o *Options) (code int64, message string, data []byte) {
	o = resolve(o)
	enc := getEncoder(e.Def.Catalog, o)
	defer putEncoder(enc)
	e.record()
	obj, r := e.fit(enc, o, nil, (*Error).appendJSONRPC)
	// obj is {"code":…,"message":"…","data":{…}}: a quote inside the
	// message is escaped, so the first ,"data": is the member's key. fit
	// leaves the encoder as the object needed it, so the message renders
	// as it does in obj.
	data = obj[bytes.Index(obj, rpcDataKey)+len(rpcDataKey) : len(obj)-1]
	return r.Def.WireCode, r.messageText(enc), data
}

var rpcDataKey = []byte(`,"data":`)

func (e *Error) appendJSONRPC(enc *Encoder, o *Options, dst []byte) []byte {
	dst = append(dst, `{"code":`...)
	dst = strconv.AppendInt(dst, e.Def.WireCode, 10)
	dst = append(dst, `,"message":`...)
	dst = appendQuoted(dst, e.text(enc, &e.Def.Message), enc.bound(nil))
	dst = append(dst, `,"data":`...)
	dst = e.appendRPCData(enc, o, dst)
	return append(dst, '}')
}

func (e *Error) appendRPCData(enc *Encoder, o *Options, dst []byte) []byte {
	dst = append(dst, '{')
	if !enc.minimal {
		for i, kv := range e.data {
			if contains(rpcDataMembers, kv.Key) || dupKey(e.data, i) {
				continue
			}
			dst = append(appendQuoted(dst, kv.Key, -1), ':')
			dst = append(enc.appendAny(dst, untypedNode, kv.Value, 0), ',')
		}
	}
	dst = append(dst, `"domain":`...)
	dst = appendQuoted(dst, e.Def.Domain, -1)
	dst = append(dst, `,"symbol":`...)
	dst = appendQuoted(dst, e.Def.Symbol, -1)
	dst = append(dst, `,"retryable":`...)
	dst = strconv.AppendBool(dst, e.Retryable())
	dst = e.appendRetry(dst)
	dst = append(dst, `,"context":`...)
	dst = e.appendContext(enc, o, dst)
	return append(dst, '}')
}

// appendAdvice appends the members ,"userMessage" and ,"suggestions" that
// both the context and the problem document carry, when the error has them
// and the payload is not minimal.
func (e *Error) appendAdvice(enc *Encoder, o *Options, dst []byte) []byte {
	if enc.minimal {
		return dst
	}
	if e.Def.UserMessage != "" {
		dst = append(dst, `,"userMessage":`...)
		dst = appendQuoted(dst, e.text(enc, &e.Def.UserMessage), enc.bound(nil))
	}
	_, maxSuggestions := e.limits(o)
	if !o.OmitSuggestions && len(e.Def.Suggestions) > 0 && maxSuggestions > 0 {
		dst = append(dst, `,"suggestions":[`...)
		for i := range e.Def.Suggestions {
			if i == maxSuggestions {
				break
			}
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendQuoted(dst, e.text(enc, &e.Def.Suggestions[i]), enc.bound(nil))
		}
		dst = append(dst, ']')
	}
	return dst
}

func (e *Error) appendContext(enc *Encoder, o *Options, dst []byte) []byte {
	dst = append(dst, `{"schemaVersion":`...)
	dst = strconv.AppendInt(dst, int64(e.Def.Catalog.SchemaVersion), 10)
	dst = append(dst, `,"type":`...)
	dst = appendQuoted(dst, e.Def.Type, -1)
	dst = append(dst, `,"details":`...)
	dst = e.appendDetails(enc, dst)
	dst = e.appendAdvice(enc, o, dst)
	dst = append(dst, `,"retryable":`...)
	dst = strconv.AppendBool(dst, e.Retryable())
	if o.Verbose && !enc.minimal {
		dst = append(dst, `,"debugInfo":`...)
		dst = e.appendDebugInfo(o, dst)
	}
	return append(dst, '}')
}

// appendDetails writes the details object, or {} for an error without.
// Details that cannot be written valid (a required value breaks its
// schema and has no replacement) are written {} and mark the encoder
// failed: fit then writes the catalog's fallback instead.
func (e *Error) appendDetails(enc *Encoder, dst []byte) []byte {
	n := e.Def.Details
	if n == nil {
		return append(dst, '{', '}')
	}
	enc.def = e.Def
	out, ok := enc.writeObject(dst, n, e.Details, true)
	if !ok {
		enc.failed = true
		return append(dst, '{', '}')
	}
	return out
}

// appendDebugInfo writes {errorChain, requestId, timestamp, serverVersion}:
// the cause chain, sanitized, at most ErrorChainEntries entries, and each
// string at most DebugStringBytes bytes.
func (e *Error) appendDebugInfo(o *Options, dst []byte) []byte {
	dst = append(dst, `{"errorChain":[`...)
	n := 0
	for c := e.cause; c != nil && n < ErrorChainEntries; c = errors.Unwrap(c) {
		if n > 0 {
			dst = append(dst, ',')
		}
		text := c.Error()
		if !o.ShowSensitive || !otherReading(RuleChainScrubbed) {
			text = SanitizeFreeText(text)
		}
		dst = appendQuoted(dst, text, DebugStringBytes)
		n++
	}
	dst = append(dst, ']')
	if e.requestID != "" || otherReading(RuleEmptyUnset) {
		dst = append(dst, `,"requestId":`...)
		dst = appendQuoted(dst, e.requestID, DebugStringBytes)
	}
	dst = append(dst, `,"timestamp":"`...)
	dst = now(o).AppendFormat(dst, time.RFC3339)
	dst = append(dst, '"')
	if o.ServerVersion != "" || otherReading(RuleEmptyUnset) {
		dst = append(dst, `,"serverVersion":`...)
		dst = appendQuoted(dst, o.ServerVersion, DebugStringBytes)
	}
	return append(dst, '}')
}

func now(o *Options) time.Time {
	if o.Now != nil {
		return o.Now().UTC()
	}
	return time.Now().UTC()
}

// writer writes one whole payload of an error.
type writer func(*Error, *Encoder, *Options, []byte) []byte

// bounded appends one whole payload that write makes, within
// max_data_bytes, and returns it with the error it is of (see [Error.fit]).
func (e *Error) bounded(dst []byte, o *Options, write writer) ([]byte, *Error) {
	o = resolve(o)
	enc := getEncoder(e.Def.Catalog, o)
	defer putEncoder(enc)
	e.record()
	return e.fit(enc, o, dst, write)
}

// fit appends the payload write makes of e, and returns it with the error
// it is of. Details that cannot be written valid make the payload the
// catalog's fallback's, caused by a [ViolationError]. Past max_data_bytes
// the payload is written again minimal: the message and every string whose
// schema takes any string shortened to each of MinimalStringBytes in turn,
// optional members, suggestions, the user message, debug information and
// caller members left out. A payload still past the bound (its constrained
// values alone are larger) is the catalog's fallback instead, minimal,
// caused by e.
func (e *Error) fit(enc *Encoder, o *Options, dst []byte, write writer) ([]byte, *Error) {
	maxData, _ := e.limits(o)
	start := len(dst)
	enc.report = true
	dst = write(e, enc, o, dst)
	enc.report = false
	fb := e.Def.Catalog.Fallback
	if enc.failed && fb != nil && fb != e.Def {
		enc.failed = false
		enc.def, enc.report = e.Def, true
		enc.flush("fallback")
		enc.report = false
		f := fb.fresh(&ViolationError{Err: e})
		if otherReading(RuleViolationEntry) {
			f = fb.fresh(e)
		}
		if otherReading(RuleFallbackInstance) {
			f.instance = e.instance
		}
		if otherReading(RuleFallbackMembers) {
			f.requestID, f.data, f.ext = e.requestID, e.data, e.ext
		}
		return f.fit(enc, o, dst[:start], write)
	}
	enc.pending = enc.pending[:0]
	for _, n := range MinimalStringBytes {
		if maxData <= 0 || len(dst)-start <= maxData {
			return dst, e
		}
		enc.minimal, enc.minString = true, n
		dst = write(e, enc, o, dst[:start])
	}
	if maxData <= 0 || len(dst)-start <= maxData || fb == nil || fb == e.Def {
		return dst, e
	}
	f := fb.fresh(e)
	if otherReading(RuleFallbackInstance) {
		f.instance = e.instance
	}
	if otherReading(RuleFallbackMembers) {
		f.requestID, f.data, f.ext = e.requestID, e.data, e.ext
	}
	return write(f, enc, o, dst[:start]), f
}

// ViolationError is the cause of the fallback an error becomes when its
// details cannot be written valid: a required detail value breaks its
// schema and has no replacement.
type ViolationError struct {
	Err *Error // the error whose details broke their schema
}

func (v *ViolationError) Error() string {
	return v.Err.Def.Symbol + ": details break the schema"
}

// Unwrap returns the error whose details broke their schema.
func (v *ViolationError) Unwrap() error { return v.Err }

// AppendProblem appends the RFC 9457 problem document: type, title,
// status, detail, instance, timestamp, symbol, retryable, retry,
// retryAfterMs (when the occurrence has a retry delay), userMessage and
// suggestions, the detail fields flattened as extension members, then
// caller extensions. Like every payload it keeps within max_data_bytes (the
// catalog's, or the options'): see [Error.fit].
func (e *Error) AppendProblem(dst []byte, o *Options) []byte {
	dst, _ = e.bounded(dst, o, (*Error).appendProblem)
	return dst
}

func (e *Error) appendProblem(enc *Encoder, o *Options, dst []byte) []byte {
	dst = append(dst, `{"type":`...)
	dst = appendQuoted(dst, e.Def.ProblemType, -1)
	dst = append(dst, `,"title":`...)
	dst = appendQuoted(dst, e.Def.Title, -1)
	dst = append(dst, `,"status":`...)
	dst = strconv.AppendInt(dst, int64(e.Status()), 10)
	dst = append(dst, `,"detail":`...)
	dst = appendQuoted(dst, e.text(enc, &e.Def.Message), enc.bound(nil))
	dst = append(dst, `,"instance":`...)
	instanceBound := -1
	if enc.minimal && otherReading(RuleInstanceWhole) {
		instanceBound = enc.minString
	}
	if e.instance != "" {
		dst = appendQuoted(dst, e.instance, instanceBound)
	} else if o.Instance != nil {
		dst = appendQuoted(dst, o.Instance(), instanceBound)
	} else {
		dst = appendUUIDURN(dst)
	}
	dst = append(dst, `,"timestamp":"`...)
	dst = now(o).AppendFormat(dst, time.RFC3339)
	dst = append(dst, `","symbol":`...)
	dst = appendQuoted(dst, e.Def.Symbol, -1)
	dst = append(dst, `,"retryable":`...)
	dst = strconv.AppendBool(dst, e.Retryable())
	dst = e.appendRetry(dst)
	dst = e.appendAdvice(enc, o, dst)
	enc.flatKeys = enc.flatKeys[:0]
	flat := "" // the flattened details, read only by RuleDeclaredName's other reading
	if e.Def.Details != nil {
		mark := len(dst)
		enc.flatten = true
		dst = e.appendDetails(enc, append(dst, ','))
		enc.flatten = false
		// flatten: drop the object's braces, keep its members
		body := dst[mark+2 : len(dst)-1] // ,{ … }
		if len(body) > 0 {
			copy(dst[mark+1:], body)
			dst = dst[:mark+1+len(body)]
		} else {
			dst = dst[:mark]
		}
		if otherReading(RuleDeclaredName) {
			flat = string(dst[mark:])
		}
	}
	if !enc.minimal {
		for i, kv := range e.ext {
			declared := e.Def.detailField(kv.Key)
			if otherReading(RuleDeclaredName) {
				declared = declared && strings.Contains(flat, string(appendQuoted(nil, kv.Key, -1))+":")
			}
			if contains(problemMembers, kv.Key) || declared && !otherReading(RuleDetailNameDropped) || contains(enc.flatKeys, kv.Key) || dupKey(e.ext, i) {
				continue
			}
			dst = append(dst, ',')
			dst = append(appendQuoted(dst, kv.Key, -1), ':')
			dst = enc.appendAny(dst, untypedNode, kv.Value, 0)
		}
	}
	if o.Verbose && !enc.minimal {
		dst = append(dst, `,"debugInfo":`...)
		dst = e.appendDebugInfo(o, dst)
	}
	return append(dst, '}')
}

// AppendResponse appends the plain response {"error": true, "code":
// SYMBOL, "message", "details", "retry", "retryAfterMs"}; details are left
// out for an error that has none, retryAfterMs for an occurrence without a
// retry delay.
func (e *Error) AppendResponse(dst []byte, o *Options) []byte {
	dst, _ = e.bounded(dst, o, (*Error).appendResponse)
	return dst
}

func (e *Error) appendResponse(enc *Encoder, _ *Options, dst []byte) []byte {
	dst = append(dst, `{"error":true,"code":`...)
	dst = appendQuoted(dst, e.Def.Symbol, -1)
	dst = append(dst, `,"message":`...)
	dst = appendQuoted(dst, e.text(enc, &e.Def.Message), enc.bound(nil))
	if e.Def.Details != nil {
		dst = append(dst, `,"details":`...)
		dst = e.appendDetails(enc, dst)
	}
	dst = e.appendRetry(dst)
	return append(dst, '}')
}

// AppendToolResult appends the MCP tool result that carries the problem
// document: {"content":[{"type":"text","text":"<problem JSON>"}],"isError":true}.
func (e *Error) AppendToolResult(dst []byte, o *Options) []byte {
	problem := e.AppendProblem(nil, o)
	dst = append(dst, `{"content":[{"type":"text","text":`...)
	dst = appendQuoted(dst, string(problem), -1)
	return append(dst, `}],"isError":true}`...)
}

// MarshalJSON renders the JSON-RPC error object with the default options.
func (e *Error) MarshalJSON() ([]byte, error) { return e.AppendJSONRPC(nil, nil), nil }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// dupKey reports whether an earlier entry of kvs has the key of kvs[i]:
// the first one wins.
func dupKey(kvs []KV, i int) bool {
	others := kvs[:i]
	if otherReading(RuleFirstMemberWins) {
		others = kvs[i+1:]
	}
	for _, x := range others {
		if x.Key == kvs[i].Key {
			return true
		}
	}
	return false
}
