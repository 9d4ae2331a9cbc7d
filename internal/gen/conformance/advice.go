package conformance

import (
	"fmt"
	"time"

	"github.com/errgen/errgen/errgenrt"
)

// AdvicePayloads are the payloads of the advice vectors (rules/advice/N):
// every form of error payload a client may hold, for the advice a
// runtime's retry advice helper gives: the payloads of each retry class
// (with and without a delay) in every format and in the JSON-RPC
// responses and tool results that carry them, a newer catalog's error, an
// older server's payloads, delays however written, and members of the
// wrong type. They do not depend on a catalog: every vector file holds
// them. runtime/fixtures/retry-advice.jsonl holds them too, for the
// runtimes' own tests.
func AdvicePayloads() []string {
	def := func(sym string, retry errgenrt.RetryClass, ms int64) *errgenrt.Def {
		return &errgenrt.Def{Code: int64(len(sym)), WireCode: -32000 - int64(len(sym)), Symbol: sym, Type: sym, Domain: "d", Title: sym,
			ProblemType: "urn:x:" + sym, Statuses: []int{429}, Retry: retry, Retryable: retry == errgenrt.RetryAfterDelay, RetryAfterMs: ms, Message: "m"}
	}
	defs := []*errgenrt.Def{def("E_FALLBACK", errgenrt.RetryNever, 0), def("E_CHANGE", errgenrt.RetryAfterChange, 0),
		def("E_DELAY", errgenrt.RetryAfterDelay, 30000), def("E_NO_DELAY", errgenrt.RetryAfterDelay, 0)}
	c := errgenrt.NewCatalog(&errgenrt.Catalog{Name: "t", Version: "1", SchemaVersion: 1, Limits: errgenrt.Limits{MaxDataBytes: 16384, MaxStringBytes: 1024, MaxSuggestions: 3}},
		defs, "E_FALLBACK")
	o := &errgenrt.Options{Now: func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }, Instance: func() string { return "urn:x" }}
	var payloads []string
	for _, e := range []*errgenrt.Error{
		errgenrt.New(c.BySymbol("E_FALLBACK"), nil),
		errgenrt.New(c.BySymbol("E_CHANGE"), nil),
		errgenrt.New(c.BySymbol("E_DELAY"), nil),
		errgenrt.New(c.BySymbol("E_DELAY"), nil, errgenrt.WithRetryAfter(1500*time.Millisecond)),
		errgenrt.New(c.BySymbol("E_NO_DELAY"), nil),
		errgenrt.New(c.BySymbol("E_CHANGE"), nil, errgenrt.WithRetryable(true), errgenrt.WithRetryAfter(0)),
	} {
		rpc, problem := string(e.AppendJSONRPC(nil, o)), string(e.AppendProblem(nil, o))
		payloads = append(payloads, rpc, problem, string(e.AppendResponse(nil, o)), string(e.AppendToolResult(nil, o)),
			`{"jsonrpc":"2.0","id":7,"error":`+rpc+`}`,
			`{"content":[{"type":"text","text":"see structuredContent"}],"structuredContent":`+problem+`,"isError":true}`,
			`{"jsonrpc":"2.0","id":"x","result":`+string(e.AppendToolResult(nil, o))+`}`)
	}
	payloads = append(payloads,
		// a newer catalog's error, a class this runtime does not know
		`{"type":"urn:new","title":"New","status":429,"symbol":"E_NEW","retryable":true,"retry":"after_delay","retryAfterMs":7}`,
		`{"code":-32099,"message":"m","data":{"symbol":"E_NEW","retryable":true,"retry":"after_reboot","retryAfterMs":5}}`,
		`{"error":true,"code":"E_NEW","message":"m","retry":"later","retryable":false}`,
		// an older server: retryable alone, or nothing
		`{"code":1,"message":"m","data":{"domain":"d","symbol":"E_OLD","retryable":true,"context":{"retryable":true}}}`,
		`{"code":1,"message":"m","data":{"domain":"d","symbol":"E_OLD","context":{"retryable":true}}}`,
		`{"error":true,"code":"E_OLD","message":"m"}`,
		`{"type":"urn:old","title":"Old","status":503,"retryable":true,"retryAfterMs":2000}`,
		// delays: a whole number from 0 to 2^53 - 1 however written, and
		// what is not one
		`{"retry":"after_delay","retryAfterMs":-1}`,
		`{"retry":"after_delay","retryAfterMs":1.5}`,
		`{"retry":"after_delay","retryAfterMs":1500.0}`,
		`{"retry":"after_delay","retryAfterMs":1e3}`,
		`{"retry":"after_delay","retryAfterMs":-0}`,
		`{"retry":"after_delay","retryAfterMs":9007199254740991}`,
		`{"retry":"after_delay","retryAfterMs":9007199254740993}`,
		`{"retry":"after_delay","retryAfterMs":"5"}`,
		`{"retry":"after_delay","retryAfterMs":null}`,
		`{"retry":"after_delay","retryAfterMs":true}`,
		`{"retry":"after_delay","retryAfterMs":0}`,
		`{"retry":"after_delay","retryAfterMs":86400000}`,
		`{"retry":"after_change","retryAfterMs":5}`,
		`{"retry":"never","retryable":true,"retryAfterMs":5}`,
		// members of the wrong type, or where no payload keeps them
		`{"retry":1,"retryable":"true"}`,
		`{"retry":null,"retryable":true}`,
		`{"retry":["after_delay"],"retryable":false}`,
		`{"code":1,"message":"m","data":[1]}`,
		`{"jsonrpc":"2.0","id":1,"error":"busy"}`,
		`{"content":[{"type":"text","text":"not json"}],"isError":true}`,
		`{"content":[{"type":"image","data":"x"},{"type":"text","text":"{\"retry\":\"after_delay\",\"retryAfterMs\":9}"}],"isError":true}`,
		`{"content":[],"structuredContent":{"retry":"after_change"},"isError":false}`,
		`{"content":"x","retry":"after_delay"}`,
		`{"type":"urn:x","retry":"after_change","error":{"retry":"after_delay"}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"[]"}]}}`,
		`{}`, `[]`, `null`, `"after_delay"`, `42`,
		// white space around the payload
		" \t\r\n{\"retry\":\"after_change\"}\n",
	)
	// JSON-RPC responses one inside the other: a reader opens 7 and no
	// more, however the payload nests
	for _, n := range []int{7, 8} {
		for _, wrap := range []string{`{"jsonrpc":"2.0","id":1,"error":`, `{"jsonrpc":"2.0","id":1,"result":`} {
			p := `{"retry":"after_change"}`
			for range n {
				p = wrap + p + "}"
			}
			payloads = append(payloads, p)
		}
	}
	return payloads
}

// adviceVectors appends the advice vectors, rules/advice/N for the Nth of
// AdvicePayloads and then of texts that are not JSON, each with the advice errgenrt.AdviseRetry gives, and
// the advice inputs every runner refuses.
func (g *generator) adviceVectors() {
	// and text that is no JSON, which every reader takes for no payload:
	// none, words, JSON's value and more, a byte order mark before it, the
	// constants some parsers read as numbers; and JSON some parsers
	// refuse: a lone surrogate (U+FFFD), a number past the doubles (not a
	// delay)
	texts := append(AdvicePayloads(), "", "busy", `{"retry":"after_change"} {}`, "\ufeff{\"retry\":\"after_change\"}",
		`{"retry":"after_change","retryAfterMs":NaN}`, `{"retry":"after_delay","retryAfterMs":Infinity}`,
		`{"retry":"after_change","note":"\ud800"}`, `{"retry\udfff":"after_change","retryable":true,"retryAfterMs":3}`,
		`{"retry":"after_delay","retryAfterMs":1e400}`, `{"retry":"after_delay","retryAfterMs":-1e400}`)
	for i, p := range texts {
		if g.err != nil {
			return
		}
		id := fmt.Sprintf("rules/advice/%d", i+1)
		raw, err := marshal(map[string]any{"kind": "advice", "payload": p})
		if err != nil {
			g.err = fmt.Errorf("vector %s: %w", id, err)
			return
		}
		line, err := Vector{ID: id, RawInput: raw}.Line()
		if err != nil {
			g.err = fmt.Errorf("vector %s: %w", id, err)
			return
		}
		_, read, err := errgenrt.ReadConformanceLine(line)
		var a errgenrt.ConformanceAdvice
		if err == nil {
			a, err = errgenrt.ConformanceAdvise(read)
		}
		if err != nil {
			g.err = fmt.Errorf("vector %s: %w", id, err)
			return
		}
		if g.register(id) {
			g.out = append(g.out, Vector{ID: id, Input: *read, Advice: &a, RawInput: raw})
		}
	}
	g.refuse("rules/refuse-advice-no-payload", map[string]any{"kind": "advice"}, "an advice input without the payload's text")
	g.refuse("rules/refuse-advice-payload", map[string]any{"kind": "advice", "payload": map[string]any{"retry": "after_delay"}},
		"a payload that is not a string (the payload's text)")
}
