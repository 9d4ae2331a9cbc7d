package catalog

import (
	"encoding/json"
	"testing"
)

// TestNumbersJSONCannotCarry holds what a value that YAML reads as a number
// but JSON cannot write becomes: a positioned error, and null, never a
// number without its text (which a schema validator cannot read). The
// numbers JSON can carry keep their canonical text.
func TestNumbersJSONCannotCarry(t *testing.T) {
	v, diags := ParseDocument("v.yaml", []byte("{dot: .25, inf: .inf, nan: .nan, hex: 0x10, under: 1_000, float: 1.5e3, big: 123456789012345678901234567890, int: -0}\n"))
	bad := map[string]int{"dot": 7, "inf": 17, "nan": 28, "hex": 39, "under": 52}
	if len(diags) != len(bad) {
		t.Fatalf("got %d diagnostics, want %d: %v", len(diags), len(bad), diags)
	}
	for _, d := range diags {
		if d.Pos.Line != 1 {
			t.Errorf("diagnostic on line %d: %s", d.Pos.Line, d.Format(""))
		}
	}
	want := map[string]json.Number{"float": "1500", "big": "123456789012345678901234567890", "int": "0"}
	for _, m := range v.Members {
		switch col, isBad := bad[m.Key]; {
		case isBad:
			if m.Value.Kind != Null || m.Value.Num != "" {
				t.Errorf("%s: got %s %q, want null", m.Key, m.Value.Kind, m.Value.Num)
			}
			found := false
			for _, d := range diags {
				found = found || d.Pos.Col == col
			}
			if !found {
				t.Errorf("%s: no diagnostic at column %d: %v", m.Key, col, diags)
			}
		default:
			if m.Value.Kind != Number || m.Value.Num != want[m.Key] {
				t.Errorf("%s: got %s %q, want number %q", m.Key, m.Value.Kind, m.Value.Num, want[m.Key])
			}
		}
	}
}
