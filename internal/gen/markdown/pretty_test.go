package markdown

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzPretty holds appendPretty to json.Indent on every valid JSON text.
func FuzzPretty(f *testing.F) {
	for _, s := range []string{
		`{}`, `[]`, `{"a":[]}`, `[{},[],""]`, `"x"`, `1`, `null`,
		`{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"m","data":{"context":{"details":{"s":"a\"b\\c"},"suggestions":["x"]}}}}`,
		"{ \"a\" : [ 1 , { \"b\" : \"x\\\"y\" } ] ,\n\t\"c\" : { } }",
		`{"k":"\u2028 \\\" ] } , :"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if !json.Valid(raw) {
			return
		}
		var want bytes.Buffer
		if err := json.Indent(&want, raw, "", "  "); err != nil {
			t.Fatal(err)
		}
		if got := string(appendPretty(nil, raw)); got != want.String() {
			t.Errorf("appendPretty(%q) =\n%s\nwant\n%s", raw, got, want.String())
		}
	})
}
