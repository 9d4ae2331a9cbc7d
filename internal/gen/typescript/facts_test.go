package typescript

import (
	"bytes"
	"encoding/json"
	"regexp"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/gencatalog"
	"github.com/errgen/errgen/internal/model"
)

// protoKeys writes every key named __proto__ as a computed key, and
// nothing else, as the expression it replaced did: on the facts of a
// catalog whose properties are named __proto__ (and whose texts hold
// "__proto__":), of the hostile catalog, and on texts of keys and values
// alike.
func TestProtoKeys(t *testing.T) {
	re := regexp.MustCompile(`(?m)^(\s*)"__proto__":`)
	proto := errgentest.Model(t, catalog.MapFS{"errors.yaml": []byte(`errgen: 1
name: proto
version: 1.0.0
fallback: E_INTERNAL
domains:
  common: {range: [1000, 1099]}
errors:
  E_INTERNAL: {code: 1000, title: T, message: 'M "__proto__": x', doc: D.}
  E_PROTO:
    code: 1001
    title: T
    message: 'M {__proto__}'
    doc: D.
    details:
      type: object
      required: [__proto__]
      properties:
        __proto__: {type: object, properties: {__proto__: {type: string, enum: ['"__proto__":']}}}
        fixed: {const: {__proto__: {__proto__: 1}}}
`)}, "errors.yaml")
	hostile := errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.HostileCatalog()}, "errors.yaml")
	var ins [][]byte
	for _, m := range []*model.Catalog{proto, hostile} {
		b, err := json.MarshalIndent(facts.Build(m), "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		ins = append(ins, b)
	}
	if n := bytes.Count(ins[0], []byte(`"__proto__":`)); n < 2 {
		t.Fatalf("the facts hold %d members named __proto__, want 2 (a const's)", n)
	}
	for _, in := range [][]byte{
		ins[0], ins[1],
		[]byte(`{"a": "\"__proto__\":", "__proto__": 1}`),
		[]byte("{\n  \"__proto__\": {\n    \"__proto__\": \"__proto__\"\n  },\n  \"x\": \"\\\"__proto__\\\":\"\n}"),
		[]byte(`"__proto__":`),
		{},
	} {
		want := re.ReplaceAll(in, []byte(`$1["__proto__"]:`))
		if got := protoKeys(in); !bytes.Equal(got, want) {
			t.Errorf("protoKeys(%.80q) = %.200q, want %.200q", in, got, want)
		}
	}
}
