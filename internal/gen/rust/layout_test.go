package rust

import (
	"strings"
	"testing"
)

// String literals keep what every width table agrees on and escape the
// rest, so that no control, format or bidirectional character reaches the
// source and rustfmt counts the columns counted here.
func TestLit(t *testing.T) {
	for in, want := range map[string]string{
		`plain "quoted" \ back`:           `"plain \"quoted\" \\ back"`,
		"line\nfeed\ttab\r\x00":           `"line\nfeed\ttab\r\u{0}"`,
		"é ü Ω Ж – € 日本 ｱ":                `"é ü Ω Ж – € 日本 \u{ff71}"`,
		"\u202e\u2028\ufeff😀\u00a0\u0301": `"\u{202e}\u{2028}\u{feff}\u{1f600}\u{a0}\u{301}"`,
	} {
		if got := lit(in); got != want {
			t.Errorf("lit(%q) = %s, want %s", in, got, want)
		}
	}
	if w := width(lit("日本é")); w != 2+4+1 {
		t.Errorf("width = %d", w)
	}
}

// Catalog text is a plain paragraph when markdown reads it as text, else a
// text code block whose fence is longer than any backtick run in it.
func TestDocLines(t *testing.T) {
	got := strings.Join(docLines(cat("A title."), cat("uses `code` inline\nand more"), cat("- a list\nlazy"), cat("````\nx")), "\n")
	want := "A title.\n\nuses `code` inline\nand more\n\n```text\n- a list\nlazy\n```\n\n`````text\n````\nx\n`````"
	if got != want {
		t.Errorf("docLines:\n%s\nwant\n%s", got, want)
	}
	if got := strings.Join(docLines(cat("bidi \u202e and\ttab  ")), "|"); got != "bidi   and    tab" {
		t.Errorf("comment text: %q", got)
	}
	if got := docLines(own("errgen's own text is wrapped at eighty columns, as markdown, %s", strings.Repeat("word ", 20))); len(got) != 2 {
		t.Errorf("own text: %q", got)
	}
}
