package endtoend

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	kinds "github.com/errgen/errgen/internal/endtoend/testdata/golden/kinds/go"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/model"
)

// FuzzEncoders renders errors built from arbitrary strings and sizes:
// every payload is valid JSON and valid UTF-8, detail strings whose schema
// takes any string respect the string limit (the others are written whole),
// and the JSON-RPC error object stays within max_data_bytes.
func FuzzEncoders(f *testing.F) {
	m := errgentest.Model(f, catalog.OSFS{}, filepath.Join("testdata", "golden", "kinds", "errors.yaml"))
	exact := map[string]bool{}
	for _, p := range m.BySymbol("E_EVERYTHING").Details.Schema.Resolved().Properties {
		exact[p.Name] = model.Exact(p.Schema)
	}
	f.Add("héllo \"wörld\" </script> \u2028 \\", 3, 2048, 40, false)
	f.Add(strings.Repeat("€", 100), 400, 1024, 16, true)
	f.Add("\xff\xfe invalid \x00 utf8", 0, 512, 30, false)
	f.Fuzz(func(t *testing.T, s string, n, maxData, maxString int, verbose bool) {
		if n < 0 {
			n = -n
		}
		n %= 2000
		o := fixedOptions()
		o.Verbose = verbose
		o.MaxDataBytes = 1024 + abs(maxData)%16384
		o.MaxStringBytes = 16 + abs(maxString)%2048
		d := kinds.Everything{S: s, E: kinds.EverythingE(s), Nested: kinds.EverythingNested{X: int64(n), Y: &s},
			Root: &kinds.Node{Name: s, Children: []*kinds.Node{{Name: s}}}, Anything: map[string]any{s: []any{s, n}},
			Secret: &s, Home: &s, Link: &s, Note: &s, Debug: &s, Map: map[string]any{"k": s}}
		for i := 0; i < n; i++ {
			d.Tags = append(d.Tags, s)
		}
		err := kinds.NewEverything(d, errgenrt.WithData(s, s), errgenrt.WithExtension(s, s), errgenrt.WithRequestID(s), errgenrt.WithCause(errString(s)))
		rpc := err.AppendJSONRPC(nil, &o)
		for name, b := range map[string][]byte{"jsonrpc": rpc, "problem": err.AppendProblem(nil, &o), "response": err.AppendResponse(nil, &o), "tool": err.AppendToolResult(nil, &o)} {
			if !utf8.Valid(b) || !json.Valid(b) {
				t.Fatalf("%s: invalid output %q", name, b)
			}
		}
		if len(rpc) > o.MaxDataBytes {
			t.Fatalf("the JSON-RPC error object is %d bytes, over %d", len(rpc), o.MaxDataBytes)
		}
		var doc struct {
			Data struct {
				Context struct {
					Details map[string]any `json:"details"`
				} `json:"context"`
			} `json:"data"`
		}
		if err := json.Unmarshal(rpc, &doc); err != nil {
			t.Fatal(err)
		}
		for k, v := range doc.Data.Context.Details {
			if str, ok := v.(string); ok && k != "note" && !exact[k] && len(str) > o.MaxStringBytes+3*utf8.UTFMax {
				t.Fatalf("detail %s is %d bytes, limit %d", k, len(str), o.MaxStringBytes)
			}
		}

		// open maps: any key, also one a declared field, a problem member
		// or a caller extension has, gives valid JSON without a repeated key
		open := kinds.NewReason(kinds.ErrorInfo{Reason: s, Metadata: &kinds.ErrorInfoMetadata{Service: &s, Extra: map[string]string{s: s, "service": s}},
			Extra: map[string]any{s: s, "title": s, "reason": n, "tool": s}}, errgenrt.WithExtension(s, n), errgenrt.WithExtension("tool", n))
		for name, b := range map[string][]byte{"jsonrpc": open.AppendJSONRPC(nil, &o), "problem": open.AppendProblem(nil, &o), "response": open.AppendResponse(nil, &o)} {
			if !utf8.Valid(b) || !json.Valid(b) {
				t.Fatalf("%s: invalid output %q", name, b)
			}
			if k, dup := repeatedKey(b); dup {
				t.Fatalf("%s: key %q repeated in %s", name, k, b)
			}
		}
	})
}

// repeatedKey reports a key that an object of the JSON text b holds twice.
func repeatedKey(b []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(b))
	type frame struct {
		keys   map[string]bool
		object bool
		key    bool // the next string is a key
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", false
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		switch v := tok.(type) {
		case json.Delim:
			switch v {
			case '{', '[':
				if top != nil && top.object {
					top.key = true
				}
				stack = append(stack, &frame{keys: map[string]bool{}, object: v == '{', key: v == '{'})
			default:
				stack = stack[:len(stack)-1]
			}
			continue
		case string:
			if top != nil && top.object && top.key {
				if top.keys[v] {
					return v, true
				}
				top.keys[v] = true
				top.key = false
				continue
			}
		}
		if top != nil && top.object {
			top.key = true
		}
	}
}

type errString string

func (e errString) Error() string { return string(e) }

func abs(i int) int {
	if i < 0 {
		if i == -i {
			return 0
		}
		return -i
	}
	return i
}
