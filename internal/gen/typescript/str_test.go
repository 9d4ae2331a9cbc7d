package typescript

import (
	"encoding/json"
	"testing"

	"github.com/errgen/errgen/internal/gencatalog"
)

// FuzzStr holds str to json.Marshal's string literal, which its fast path
// for plain ASCII skips.
func FuzzStr(f *testing.F) {
	for c := 0; c < 256; c++ {
		f.Add(string([]byte{'a', byte(c), 'z'}))
	}
	for _, s := range append([]string{"", "plain text", "E_PW_NAV", "\u2028\u2029", "\xff"}, gencatalog.Hostile...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := str(s); got != string(want) {
			t.Errorf("str(%q) = %s, want %s", s, got, want)
		}
	})
}
