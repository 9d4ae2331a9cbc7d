// Package printer writes the generated text files of the TypeScript,
// Python and Rust outputs, in the way protogen's GeneratedFile writes Go:
// a file is printed a line at a time from parts (P), at an indentation the
// printer keeps (In, Out) in the unit of the file's language, with doc
// comments in the syntaxes those languages read (JSDoc, Python
// docstrings, line comments: ///, //!, #), and taken whole at the end
// (Content).
//
// The printer writes what it is given: each output escapes its text for
// its language and its comment syntax (a JS string, a docstring's body, a
// line of a /// comment) before it prints it, since what may not stand in
// a comment or a literal differs from one language to the next.
//
// A line is appended to one buffer from its parts, without fmt or an
// intermediate string: generating a catalog of thousands of errors prints
// a few dozen lines for each.
package printer

import "strings"

// Printer is one generated file being written.
type Printer struct {
	buf    []byte
	unit   string // one level of indentation
	indent string // the current indentation: unit, depth times
	depth  int
	pad    string // unit repeated often enough that indent is a slice of it
}

// levels is how many levels of indentation a printer holds without
// building its indentation string: more than any output nests.
const levels = 16

// New returns a printer of a file whose indentation unit is unit ("  "
// for TypeScript, "    " for Python and Rust), its buffer sized for size
// bytes (an estimate of the file; 0 for none).
func New(unit string, size int) *Printer {
	return &Printer{buf: make([]byte, 0, size), unit: unit, pad: strings.Repeat(unit, levels)}
}

// P writes a line made of parts, at the current indentation; P() writes
// an empty line, without indentation.
func (p *Printer) P(parts ...string) {
	if len(parts) > 0 {
		p.buf = append(p.buf, p.indent...)
		for _, s := range parts {
			p.buf = append(p.buf, s...)
		}
	}
	p.buf = append(p.buf, '\n')
}

// In indents the lines that follow by one more unit.
func (p *Printer) In() { p.setDepth(p.depth + 1) }

// Out takes back one unit of indentation.
func (p *Printer) Out() {
	if p.depth == 0 {
		panic("printer: Out without In")
	}
	p.setDepth(p.depth - 1)
}

func (p *Printer) setDepth(d int) {
	p.depth = d
	if d <= levels {
		p.indent = p.pad[:d*len(p.unit)]
	} else {
		p.indent = strings.Repeat(p.unit, d)
	}
}

// Write appends b as it is, for text that is not printed a line at a time
// (a runtime's source copied into the package, a JSON document). It never
// fails.
func (p *Printer) Write(b []byte) (int, error) {
	p.buf = append(p.buf, b...)
	return len(b), nil
}

// JSDoc writes a /** */ comment of lines at the current indentation, ""
// being an empty line of it; nothing for no lines. A line must not hold
// "*/" or a line break.
func (p *Printer) JSDoc(lines []string) {
	if len(lines) == 0 {
		return
	}
	p.P("/**")
	for _, l := range lines {
		if l == "" {
			p.P(" *")
		} else {
			p.P(" * ", l)
		}
	}
	p.P(" */")
}

// Comment writes lines as a comment of line comments starting with marker
// ("///" or "//!" for a Rust doc comment, "#" for Python, "//"): "marker
// line", or the marker alone for an empty line. A line must not hold a
// line break.
func (p *Printer) Comment(marker string, lines []string) {
	for _, l := range lines {
		if l == "" {
			p.P(marker)
		} else {
			p.P(marker, " ", l)
		}
	}
}

// Docstring writes a Python docstring of lines at the current
// indentation: the first line after the opening quotes as it is, and the
// closing quotes after it when it is the only one; else each line after
// it indented, its trailing spaces dropped (an empty line is left empty),
// and the closing quotes on a line of their own. The lines must be a
// docstring's escaped body: no quote or backslash unescaped, no line
// break.
func (p *Printer) Docstring(lines []string) {
	switch len(lines) {
	case 0:
		return
	case 1:
		p.P(`"""`, lines[0], `"""`)
		return
	}
	p.P(`"""`, lines[0])
	for _, l := range lines[1:] {
		if l == "" {
			p.P()
		} else {
			p.P(strings.TrimRight(l, " "))
		}
	}
	p.P(`"""`)
}

// Content returns the bytes of the file. The printer must not be used
// after it.
func (p *Printer) Content() []byte { return p.buf }
