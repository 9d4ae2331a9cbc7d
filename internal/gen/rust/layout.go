package rust

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/errgen/errgen/internal/gen/printer"
)

// The generated Rust is written as rustfmt writes it (its default
// configuration, edition 2021), so that `cargo fmt --check` passes on every
// generated crate. The code is made of few constructs, each laid out here
// by rustfmt's rule for it: a struct literal of more than 18 columns is
// vertical, an array or a call is on one line when its items take at most
// 60 columns and the line at most 100, an attribute when its line takes at
// most 99, and so on. Where no layout fits in 100 columns rustfmt leaves
// the item as it is, so the layout written here stands.

const (
	maxWidth        = 100 // max_width
	shortWidth      = 60  // fn_call_width, array_width
	shortArrayItem  = 10  // short_array_element_width_threshold
	structLitWidth  = 18  // struct_lit_width
	indentWidth     = 4
	attributeMargin = 1 // an attribute fits in max_width - 1
)

// width is the number of columns rustfmt counts for generated text: every
// character the string literals and comments keep is one column wide, or
// two for the East Asian wide ones (see [literalRune]).
func width(s string) int {
	n := 0
	for _, r := range s {
		if wide(r) {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// wide reports whether r takes two columns.
func wide(r rune) bool {
	return r >= 0x1100 && (r >= 0x3041 && r <= 0x3096 || r >= 0x30a1 && r <= 0x30fa ||
		r >= 0x4e00 && r <= 0x9fff || r >= 0xac00 && r <= 0xd7a3 || r >= 0xff01 && r <= 0xff60 ||
		r >= 0x3001 && r <= 0x3003)
}

// literalRune reports whether a string literal keeps r as itself: printable
// characters whose width every version of Unicode and of rustfmt agrees
// on — ASCII, the Latin, Greek and Cyrillic letters, common punctuation
// and currency signs, and the East Asian ideographs and kana. Every other
// character is escaped, so no control, format or bidirectional character
// reaches the source, and rustfmt's line widths are the ones counted here.
func literalRune(r rune) bool {
	switch {
	case r >= 0x20 && r < 0x7f:
		return true
	case r < 0xa1:
		return false
	}
	if !unicode.In(r, unicode.L, unicode.N, unicode.P, unicode.S) {
		return false // marks, spaces, format characters, unassigned
	}
	return r <= 0x052f || r >= 0x1e00 && r <= 0x1eff || r >= 0x2010 && r <= 0x2027 ||
		r >= 0x20a0 && r <= 0x20c0 || wide(r)
}

// lit returns s as a Rust string literal.
func lit(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case literalRune(r):
			b.WriteRune(r)
		default:
			fmt.Fprintf(&b, `\u{%x}`, r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// commentText makes catalog text safe in a // comment: control, format
// (bidirectional among them: rustc denies them in comments) and
// separator characters become spaces, a tab four spaces (clippy warns on
// tabs in doc comments), and trailing space goes.
func commentText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\t':
			b.WriteString("    ")
		case r == ' ' || unicode.IsPrint(r) && r != utf8.RuneError:
			b.WriteRune(r)
		default:
			b.WriteByte(' ')
		}
	}
	return strings.TrimRight(b.String(), " ")
}

// text is a paragraph of a doc comment. Catalog text is written as the
// catalog has it ([docLines]); errgen's own text is markdown, wrapped at
// 80 columns.
type text struct {
	s   string
	own bool
}

// cat is a paragraph of catalog text.
func cat(s string) text { return text{s: s} }

// own is a paragraph of errgen's text, markdown.
func own(format string, args ...any) text { return text{s: fmt.Sprintf(format, args...), own: true} }

// docLines returns the lines (without the comment marker) of a doc
// comment of paragraphs, blank ones left out and the others separated by
// an empty line. A paragraph of catalog text that markdown would read as
// more than text (a list, a quote, a heading, a table, a code block, HTML)
// is written in a text code block: it is shown as written, never taken for
// a doc test, and never trips clippy's lints on doc comments.
func docLines(paragraphs ...text) []string {
	var lines []string
	for _, p := range paragraphs {
		s := strings.Trim(strings.ReplaceAll(p.s, "\r\n", "\n"), "\n")
		if strings.TrimSpace(s) == "" {
			continue
		}
		if len(lines) > 0 {
			lines = append(lines, "")
		}
		if p.own {
			lines = append(lines, wrap(commentText(s), 80)...)
			continue
		}
		text := strings.Split(s, "\n")
		for i, l := range text {
			text[i] = commentText(l)
		}
		if plain(text) {
			lines = append(lines, text...)
			continue
		}
		fence := strings.Repeat("`", max(3, longestRun(s, '`')+1))
		lines = append(lines, fence+"text")
		lines = append(lines, text...)
		lines = append(lines, fence)
	}
	return lines
}

// wrap breaks s into lines of at most n columns at spaces.
func wrap(s string, n int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		switch {
		case line == "":
			line = word
		case width(line)+1+width(word) > n:
			lines = append(lines, line)
			line = word
		default:
			line += " " + word
		}
	}
	return append(lines, line)
}

// plain reports whether markdown reads the lines as plain text: no line
// starts a block (a list item, a quote, a heading, a table row, an
// indented code block or a fence, HTML, a thematic break or a setext
// underline).
func plain(lines []string) bool {
	for _, l := range lines {
		t := strings.TrimLeft(l, " ")
		if len(l)-len(t) >= 4 || strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			return false
		}
		if t == "" {
			continue
		}
		if strings.ContainsRune("-*+>#|<=_", rune(t[0])) {
			return false
		}
		digits := len(t) - len(strings.TrimLeft(t, "0123456789"))
		if digits > 0 && digits < len(t) && (t[digits] == '.' || t[digits] == ')') {
			return false
		}
	}
	return true
}

func longestRun(s string, c byte) int {
	best, n := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
			best = max(best, n)
		} else {
			n = 0
		}
	}
	return best
}

// writer prints one generated file (internal/gen/printer) in rustfmt's
// layout, which names the depth of each line: the widths it lays lines
// out by count from it. Its zero value is ready to use.
type writer struct {
	p     *printer.Printer // nil before the first line
	depth int              // the printer's indentation, in levels
}

// indentUnit is a level of indentation: indentWidth spaces.
var indentUnit = strings.Repeat(" ", indentWidth)

// at moves the printer to the given depth.
func (w *writer) at(indent int) *printer.Printer {
	if w.p == nil {
		w.p = printer.New(indentUnit, 4096)
	}
	for ; w.depth < indent; w.depth++ {
		w.p.In()
	}
	for ; w.depth > indent; w.depth-- {
		w.p.Out()
	}
	return w.p
}

// line prints s at a depth; an empty s is an empty line.
func (w *writer) line(indent int, s string) {
	if s == "" {
		w.blank()
		return
	}
	w.at(indent).P(s)
}

func (w *writer) blank() { w.at(w.depth).P() }

// doc writes a doc comment (/// or, inner, //!) of paragraphs.
func (w *writer) doc(indent int, marker string, paragraphs ...text) {
	w.at(indent).Comment(marker, docLines(paragraphs...))
}

// write appends what another writer printed (a module's items, printed
// before the imports they need).
func (w *writer) write(from *writer) { w.at(w.depth).Write(from.content()) }

// content returns the bytes printed; the writer is not used after.
func (w *writer) content() []byte { return w.at(0).Content() }

// fits reports whether s fits on a line at the indent.
func fits(indent int, s string) bool { return indent*indentWidth+width(s) <= maxWidth }

// field writes the field `name: value,` of a struct literal, value being
// an expression rustfmt cannot break (a literal, a path): on one line when
// it fits with its comma, else with the value on the next line when it
// fits there (the comma aside, as rustfmt counts it).
func (w *writer) field(indent int, name, value string) {
	one := name + ": " + value + ","
	if !fits(indent, one) && fits(indent+1, value) {
		w.line(indent, name+":")
		w.line(indent+1, value+",")
		return
	}
	w.line(indent, one)
}

// typeField writes the field `name: Type,` of a struct declaration: on
// one line, or with the type on the next line when it fits there with its
// comma, else with its generic arguments on a line of their own.
func (w *writer) typeField(indent int, name, ty string) {
	open, end := strings.IndexByte(ty, '<'), strings.LastIndexByte(ty, '>')
	switch {
	case fits(indent, name+": "+ty+","):
		w.line(indent, name+": "+ty+",")
	case fits(indent+1, ty+","):
		w.line(indent, name+":")
		w.line(indent+1, ty+",")
	case open > 0 && end == len(ty)-1:
		w.line(indent, name+": "+ty[:open+1])
		w.line(indent+1, ty[open+1:end]+",")
		w.line(indent, ">,")
	default:
		w.line(indent, name+": "+ty+",")
	}
}

// arrayField writes the field `name: &[items…],` of a struct literal (see
// [writer.array]).
func (w *writer) arrayField(indent int, name, prefix string, items []string) {
	if short(items) && fits(indent, name+": "+prefix+"["+strings.Join(items, ", ")+"],") {
		w.line(indent, name+": "+prefix+"["+strings.Join(items, ", ")+"],")
		return
	}
	w.array(indent, name+": "+prefix, items, ",")
}

// short reports whether rustfmt may write the items of an array or a call
// on one line: one item, or items that take at most 60 columns.
func short(items []string) bool {
	return len(items) <= 1 || width(strings.Join(items, ", ")) <= shortWidth
}

// array writes the items of an array that does not fit on one line after
// head, ending with tail: for short literals and paths as many to a line
// as fit, else one to a line, each followed by a comma.
func (w *writer) array(indent int, head string, items []string, tail string) {
	w.line(indent, head+"[")
	if shortItems(items) {
		cur := ""
		for _, it := range items {
			next := it + ","
			if cur != "" {
				next = cur + " " + it + ","
			}
			if cur != "" && !fits(indent+1, next) {
				w.line(indent+1, cur)
				next = it + ","
			}
			cur = next
		}
		w.line(indent+1, cur)
	} else {
		for _, it := range items {
			w.line(indent+1, it+",")
		}
	}
	w.line(indent, "]"+tail)
}

// call writes the call `callee(args…)` as the last expression of a block:
// on one line when the arguments take at most 60 columns (or there is one)
// and the line fits, else one argument to a line.
func (w *writer) call(indent int, callee string, args []string) {
	one := callee + "(" + strings.Join(args, ", ") + ")"
	if short(args) && fits(indent, one) {
		w.line(indent, one)
		return
	}
	w.line(indent, callee+"(")
	for _, a := range args {
		w.line(indent+1, a+",")
	}
	w.line(indent, ")")
}

// lhs is the left-hand side `prefix: ty =` of a const or static at an
// indent, as rustfmt writes it: on one line, or with the type on a line of
// its own when it does not fit after the name; ok is false when the name
// alone takes the line, and rustfmt leaves the item as it is.
type lhs struct {
	indent int
	lines  []string
	last   int // the width of the last line, from the indent
	ok     bool
}

func newLHS(indent int, prefix, ty string) lhs {
	p := prefix + ": "
	need := ty + " ="
	if strings.HasPrefix(ty, "&[") {
		need += "  " // rustfmt gives a slice type two columns less than it takes
	}
	switch {
	case !fits(indent, p+"  "):
		return lhs{indent: indent, lines: []string{p + ty + " ="}}
	case !fits(indent, p+need):
		return lhs{indent: indent, lines: []string{prefix + ":", strings.Repeat(" ", indentWidth) + ty + " ="},
			last: indentWidth + width(ty+" ="), ok: true}
	}
	return lhs{indent: indent, lines: []string{p + ty + " ="}, last: width(p + ty + " ="), ok: true}
}

// sameLine reports whether value fits after the left-hand side, before
// its semicolon.
func (l lhs) sameLine(value string) bool {
	return l.indent*indentWidth+l.last+1+width(value)+1 <= maxWidth
}

// write writes the left-hand side with the first line of its value: after
// it, or, with next, on the next line.
func (l lhs) write(w *writer, first string, next bool) {
	for i, line := range l.lines {
		if i < len(l.lines)-1 {
			w.line(l.indent, line)
		} else if next {
			w.line(l.indent, line)
			w.line(l.indent+1, first)
		} else {
			w.line(l.indent, line+" "+first)
		}
	}
}

// assign writes the const or static `prefix: ty = value;`, value being an
// expression rustfmt cannot break: after the left-hand side when it fits,
// else on the next line when it fits there.
func (w *writer) assign(indent int, prefix, ty, value string) {
	l := newLHS(indent, prefix, ty)
	next := l.ok && !l.sameLine(value) && fits(indent+1, value+";")
	l.write(w, value+";", next)
}

// assignArray writes the const or static `prefix: ty = head[items…];`: on
// one line when it fits; else, when the array fits on one line there, on
// the next line; else one item to a line (see [writer.array]).
func (w *writer) assignArray(indent int, prefix, ty, head string, items []string) {
	l := newLHS(indent, prefix, ty)
	one := head + "[" + strings.Join(items, ", ") + "]"
	switch {
	case !l.ok || short(items) && l.sameLine(one):
		l.write(w, one+";", false)
	case short(items) && fits(indent+1, one+"; "): // an array on the next line takes a column less
		l.write(w, one+";", true)
	case !l.sameLine(head + "["):
		for _, line := range l.lines {
			w.line(indent, line)
		}
		w.array(indent+1, head, items, ";")
	default:
		for _, line := range l.lines[:len(l.lines)-1] {
			w.line(indent, line)
		}
		w.array(indent, l.lines[len(l.lines)-1]+" "+head, items, ";")
	}
}

// assignStruct writes the const or static `prefix: ty = open … };` whose
// value is a struct literal: open (`Name {`), the fields body writes at
// the indent it is given, and the closing brace. The literal starts after
// the left-hand side, or on the next line when it does not fit there.
func (w *writer) assignStruct(indent int, prefix, ty, open string, body func(indent int)) {
	l := newLHS(indent, prefix, ty)
	next := l.ok && !l.sameLine(open)
	l.write(w, open, next)
	in := indent
	if next {
		in++
	}
	body(in + 1)
	w.line(in, "};")
}

// shortItems reports whether rustfmt lays the items of an array out as
// many to a line: all are literals or paths of at most 10 columns.
func shortItems(items []string) bool {
	for _, it := range items {
		if width(it) > shortArrayItem {
			return false
		}
	}
	return true
}

// attr writes the attribute #[name(item)], on three lines when its line
// would take 100 columns or more.
func (w *writer) attr(indent int, name, item string) {
	one := "#[" + name + "(" + item + ")]"
	if indent*indentWidth+width(one) <= maxWidth-attributeMargin {
		w.line(indent, one)
		return
	}
	w.line(indent, "#["+name+"(")
	w.line(indent+1, item)
	w.line(indent, ")]")
}

// structLit writes the struct literal `name { fields… }` as the last
// expression of a block: on one line when its fields take at most 18
// columns and the line fits, else one field to a line.
func (w *writer) structLit(indent int, name string, fields []string) {
	body := strings.Join(fields, ", ")
	if width(body) <= structLitWidth && fits(indent, name+" { "+body+" }") {
		w.line(indent, name+" { "+body+" }")
		return
	}
	w.line(indent, name+" {")
	for _, f := range fields {
		if k, v, ok := strings.Cut(f, ": "); ok {
			w.field(indent+1, k, v)
		} else {
			w.line(indent+1, f+",")
		}
	}
	w.line(indent, "}")
}

// open writes the first line of an item with a body, `head {`, or head
// and the brace on a line of its own when they do not fit on one; the
// head of an impl of a trait breaks before its `for` instead.
func (w *writer) open(indent int, head string) {
	switch trait, typ, impl := strings.Cut(head, " for "); {
	case fits(indent, head+" {"):
		w.line(indent, head+" {")
	case !impl:
		w.line(indent, head)
		w.line(indent, "{")
	default:
		w.line(indent, trait)
		w.line(indent+1, "for "+typ)
		w.line(indent, "{")
	}
}

// fnHead writes the first line(s) of a function, `head(params) -> ret {`:
// on one line when it fits; else, without parameters, with the brace on a
// line of its own, or the parentheses apart when even that does not fit;
// else with each parameter on a line of its own.
func (w *writer) fnHead(indent int, head string, params []string, ret string) {
	one := head + "(" + strings.Join(params, ", ") + ")" + ret
	switch {
	case fits(indent, one+" {"):
		w.line(indent, one+" {")
	case len(params) == 0 && indent*indentWidth+width(one) <= maxWidth+1: // as rustfmt counts it
		w.line(indent, one)
		w.line(indent, "{")
	default:
		w.line(indent, head+"(")
		for _, p := range params {
			w.line(indent+1, p+",")
		}
		w.line(indent, ")"+ret+" {")
	}
}

// method writes the expression `receiver.method()`, the method on a line
// of its own when the line does not fit.
func (w *writer) method(indent int, receiver, method string) {
	if fits(indent, receiver+"."+method+"()") {
		w.line(indent, receiver+"."+method+"()")
		return
	}
	w.line(indent, receiver)
	w.line(indent+1, "."+method+"()")
}

func quote(s string) string { return strconv.Quote(s) }
