package endtoend

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	kinds "github.com/errgen/errgen/internal/endtoend/testdata/golden/kinds/go"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen/jsonschema"
)

// openInfo is an ErrorInfo with other members everywhere it takes them.
func openInfo() kinds.ErrorInfo {
	return kinds.ErrorInfo{
		Reason: "QUOTA_EXCEEDED",
		Metadata: &kinds.ErrorInfoMetadata{Service: errgenrt.Ptr("pubsub"), Extra: map[string]string{
			"zone": "eu-1", "consumer": "projects/1", "service": "shadowed by the declared field",
		}},
		Counts:  &kinds.ErrorInfoCounts{Total: 3, Extra: map[string]int64{"reads": 2}},
		Owners:  &kinds.ErrorInfoOwners{Extra: map[string]*kinds.Node{"backup": {Name: "bob"}, "nobody": nil}},
		Labels:  &kinds.ErrorInfoLabels{Extra: map[string]kinds.ErrorInfoLabelsExtra{"canary": "on"}},
		Secrets: &kinds.ErrorInfoSecrets{Extra: map[string]string{"token": "hunter2"}},
		Extra: map[string]any{
			"trace": "abc", "retryAfter": 30, "title": "a detail member named like the problem's title",
			"reason": "shadowed by the declared field", "long": strings.Repeat("x", 100),
		},
	}
}

// A Go caller sets the other members of open objects (Extra): every format
// carries them after the declared fields, sorted, under the field rules of
// additionalProperties, and the generated schema accepts every payload.
func TestOpenMapsFromGo(t *testing.T) {
	m := errgentest.Model(t, catalog.OSFS{}, filepath.Join("testdata", "golden", "kinds", "errors.yaml"))
	vs := schCompile(t, schFiles(t, goldenCase{name: "kinds", catalog: filepath.Join("testdata", "golden", "kinds", "errors.yaml"), dir: filepath.Join("testdata", "golden", "kinds")}, m)[0].Data)
	validate := func(def string, b []byte) {
		t.Helper()
		if err := vs[def].Validate(schDecode(t, b)); err != nil {
			t.Errorf("%s rejects %s: %v", def, b, err)
		}
	}
	err := kinds.NewReason(openInfo(), errgenrt.WithExtension("trace", "caller's"), errgenrt.WithExtension("tool", "read_file"))

	rpc := err.AppendJSONRPC(nil, nil)
	validate(jsonschema.DefJSONRPCError, rpc)
	details := decode(t, rpc)["data"].(map[string]any)["context"].(map[string]any)["details"].(map[string]any)
	if s := string(rpc); !strings.Contains(s, `"metadata":{"service":"pubsub","consumer":"projects/1","zone":"eu-1"}`) ||
		!strings.Contains(s, `"owners":{"backup":{"name":"bob"},"nobody":{"name":""}}`) ||
		!strings.Contains(s, `"secrets":{"token":"\u003credacted\u003e"}`) {
		t.Errorf("nested other members: %s", s)
	}
	if details["reason"] != "QUOTA_EXCEEDED" || details["trace"] != "abc" || details["title"] == nil || details["retryAfter"] != float64(30) {
		t.Errorf("details %v", details)
	}
	if long := details["long"].(string); len(long) > 40 || !strings.HasSuffix(long, "...") {
		t.Errorf("an other string member is not bounded like any string: %q", long)
	}
	if i, j := strings.Index(string(rpc), `"secrets"`), strings.Index(string(rpc), `"long"`); i < 0 || j < i {
		t.Error("other members are not written after the declared fields")
	}

	problem := err.AppendProblem(nil, nil)
	validate(jsonschema.DefProblemDetails, problem)
	doc := decode(t, problem)
	if doc["title"] != "Failed for a reason" || strings.Count(string(problem), `"title"`) != 1 {
		t.Errorf("an other member named like a problem member reached the document: %s", problem)
	}
	if doc["trace"] != "abc" || strings.Count(string(problem), `"trace"`) != 1 || doc["tool"] != "read_file" {
		t.Errorf("a caller extension took the name of a detail member, or was lost: %s", problem)
	}

	resp := err.AppendResponse(nil, nil)
	validate(jsonschema.DefErrorResponse, resp)
	if path(decode(t, resp), "details", "title") == nil {
		t.Errorf("response details lost an other member: %s", resp)
	}

	// sensitive other members in clear only on request; none in a minimal payload
	shown := string(err.AppendJSONRPC(nil, &errgenrt.Options{ShowSensitive: true}))
	if !strings.Contains(shown, `"token":"hunter2"`) {
		t.Errorf("ShowSensitive: %s", shown)
	}
	small := err.AppendJSONRPC(nil, &errgenrt.Options{MaxDataBytes: 300})
	validate(jsonschema.DefJSONRPCError, small)
	if strings.Contains(string(small), "trace") || strings.Contains(string(small), "zone") {
		t.Errorf("a minimal payload keeps other members: %s", small)
	}

	// encoding/json round trip: the other members come back
	in := openInfo()
	raw, jerr := json.Marshal(in)
	if jerr != nil {
		t.Fatal(jerr)
	}
	var out kinds.ErrorInfo
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	in.Extra["retryAfter"] = float64(30) // what encoding/json makes of a number in any
	delete(in.Extra, "reason")           // shadowed by the declared field
	delete(in.Metadata.Extra, "service")
	if !reflect.DeepEqual(in, out) {
		t.Errorf("round trip:\n%+v\n%+v\n%s", in, out, raw)
	}
	// names match exactly: Reason is another member, not the field
	var exact kinds.ErrorInfo
	if err := json.Unmarshal([]byte(`{"reason":"a","Reason":"b"}`), &exact); err != nil || exact.Reason != "a" || exact.Extra["Reason"] != "b" {
		t.Errorf("exact names: %+v, %v", exact, err)
	}
	if err := json.Unmarshal([]byte(`{"counts":{"total":1,"x":"not an integer"}}`), &exact); err == nil || !strings.Contains(err.Error(), `"x"`) {
		t.Errorf("a mistyped other member: %v", err)
	}
}
