package errgenrt

import (
	"bytes"
	"encoding/json"
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
	dst = append(dst, `,"retry":"`...)
	dst = append(dst, e.RetryClass()...)
	dst = append(dst, '"')
	if ms, ok := e.RetryAfter(); ok {
		dst = append(dst, `,"retryAfterMs":`...)
		dst = strconv.AppendInt(dst, ms, 10)
	}
	return dst
}

// retryAfterSeconds returns the Retry-After header of the occurrence:
// its delay in whole seconds, rounded up, or "" when it has none.
func (e *Error) retryAfterSeconds() string {
	ms, ok := e.RetryAfter()
	if !ok {
		return ""
	}
	return strconv.FormatInt((ms+999)/1000, 10)
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
// errgen's runtimes write — a JSON-RPC error object or a response holding
// one, a problem document, a plain response, an MCP tool result (its
// structuredContent, else its text content) — and returns what a client
// should do. It needs no catalog, so an error a newer catalog added reads
// too: retry "after_delay" is a retry (after retryAfterMs when the payload
// carries it), "after_change" a change, "never" never; a payload without
// retry (an older server) or with a class this runtime does not know
// reads by retryable: true is a retry, anything else never.
func AdviseRetry(payload []byte) RetryAdvice {
	var v map[string]json.RawMessage
	if json.Unmarshal(payload, &v) != nil {
		return RetryAdvice{Action: RetryActionNever}
	}
	return adviseRetry(retryMembers(v, 0))
}

// retryMembers finds the object of a payload that holds retry,
// retryAfterMs and retryable.
func retryMembers(v map[string]json.RawMessage, depth int) map[string]json.RawMessage {
	inner := func(name string) map[string]json.RawMessage {
		var o map[string]json.RawMessage
		if raw, ok := v[name]; ok && json.Unmarshal(raw, &o) == nil && o != nil && depth < 3 {
			return retryMembers(o, depth+1)
		}
		return nil
	}
	if _, ok := v["content"]; ok {
		if o := inner("structuredContent"); o != nil {
			return o
		}
		var content []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		}
		if json.Unmarshal(v["content"], &content) == nil {
			for _, c := range content {
				var o map[string]json.RawMessage
				if c.Type == "text" && json.Unmarshal([]byte(c.Text), &o) == nil && o != nil {
					return o
				}
			}
		}
		return v
	}
	if _, ok := v["error"]; ok && !bytes.Equal(bytes.TrimSpace(v["error"]), []byte("true")) {
		if o := inner("error"); o != nil {
			return o
		}
	}
	if _, ok := v["code"]; ok {
		if _, ok := v["data"]; ok {
			if o := inner("data"); o != nil {
				return o
			}
		}
	}
	return v
}

func adviseRetry(v map[string]json.RawMessage) RetryAdvice {
	var class string
	_ = json.Unmarshal(v["retry"], &class)
	var ms json.Number
	delay := func(a RetryAdvice) RetryAdvice {
		if json.Unmarshal(v["retryAfterMs"], &ms) == nil {
			if n, err := strconv.ParseInt(ms.String(), 10, 64); err == nil && n >= 0 {
				a.DelayMs, a.HasDelay = n, true
			}
		}
		return a
	}
	switch RetryClass(class) {
	case RetryAfterDelay:
		return delay(RetryAdvice{Action: RetryActionRetry})
	case RetryAfterChange:
		return RetryAdvice{Action: RetryActionChange}
	case RetryNever:
		return RetryAdvice{Action: RetryActionNever}
	}
	var retryable bool
	if json.Unmarshal(v["retryable"], &retryable) == nil && retryable {
		return delay(RetryAdvice{Action: RetryActionRetry})
	}
	return RetryAdvice{Action: RetryActionNever}
}
