package catalog

import (
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

// FuzzScanText: scanText accepts a text only when it is UTF-8 without a
// character a catalog must not hold raw, and otherwise points at the first
// such character: the text before that line and column passes, and the
// text from there starts with the character.
func FuzzScanText(f *testing.F) {
	for _, s := range []string{"a: b\n", "x\x00y", "é\n\u2028", "\ufeffa\n\ufeff", "a\xc3", "\t\r\n\x7f", "\u0085", "\uffff"} {
		f.Add([]byte(s))
	}
	forbidden := func(r rune) bool {
		return r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r >= 0x7f && r <= 0x9f ||
			r == 0x2028 || r == 0x2029 || r == 0xfeff || r == 0xfffe || r == 0xffff
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		pos, msg, ok := scanText("f", data)
		text := strings.TrimPrefix(string(data), "\ufeff") // a leading byte order mark is allowed
		if ok {
			if !utf8.ValidString(text) || strings.ContainsFunc(text, forbidden) {
				t.Fatalf("scanText(%q) accepted it", data)
			}
			return
		}
		// the byte offset of pos: lines end at '\n', columns count characters
		lines := strings.SplitAfter(string(data), "\n")
		if pos.Line < 1 || pos.Line > len(lines) {
			t.Fatalf("scanText(%q): line %d of %d", data, pos.Line, len(lines))
		}
		off := len(strings.Join(lines[:pos.Line-1], ""))
		line := lines[pos.Line-1]
		for col := 1; col < pos.Col; col++ {
			if line == "" {
				t.Fatalf("scanText(%q): column %d past the end of line %d", data, pos.Col, pos.Line)
			}
			_, size := utf8.DecodeRuneInString(line)
			line, off = line[size:], off+size
		}
		if _, _, ok := scanText("f", data[:off]); !ok {
			t.Errorf("scanText(%q) = %d:%d %s, but the text before it fails too", data, pos.Line, pos.Col, msg)
		}
		r, size := utf8.DecodeRune(data[off:])
		if !(r == utf8.RuneError && size <= 1 || forbidden(r) && !(r == 0xfeff && off == 0)) {
			t.Errorf("scanText(%q) = %d:%d %s, at %q", data, pos.Line, pos.Col, msg, r)
		}
	})
}
