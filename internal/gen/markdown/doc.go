package markdown

import (
	"strings"
)

// safeDoc returns an error's long `doc`, which is markdown by design and
// goes into the page as written, closed so that it cannot swallow the rest
// of the page: a fenced code block or an HTML block (comment, <pre>,
// <script>, <style>, <textarea>, <?…?>, <!…>, CDATA) left open at the end
// of the doc gets its closing line. Blocks inside a list item or block
// quote need nothing: they end with their container, which the page's own
// next block (after a blank line, at column 0) closes. Line endings are
// normalized and the result ends with exactly one newline ("" for none).
func safeDoc(doc string) string {
	doc = strings.ReplaceAll(doc, "\r\n", "\n")
	doc = strings.ReplaceAll(doc, "\r", "\n")
	doc = strings.TrimRight(doc, "\n \t")
	if strings.TrimSpace(doc) == "" {
		return ""
	}
	var s blockScanner
	for _, line := range strings.Split(doc, "\n") {
		s.line(line)
	}
	if closing := s.closing(); closing != "" {
		doc += "\n" + closing
	}
	return doc + "\n"
}

// blockScanner follows the top-level blocks of CommonMark that run until
// an end marker rather than until a blank line: fenced code and HTML blocks
// of kinds 1-5. It steps over list items and block quotes, whose contents
// close with them.
type blockScanner struct {
	fenceChar byte // '`' or '~' while a fenced code block is open
	fenceLen  int
	htmlEnd   string // end marker while an HTML block of kind 1-5 is open
	container int    // content indent of the list item, or -1 for a block quote
	inside    bool   // a container is open
}

func (s *blockScanner) line(l string) {
	switch {
	case s.fenceChar != 0:
		if ind, rest := indentOf(l); ind <= 3 && fenceRun(rest, s.fenceChar) >= s.fenceLen &&
			strings.TrimSpace(rest[fenceRun(rest, s.fenceChar):]) == "" {
			s.fenceChar = 0
		}
		return
	case s.htmlEnd != "":
		if strings.Contains(strings.ToLower(l), s.htmlEnd) {
			s.htmlEnd = ""
		}
		return
	}
	blank := strings.TrimSpace(l) == ""
	if s.inside {
		if blank {
			return
		}
		ind, rest := indentOf(l)
		switch {
		case s.container > 0 && ind >= s.container:
			return // the list item goes on
		case s.container < 0 && ind <= 3 && strings.HasPrefix(rest, ">"):
			return // the quote goes on
		}
		s.inside = false // the container ends; the line starts a block
	}
	if blank {
		return
	}
	ind, rest := indentOf(l)
	if ind > 3 {
		return // indented code or paragraph text
	}
	for _, c := range []byte{'`', '~'} {
		if n := fenceRun(rest, c); n >= 3 && (c == '~' || !strings.Contains(rest[n:], "`")) {
			s.fenceChar, s.fenceLen = c, n
			return
		}
	}
	if end := htmlBlockEnd(rest); end != "" {
		if !strings.Contains(strings.ToLower(rest[1:]), end) {
			s.htmlEnd = end
		}
		return
	}
	if strings.HasPrefix(rest, ">") {
		s.inside, s.container = true, -1
		return
	}
	if w := listMarker(rest); w > 0 {
		s.inside, s.container = true, ind+w
	}
}

// closing returns the line that closes the block left open, or "".
func (s *blockScanner) closing() string {
	switch {
	case s.fenceChar != 0:
		return strings.Repeat(string(s.fenceChar), s.fenceLen)
	case s.htmlEnd != "":
		return s.htmlEnd
	}
	return ""
}

// indentOf returns the indentation of l in columns (tabs to multiples of
// four) and the rest of the line.
func indentOf(l string) (int, string) {
	col := 0
	for i := 0; i < len(l); i++ {
		switch l[i] {
		case ' ':
			col++
		case '\t':
			col += 4 - col%4
		default:
			return col, l[i:]
		}
	}
	return col, ""
}

func fenceRun(s string, c byte) int {
	n := 0
	for n < len(s) && s[n] == c {
		n++
	}
	return n
}

// htmlBlockEnd returns the end marker of the HTML block of kind 1-5 that
// line starts, or "".
func htmlBlockEnd(line string) string {
	lower := strings.ToLower(line)
	for _, tag := range []string{"pre", "script", "style", "textarea"} {
		if strings.HasPrefix(lower, "<"+tag) {
			rest := lower[1+len(tag):]
			if rest == "" || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '>' {
				return "</" + tag + ">"
			}
		}
	}
	switch {
	case strings.HasPrefix(lower, "<!--"):
		return "-->"
	case strings.HasPrefix(lower, "<?"):
		return "?>"
	case strings.HasPrefix(lower, "<![cdata["):
		return "]]>"
	case len(lower) > 2 && strings.HasPrefix(lower, "<!") && lower[2] >= 'a' && lower[2] <= 'z':
		return ">"
	}
	return ""
}

// listMarker returns the width of the list item marker line starts with
// (marker and the spaces after it, as the content indent), or 0.
func listMarker(line string) int {
	n := 0
	switch {
	case line != "" && (line[0] == '-' || line[0] == '+' || line[0] == '*'):
		n = 1
	default:
		d := leadingDigits(line)
		if d == 0 || d > 9 || d >= len(line) || line[d] != '.' && line[d] != ')' {
			return 0
		}
		n = d + 1
	}
	if n == len(line) {
		return n + 1 // an empty item: content indent is marker + 1
	}
	if line[n] != ' ' && line[n] != '\t' {
		return 0
	}
	spaces, _ := indentOf(line[n:])
	if spaces > 4 {
		spaces = 1 // indented code in the item: content starts after one space
	}
	return n + spaces
}
