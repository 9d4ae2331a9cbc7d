package errgenrt

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
)

// RetryClass says whether and when a client may retry an error: the
// catalog's retry class, on the wire as the member retry.
type RetryClass string

// The retry classes.
const (
	// RetryNever: retrying cannot help.
	RetryNever RetryClass = "never"
	// RetryAfterChange: the same request fails again; one changed (other
	// arguments, fresh credentials, a new session) may succeed.
	RetryAfterChange RetryClass = "after_change"
	// RetryAfterDelay: the same request may succeed later, after
	// retryAfterMs when the error carries it.
	RetryAfterDelay RetryClass = "after_delay"
)

// MaxRetryAfterMs bounds a retry delay: a day, in milliseconds. A longer
// delay given for an occurrence is this one.
const MaxRetryAfterMs = 86_400_000

// appendRetry appends the members ,"retry" and, where the occurrence
// retries after a known delay, ,"retryAfterMs".
func (e *Error) appendRetry(dst []byte) []byte {
	dst = append(dst, `,"retry":`...)
	dst = appendQuoted(dst, string(e.RetryClass()), -1) // quoted: a Def built by hand may hold any text
	if ms, ok := e.RetryAfter(); ok {
		dst = append(dst, `,"retryAfterMs":`...)
		dst = strconv.AppendInt(dst, ms, 10)
	}
	return dst
}

// RetryAction is what a client does about an error it received.
type RetryAction string

// The retry actions.
const (
	RetryActionRetry  RetryAction = "retry"  // retry, after DelayMs when it is set
	RetryActionChange RetryAction = "change" // retry only a changed request
	RetryActionNever  RetryAction = "never"  // do not retry
)

// RetryAdvice is what a client should do about an error payload.
type RetryAdvice struct {
	Action RetryAction
	// DelayMs is how long to wait before retrying, in milliseconds, when
	// HasDelay; without a delay the client retries on its own backoff.
	DelayMs  int64
	HasDelay bool
}

// AdviseRetry reads the retry class and delay of any error payload
// errgen's runtimes write and returns what a client should do. It takes a
// JSON-RPC error object or a JSON-RPC response holding one, a problem
// document, a plain response, an MCP tool result (its structuredContent,
// else its first text content holding a JSON object) or a JSON-RPC
// response holding one. It needs no catalog, so an error a newer catalog
// added reads too: retry "after_delay" is a retry (after retryAfterMs
// when that is a whole number from 0 to MaxSafeInteger), "after_change" a
// change, "never" never; a payload without retry (an older server) or
// with a class this runtime does not know reads by retryable: true is a
// retry, anything else never. The TypeScript, Python and Rust runtimes
// read payloads the same way (runtime/fixtures/retry-advice.jsonl).
func AdviseRetry(payload []byte) RetryAdvice {
	v := retryCarrier(jsonObject(payload))
	if v == nil {
		return RetryAdvice{Action: RetryActionNever}
	}
	var class string
	_ = json.Unmarshal(v["retry"], &class)
	a := RetryAdvice{Action: RetryActionNever}
	switch RetryClass(class) {
	case RetryAfterDelay:
		a.Action = RetryActionRetry
	case RetryAfterChange:
		return RetryAdvice{Action: RetryActionChange}
	case RetryNever:
		return a
	default:
		if bytes.Equal(v["retryable"], []byte("true")) {
			a.Action = RetryActionRetry
		}
	}
	if a.Action == RetryActionRetry {
		a.DelayMs, a.HasDelay = wholeMillis(v["retryAfterMs"])
	}
	return a
}

// retryCarrier returns the object of a payload that holds its retry
// members: a problem document or a plain response itself, the data of a
// JSON-RPC error object, the problem document of a tool result, each
// found through a JSON-RPC response; nil for none.
func retryCarrier(v map[string]json.RawMessage) map[string]json.RawMessage {
	for range 8 {
		if v == nil || present(v, "retry") || present(v, "retryable") {
			return v // a problem document, a plain response, an error's data
		}
		if present(v, "content") {
			return toolProblem(v)
		}
		if o := jsonObject(v["error"]); o != nil {
			v = o // a JSON-RPC response: its error object
			continue
		}
		if o := jsonObject(v["result"]); o != nil {
			v = o // a JSON-RPC response holding a tool result
			continue
		}
		if o := jsonObject(v["data"]); o != nil && present(v, "code") {
			return o // a JSON-RPC error object
		}
		return v
	}
	return nil
}

// toolProblem returns the problem document a tool result carries: its
// structuredContent, else its first text content holding a JSON object,
// else the result itself.
func toolProblem(result map[string]json.RawMessage) map[string]json.RawMessage {
	if doc := jsonObject(result["structuredContent"]); doc != nil {
		return doc
	}
	var content []struct {
		Type *string `json:"type"`
		Text *string `json:"text"`
	}
	if json.Unmarshal(result["content"], &content) == nil {
		for _, c := range content {
			if c.Type != nil && *c.Type == "text" && c.Text != nil {
				if doc := jsonObject([]byte(*c.Text)); doc != nil {
					return doc
				}
			}
		}
	}
	return result
}

// jsonObject returns the members of the JSON object raw holds, nil when
// it holds another value or none.
func jsonObject(raw []byte) map[string]json.RawMessage {
	var o map[string]json.RawMessage
	if json.Unmarshal(raw, &o) != nil {
		return nil
	}
	return o
}

// present reports whether o has member name, not null.
func present(o map[string]json.RawMessage, name string) bool {
	raw, ok := o[name]
	return ok && !bytes.Equal(bytes.TrimSpace(raw), []byte("null"))
}

// wholeMillis reads a delay: a JSON number whose value is a whole number
// from 0 to MaxSafeInteger (1e3 and 1000.0 are 1000), as every runtime
// can hold it exactly.
func wholeMillis(raw json.RawMessage) (int64, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '-' && (raw[0] < '0' || raw[0] > '9') {
		return 0, false
	}
	f, ok := parseNumber(string(raw))
	if !ok || f != math.Trunc(f) || f < 0 || f > MaxSafeInteger {
		return 0, false
	}
	return int64(f), true
}
