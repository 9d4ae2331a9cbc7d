package golang

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/naming"
)

// Details files written directly.
//
// Formatting the details files (a struct, its field variables and two
// methods per shape) through jennifer and gofmt was most of what the Go
// emitter had left after the stencils of the defs files. detailsSource
// writes each shape's declarations in the layout gofmt gives them:
//
//   - the field variables, struct fields and enum constants, whose columns
//     gofmt aligns, are padded here by the same rules: a column is as wide
//     as its widest cell plus one space, within a section of lines that a
//     comment line or a value of several lines ends;
//   - the methods are cut from stencils: per form of property (its type,
//     whether it is optional), the statements of AppendJSON and Placeholder
//     rendered once through jennifer and gofmt with placeholders for the
//     names, which are then filled in (see memberStencil);
//   - doc comments are written in their canonical form (canonicalDoc).
//
// A shape with anything else (a doc comment gofmt would rewrite, a very
// long property name) goes through jennifer and gofmt, with the file's
// header. TestStencilsMatchGofmt holds the result byte-equal to rendering
// every shape through jennifer and gofmt; FuzzDetails on fuzzed names and
// text.

// The placeholders of the details stencils: ERRGENPHD, a letter, X.
const (
	phdPrefix = "ERRGENPHD"
	phdType   = 'T' // the struct type, receiver of the methods
	phdField  = 'F' // the field variable of a property
	phdGo     = 'G' // the Go field of a property
	phdName   = 'N' // the struct or enum type a property's value has
	phdMark   = 'M' // a marker statement around a property's statements
)

func phd(c byte) string { return phdPrefix + string(c) + "X" }

// headSentinel names the variable that ends a details file's header and
// starts the declarations of fallback shape k (from 1).
func headSentinel(k int) string { return fmt.Sprintf("%sH%dX", phdPrefix, k) }

// maxDirectName bounds the property names written directly: go/printer
// stops aligning a composite literal's keys at a line of over a million
// bytes.
const maxDirectName = 1 << 16

// pieces is stencil text cut at its placeholders: text[0], the value of
// ph[0], text[1], … text[len(ph)].
type pieces struct {
	text []string
	ph   []byte
}

// cutPieces cuts text at its details placeholders.
func cutPieces(text string) (pieces, error) {
	var p pieces
	for {
		i := strings.Index(text, phdPrefix)
		if i < 0 {
			break
		}
		rest := text[i+len(phdPrefix):]
		if len(rest) < 2 || rest[1] != 'X' || !strings.ContainsRune("TFGN", rune(rest[0])) {
			return pieces{}, fmt.Errorf("details stencil: unexpected placeholder at %q", text[i:min(len(text), i+16)])
		}
		p.text, p.ph = append(p.text, text[:i]), append(p.ph, rest[0])
		text = rest[2:]
	}
	p.text = append(p.text, text)
	return p, nil
}

// names are the values of the placeholders.
type names struct{ typ, field, goName, name string }

func (p *pieces) fill(b []byte, n *names) []byte {
	for i, ph := range p.ph {
		b = append(b, p.text[i]...)
		switch ph {
		case phdType:
			b = append(b, n.typ...)
		case phdField:
			b = append(b, n.field...)
		case phdGo:
			b = append(b, n.goName...)
		case phdName:
			b = append(b, n.name...)
		}
	}
	return append(b, p.text[len(p.ph)]...)
}

// memberStencil is the text of one form of property in the two methods:
// its statements in AppendJSON, and the body of its case in Placeholder.
type memberStencil struct {
	appendText, caseText pieces
}

// methodFrame is the text of the two methods around the properties' own:
// AppendJSON up to the first statement of a property, from the last one
// to the first case of Placeholder, and after the cases.
type methodFrame struct {
	head, middle, tail pieces
}

// detailsWriter writes the shapes of one details file.
type detailsWriter struct {
	g      *generator
	buf    []byte
	start  int  // where the shape being written starts in buf
	usesRT bool // the text written refers to errgenrt
	forms  map[string]*memberStencil
	frame  *methodFrame
}

// detailsSource returns the details file of shapes (detailsFile), written
// directly where it can be.
func (g *generator) detailsSource(shapes []*model.Shape) ([]byte, error) {
	if g.noStencils {
		return render(g.detailsFile(shapes))
	}
	w := &detailsWriter{g: g, forms: map[string]*memberStencil{}}
	texts := make([][]byte, len(shapes))
	var hard []int
	for i, s := range shapes {
		start := len(w.buf)
		w.start = start
		ok, err := w.shape(s)
		if err != nil {
			return nil, err
		}
		if !ok {
			w.buf = w.buf[:start]
			hard = append(hard, i)
			continue
		}
		texts[i] = w.buf[start:len(w.buf):len(w.buf)]
	}
	g.hardShapes.Add(int32(len(hard)))

	// The header, and the shapes written otherwise, through jennifer: each
	// after a sentinel variable.
	f := g.newFile()
	if w.usesRT {
		f.Var().Id(headSentinel(0)).Add(rt("Field"))
	} else {
		f.Var().Id(headSentinel(0)).Int()
	}
	for k, i := range hard {
		f.Var().Id(headSentinel(k + 1)).Int()
		g.shapeDecls(f, shapes[i])
	}
	src, err := render(f)
	if err != nil {
		return nil, err
	}
	first := "var " + headSentinel(0) + " int\n"
	if w.usesRT {
		first = "var " + headSentinel(0) + " errgenrt.Field\n"
	}
	at := bytes.Index(src, []byte("\n"+first))
	if at < 0 {
		// errgenrt imported under another name: every shape through gofmt
		g.hardShapes.Add(int32(len(shapes) - len(hard)))
		return render(g.detailsFile(shapes))
	}
	header, rest := src[:at+1], src[at+1+len(first):]
	for k, i := range hard {
		// rest starts at shape k's sentinel; a sentinel's name in a doc
		// comment of the shape before is behind "// ", never at a line start
		line := []byte("var " + headSentinel(k+1) + " int\n")
		rest = bytes.TrimLeft(rest, "\n")
		if !bytes.HasPrefix(rest, line) {
			return nil, fmt.Errorf("details: fallback shape %d is missing from the formatted source", k+1)
		}
		rest = rest[len(line):]
		end := len(rest)
		if k+1 < len(hard) {
			end = bytes.Index(rest, []byte("\nvar "+headSentinel(k+2)+" int\n"))
			if end < 0 {
				return nil, fmt.Errorf("details: fallback shape %d is missing from the formatted source", k+2)
			}
			end++
		}
		texts[i] = bytes.TrimLeft(rest[:end], "\n")
		rest = rest[end:]
	}

	size := len(header)
	for _, t := range texts {
		size += len(t) + 1
	}
	out := make([]byte, 0, size)
	out = append(out, header...) // ends in a blank line
	for _, t := range texts {
		if len(t) == 0 {
			continue
		}
		out = append(out, bytes.TrimRight(t, "\n")...)
		out = append(out, '\n', '\n')
	}
	return append(bytes.TrimRight(out, "\n"), '\n'), nil
}

// shape writes the declarations of one shape as shapeDecls adds them; ok
// is false when one of them has to go through gofmt.
func (w *detailsWriter) shape(s *model.Shape) (ok bool, err error) {
	switch {
	case s.Builtin:
		return w.fieldVars(s.Schema), nil
	case s.Schema.Ref == nil:
		return w.types(s.Schema, shapeWhat(s))
	}
	return true, nil
}

// decl starts a top-level declaration: a blank line after the one before.
func (w *detailsWriter) decl() {
	if len(w.buf) > w.start {
		w.buf = append(w.buf, '\n')
	}
}

// doc writes a doc comment of paragraphs; false when it is not at rest
// under gofmt.
func (w *detailsWriter) doc(paragraphs ...string) bool {
	lines, ok := canonicalDoc(docLines(paragraphs...))
	w.buf = appendLines(w.buf, lines)
	return ok
}

// types writes what genTypes adds.
func (w *detailsWriter) types(s *model.Schema, what string) (bool, error) {
	if s == nil || s.Ref != nil {
		return true, nil
	}
	switch {
	case s.Type == "object" && len(s.Properties) > 0 && s.GoName != "":
		if ok, err := w.structType(s, what); !ok || err != nil {
			return ok, err
		}
		for _, p := range s.Properties {
			if ok, err := w.types(p.Schema, what+", property "+strconv.Quote(p.Name)); !ok || err != nil {
				return ok, err
			}
		}
	case s.Type == "string" && len(s.Enum) > 0 && s.GoName != "":
		w.decl()
		if !w.doc(fmt.Sprintf("%s is %s.", s.GoName, what), s.Description) {
			return false, nil
		}
		w.buf = append(w.buf, "type "...)
		w.buf = append(w.buf, s.GoName...)
		w.buf = append(w.buf, " string\n"...)
		var consts []constSpec
		seen := map[string]bool{}
		for _, v := range s.Enum {
			if !seen[v] {
				seen[v] = true
				consts = append(consts, constSpec{name: naming.GoEnumConst(s.GoName, v), value: v})
			}
		}
		w.decl()
		w.buf = append(w.buf, "const (\n"...)
		var err error
		if w.buf, err = appendConstLines(w.buf, consts, s.GoName); err != nil {
			return false, err
		}
		w.buf = append(w.buf, ")\n"...)
	case s.Type == "array":
		return w.types(s.Items, what+" items")
	}
	return true, nil
}

// fieldVars writes the var block of fieldVars. The specs are aligned at
// their = in sections; a value of several lines (a Field with more than a
// name) ends its section.
func (w *detailsWriter) fieldVars(s *model.Schema) bool {
	if len(s.Properties) == 0 {
		return true
	}
	type spec struct {
		name string
		keys []string // the Field's keys, in jennifer's (sorted) order, and their values
		vals []string
	}
	specs := make([]spec, len(s.Properties))
	for i, p := range s.Properties {
		if len(p.Name) > maxDirectName {
			return false
		}
		sp := spec{name: fieldVar(s, p)}
		add := func(k, v string) { sp.keys, sp.vals = append(sp.keys, k), append(sp.vals, v) }
		ps := p.Schema
		if ps.MaxBytes > 0 {
			add("MaxBytes", strconv.Itoa(int(ps.MaxBytes)))
		}
		add("Name", strconv.Quote(p.Name))
		if fn := sanitizers[ps.Sanitize]; fn != "" {
			add("Sanitize", "errgenrt."+fn)
		}
		if ps.Sensitive || w.g.sensitive[p] {
			add("Sensitive", "true")
		}
		if ps.Verbose {
			add("Verbose", "true")
		}
		specs[i] = sp
	}
	w.usesRT = true
	w.decl()
	w.buf = append(w.buf, "var (\n"...)
	for lo := 0; lo < len(specs); {
		hi := lo // the section is specs[lo:hi+1]
		for hi+1 < len(specs) && len(specs[hi].keys) == 1 {
			hi++
		}
		width := 0
		for _, sp := range specs[lo : hi+1] {
			width = max(width, len(sp.name))
		}
		for _, sp := range specs[lo : hi+1] {
			w.buf = append(w.buf, '\t')
			w.buf = appendPadded(w.buf, sp.name, width+1)
			w.buf = append(w.buf, "= errgenrt.Field{"...)
			if len(sp.keys) == 1 {
				w.buf = append(w.buf, sp.keys[0]...)
				w.buf = append(w.buf, ": "...)
				w.buf = append(w.buf, sp.vals[0]...)
				w.buf = append(w.buf, "}\n"...)
				continue
			}
			keyWidth := 0
			for _, k := range sp.keys {
				keyWidth = max(keyWidth, len(k)+1)
			}
			w.buf = append(w.buf, '\n')
			for j, k := range sp.keys {
				w.buf = append(w.buf, "\t\t"...)
				w.buf = appendPadded(w.buf, k+":", keyWidth+1)
				w.buf = append(w.buf, sp.vals[j]...)
				w.buf = append(w.buf, ",\n"...)
			}
			w.buf = append(w.buf, "\t}\n"...)
		}
		lo = hi + 1
	}
	w.buf = append(w.buf, ")\n"...)
	return true
}

// appendPadded appends s and spaces up to width bytes (the names padded
// are ASCII).
func appendPadded(b []byte, s string, width int) []byte {
	b = append(b, s...)
	for range width - len(s) {
		b = append(b, ' ')
	}
	return b
}

// structType writes what genStruct adds: the field variables, the struct
// and its methods. Its fields are aligned in three columns (name, type,
// tag), in sections that a field's comment ends.
func (w *detailsWriter) structType(s *model.Schema, what string) (bool, error) {
	if !w.fieldVars(s) {
		return false, nil
	}
	w.decl()
	if !w.doc(fmt.Sprintf("%s is %s.", s.GoName, what), s.Description) {
		return false, nil
	}
	type field struct {
		comment    []string
		name, typ  string
		tag        string
		memberForm member
	}
	fields := make([]field, len(s.Properties))
	for i, p := range s.Properties {
		m := w.g.memberOf(s, p)
		typ := m.ti.text()
		tag := p.Name
		if m.optional {
			tag += ",omitempty"
			if m.ti.pointable() {
				typ = "*" + typ
			}
		}
		f := field{name: p.GoName, typ: typ, tag: structTag(tag), memberForm: m}
		if p.Schema.Description != "" {
			// A field's comment goes through gofmt's doc comment
			// reformatting once; plain text is what it leaves alone.
			if f.comment = docLines(p.Schema.Description); !plainDoc(f.comment) {
				return false, nil
			}
		}
		fields[i] = f
	}
	w.buf = append(w.buf, "type "...)
	w.buf = append(w.buf, s.GoName...)
	w.buf = append(w.buf, " struct {\n"...)
	for lo := 0; lo < len(fields); {
		hi := lo + 1 // the section is fields[lo:hi]
		for hi < len(fields) && fields[hi].comment == nil {
			hi++
		}
		nameWidth, typeWidth := 0, 0
		for _, f := range fields[lo:hi] {
			nameWidth, typeWidth = max(nameWidth, len(f.name)), max(typeWidth, len(f.typ))
		}
		for _, f := range fields[lo:hi] {
			for _, line := range f.comment {
				w.buf = append(w.buf, '\t')
				w.buf = append(w.buf, line...)
				w.buf = append(w.buf, '\n')
			}
			w.buf = append(w.buf, '\t')
			w.buf = appendPadded(w.buf, f.name, nameWidth+1)
			w.buf = appendPadded(w.buf, f.typ, typeWidth+1)
			w.buf = append(w.buf, f.tag...)
			w.buf = append(w.buf, '\n')
		}
		lo = hi
	}
	w.buf = append(w.buf, "}\n"...)

	// AppendJSON and Placeholder, from the stencils of the fields' forms.
	stencils := make([]*memberStencil, len(fields))
	for i, f := range fields {
		var err error
		if stencils[i], err = w.stencil(f.memberForm); err != nil {
			return false, err
		}
	}
	own := names{typ: s.GoName}
	w.decl()
	w.buf = w.frame.head.fill(w.buf, &own)
	for i, f := range fields {
		n := f.memberForm.names(s.GoName)
		w.buf = stencils[i].appendText.fill(w.buf, &n)
	}
	w.buf = w.frame.middle.fill(w.buf, &own)
	for i, f := range fields {
		n := f.memberForm.names(s.GoName)
		w.buf = append(w.buf, "\tcase "...)
		w.buf = strconv.AppendInt(w.buf, int64(i), 10)
		w.buf = append(w.buf, ":\n"...)
		w.buf = stencils[i].caseText.fill(w.buf, &n)
	}
	w.buf = w.frame.tail.fill(w.buf, &own)
	return true, nil
}

// structTag is the tag of a field whose json name is tag, as jennifer's
// Tag writes it.
func structTag(tag string) string {
	s := "json:" + strconv.Quote(tag)
	if strconv.CanBackquote(s) {
		return "`" + s + "`"
	}
	return strconv.Quote(s)
}

// text is the Go type of t, as jennifer writes code() and gofmt prints it.
func (t typeInfo) text() string {
	switch t.kind {
	case kString:
		return "string"
	case kEnum:
		return t.name
	case kInt:
		return "int64"
	case kFloat:
		return "float64"
	case kBool:
		return "bool"
	case kSlice:
		return "[]" + t.elem.text()
	case kStruct:
		s := t.name
		if s == "" {
			s = "errgenrt.FieldErrors"
		}
		if t.ptr {
			return "*" + s
		}
		return s
	case kMap:
		return "map[string]any"
	}
	return "any"
}

// terminal is the type at the end of t's chain of slices.
func (t typeInfo) terminal() typeInfo {
	for t.kind == kSlice {
		t = *t.elem
	}
	return t
}

// names are the values of m's placeholders in the methods of typeName.
func (m member) names(typeName string) names {
	return names{typ: typeName, field: m.fieldVar, goName: m.goName, name: m.ti.terminal().name}
}

// formKey names what the statements of a property depend on besides its
// names: its type's chain of kinds, pointers and whether a struct is
// errgenrt.FieldErrors, and whether it is optional.
func (m member) formKey() string {
	b := make([]byte, 0, 8)
	if m.optional {
		b = append(b, '?')
	}
	for t := m.ti; ; t = *t.elem {
		b = append(b, byte('a'+t.kind))
		if t.ptr {
			b = append(b, '*')
		}
		if t.kind == kStruct && t.name == "" {
			b = append(b, '0')
		}
		if t.kind != kSlice {
			break
		}
	}
	return string(b)
}

// stencil returns the stencil of m's form, rendering it through jennifer
// and gofmt the first time: a struct with the one property, placeholders
// for its names, its statements between marker calls in AppendJSON and its
// case followed by an empty one in Placeholder.
func (w *detailsWriter) stencil(m member) (*memberStencil, error) {
	key := m.formKey()
	if st := w.forms[key]; st != nil {
		return st, nil
	}
	ph := member{fieldVar: phd(phdField), goName: phd(phdGo), optional: m.optional, ti: m.ti.renamed(phd(phdName))}
	f := jen.NewFile(w.g.pkg)
	f.ImportName(RuntimePath, "errgenrt")
	mark := []jen.Code{jen.Id(phd(phdMark)).Call()}
	w.g.methods(f, phd(phdType), [][]jen.Code{mark, w.g.appendStmts(ph), mark}, []jen.Code{w.g.textStmt(ph), jen.Null()})
	src, err := render(f)
	if err != nil {
		return nil, err
	}
	text := string(src)
	start := strings.Index(text, "\n// AppendJSON ")
	markLine := "\t" + phd(phdMark) + "()\n"
	m1 := strings.Index(text, markLine)
	m2 := m1 + len(markLine) + strings.Index(text[m1+len(markLine):], markLine)
	c0 := strings.Index(text, "\tcase 0:\n")
	c1 := strings.Index(text, "\tcase 1:\n")
	if start < 0 || m1 < start || m2 < m1+len(markLine) || c0 < m2 || c1 < c0 {
		return nil, fmt.Errorf("details stencil %s is not as expected:\n%s", key, text)
	}
	var fr methodFrame
	var st memberStencil
	for _, cut := range []struct {
		to   *pieces
		text string
	}{
		{&fr.head, text[start+1 : m1]},
		{&st.appendText, text[m1+len(markLine) : m2]},
		{&fr.middle, text[m2+len(markLine) : c0]},
		{&st.caseText, text[c0+len("\tcase 0:\n") : c1]},
		{&fr.tail, text[c1+len("\tcase 1:\n"):]},
	} {
		if *cut.to, err = cutPieces(cut.text); err != nil {
			return nil, err
		}
	}
	if w.frame == nil {
		w.frame = &fr
	}
	w.forms[key] = &st
	return &st, nil
}

// renamed returns t with the struct or enum type at the end of its chain
// named name.
func (t typeInfo) renamed(name string) typeInfo {
	if t.kind == kSlice {
		elem := t.elem.renamed(name)
		t.elem = &elem
		return t
	}
	if t.name != "" {
		t.name = name
	}
	return t
}
