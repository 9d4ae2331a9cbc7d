package errgenrt

import "testing"

// Patterns mean what they mean in ECMAScript (with the u flag), as Ajv and
// the other runtimes read them.
func TestPatternsReadAsECMAScript(t *testing.T) {
	for _, c := range []struct {
		pattern, s string
		match      bool
	}{
		{`^\d+$`, "123", true}, {`^\d+$`, "١٢٣", false},
		{`^\w+$`, "a_1", true}, {`^\w+$`, "é", false},
		{`^\s$`, "\u00a0", true}, {`^\s$`, "\v", true}, {`^\s$`, "\u0085", false}, {`^\s$`, "\ufeff", true},
		{`^\S$`, "\u00a0", false}, {`^\S$`, "x", true}, {`^[\S]$`, "\u2028", false}, {`^[\S]$`, "é", true},
		{`a\bé`, "aé", true}, {`\bé`, "x é", false},
		{`^.$`, "é", true}, {`^.$`, "\r", false}, {`^.$`, "\u2028", false}, {`^.$`, "😀", true},
		{`^[\d.]+$`, "1.5", true}, {`^[\d.]+$`, "1x", false},
		{`^[^\s]+$`, "a-b", true}, {`^[^\s]+$`, "a b", false}, {`^[\D]$`, "a", true}, {`^[\D]$`, "1", false},
		{`^[[]$`, "[", true}, {`^[[:a]+$`, ":a", true}, {`^[a&&b]+$`, "&&", true},
		{`^[+--]+$`, "+,-", true}, {`^[+--]+$`, "a", false},
		{`^\<\/\~$`, "</~", true},
		{`^a[]?$`, "a", true}, {`^[]$`, "", false}, {`^[^]$`, "\n", true},
		{`^\u00e9\x41\cJ$`, "éA\n", true}, {`^\u{1F600}$`, "😀", true},
		{`b`, "abc", true}, {`^b`, "abc", false}, {`a$`, "a\n", false},
	} {
		re, err := CompilePattern(c.pattern)
		if err != nil {
			t.Errorf("%s: %v", c.pattern, err)
			continue
		}
		if got := re.MatchString(c.s); got != c.match {
			t.Errorf("%s on %q: %v, want %v (as RE2 %s)", c.pattern, c.s, got, c.match, translatePattern(c.pattern))
		}
	}
	for _, p := range []string{`(?=a)`, `(a)\1`, `[a`, `(?<!a)b`} {
		if _, err := CompilePattern(p); err == nil {
			t.Errorf("%s compiled; RE2 cannot hold it", p)
		}
	}
}
