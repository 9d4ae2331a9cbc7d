// Package explain prints one error's reference as errgen explain shows
// it: its codes, templates, detail fields, doc and an example payload,
// wrapped for a terminal; or the errors that allow an HTTP status.
package explain

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/markdown"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/naming"
	"github.com/errgen/errgen/internal/runtimemodel"
)

// Width is the width text is wrapped to.
const Width = 80

// HTTPStatus reports whether q is written as an HTTP status errors may
// have: three digits, 400 to 599.
func HTTPStatus(q string) (int, bool) {
	q = strings.TrimSpace(q)
	if len(q) != 3 || q[0] < '4' || q[0] > '5' || strings.Trim(q, "0123456789") != "" {
		return 0, false
	}
	n, _ := strconv.Atoi(q)
	return n, true
}

// ErrorsAllowing returns the errors whose statuses include status, by code.
func ErrorsAllowing(m *model.Catalog, status int) []*model.Error {
	var out []*model.Error
	for _, e := range m.Errors {
		for _, s := range e.Statuses {
			if s == status {
				out = append(out, e)
				break
			}
		}
	}
	return out
}

// CatalogStatuses lists every status an error of m allows, ascending.
func CatalogStatuses(m *model.Catalog) string {
	seen := map[int]bool{}
	var list []int
	for _, e := range m.Errors {
		for _, s := range e.Statuses {
			if !seen[s] {
				seen[s] = true
				list = append(list, s)
			}
		}
	}
	sort.Ints(list)
	parts := make([]string, len(list))
	for i, s := range list {
		parts[i] = strconv.Itoa(s)
	}
	return strings.Join(parts, ", ")
}

// SymbolList names errors by symbol and code: "E_X (1001), E_Y (1002)".
func SymbolList(list []*model.Error) string {
	names := make([]string, len(list))
	for i, e := range list {
		names[i] = fmt.Sprintf("%s (%d)", e.Symbol, e.Code)
	}
	return strings.Join(names, ", ")
}

// PluralVerb counts n with the words of one or of many: "1 error allows",
// "2 errors allow".
func PluralVerb(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// Status prints the errors that allow an HTTP status: code, symbol,
// title, and their statuses, the one asked for marked when it is not the
// error's default.
func Status(w io.Writer, m *model.Catalog, status int, list []*model.Error) {
	var b strings.Builder
	fmt.Fprintf(&b, "HTTP status %d is allowed by %s of %s:\n\n", status, PluralVerb(len(list), "error", "errors"), m.Name)
	rows := [][4]string{{"CODE", "SYMBOL", "TITLE", "STATUS"}}
	for _, e := range list {
		st := "default"
		if e.Status() != status {
			st = fmt.Sprintf("allowed (default %d)", e.Status())
		}
		rows = append(rows, [4]string{strconv.FormatInt(e.Code, 10), e.Symbol, terminal(e.Title), st})
	}
	for _, l := range columns(rows) {
		b.WriteString(l + "\n")
	}
	b.WriteString("\nerrgen explain SYMBOL prints one error's reference.\n")
	io.WriteString(w, b.String())
}

// Find looks an error up by code, symbol, type, slug or problem type
// URI. When none matches it returns a message naming the closest errors.
func Find(m *model.Catalog, q string) (*model.Error, string) {
	q = strings.TrimSpace(q)
	if n, err := strconv.ParseInt(q, 10, 64); err == nil {
		if e := m.ByCode(n); e != nil {
			return e, ""
		}
		msg := fmt.Sprintf("no error has code %d in %s", n, m.Name)
		if r := retiredBy(m, func(r *model.Retired) bool { return r.HasCode && r.Code == n }); r != "" {
			return nil, msg + "; " + r
		}
		var wire []string
		for _, e := range m.Errors {
			if e.WireCode == n {
				wire = append(wire, fmt.Sprintf("%s (%d)", e.Symbol, e.Code))
			}
		}
		if len(wire) > 0 {
			return nil, msg + "; errors sent with JSON-RPC code " + q + ": " + strings.Join(wire, ", ")
		}
		if _, ok := HTTPStatus(q); ok {
			return nil, msg // the caller adds what the status tells
		}
		return nil, msg + closest(nearestCodes(m, n))
	}
	if e := m.BySymbol(q); e != nil {
		return e, ""
	}
	if e := m.BySymbol(strings.ToUpper(q)); e != nil {
		return e, ""
	}
	lower := strings.ToLower(q)
	if e := m.ByType(lower); e != nil {
		return e, ""
	}
	if e := m.ByType(strings.ReplaceAll(lower, "-", "_")); e != nil {
		return e, "" // a slug
	}
	for _, e := range m.Errors {
		if e.ProblemType == q {
			return e, ""
		}
	}
	msg := fmt.Sprintf("no error has symbol, type or problem type %q in %s", q, m.Name)
	if r := retiredBy(m, func(r *model.Retired) bool { return strings.EqualFold(r.Symbol, q) }); r != "" {
		return nil, msg + "; " + r
	}
	return nil, msg + closest(nearestNames(m, q))
}

func retiredBy(m *model.Catalog, match func(*model.Retired) bool) string {
	for _, r := range m.Retired {
		if !match(r) {
			continue
		}
		what := r.Symbol
		if r.HasCode {
			what = strings.TrimSpace(fmt.Sprintf("%s (%d)", r.Symbol, r.Code))
		}
		s := what + " was retired"
		if r.Since != "" {
			s += " in " + r.Since
		}
		if r.Note != "" {
			s += ": " + r.Note
		}
		return terminal(s)
	}
	return ""
}

func closest(list []*model.Error) string {
	if len(list) == 0 {
		return ""
	}
	names := make([]string, len(list))
	for i, e := range list {
		names[i] = fmt.Sprintf("%s (%d)", e.Symbol, e.Code)
	}
	return "; closest: " + strings.Join(names, ", ")
}

// nearestCodes returns the three errors whose codes are nearest n.
func nearestCodes(m *model.Catalog, n int64) []*model.Error {
	list := append([]*model.Error(nil), m.Errors...)
	dist := func(e *model.Error) uint64 {
		if e.Code > n {
			return uint64(e.Code - n)
		}
		return uint64(n - e.Code)
	}
	sort.SliceStable(list, func(i, j int) bool { return dist(list[i]) < dist(list[j]) })
	if len(list) > 3 {
		list = list[:3]
	}
	return list
}

// nearestNames returns up to three errors whose symbol or type is within a
// small edit distance of q, nearest first.
func nearestNames(m *model.Catalog, q string) []*model.Error {
	type cand struct {
		e *model.Error
		d int
	}
	q = strings.ToLower(q)
	limit := max(2, utf8.RuneCountInString(q)/3)
	var cands []cand
	for _, e := range m.Errors {
		d := naming.EditDistance(q, strings.ToLower(e.Symbol), limit)
		for _, a := range e.Aliases {
			if t := naming.EditDistance(q, strings.ToLower(a.Symbol), limit); t < d {
				d = t
			}
		}
		if t := naming.EditDistance(q, e.Type, limit); t < d {
			d = t
		}
		if t := naming.EditDistance(q, e.Slug, limit); t < d {
			d = t
		}
		if d <= limit {
			cands = append(cands, cand{e, d})
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].d < cands[j].d })
	var out []*model.Error
	for i := 0; i < len(cands) && i < 3; i++ {
		out = append(out, cands[i].e)
	}
	return out
}

// Error prints the reference of e as plain text.
func Error(w io.Writer, m *model.Catalog, e *model.Error) {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%d): %s\n\n", e.Symbol, e.Code, terminal(e.Title))
	var rows [][2]string
	add := func(k, v string) { rows = append(rows, [2]string{k, v}) }
	add("code", strconv.FormatInt(e.Code, 10))
	add("symbol", e.Symbol)
	if len(e.Aliases) > 0 {
		add("aliases", strings.Join(e.AliasSymbols(), ", "))
	}
	add("type", e.Type)
	// only the facts of the wire formats the catalog uses
	if m.Uses(model.FormatProblem) {
		add("problem type", terminal(e.ProblemType))
	}
	if m.Uses(model.FormatJSONRPC) {
		add("JSON-RPC code", strconv.FormatInt(e.WireCode, 10))
	}
	if m.Uses(model.FormatProblem) || m.Uses(model.FormatResponse) {
		st := make([]string, len(e.Statuses))
		for i, s := range e.Statuses {
			st[i] = strconv.Itoa(s)
		}
		status := strings.Join(st, ", ")
		if len(st) > 1 {
			status += " (the first is the default)"
		}
		add("HTTP status", status)
	}
	add("retryable", yesNo(e.Retryable))
	add("retry", retryText(e))
	dom := e.Domain.Name
	if e.Domain.Title != "" && e.Domain.Title != e.Domain.Name {
		dom += " (" + terminal(e.Domain.Title) + ")"
	}
	add("domain", dom)
	if e.Since != "" {
		add("since", terminal(e.Since))
	}
	if d := e.Deprecated; d != nil {
		s := "yes"
		if d.Since != "" {
			s += ", since " + terminal(d.Since)
		}
		if d.ReplacedBy != nil {
			s += "; use " + d.ReplacedBy.Symbol + " (" + strconv.FormatInt(d.ReplacedBy.Code, 10) + ") instead"
		}
		if d.Note != "" {
			s += ". " + terminal(d.Note)
		}
		add("deprecated", s)
	}
	const keyWidth = 15
	for _, r := range rows {
		lines := wrap(r[1], Width-4-keyWidth)
		for i, l := range lines {
			key := r[0]
			if i > 0 {
				key = ""
			}
			fmt.Fprintf(&b, "    %-*s%s\n", keyWidth, key, l)
		}
	}

	section := func(title string, templates ...string) {
		if len(templates) == 0 {
			return
		}
		fmt.Fprintf(&b, "\n%s\n", title)
		for _, t := range templates {
			prefix := "    "
			if len(templates) > 1 {
				prefix = "    - "
			}
			for i, l := range strings.Split(terminalLines(t), "\n") {
				if i > 0 {
					prefix = strings.Repeat(" ", len(prefix))
				}
				b.WriteString(prefix + l + "\n")
			}
		}
	}
	section("Message", e.Message.Source)
	if e.UserMessage != nil {
		section("User message", e.UserMessage.Source)
	}
	var sugg []string
	for _, s := range e.Suggestions {
		sugg = append(sugg, s.Source)
	}
	section("Suggestions", sugg...)

	if d := markdown.DetailsOf(m, e); d != nil {
		title := "Details"
		if d.Shape != "" {
			title += " (shape " + d.Shape + ")"
		}
		if d.Type != "" {
			title += ": " + terminal(d.Type)
		}
		fmt.Fprintf(&b, "\n%s\n", title)
		if d.Description != "" {
			for _, l := range wrap(terminal(d.Description), Width-4) {
				b.WriteString("    " + l + "\n")
			}
		}
		fieldTable(&b, d.Fields)
		for _, s := range d.Shapes {
			fmt.Fprintf(&b, "\n  shape %s", s.Name)
			if s.Type != "" {
				fmt.Fprintf(&b, ": %s", terminal(typeLine(s.Type, s.Values, s.Constraints)))
			}
			b.WriteString("\n")
			if s.Description != "" {
				for _, l := range wrap(terminal(s.Description), Width-4) {
					b.WriteString("    " + l + "\n")
				}
			}
			fieldTable(&b, s.Fields)
		}
	} else if m.Uses(model.FormatJSONRPC) {
		b.WriteString("\nDetails\n    none: context.details is {}\n")
	} else {
		b.WriteString("\nDetails\n    none\n")
	}

	if doc := strings.TrimSpace(e.Doc); doc != "" {
		b.WriteString("\n")
		for _, l := range wrapDoc(terminalLines(doc), Width) {
			b.WriteString(strings.TrimRight(l, " ") + "\n")
		}
	}

	if payload, format := examplePayload(m, e); payload != "" {
		b.WriteString("\nExample (" + format + ")\n")
		for _, l := range strings.Split(payload, "\n") {
			b.WriteString("    " + l + "\n")
		}
	}
	io.WriteString(w, b.String())
}

// retryText returns e's retry class with its default delay and
// throttling mark: "after_delay (30 s by default; throttling)",
// "after_change", "never".
func retryText(e *model.Error) string {
	r := markdown.Retry(e)
	if r.Note == "" {
		return r.Class
	}
	return r.Class + " (" + r.Note + ")"
}

func yesNo(v bool) string {
	if v {
		return "yes"
	}
	return "no"
}

func typeLine(t string, values, constraints []string) string {
	s := t
	if len(values) > 0 {
		s += ", one of " + strings.Join(values, ", ")
	}
	for _, c := range constraints {
		s += "; " + c
	}
	return s
}

// fieldTable prints detail fields as aligned columns, each description
// wrapped on the lines below its field.
func fieldTable(b *strings.Builder, fields []markdown.Field) {
	if len(fields) == 0 {
		return
	}
	head := [4]string{"FIELD", "TYPE", "REQUIRED", "NOTES"}
	rows := [][4]string{head}
	for _, f := range fields {
		rows = append(rows, [4]string{terminal(f.Path), terminal(typeLine(f.Type, f.Values, f.Constraints)),
			yesNo(f.Required), terminal(strings.Join(f.Notes, "; "))})
	}
	for i, line := range columns(rows) {
		b.WriteString(line + "\n")
		if i > 0 && fields[i-1].Description != "" {
			for _, l := range wrap(terminal(fields[i-1].Description), Width-8) {
				b.WriteString("        " + l + "\n")
			}
		}
	}
}

// columns lays rows out as lines indented by four spaces, the first three
// columns aligned (to at most 40 characters), the last as it is.
func columns(rows [][4]string) []string {
	var width [3]int
	for _, r := range rows {
		for i := 0; i < 3; i++ {
			if n := utf8.RuneCountInString(r[i]); n > width[i] && n <= 40 {
				width[i] = n
			}
		}
	}
	lines := make([]string, len(rows))
	for i, r := range rows {
		line := "    "
		for c := 0; c < 3; c++ {
			line += r[c] + strings.Repeat(" ", max(1, width[c]-utf8.RuneCountInString(r[c])+2))
		}
		lines[i] = strings.TrimRight(line+r[3], " ")
	}
	return lines
}

// examplePayload renders the first catalog example (or, for an error
// without details, the error itself) as the runtime renders it in the
// catalog's first wire format (a JSON-RPC error object, else a problem
// document, else a plain response), indented, and names the format; ""
// when the catalog has no example.
func examplePayload(m *model.Catalog, e *model.Error) (string, string) {
	var v any
	switch {
	case len(e.Examples) > 0:
		v = e.Examples[0].Value
	case e.Details != nil:
		return "", ""
	}
	rm := runtimemodel.Build(gen.NewInput(m))
	o := errgenrt.DefaultOptions()
	o.Now = func() time.Time { return gen.ExampleTime }
	o.Instance = func() string { return gen.ExampleInstance }
	err := rm.New(e, v)
	var raw []byte
	var format string
	switch {
	case m.Uses(model.FormatJSONRPC):
		raw, format = err.AppendJSONRPC(nil, &o), "JSON-RPC error object"
	case m.Uses(model.FormatProblem):
		raw, format = err.AppendProblem(nil, &o), "problem document"
	default:
		raw, format = err.AppendResponse(nil, &o), "plain response"
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, raw, "", "  "); err != nil {
		return string(raw), format
	}
	return buf.String(), format
}

// terminal makes catalog text safe to print on one terminal line: control
// characters (escape sequences included), line breaks and the bidi
// controls that reorder text are shown as \u escapes.
func terminal(s string) string {
	return strings.ReplaceAll(terminalLines(s), "\n", `\n`)
}

// terminalLines is [terminal] keeping newlines (tabs become spaces).
func terminalLines(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == '\n':
			b.WriteByte('\n')
		case r == '\t':
			b.WriteString("    ")
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			b.WriteString(`\ufffd`)
		case r < 0x20, r >= 0x7f && r <= 0x9f, r == '\u2028', r == '\u2029',
			r >= '\u202a' && r <= '\u202e', r >= '\u2066' && r <= '\u2069', r == '\u200e', r == '\u200f', r == '\u061c':
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// wrap splits text into lines of at most width runes at spaces; a longer
// word stands alone.
func wrap(text string, width int) []string {
	words := strings.Fields(text)
	if len(words) == 0 {
		return []string{""}
	}
	var lines []string
	line := words[0]
	for _, w := range words[1:] {
		if utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) > width {
			lines = append(lines, line)
			line = w
			continue
		}
		line += " " + w
	}
	return append(lines, line)
}

// wrapDoc wraps the paragraphs and list items of a markdown doc to width,
// keeping code blocks, tables, headings and indented lines as written.
func wrapDoc(doc string, width int) []string {
	var out, para []string
	hang := "" // indent of a list item's continuation lines
	first := ""
	flush := func() {
		if len(para) == 0 {
			return
		}
		lines := wrap(strings.Join(para, " "), width-utf8.RuneCountInString(hang))
		for i, l := range lines {
			if i == 0 {
				out = append(out, first+l)
			} else {
				out = append(out, hang+l)
			}
		}
		para, hang, first = nil, "", ""
	}
	fence := ""
	for _, l := range strings.Split(doc, "\n") {
		trimmed := strings.TrimLeft(l, " ")
		ind := len(l) - len(trimmed)
		switch {
		case fence != "":
			out = append(out, l)
			if ind <= 3 && strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
				fence = ""
			}
		case ind <= 3 && (strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~")):
			flush()
			n := 0
			for n < len(trimmed) && trimmed[n] == trimmed[0] {
				n++
			}
			fence = trimmed[:n]
			out = append(out, l)
		case trimmed == "":
			flush()
			out = append(out, "")
		case ind >= 4 && len(para) == 0, strings.HasPrefix(trimmed, "|"), strings.HasPrefix(trimmed, "#"):
			flush()
			out = append(out, l)
		default:
			if w := listItem(trimmed); w > 0 {
				flush()
				first = l[:ind] + trimmed[:w]
				hang = strings.Repeat(" ", ind+w)
				para = []string{trimmed[w:]}
				continue
			}
			if len(para) == 0 {
				first, hang = l[:ind], l[:ind]
			}
			para = append(para, trimmed)
		}
	}
	flush()
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// listItem returns the width of a list marker with its space ("- ",
// "12. "), or 0.
func listItem(s string) int {
	if len(s) > 1 && (s[0] == '-' || s[0] == '*' || s[0] == '+') && s[1] == ' ' {
		return 2
	}
	n := 0
	for n < len(s) && n < 9 && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n > 0 && n+1 < len(s) && (s[n] == '.' || s[n] == ')') && s[n+1] == ' ' {
		return n + 2
	}
	return 0
}
