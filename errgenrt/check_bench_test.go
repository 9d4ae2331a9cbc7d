package errgenrt

import "testing"

// BenchmarkCheck measures what checking a value's constraints costs on
// the error path: the same details written with the constraints of their
// schema (a pattern, bounds, an enum, a date-time, unique items) and
// without. BENCHMARKS.md records the figures.
func BenchmarkCheck(b *testing.B) {
	checked := func(c *Check) *Check { return c }
	none := func(*Check) *Check { return nil }
	for _, bc := range []struct {
		name  string
		check func(*Check) *Check
	}{{"unchecked", none}, {"checked", checked}} {
		node := &Node{Kind: KindObject, Object: &Object{Fields: []Field{
			{Name: "code", Required: true, Node: &Node{Kind: KindString, Check: bc.check(&Check{Patterns: []string{`^[A-Z][A-Z0-9_]+$`}})}},
			{Name: "count", Required: true, Node: &Node{Kind: KindInteger, Check: bc.check(&Check{Minimum: Bound(0), Maximum: Bound(1 << 20)})}},
			{Name: "mode", Required: true, Node: &Node{Kind: KindString, Check: bc.check(&Check{Enum: []string{"read", "write", "exec"}})}},
			{Name: "when", Required: true, Node: &Node{Kind: KindString, Check: bc.check(&Check{Formats: []string{"date-time"}})}},
			{Name: "tags", Required: true, Node: &Node{Kind: KindArray, Check: bc.check(&Check{MaxItems: Limit(8), UniqueItems: true}), Items: &Node{Kind: KindString}}},
		}}}
		def := &Def{Code: 2, WireCode: 2, Symbol: "E_X", Type: "x", Domain: "d", Title: "X", ProblemType: "urn:x:x", Statuses: []int{400},
			Message: "{code}: {count} in {mode} mode", Details: node}
		internal := &Def{Code: 1, WireCode: 1, Symbol: "E_INTERNAL", Type: "internal", Domain: "d", Title: "Internal",
			ProblemType: "urn:x:internal", Statuses: []int{500}, Message: "Internal error"}
		NewCatalog(&Catalog{Name: "t", Version: "1", SchemaVersion: 1, Limits: Limits{MaxDataBytes: 16384, MaxStringBytes: 1024, MaxSuggestions: 3}},
			[]*Def{internal, def}, "E_INTERNAL")
		d := testDetails(node, map[string]any{
			"code": "E_QUOTA_EXCEEDED", "count": 4096.0, "mode": "write", "when": "2026-11-26T10:00:00Z", "tags": []any{"a", "b", "c"},
		})
		o := DefaultOptions()
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]byte, 0, 2048)
			for i := 0; i < b.N; i++ {
				buf = New(def, d).AppendJSONRPC(buf[:0], &o)
			}
		})
	}
}
