// Package diag holds errgen's positioned diagnostics: [Pos], [Diagnostic]
// and the collecting [List] every stage reports into.
package diag

import (
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// Pos is a position in a catalog file. Line and Col are 1-based; a zero Line
// means the position is the file as a whole.
type Pos struct {
	File string // path as errgen opened it
	Line int
	Col  int
}

// String formats p as FILE:LINE:COL, or FILE alone when Line is zero.
func (p Pos) String() string {
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Less orders positions by file, line and column.
func (p Pos) Less(q Pos) bool {
	if p.File != q.File {
		return p.File < q.File
	}
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Col < q.Col
}

// Severity tells errors from warnings.
type Severity int

// Severities, errors first.
const (
	Error Severity = iota
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Diagnostic is one problem found in a catalog.
type Diagnostic struct {
	Pos      Pos
	Severity Severity
	Msg      string // positions named in the message stand as markers for Related
	Related  []Pos  // other positions the message names
}

// marker stands in Msg for Related[i] until the diagnostic is formatted.
func marker(i int) string { return fmt.Sprintf("\x00%d\x00", i) }

// Message returns the message with its related positions written relative
// to dir.
func (d Diagnostic) Message(dir string) string {
	msg := d.Msg
	for i, r := range d.Related {
		r.File = relPath(dir, r.File)
		msg = strings.Replace(msg, marker(i), printable(r.String()), 1)
	}
	return msg
}

// Format renders d as FILE:LINE:COL: SEVERITY: MESSAGE with file paths made
// relative to dir when they lie below it.
func (d Diagnostic) Format(dir string) string {
	p := d.Pos
	p.File = relPath(dir, p.File)
	return fmt.Sprintf("%s: %s: %s", printable(p.String()), d.Severity, d.Message(dir))
}

// Extend appends to d's message; a [Pos] among args is printed as
// FILE:LINE:COL, relative like the diagnostic's own position.
func (d *Diagnostic) Extend(format string, args ...any) {
	e := newDiagnostic(d.Pos, d.Severity, format, args)
	for i := range e.Related {
		e.Msg = strings.Replace(e.Msg, marker(i), marker(len(d.Related)+i), 1)
	}
	d.Msg += e.Msg
	d.Related = append(d.Related, e.Related...)
}

func (d Diagnostic) equal(e Diagnostic) bool {
	if d.Pos != e.Pos || d.Severity != e.Severity || d.Msg != e.Msg || len(d.Related) != len(e.Related) {
		return false
	}
	for i := range d.Related {
		if d.Related[i] != e.Related[i] {
			return false
		}
	}
	return true
}

// newDiagnostic formats the message. Its arguments are often the catalog's
// own strings, which YAML's escapes can fill with anything: the message
// keeps each diagnostic on its one line and leaves the terminal as it was
// (see printable).
func newDiagnostic(pos Pos, sev Severity, format string, args []any) Diagnostic {
	d := Diagnostic{Pos: pos, Severity: sev}
	for i, a := range args {
		switch v := a.(type) {
		case Pos:
			args[i] = marker(len(d.Related))
			d.Related = append(d.Related, v)
		case string:
			args[i] = text(v)
		}
	}
	d.Msg = printable(fmt.Sprintf(format, args...))
	return d
}

// text is a string argument of a message. Its NULs are written \x00, as
// %q writes them, so that none reads as a marker.
type text string

func (t text) Format(f fmt.State, verb rune) {
	s := string(t)
	if verb != 'q' {
		s = strings.ReplaceAll(s, "\x00", `\x00`)
	}
	fmt.Fprintf(f, fmt.FormatString(f, verb), s)
}

// printable escapes in msg what a terminal or a reader of one diagnostic a
// line would take for something else: control characters (a newline
// would start a forged diagnostic, an escape sequence would recolour or
// retitle the terminal) as \n, \t, \x1b or \u0085, and the invisible
// characters that reorder or hide text (bidirectional controls, zero-width
// characters, byte order marks) as \u202e. The NULs of the markers stay.
func printable(msg string) string {
	clean := true
	for _, r := range msg {
		if r != 0 && hidden(r) {
			clean = false
			break
		}
	}
	if clean {
		return msg
	}
	var b strings.Builder
	for _, r := range msg {
		if r == 0 || !hidden(r) {
			b.WriteRune(r)
			continue
		}
		q := strconv.QuoteRune(r) // '\n', '\x1b', '\u202e': Go's escapes
		b.WriteString(q[1 : len(q)-1])
	}
	return b.String()
}

// hidden reports whether r is a control character (C0, DEL, C1) or a
// format character (Unicode category Cf: the bidirectional controls,
// zero-width joiners and spaces, the byte order mark, ...).
func hidden(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r)
}

func relPath(dir, file string) string {
	if dir == "" || !filepath.IsAbs(file) {
		return filepath.ToSlash(file)
	}
	rel, err := filepath.Rel(dir, file)
	if err != nil || strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(file)
	}
	return filepath.ToSlash(rel)
}

// List collects diagnostics; the zero value is ready to use.
type List []Diagnostic

// Errorf adds an error at pos. A [Pos] among args is printed as FILE:LINE:COL,
// relative like the diagnostic's own position.
func (l *List) Errorf(pos Pos, format string, args ...any) {
	*l = append(*l, newDiagnostic(pos, Error, format, args))
}

// Warnf adds a warning at pos; args as for [List.Errorf].
func (l *List) Warnf(pos Pos, format string, args ...any) {
	*l = append(*l, newDiagnostic(pos, Warning, format, args))
}

// Append adds every diagnostic of other.
func (l *List) Append(other List) { *l = append(*l, other...) }

// HasErrors reports whether any diagnostic is an error.
func (l List) HasErrors() bool {
	for _, d := range l {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Sort orders the list: errors before warnings, then by file, line, column
// and message; exact duplicates are dropped.
func (l *List) Sort() {
	s := *l
	sort.SliceStable(s, func(i, j int) bool {
		a, b := s[i], s[j]
		if a.Severity != b.Severity {
			return a.Severity < b.Severity
		}
		if a.Pos != b.Pos {
			return a.Pos.Less(b.Pos)
		}
		return a.Msg < b.Msg
	})
	out := s[:0]
	for i, d := range s {
		if i > 0 && d.equal(s[i-1]) {
			continue
		}
		out = append(out, d)
	}
	*l = out
}

// Format renders every diagnostic, one per line, paths relative to dir.
func (l List) Format(dir string) string {
	var b strings.Builder
	for _, d := range l {
		b.WriteString(d.Format(dir))
		b.WriteByte('\n')
	}
	return b.String()
}

// Path is file as messages name it: relative to dir when inside it,
// slash-separated, its hidden characters escaped as in a diagnostic.
func Path(dir, file string) string { return printable(relPath(dir, file)) }

// Plural counts n of word in messages: "1 file", "0 files", "3 files".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
