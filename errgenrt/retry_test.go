package errgenrt

import (
	"math"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The retry class and delay of an occurrence: the catalog's, moved by
// WithRetryable, the delay normalized, on every wire and in Retry-After.

func retryCatalog(t *testing.T) (*Catalog, map[string]*Def) {
	t.Helper()
	def := func(sym string, retry RetryClass, ms int64, statuses ...int) *Def {
		return &Def{Code: int64(len(sym)), WireCode: int64(len(sym)), Symbol: sym, Type: strings.ToLower(sym), Domain: "d", Title: sym,
			ProblemType: "urn:x:" + sym, Statuses: statuses, Retry: retry, Retryable: retry == RetryAfterDelay, RetryAfterMs: ms, Message: Template(sym)}
	}
	defs := map[string]*Def{
		"never":  def("E_NEVER", RetryNever, 0, 400),
		"change": def("E_CHANGE_IT", RetryAfterChange, 0, 401),
		"delay":  def("E_DELAY_IT_NOW", RetryAfterDelay, 30000, 429),
		"bare":   def("E_DELAY_WITHOUT", RetryAfterDelay, 0, 503),
		"legacy": {Code: 99, WireCode: 99, Symbol: "E_LEGACY", Type: "legacy", Domain: "d", Title: "Legacy", ProblemType: "urn:x:legacy", Statuses: []int{503}, Retryable: true, Message: "Legacy"},
	}
	var list []*Def
	for _, k := range []string{"never", "change", "delay", "bare", "legacy"} {
		list = append(list, defs[k])
	}
	return testCatalog(t, list...), defs
}

func TestRetryClassAndDelay(t *testing.T) {
	_, defs := retryCatalog(t)
	yes, no := WithRetryable(true), WithRetryable(false)
	for _, c := range []struct {
		name  string
		def   string
		opts  []Option
		class RetryClass
		ms    int64 // -1: none
	}{
		{"catalog never", "never", nil, RetryNever, -1},
		{"catalog after_change", "change", nil, RetryAfterChange, -1},
		{"catalog delay", "delay", nil, RetryAfterDelay, 30000},
		{"catalog after_delay without delay", "bare", nil, RetryAfterDelay, -1},
		{"retryable alone", "legacy", nil, RetryAfterDelay, -1},
		{"occurrence delay replaces the catalog's", "delay", []Option{WithRetryAfter(1500 * time.Millisecond)}, RetryAfterDelay, 1500},
		{"rounded up", "delay", []Option{WithRetryAfter(time.Millisecond + 1)}, RetryAfterDelay, 2},
		{"zero", "bare", []Option{WithRetryAfter(0)}, RetryAfterDelay, 0},
		{"negative ignored", "delay", []Option{WithRetryAfter(-time.Second)}, RetryAfterDelay, 30000},
		{"bounded", "delay", []Option{WithRetryAfter(time.Duration(math.MaxInt64))}, RetryAfterDelay, MaxRetryAfterMs},
		{"true moves never", "never", []Option{yes, WithRetryAfter(time.Second)}, RetryAfterDelay, 1000},
		{"true moves after_change, no default delay", "change", []Option{yes}, RetryAfterDelay, -1},
		{"true keeps the catalog's delay", "delay", []Option{yes}, RetryAfterDelay, 30000},
		{"false makes after_delay never, the delay ignored", "delay", []Option{no, WithRetryAfter(time.Second)}, RetryNever, -1},
		{"false keeps after_change", "change", []Option{no}, RetryAfterChange, -1},
		{"a delay where it does not retry after one is ignored", "change", []Option{WithRetryAfter(time.Second)}, RetryAfterChange, -1},
		{"ms: fraction", "bare", []Option{withRetryAfterMs(0.001)}, RetryAfterDelay, 1},
		{"ms: smallest double", "bare", []Option{withRetryAfterMs(5e-324)}, RetryAfterDelay, 1},
		{"ms: minus zero", "bare", []Option{withRetryAfterMs(math.Copysign(0, -1))}, RetryAfterDelay, 0},
		{"ms: NaN ignored", "delay", []Option{withRetryAfterMs(math.NaN())}, RetryAfterDelay, 30000},
		{"ms: -Inf ignored", "delay", []Option{withRetryAfterMs(math.Inf(-1))}, RetryAfterDelay, 30000},
		{"ms: +Inf bounded", "bare", []Option{withRetryAfterMs(math.Inf(1))}, RetryAfterDelay, MaxRetryAfterMs},
		{"ms: just past the bound", "bare", []Option{withRetryAfterMs(MaxRetryAfterMs + 0.5)}, RetryAfterDelay, MaxRetryAfterMs},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := New(defs[c.def], nil, c.opts...)
			ms, ok := e.RetryAfter()
			if e.RetryClass() != c.class || e.Retryable() != (c.class == RetryAfterDelay) || ok != (c.ms >= 0) || ok && ms != c.ms {
				t.Errorf("class %s, retryable %t, delay %d %t; want %s, %d", e.RetryClass(), e.Retryable(), ms, ok, c.class, c.ms)
			}
			want := `,"retry":"` + string(c.class) + `"`
			if c.ms >= 0 {
				want += `,"retryAfterMs":` + strconv.FormatInt(c.ms, 10)
			}
			o := fixedTestOptions()
			for format, payload := range map[string]string{
				"jsonrpc":  string(e.AppendJSONRPC(nil, o)),
				"problem":  string(e.AppendProblem(nil, o)),
				"response": string(e.AppendResponse(nil, o)),
			} {
				if !strings.Contains(payload, `"retryable":`+strconv.FormatBool(c.class == RetryAfterDelay)+want) && format != "response" ||
					format == "response" && !strings.HasSuffix(payload, want+"}") {
					t.Errorf("%s: %s lacks %s", format, payload, want)
				}
			}
		})
	}
}

// TestRetryAfterHeader: WriteProblem sends Retry-After, in whole seconds
// rounded up, exactly when the problem it writes carries a delay — the
// fallback's own when the error became the fallback.
func TestRetryAfterHeader(t *testing.T) {
	c, defs := retryCatalog(t)
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"catalog delay", New(defs["delay"], nil), "30"},
		{"rounded up", New(defs["delay"], nil, WithRetryAfter(1001*time.Millisecond)), "2"},
		{"zero", New(defs["bare"], nil, WithRetryAfter(0)), "0"},
		{"no delay", New(defs["bare"], nil), ""},
		{"not retried", New(defs["change"], nil, WithRetryAfter(time.Second)), ""},
		{"foreign error: the fallback's", errString("boom"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			c.WriteProblem(w, tc.err, fixedTestOptions())
			_, set := w.Header()["Retry-After"]
			if got := w.Header().Get("Retry-After"); got != tc.want || set != (tc.want != "") {
				t.Errorf("Retry-After %q (set %t), want %q", got, set, tc.want)
			}
		})
	}
}

type errString string

func (e errString) Error() string { return string(e) }

func TestAdviseRetry(t *testing.T) {
	_, defs := retryCatalog(t)
	o := fixedTestOptions()
	delayed := New(defs["delay"], nil, WithRetryAfter(2500*time.Millisecond))
	retry := RetryAdvice{Action: RetryActionRetry, DelayMs: 2500, HasDelay: true}
	for _, tc := range []struct {
		name    string
		payload string
		want    RetryAdvice
	}{
		{"jsonrpc error", string(delayed.AppendJSONRPC(nil, o)), retry},
		{"jsonrpc response", `{"jsonrpc":"2.0","id":1,"error":` + string(delayed.AppendJSONRPC(nil, o)) + `}`, retry},
		{"problem", string(delayed.AppendProblem(nil, o)), retry},
		{"response", string(delayed.AppendResponse(nil, o)), retry},
		{"tool result, text", string(delayed.AppendToolResult(nil, o)), retry},
		{"tool result, structured", `{"content":[],"structuredContent":` + string(delayed.AppendProblem(nil, o)) + `,"isError":true}`, retry},
		{"after_change", string(New(defs["change"], nil).AppendProblem(nil, o)), RetryAdvice{Action: RetryActionChange}},
		{"never", string(New(defs["never"], nil).AppendResponse(nil, o)), RetryAdvice{Action: RetryActionNever}},
		{"no delay", string(New(defs["bare"], nil).AppendJSONRPC(nil, o)), RetryAdvice{Action: RetryActionRetry}},
		{"a newer catalog's error", `{"type":"urn:new","title":"New","status":429,"symbol":"E_NEW","retryable":true,"retry":"after_delay","retryAfterMs":7}`, RetryAdvice{Action: RetryActionRetry, DelayMs: 7, HasDelay: true}},
		{"an older server: retryable true", `{"code":1,"message":"m","data":{"symbol":"E_OLD","retryable":true}}`, RetryAdvice{Action: RetryActionRetry}},
		{"an older server: retryable false", `{"error":true,"code":"E_OLD","message":"m"}`, RetryAdvice{Action: RetryActionNever}},
		{"an unknown class reads retryable", `{"retry":"after_reboot","retryable":true,"retryAfterMs":5}`, RetryAdvice{Action: RetryActionRetry, DelayMs: 5, HasDelay: true}},
		{"a malformed delay is none", `{"retry":"after_delay","retryAfterMs":-1}`, RetryAdvice{Action: RetryActionRetry}},
		{"not JSON", `oops`, RetryAdvice{Action: RetryActionNever}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := AdviseRetry([]byte(tc.payload)); got != tc.want {
				t.Errorf("%+v, want %+v (payload %s)", got, tc.want, tc.payload)
			}
		})
	}
}
