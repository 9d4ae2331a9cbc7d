package golang

import (
	"bytes"
	"fmt"
	"go/doc/comment"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
)

// Stencils.
//
// The definition and constructor of each error are most of a large
// catalog's Go source, and formatting them was most of the Go emitter's
// time. Yet they come in three forms (see form) that differ only in
// identifiers, the record string literal and doc comments, none of which
// change how gofmt lays out the code around them: no alignment or line
// break of these declarations depends on their width.
//
// So a defs file is rendered through jennifer and gofmt with its constants
// and one stencil per form it uses, addDecls called with placeholders for
// what varies. Each error's declarations are then the stencil of its form
// with the placeholders filled in: identifiers as they are, the record
// literal quoted as jennifer quotes it, and doc comments, which errgen
// writes in the form gofmt leaves unchanged (canonicalDoc), line by line.
// TestStencilsMatchGofmt holds the result byte-equal to rendering every
// declaration through jennifer and gofmt, on the golden, hostile and
// synthetic catalogs; FuzzStencils on fuzzed text.

// The placeholders of a stencil, numbered within it.
const (
	phVarDoc = iota
	phErrVar
	phRec
	phShape
	phCtorDoc
	phCtor
	phType
	placeholders
)

// placeholder names placeholder i of form f's stencil: an identifier no
// generated name can be, as they are derived from catalog names in
// CamelCase or carry a fixed prefix.
func placeholder(f form, i int) string { return fmt.Sprintf("ERRGENPH%d%dX", f, i) }

// stencilParts are the declaration parts of form f made of placeholders.
func (g *generator) stencilParts(f form) declParts {
	ph := func(i int) string { return placeholder(f, i) }
	p := declParts{
		varDoc: []string{"// " + ph(phVarDoc)}, ctorDoc: []string{"// " + ph(phCtorDoc)},
		errVar: ph(phErrVar), ctor: ph(phCtor), rec: jen.Id(ph(phRec)), shape: jen.Nil(),
	}
	switch f {
	case formDetails:
		p.shape, p.dtype = jen.Id(ph(phShape)), jen.Id(ph(phType))
	case formFieldErrors:
		p.shape, p.dtype = jen.Id(ph(phShape)), g.detailsGoType("")
	}
	return p
}

// stencil is a formatted stencil cut at its placeholders: the text before
// each, then the text after the last.
type stencil struct {
	text []string
	ph   []int
}

// stenciled returns the source of f followed by decls, filled in from
// stencils. ok is false, and the caller renders decls itself, when a doc
// comment did not come to rest under gofmt's reformatting.
func (g *generator) stenciled(f *jen.File, decls []errorDecl) (src []byte, ok bool, err error) {
	var used [forms]bool
	for _, d := range decls {
		if !d.stable {
			return nil, false, nil
		}
		used[d.form] = true
	}
	for fm := range forms {
		if used[fm] {
			g.addDecls(f, g.stencilParts(fm))
		}
	}
	out, err := render(f)
	if err != nil {
		return nil, false, err
	}
	// The stencils come last, in form order, each from its first doc
	// placeholder on its own line to the next stencil or the end. Catalog
	// text earlier in the file (deprecation comments in the constant
	// blocks) is indented, so it cannot hold a line that starts one.
	var stencils [forms]stencil
	prefix, end := -1, len(out)
	for fm := forms - 1; fm >= 0; fm-- {
		if !used[fm] {
			continue
		}
		start := strings.LastIndex(string(out[:end]), "\n// "+placeholder(fm, phVarDoc)+"\n")
		if start < 0 {
			return nil, false, fmt.Errorf("stencil %d is missing from the formatted source", fm)
		}
		if stencils[fm], err = cut(fm, string(out[start+1:end])); err != nil {
			return nil, false, err
		}
		prefix, end = start+1, start+1
	}
	buf := make([]byte, 0, len(out)+len(decls)*(300+len(decls[0].rec)))
	buf = append(buf, out[:prefix]...)
	for i, d := range decls {
		if i > 0 {
			buf = append(buf, '\n')
		}
		s := &stencils[d.form]
		for j, ph := range s.ph {
			buf = append(buf, s.text[j]...)
			switch ph {
			case phVarDoc:
				buf = appendLines(buf, d.varDoc)
			case phCtorDoc:
				buf = appendLines(buf, d.ctorDoc)
			case phErrVar:
				buf = append(buf, d.errVar...)
			case phCtor:
				buf = append(buf, d.ctor...)
			case phRec:
				buf = strconv.AppendQuote(buf, d.rec) // as jen.Lit renders a string
			case phShape:
				buf = append(buf, shapeVar(d.typeName)...)
			case phType:
				buf = append(buf, d.typeName...)
			}
		}
		buf = append(buf, s.text[len(s.ph)]...)
	}
	return buf, true, nil
}

func appendLines(b []byte, lines []string) []byte {
	for _, line := range lines {
		b = append(append(b, line...), '\n')
	}
	return b
}

// cut splits the formatted stencil of form fm at its placeholders. A doc
// placeholder takes its whole line, which the doc comment's lines replace.
// The text ends with the declaration's closing brace and newline, without
// the blank line that separates it from the next.
func cut(fm form, text string) (stencil, error) {
	text = strings.TrimRight(text, "\n") + "\n"
	var s stencil
	for {
		i := strings.Index(text, "ERRGENPH")
		if i < 0 {
			break
		}
		name := text[i:min(len(text), i+len(placeholder(fm, 0)))]
		ph := -1
		for j := range placeholders {
			if name == placeholder(fm, j) {
				ph = j
			}
		}
		if ph < 0 {
			return stencil{}, fmt.Errorf("stencil %d: unexpected placeholder %q", fm, name)
		}
		before, after := text[:i], text[i+len(name):]
		if ph == phVarDoc || ph == phCtorDoc {
			// the line "// PLACEHOLDER\n" at the start of a line
			if !strings.HasSuffix("\n"+before, "\n// ") || !strings.HasPrefix(after, "\n") {
				return stencil{}, fmt.Errorf("stencil %d: doc placeholder %d is not a line of its own", fm, ph)
			}
			before, after = strings.TrimSuffix(before, "// "), after[1:]
		}
		s.text, s.ph = append(s.text, before), append(s.ph, ph)
		text = after
	}
	s.text = append(s.text, text)
	return s, nil
}

// canonicalDoc returns the lines of a top-level doc comment as gofmt
// reformats them, reformatted again until they no longer change, and
// whether they came to rest. go/doc/comment does not reach its fixed point
// at once on some text: an indented line after a list item turns the list
// into code on the second pass. Generated code must stay as it is under
// gofmt, and a comment that is its own reformatting is what the stencils
// can copy.
func canonicalDoc(lines []string) ([]string, bool) {
	if plainDoc(lines) {
		return lines, true
	}
	text := string(appendLines(nil, lines))
	for range 4 {
		next, ok := gofmtDoc(lines)
		if !ok {
			return lines, false
		}
		if next == text {
			return lines, true
		}
		text, lines = next, strings.Split(strings.TrimSuffix(next, "\n"), "\n")
	}
	return lines, false
}

// plainDoc reports whether the doc comment of lines is plain text that
// gofmtDoc returns as it is, without parsing it: paragraphs of unindented
// lines one blank line apart, and nothing go/doc/comment reads as
// structure or rewrites: no heading (# or a one-line paragraph that could
// be an old-style one), no link, doc link or link definition (any '['),
// no doubled backtick or single quote (which become curly quotes), no
// trailing Unicode space. Most catalog text is such; FuzzPlainDoc holds
// the claim.
func plainDoc(lines []string) bool {
	if len(lines) == 0 || lines[0] == "//" || lines[len(lines)-1] == "//" {
		return false
	}
	for i, line := range lines {
		if line == "//" {
			if lines[i-1] == "//" {
				return false
			}
			continue
		}
		t, ok := strings.CutPrefix(line, "// ")
		if !ok || t == "" || t[0] == ' ' || t[0] == '\t' || t[0] == '#' ||
			strings.ContainsAny(t, "[\n\r") || strings.Contains(t, "``") || strings.Contains(t, "''") {
			return false
		}
		if r, _ := utf8.DecodeLastRuneInString(t); unicode.IsSpace(r) {
			return false
		}
		// A one-line paragraph between two others may be an old-style
		// heading when it ends in a letter or digit.
		if i > 0 && i+2 < len(lines) && lines[i-1] == "//" && lines[i+1] == "//" {
			if r, _ := utf8.DecodeLastRuneInString(t); unicode.IsLetter(r) || unicode.IsDigit(r) {
				return false
			}
		}
	}
	return true
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

// The constant blocks of a defs file (codes, symbols, types) are a third of
// its lines. gofmt lays out a block of one-line constants with nothing
// between them in three columns: each name padded with spaces to the
// longest name of the block plus one, the type likewise (here one type per
// block), then "= value". defsSource writes them so, into the place of a
// placeholder constant per block that went through gofmt with the rest of
// the file; a block with deprecation comments among its constants goes
// through gofmt whole instead. TestStencilsMatchGofmt holds the result to
// gofmt of the whole blocks.

// constTypes are the types of the three constant blocks, in file order.
var constTypes = [...]string{"Code", "Symbol", "Type"}

// constBlocks are the constants of a defs file, a block per type.
type constBlocks [len(constTypes)][]constSpec

// constSpec is one line of a constant block: a constant and its value (an
// int or a string), or a comment.
type constSpec struct {
	name    string
	value   any
	comment string
}

// constPlaceholder is the name of the placeholder constant of block k.
func constPlaceholder(k int) string { return fmt.Sprintf("ERRGENPHC%dX", k) }

// fill replaces each block's placeholder line in the formatted src by the
// block's constants, aligned as gofmt aligns them.
func (bs *constBlocks) fill(src []byte) ([]byte, error) {
	size := len(src)
	for _, b := range bs {
		for _, c := range b {
			size += 2*len(c.name) + 32
		}
	}
	out := make([]byte, 0, size)
	rest := src
	for k, b := range bs {
		line := "\n\t" + constPlaceholder(k) + " " + constTypes[k] + " = 0\n"
		at := bytes.Index(rest, []byte(line))
		if at < 0 {
			return nil, fmt.Errorf("constant block %d is missing from the formatted source", k)
		}
		out = append(out, rest[:at+1]...)
		var err error
		if out, err = appendConstLines(out, b, constTypes[k]); err != nil {
			return nil, err
		}
		rest = rest[at+len(line):]
	}
	return append(out, rest...), nil
}

// appendConstLines appends the lines of a block of constants of type typ,
// with nothing between them, aligned as gofmt aligns them.
func appendConstLines(out []byte, specs []constSpec, typ string) ([]byte, error) {
	width := 0
	for _, c := range specs {
		width = max(width, utf8.RuneCountInString(c.name))
	}
	for _, c := range specs {
		out = append(out, '\t')
		out = append(out, c.name...)
		for range width - utf8.RuneCountInString(c.name) + 1 {
			out = append(out, ' ')
		}
		out = append(out, typ...)
		out = append(out, " = "...)
		switch v := c.value.(type) {
		case int:
			out = strconv.AppendInt(out, int64(v), 10)
		case string:
			out = strconv.AppendQuote(out, v) // as jen.Lit renders a string
		default:
			return nil, fmt.Errorf("constant %s: unexpected value %T", c.name, v)
		}
		out = append(out, '\n')
	}
	return out, nil
}
