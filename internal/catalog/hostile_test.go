package catalog

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func parseOne(t *testing.T, data []byte) (*Catalog, string) {
	t.Helper()
	c, diags, err := Parse(MapFS{"errors.yaml": data}, "errors.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return c, diags.Format("")
}

// Hostile input gives a diagnostic, never a panic or a hang.
func TestHostileInput(t *testing.T) {
	head := "errgen: 1\nname: x\nversion: 1.0.0\nfallback: E_A\ndomains: {d: {range: [1, 9]}}\n"
	for _, tc := range []struct {
		name string
		data []byte
		want string // substring of the diagnostics; "" for none
	}{
		{"huge scalar", []byte(head + "errors:\n  E_A: {code: 1, title: \"" + strings.Repeat("é", 4<<20) + "\", message: m}\n"), ""},
		{"file over the limit", []byte(head + "# " + strings.Repeat("x", MaxFileBytes) + "\n"), "errors.yaml:1:1: error: file is larger than 67108864 bytes"},
		{"deep flow nesting", []byte(head + "details: {s: " + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + "}\nerrors: {}\n"), "error: "},
		{"deep block nesting", []byte(head + "details:\n  s:\n" + deepBlock(300) + "errors: {}\n"), "nesting deeper than 200 levels"},
		{"billion laughs", []byte(head + billionLaughs() + "errors: {}\n"), "aliases expand this catalog to more than 1000000 YAML nodes"},
		// the anchors inside one entry of a section of several
		{"billion laughs in an entry", []byte(head + "details:\n  t: {type: string}\n  s:\n" +
			"    " + strings.ReplaceAll(strings.TrimPrefix(billionLaughs(), "details:\n  "), "\n  l", "\n    l") + "errors: {}\n"),
			"aliases expand this catalog to more than 1000000 YAML nodes"},
		{"binary junk", []byte("\x00\x01\x02\xff\xfe\x89PNG\r\n"), "error: "},
		{"NUL in a string", []byte(head + "errors: {E_A: {code: 1, title: \"a\x00b\", message: m}}\n"), "errors.yaml:6:34: error: control character U+0000"},
		{"invalid UTF-8", []byte(head + "errors: {E_A: {code: 1, title: a\xc3, message: m}}\n"), "errors.yaml:6:33: error: invalid UTF-8 (byte 0xc3)"},
	} {
		t.Run(tc.name, func(t *testing.T) { hostileCase(t, tc.data, tc.want) })
	}
}

// hostileCase parses data and checks that the diagnostics contain want, or,
// when want is "", that there are none.
func hostileCase(t *testing.T, data []byte, want string) {
	t.Helper()
	c, diags := parseOne(t, data)
	if want == "" {
		if strings.Contains(diags, "error:") {
			t.Fatalf("unexpected diagnostics: %.300s", diags)
		}
		if len(c.Errors) != 1 || len([]rune(c.Errors[0].Title.Value)) != 4<<20 {
			t.Fatalf("huge title not read whole")
		}
		return
	}
	if !strings.Contains(diags, want) {
		t.Fatalf("diagnostics %.500q do not contain %q", diags, want)
	}
	if !c.Incomplete {
		t.Errorf("a loader failure must mark the catalog incomplete")
	}
}

func deepBlock(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(strings.Repeat("  ", i+2) + "properties:\n")
		b.WriteString(strings.Repeat("  ", i+3) + "p:\n")
	}
	b.WriteString(strings.Repeat("  ", n+3) + "type: string\n")
	return b.String()
}

func billionLaughs() string {
	var b strings.Builder
	b.WriteString("details:\n  l0: &l0 {type: string, enum: [a, a, a, a, a, a, a, a, a, a]}\n")
	for i := 1; i < 9; i++ {
		b.WriteString("  l" + string(rune('0'+i)) + ": &l" + string(rune('0'+i)) + " {allOf: [")
		for j := 0; j < 10; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("*l" + string(rune('0'+i-1)))
		}
		b.WriteString("]}\n")
	}
	return b.String()
}

// scanTextRunes is scanText without its ASCII fast path: every character
// decoded and classified.
func scanTextRunes(data []byte) (string, bool) {
	line, col := 1, 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		at := fmt.Sprintf("%d:%d", line, col)
		switch {
		case r == utf8.RuneError && size <= 1:
			return at + " invalid UTF-8", false
		case r == '\n':
			line, col = line+1, 0
		case r == '\t' || r == '\r':
		case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f:
			return fmt.Sprintf("%s control U+%04X", at, r), false
		case r == 0x2028 || r == 0x2029:
			return fmt.Sprintf("%s break U+%04X", at, r), false
		case r == 0xfeff && i > 0:
			return at + " BOM", false
		case r == 0xfffe || r == 0xffff:
			return fmt.Sprintf("%s nonchar U+%04X", at, r), false
		}
		i += size
		col++
	}
	return "", true
}

// FuzzScanText holds scanText to the character-by-character scan: the same
// verdict at the same line and column.
func FuzzScanText(f *testing.F) {
	for _, s := range []string{"a: b\n", "x\x00y", "é\n\u2028", "\ufeffa\n\ufeff", "a\xc3", "\t\r\n\x7f", "\u0085", "\uffff"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		pos, _, ok := scanText("f", data)
		want, wantOK := scanTextRunes(data)
		if ok != wantOK || !ok && !strings.HasPrefix(want, fmt.Sprintf("%d:%d ", pos.Line, pos.Col)) {
			t.Errorf("scanText(%q) = %v at %d:%d, want %v %s", data, ok, pos.Line, pos.Col, wantOK, want)
		}
	})
}
