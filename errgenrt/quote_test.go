package errgenrt

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzAppendQuoted holds the string writer to the rules of the page:
// the JSON reads back as s with each run of invalid UTF-8 replaced by
// U+FFFD, cut at a UTF-8 boundary with "..." when longer than the bound,
// and nothing in it that would end a <script> or a JavaScript string.
func FuzzAppendQuoted(f *testing.F) {
	for _, s := range []string{"", "plain", "a\"b\\c", "<&>", "\u2028\u2029", "\x00\x1f\x7f", "caf\xc3", "\xff\xfe ok", "héllo wörld", strings.Repeat("ab", 40)} {
		f.Add(s, -1)
		f.Add(s, 8)
	}
	f.Fuzz(func(t *testing.T, s string, limit int) {
		if limit > 1<<16 {
			limit = -1
		}
		out := appendQuoted(nil, s, limit)
		var got string
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("appendQuoted(%q) = %s: not JSON: %v", s, out, err)
		}
		want := strings.ToValidUTF8(s, "\uFFFD")
		if limit >= 0 && len(want) > limit {
			cut := max(limit-3, 0)
			for cut > 0 && !utf8.RuneStart(want[cut]) {
				cut--
			}
			want = want[:cut] + "..."
		}
		if got != want {
			t.Fatalf("appendQuoted(%q, %d) reads back %q, want %q", s, limit, got, want)
		}
		for _, c := range []string{"<", ">", "&", "\u2028", "\u2029"} {
			if strings.Contains(string(out), c) {
				t.Fatalf("appendQuoted(%q) = %s: %q written unescaped", s, out, c)
			}
		}
	})
}
