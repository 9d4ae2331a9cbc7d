// Package diag holds errgen's positioned diagnostics: [Pos], [Diagnostic]
// and the collecting [List] every stage reports into.
package diag

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
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
		msg = strings.Replace(msg, marker(i), r.String(), 1)
	}
	return msg
}

// Format renders d as FILE:LINE:COL: SEVERITY: MESSAGE with file paths made
// relative to dir when they lie below it.
func (d Diagnostic) Format(dir string) string {
	p := d.Pos
	p.File = relPath(dir, p.File)
	return fmt.Sprintf("%s: %s: %s", p, d.Severity, d.Message(dir))
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

func newDiagnostic(pos Pos, sev Severity, format string, args []any) Diagnostic {
	d := Diagnostic{Pos: pos, Severity: sev}
	for i, a := range args {
		if p, ok := a.(Pos); ok {
			args[i] = marker(len(d.Related))
			d.Related = append(d.Related, p)
		}
	}
	d.Msg = fmt.Sprintf(format, args...)
	return d
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
