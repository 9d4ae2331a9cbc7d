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
// next block (after a blank line, at column 0) closes. The doc goes under
// a heading of the page's (## What it means), so its own top-level
// headings of level 1 and 2 become level 3 (### Why it happens), ATX and
// setext alike: a long doc has sections of its own without breaking the
// page's outline. Line endings are normalized and the result ends with
// exactly one newline ("" for none).
func safeDoc(doc string) string {
	doc = strings.ReplaceAll(doc, "\r\n", "\n")
	doc = strings.ReplaceAll(doc, "\r", "\n")
	doc = strings.TrimRight(doc, "\n \t")
	if strings.TrimSpace(doc) == "" {
		return ""
	}
	var s blockScanner
	lines := strings.Split(doc, "\n")
	out := make([]string, 0, len(lines))
	para := -1 // index in out of the first line of the open top-level paragraph
	for _, line := range lines {
		kind, level := s.line(line)
		switch {
		case kind == lineHeading && level < 3:
			ind, rest := indentOf(line)
			out = append(out, strings.Repeat(" ", ind)+"###"+rest[level:])
		case kind == lineSetext && para >= 0:
			// the paragraph is the heading's text, on one line
			text := strings.Join(out[para:], " ")
			out = append(out[:para], "### "+strings.TrimSpace(text))
		default:
			out = append(out, line)
		}
		switch kind {
		case linePara:
			if para < 0 {
				para = len(out) - 1
			}
		default:
			para = -1
		}
	}
	doc = strings.Join(out, "\n")
	if closing := s.closing(); closing != "" {
		doc += "\n" + closing
	}
	return doc + "\n"
}

// The kinds of line blockScanner.line tells safeDoc about.
const (
	lineOther   = iota
	linePara    // text of a top-level paragraph
	lineHeading // a top-level ATX heading (its level with it)
	lineSetext  // a setext underline after a top-level paragraph
)

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
	para      bool   // the last line was text of a top-level paragraph
}

// line takes the next line of the doc and tells what it is: a top-level
// ATX heading (with its level), a setext underline, paragraph text (or,
// after a paragraph, its continuation), or anything else.
func (s *blockScanner) line(l string) (kind, level int) {
	switch {
	case s.fenceChar != 0:
		if ind, rest := indentOf(l); ind <= 3 && fenceRun(rest, s.fenceChar) >= s.fenceLen &&
			strings.TrimSpace(rest[fenceRun(rest, s.fenceChar):]) == "" {
			s.fenceChar = 0
		}
		return lineOther, 0
	case s.htmlEnd != "":
		if strings.Contains(strings.ToLower(l), s.htmlEnd) {
			s.htmlEnd = ""
		}
		return lineOther, 0
	}
	blank := strings.TrimSpace(l) == ""
	if s.inside {
		if blank {
			return lineOther, 0
		}
		ind, rest := indentOf(l)
		switch {
		case s.container > 0 && ind >= s.container:
			return lineOther, 0 // the list item goes on
		case s.container < 0 && ind <= 3 && strings.HasPrefix(rest, ">"):
			return lineOther, 0 // the quote goes on
		}
		s.inside = false // the container ends; the line starts a block
		s.para = false
	}
	if blank {
		s.para = false
		return lineOther, 0
	}
	ind, rest := indentOf(l)
	if ind > 3 {
		if s.para {
			return linePara, 0 // a paragraph's lazy continuation
		}
		return lineOther, 0 // indented code
	}
	after := s.para
	s.para = false
	if after {
		if u := strings.TrimRight(rest, " \t"); u != "" && (strings.Trim(u, "=") == "" || strings.Trim(u, "-") == "") {
			return lineSetext, 0
		}
	}
	if n := fenceRun(rest, '#'); n >= 1 && n <= 6 && (len(rest) == n || rest[n] == ' ' || rest[n] == '\t') {
		return lineHeading, n
	}
	for _, c := range []byte{'`', '~'} {
		if n := fenceRun(rest, c); n >= 3 && (c == '~' || !strings.Contains(rest[n:], "`")) {
			s.fenceChar, s.fenceLen = c, n
			return lineOther, 0
		}
	}
	if end := htmlBlockEnd(rest); end != "" {
		if !strings.Contains(strings.ToLower(rest[1:]), end) {
			s.htmlEnd = end
		}
		return lineOther, 0
	}
	if strings.HasPrefix(rest, ">") {
		s.inside, s.container = true, -1
		return lineOther, 0
	}
	if w := listMarker(rest); w > 0 && !(after && !interruptsParagraph(rest, w)) {
		s.inside, s.container = true, ind+w
		return lineOther, 0
	}
	if isThematicBreak(rest) {
		return lineOther, 0
	}
	s.para = true
	return linePara, 0
}

// interruptsParagraph reports whether the list item line starts (marker
// width w) may interrupt a paragraph: not when it is empty or an ordered
// list starts at a number other than 1 (CommonMark).
func interruptsParagraph(line string, w int) bool {
	if strings.TrimSpace(line[min(w, len(line)):]) == "" {
		return false
	}
	if d := leadingDigits(line); d > 0 {
		return line[:d] == "1"
	}
	return true
}

// isThematicBreak reports whether line is a thematic break: three or more
// of one of - * _, spaces and tabs between.
func isThematicBreak(line string) bool {
	var c byte
	n := 0
	for i := 0; i < len(line); i++ {
		switch ch := line[i]; {
		case ch == ' ' || ch == '\t':
		case (ch == '-' || ch == '*' || ch == '_') && (c == 0 || c == ch):
			c = ch
			n++
		default:
			return false
		}
	}
	return n >= 3
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
