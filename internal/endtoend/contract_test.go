package endtoend

import (
	"encoding/json"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/jsonschema"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/runtimemodel"
)

// contractCatalog has a fallback with details, errors whose empty details
// break their schema and errors whose do not, constrained and free strings,
// and list placeholders.
const contractCatalog = `errgen: 1
name: contract
version: 1.0.0
fallback: E_INTERNAL
limits: {max_data_bytes: 512, max_string_bytes: 64}
domains:
  common: {range: [1000, 1099]}
errors:
  E_INTERNAL:
    code: 1000
    title: Internal error
    message: An internal error occurred
    details:
      type: object
      required: [component]
      properties:
        component: {type: string}
    doc: x
  E_METHOD:
    code: 1001
    title: Method not allowed
    message: "Use one of: {allow}; got {method} ({codes})"
    status: 405
    details:
      type: object
      required: [method, allow]
      properties:
        method: {type: string, pattern: "^[A-Z]+$"}
        allow: {type: array, items: {type: string}, minItems: 1}
        codes: {type: array, items: {type: integer}}
        note: {type: string}
    doc: x
  E_OPTIONAL:
    code: 1002
    title: Optional
    message: "Optional {note}"
    details:
      type: object
      properties:
        note: {type: string}
    doc: x
`

func contractModel(t *testing.T) (*model.Catalog, *runtimemodel.Catalog) {
	t.Helper()
	m := errgentest.Model(t, catalog.MapFS{"errors.yaml": []byte(contractCatalog)}, "errors.yaml")
	return m, runtimemodel.Build(gen.NewInput(m))
}

// A list placeholder renders as its items joined by ", "; an empty or
// missing list as [].
func TestListPlaceholders(t *testing.T) {
	m, rm := contractModel(t)
	e := m.BySymbol("E_METHOD")
	for _, c := range []struct {
		details map[string]any
		want    string
	}{
		{map[string]any{"method": "PUT", "allow": []any{"GET", "HEAD", "OPTIONS"}, "codes": []any{1, 2}}, "Use one of: GET, HEAD, OPTIONS; got PUT (1, 2)"},
		{map[string]any{"method": "PUT", "allow": []any{"GET"}, "codes": []any{}}, "Use one of: GET; got PUT ([])"},
		{map[string]any{"method": "PUT", "allow": []any{"GET"}}, "Use one of: GET; got PUT ()"}, // an absent optional list renders as nothing
	} {
		if got := rm.New(e, c.details).Message(nil); got != c.want {
			t.Errorf("%v: message %q, want %q", c.details, got, c.want)
		}
	}
}

// A definition used bare renders as itself where its empty details are
// valid, else as the fallback it causes; both payloads validate.
func TestBareDefinitions(t *testing.T) {
	m, rm := contractModel(t)
	vs := docsSchema(t, m)
	if m.BySymbol("E_METHOD").EmptyDetailsValid || !m.BySymbol("E_OPTIONAL").EmptyDetailsValid || !m.BySymbol("E_INTERNAL").EmptyDetailsValid {
		t.Fatal("check misjudged which empty details are valid")
	}
	c := rm.Runtime
	for symbol, want := range map[string]string{"E_METHOD": "E_INTERNAL", "E_OPTIONAL": "E_OPTIONAL"} {
		e := c.From(c.BySymbol(symbol))
		if e.Symbol() != want {
			t.Errorf("From(%s definition) = %s, want %s", symbol, e.Symbol(), want)
		}
		if symbol != want && !errors.Is(e, c.BySymbol(symbol)) {
			t.Errorf("the fallback for a bare %s lost it as its cause", symbol)
		}
		for def, b := range map[string][]byte{jsonschema.DefJSONRPCError: e.AppendJSONRPC(nil, nil), jsonschema.DefProblemDetails: e.AppendProblem(nil, nil), jsonschema.DefErrorResponse: e.AppendResponse(nil, nil)} {
			if err := vs[def].Validate(schDecode(t, b)); err != nil {
				t.Errorf("bare %s against %s: %v\n%s", symbol, def, err, b)
			}
		}
	}
}

// Every format keeps within max_data_bytes, message included, and cuts
// the same message the same way; constrained values are written whole, and
// a payload they alone make too large is the fallback's.
func TestBounds(t *testing.T) {
	m, rm := contractModel(t)
	vs := docsSchema(t, m)
	e := m.BySymbol("E_METHOD")
	long := strings.Repeat("x", 2000)
	free := rm.New(e, map[string]any{"method": "PUT", "allow": []any{long, long, long}, "note": long})
	messages := map[string]string{}
	for def, b := range map[string][]byte{jsonschema.DefJSONRPCError: free.AppendJSONRPC(nil, nil), jsonschema.DefProblemDetails: free.AppendProblem(nil, nil), jsonschema.DefErrorResponse: free.AppendResponse(nil, nil)} {
		if len(b) > 512 {
			t.Errorf("%s is %d bytes, over max_data_bytes 512", def, len(b))
		}
		if err := vs[def].Validate(schDecode(t, b)); err != nil {
			t.Errorf("%s: %v\n%s", def, err, b)
		}
		var doc struct{ Message, Detail string }
		_ = json.Unmarshal(b, &doc)
		messages[def] = doc.Message + doc.Detail
	}
	if len(messages) != 3 || messages[jsonschema.DefJSONRPCError] != messages[jsonschema.DefProblemDetails] || messages[jsonschema.DefJSONRPCError] != messages[jsonschema.DefErrorResponse] {
		t.Errorf("the formats cut the message differently: %q", messages)
	}
	if code, msg, _ := free.JSONRPC(nil); code != 1001 || msg != messages[jsonschema.DefJSONRPCError] {
		t.Errorf("JSONRPC() message %q, AppendJSONRPC's %q", msg, messages[jsonschema.DefJSONRPCError])
	}

	// a constrained value too large for any minimal payload
	huge := rm.New(e, map[string]any{"method": strings.Repeat("P", 600), "allow": []any{"GET"}})
	b := huge.AppendProblem(nil, nil)
	if len(b) > 512 || !strings.Contains(string(b), `"symbol":"E_INTERNAL"`) {
		t.Errorf("a payload over the bound through its constrained values: %s", b)
	}
	w := httptest.NewRecorder()
	rm.Runtime.WriteProblem(w, huge, nil)
	if w.Code != 500 || !strings.Contains(w.Body.String(), `"status":500`) {
		t.Errorf("WriteProblem sent status %d with %s", w.Code, w.Body)
	}
	if !strings.Contains(string(huge.AppendJSONRPC(nil, &errgenrt.Options{MaxDataBytes: 1 << 20})), strings.Repeat("P", 600)) {
		t.Error("a constrained value was cut")
	}
}
