package golang

import (
	"go/doc/comment"
	"strings"
	"unicode"
)

// canonicalDoc returns the lines of a top-level doc comment as gofmt
// reformats them, reformatted again until they no longer change (at most
// four times). gofmt reformats a doc comment with go/doc/comment, which
// does not reach its fixed point at once on some text (an indented line
// after a list item turns the list into code on the second pass), and
// generated code must stay as it is when gofmt runs on it again.
func canonicalDoc(lines []string) []string {
	text := strings.Join(lines, "\n") + "\n"
	for range 4 {
		next, ok := gofmtDoc(lines)
		if !ok || next == text {
			return lines
		}
		text, lines = next, strings.Split(strings.TrimSuffix(next, "\n"), "\n")
	}
	return lines
}

// gofmtDoc returns the doc comment of lines as gofmt prints it before a
// top-level declaration, one newline-terminated line each: go/printer
// reformats the comment with go/doc/comment (formatDocComment) and trims
// each line's trailing space (writeComment). ok is false for comments it
// would treat otherwise: lines that are not // comments, directives, or a
// comment that reformats to nothing.
func gofmtDoc(lines []string) (string, bool) {
	var b strings.Builder
	for _, line := range lines {
		after, found := strings.CutPrefix(line, "//")
		if !found || strings.ContainsAny(after, "\n\r") || isDirective(after) {
			return "", false
		}
		b.WriteString(strings.TrimPrefix(after, " "))
		b.WriteByte('\n')
	}
	if b.Len() == 0 {
		return "", false
	}
	var p comment.Parser
	var pr comment.Printer
	text := string(pr.Comment(p.Parse(b.String())))
	b.Reset()
	for text != "" {
		var line string
		line, text, _ = strings.Cut(text, "\n")
		switch {
		case line == "":
			line = "//"
		case line[0] == '\t':
			line = "//" + line
		default:
			line = "// " + line
		}
		b.WriteString(strings.TrimRightFunc(line, unicode.IsSpace))
		b.WriteByte('\n')
	}
	if b.Len() == 0 {
		return "", false
	}
	return b.String(), true
}

// isDirective reports whether the text after // is a directive
// (//go:generate, //line, //export and the like), which gofmt moves to the
// end of a doc comment. Catalog text always follows "// ", so this only
// guards against a generator change.
func isDirective(c string) bool {
	if strings.HasPrefix(c, "line ") || strings.HasPrefix(c, "extern ") || strings.HasPrefix(c, "export ") {
		return true
	}
	colon := strings.Index(c, ":")
	if colon <= 0 || colon+1 >= len(c) {
		return false
	}
	for i := 0; i <= colon+1; i++ {
		if i == colon {
			continue
		}
		if b := c[i]; !('a' <= b && b <= 'z' || '0' <= b && b <= '9') {
			return false
		}
	}
	return true
}
