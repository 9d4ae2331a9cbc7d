package errgenrt

import (
	"encoding/json"
	"strings"
	"testing"
)

// The Go runner answers every line: payloads, or one error answer with the
// line's id ("" when the line cannot be read), never an exit.
func TestServeConformanceAnswersEveryLine(t *testing.T) {
	node := &Node{Kind: KindObject, Object: &Object{Fields: []Field{
		{Name: "name", Required: true, Node: &Node{Kind: KindString}},
		{Name: "count", Node: &Node{Kind: KindInteger}},
		{Name: "ratio", Node: &Node{Kind: KindNumber}},
		{Name: "tags", Node: &Node{Kind: KindArray, Items: &Node{Kind: KindString}}},
		{Name: "blob", Node: &Node{Kind: KindAny}},
	}}}
	def := &Def{Code: 2, WireCode: 2, Symbol: "E_X", Type: "x", Domain: "d", Title: "X", ProblemType: "urn:x:x", Statuses: []int{400},
		Message: "{name} {count}", Details: node, NewDetails: func() Details { return NewJSONDetails(node) }}
	c := testCatalog(t, def)
	opts := `"options":{"now":"2026-01-02T03:04:05Z","instance":"urn:x"}`
	line := func(id, input string) string { return `{"id":"` + id + `","input":{` + input + `}}` }
	deep := strings.Repeat("[", MaxInputDepth) + strings.Repeat("]", MaxInputDepth)
	for _, tc := range []struct {
		line, id string
		details  string // the details member of the plain response; "" for an error answer
	}{
		{line("ok", `"kind":"error","symbol":"E_X","details":{"name":"a","count":1e3,"ratio":1e400,"blob":[1e400,-1e-400,"a\ud800b"]},`+opts), "ok",
			`{"name":"a","count":1000,"ratio":1.7976931348623157e+308,"blob":[1.7976931348623157e+308,0,"a�b"]}`},
		{line("big", `"kind":"error","symbol":"E_X","details":{"name":"a","count":9007199254740992,"tags":null},`+opts), "big", `{"name":"a"}`},
		{line("huge", `"kind":"error","symbol":"E_X","details":{"name":"a","count":1e300},`+opts), "huge", `{"name":"a"}`},
		{line("safe", `"kind":"error","symbol":"E_X","details":{"name":"a","count":-9007199254740991},`+opts), "safe", `{"name":"a","count":-9007199254740991}`},
		{line("last", `"kind":"error","symbol":"E_X","details":{"name":"a","name":"b","NAME":"c"},`+opts), "last", `{"name":"b"}`},
		{line("data", `"kind":"error","symbol":"E_X","data":[{"key":"k","value":1e400}],`+opts), "data", `{"name":""}`},
		{line("deep-ok", `"kind":"error","symbol":"E_X","details":{"name":"a","blob":`+strings.Repeat("[", MaxInputDepth-3)+strings.Repeat("]", MaxInputDepth-3)+`},`+opts), "deep-ok", ""},
		{line("fraction", `"kind":"error","symbol":"E_X","details":{"name":"a","count":1.5},`+opts), "fraction", ""},
		{line("inf-int", `"kind":"error","symbol":"E_X","details":{"name":"a","count":1e400},`+opts), "inf-int", ""},
		{line("type", `"kind":"error","symbol":"E_X","details":{"name":"a","tags":["x",5]},`+opts), "type", ""},
		{line("not-object", `"kind":"error","symbol":"E_X","details":[1],`+opts), "not-object", ""},
		{line("feb30", `"kind":"error","symbol":"E_X","options":{"now":"2026-02-30T00:00:00Z","instance":"urn:x"}`), "feb30", ""},
		{line("fraction-now", `"kind":"error","symbol":"E_X","options":{"now":"2026-02-03T00:00:00.5Z","instance":"urn:x"}`), "fraction-now", ""},
		{line("no-instance", `"kind":"error","symbol":"E_X","options":{"now":"2026-02-03T00:00:00Z"}`), "no-instance", ""},
		{line("symbol", `"kind":"error","symbol":"E_NONE",`+opts), "symbol", ""},
		{line("kind", `"kind":"other",`+opts), "kind", ""},
		{line("status", `"kind":"error","symbol":"E_X","status":"400",`+opts), "status", ""},
		{`{"id":"deep","input":` + deep + `}`, "", ""},
		{`{"id":5}`, "", ""},
		{`not json`, "", ""},
		{`{"id":"x"} {"id":"y"}`, "", ""},
		{"{\"id\":\"\xff\"}", "", ""},
	} {
		var out strings.Builder
		if err := ServeConformance(c, strings.NewReader(tc.line+"\n\n"), &out); err != nil {
			t.Fatalf("%s: %v", tc.line, err)
		}
		var answer struct {
			ID       *string
			Payloads *ConformancePayloads
			Error    string
		}
		if strings.Count(out.String(), "\n") != 1 || json.Unmarshal([]byte(out.String()), &answer) != nil || answer.ID == nil {
			t.Fatalf("%.80s: answered %q, want one JSON line with an id", tc.line, out.String())
		}
		if *answer.ID != tc.id {
			t.Errorf("%.80s: id %q, want %q", tc.line, *answer.ID, tc.id)
		}
		switch {
		case tc.details == "" && tc.id != "deep-ok":
			if answer.Error == "" || answer.Payloads != nil {
				t.Errorf("%.80s: answered %s, want an error answer", tc.line, out.String())
			}
		case answer.Payloads == nil:
			t.Errorf("%.80s: answered %s, want payloads", tc.line, out.String())
		case tc.details != "":
			var resp struct{ Details json.RawMessage }
			json.Unmarshal([]byte(answer.Payloads.Response), &resp)
			if string(resp.Details) != tc.details {
				t.Errorf("%.80s: details %s, want %s", tc.line, resp.Details, tc.details)
			}
		}
	}
}
