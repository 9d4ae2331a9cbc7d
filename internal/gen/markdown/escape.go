package markdown

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// The helpers below make catalog text safe in one markdown context each.
// CommonMark lets a backslash escape any ASCII punctuation, so escaping a
// character that needed none is harmless.

// isBreak reports whether r ends a line for some markdown or YAML reader.
func isBreak(r rune) bool {
	return r == '\n' || r == '\r' || r == '\u0085' || r == '\u2028' || r == '\u2029'
}

// flat replaces line breaks and other control characters by spaces: inline
// contexts (headings, table cells, code spans) hold one line.
func flat(s string) string {
	clean := true
	for _, r := range s {
		if r < 0x20 || r == 0x7f || isBreak(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\r' && strings.HasPrefix(s[i:], "\r\n"):
			b.WriteByte(' ')
			size = 2
		case r < 0x20 || r == 0x7f || isBreak(r):
			b.WriteByte(' ')
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// text escapes catalog text for an inline markdown context — a paragraph,
// a heading, a list item or a table cell: emphasis, code, link and HTML
// syntax, attribute braces ({.class}, read by markdown-it-attrs in
// VitePress), table pipes and entity references are escaped, line breaks
// become spaces, surrounding spaces (which could start an indented code
// block) are dropped, and a leading character that would start a block (a
// heading, list, quote, container or thematic break) is escaped.
func text(s string) string {
	s = strings.Trim(flat(s), " ")
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\', '`', '*', '_', '[', ']', '<', '|', '~', '#', '{', '}':
			b.WriteByte('\\')
		case '&':
			if entityAt(s[i:]) {
				b.WriteByte('\\')
			}
		}
		b.WriteByte(c)
	}
	out := b.String()
	// block starts: "> quote", "- item", "+ item", "---" and "===" (thematic
	// breaks, setext underlines), "::: container", "1. item", "1) item"
	if out == "" {
		return out
	}
	switch c := out[0]; c {
	case '>':
		return `\` + out
	case '-', '+', '=', ':':
		if len(out) == 1 || out[1] == ' ' || out[1] == c {
			return `\` + out
		}
	}
	if n := leadingDigits(out); n > 0 && n < len(out) && (out[n] == '.' || out[n] == ')') &&
		(n+1 == len(out) || out[n+1] == ' ') {
		return out[:n] + `\` + out[n:]
	}
	return out
}

func leadingDigits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// entityAt reports whether s starts with something markdown reads as an
// entity or character reference: &name; &#123; &#x1F;
func entityAt(s string) bool {
	i := 1
	if i < len(s) && s[i] == '#' {
		i++
		if i < len(s) && (s[i] == 'x' || s[i] == 'X') {
			i++
		}
	}
	start := i
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z') {
		i++
	}
	return i > start && i < len(s) && s[i] == ';'
}

// code renders s as an inline code span: a backtick fence longer than any
// run of backticks in s, padded with a space when s starts or ends with a
// backtick or is wrapped in spaces. Line breaks become spaces (a code span
// holds one line). The empty string renders as nothing.
func code(s string) string {
	s = flat(s)
	if s == "" {
		return ""
	}
	fence := strings.Repeat("`", longestRun(s, '`')+1)
	pad := s[0] == '`' || s[len(s)-1] == '`' ||
		s[0] == ' ' && s[len(s)-1] == ' ' && strings.Trim(s, " ") != ""
	if pad {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// cellcode is [code] for a table cell: a pipe splits cells even inside a
// code span (GFM), so it is escaped, and the table drops the backslash.
func cellcode(s string) string {
	return strings.ReplaceAll(code(s), "|", `\|`)
}

// longestRun returns the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	best, cur := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			cur++
			if cur > best {
				best = cur
			}
		} else {
			cur = 0
		}
	}
	return best
}

// fence renders s as a fenced code block with the given info string: a
// backtick fence longer than any run of backticks in s (at least three),
// s with its line endings normalized and a final newline. The result ends
// with the closing fence, without a newline.
func fence(lang, s string) string { return string(appendFence(nil, lang, s)) }

// tab renders s as a fenced code block of a VitePress code group, the tab
// named label (which holds no "]").
func tab(lang, label, s string) string {
	return string(appendFence(nil, lang+" ["+strings.ReplaceAll(label, "]", "")+"]", s))
}

// appendFence appends fence(lang, s) to b.
func appendFence(b []byte, lang, s string) []byte {
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
	}
	n := max(longestRun(s, '`')+1, 3)
	for range n {
		b = append(b, '`')
	}
	b = append(b, flat(lang)...)
	b = append(b, '\n')
	b = append(b, s...)
	if s != "" && s[len(s)-1] != '\n' {
		b = append(b, '\n')
	}
	for range n {
		b = append(b, '`')
	}
	return b
}

// indent prefixes every non-empty line of s with n spaces, for blocks
// nested in list items.
func indent(n int, s string) string {
	pad := strings.Repeat(" ", n)
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = pad + l
		}
	}
	return strings.Join(lines, "\n")
}

// yaml renders s as a YAML double-quoted scalar, readable by YAML 1.1 and
// 1.2 parsers (front matter): quotes and backslashes escaped, and every
// character outside YAML's printable set, plus the characters YAML 1.1
// reads as line breaks and the byte order mark, as \u escapes. "</" gets a
// zero-width space between its characters: VitePress copies front matter
// into a <script> block of the page's Vue component, which "</script>"
// would end.
func yaml(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	prev := rune(0)
	for _, r := range s {
		if prev == '<' && r == '/' {
			b.WriteString(`\u200b`)
		}
		prev = r
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20, r >= 0x7f && r <= 0x9f, r == '\u2028', r == '\u2029', r == '\ufeff',
			r == '\ufffe', r == '\uffff':
			b.WriteString(`\u`)
			h := strconv.FormatInt(int64(r), 16)
			b.WriteString(strings.Repeat("0", 4-len(h)))
			b.WriteString(h)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func yesno(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
