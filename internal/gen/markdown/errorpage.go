package markdown

import (
	"bytes"
	"strconv"
	"strings"
	"text/template"
)

// The error pages are most of the docs (one per error), and text/template
// spends most of its time there in reflection. When the template set
// renders them with the built-in error.md.tmpl and examples.md.tmpl
// (whatever else it overrides), appendErrorPage writes the same bytes
// directly: it is those two templates, statement by statement; likewise
// appendFields for fields.md.tmpl, which renders the details tables, and
// appendIndex and appendDomainPage (indexpage.go) for index.md.tmpl and
// domain.md.tmpl, whose tables list every error once each.
// TestErrorPageMatchesTemplate holds all of them to byte equality with the
// templates on every golden, hostile and synthetic catalog, so an edit to
// a template that is not made here too fails the tests.

const examplesTemplate = "examples.md.tmpl"

// builtinTemplates reports whether t has the built-in templates of these
// names: the same parse trees (comments aside, which render nothing).
func builtinTemplates(t *template.Template, names ...string) bool {
	builtinT, err := loadTemplates(nil)
	if err != nil {
		return false
	}
	if t == builtinT {
		return true
	}
	for _, name := range names {
		a, b := t.Lookup(name), builtinT.Lookup(name)
		if a == nil || b == nil || a.Tree == nil || b.Tree == nil || a.Tree.Root.String() != b.Tree.Root.String() {
			return false
		}
	}
	return true
}

// appendErrorPage appends the page of v to b as error.md.tmpl renders it.
func appendErrorPage(b []byte, v *errorPage) []byte {
	b = appendFrontMatterHead(b, &v.page)
	b = append(b, "title: "...)
	b = append(b, yaml(v.Symbol+": "+v.Title)...)
	b = append(b, "\ndescription: "...)
	b = append(b, yaml(v.Description)...)
	b = append(b, "\nslug: "...)
	b = append(b, yaml(v.Slug)...)
	b = append(b, "\nsidebar_label: "...)
	b = append(b, yaml(v.Symbol)...)
	b = append(b, "\nsidebar_position: "...)
	b = strconv.AppendInt(b, int64(v.Position), 10)
	b = append(b, "\nweight: "...)
	b = strconv.AppendInt(b, int64(v.Position), 10)
	b = append(b, "\n---\n<!-- "...)
	b = append(b, v.Header...)
	b = append(b, " -->\n\n<div v-pre>\n\n# "...)
	b = append(b, code(v.Symbol)...)
	b = append(b, ": "...)
	b = append(b, text(v.Title)...)
	b = append(b, '\n')
	if d := v.Deprecated; d != nil {
		b = append(b, "\n> **Deprecated**"...)
		if d.Since != "" {
			b = append(b, " since "...)
			b = append(b, text(d.Since)...)
		}
		b = append(b, '.')
		if r := d.ReplacedBy; r != nil {
			b = append(b, " Use ["...)
			b = append(b, code(r.Symbol)...)
			b = append(b, "]("...)
			b = append(b, r.Link...)
			b = append(b, ") ("...)
			b = append(b, text(r.Title)...)
			b = append(b, ") instead."...)
		}
		if d.Note != "" {
			b = append(b, ' ')
			b = append(b, text(d.Note)...)
		}
		b = append(b, '\n')
	}
	b = append(b, "\n| | |\n|---|---|\n| Code | "...)
	b = append(b, cellcode(strconv.FormatInt(v.Code, 10))...)
	b = append(b, " |\n| Symbol | "...)
	b = append(b, cellcode(v.Symbol)...)
	b = append(b, " |\n| Type | "...)
	b = append(b, cellcode(v.Type)...)
	b = append(b, " |\n| Problem type | "...)
	b = append(b, cellcode(v.ProblemType)...)
	b = append(b, " |\n| JSON-RPC code | "...)
	b = append(b, cellcode(strconv.FormatInt(v.WireCode, 10))...)
	b = append(b, " |\n| HTTP status | "...)
	b = append(b, v.Statuses...)
	b = append(b, " |\n| Retryable | "...)
	b = append(b, yesno(v.Retryable)...)
	b = append(b, " |\n| Domain | ["...)
	b = append(b, text(v.Domain.Title)...)
	b = append(b, "]("...)
	b = append(b, v.Domain.Link...)
	b = append(b, ')')
	if v.Domain.Title != v.Domain.Name {
		b = append(b, " ("...)
		b = append(b, cellcode(v.Domain.Name)...)
		b = append(b, ')')
	}
	b = append(b, " |"...)
	if v.Since != "" {
		b = append(b, "\n| Since | "...)
		b = append(b, text(v.Since)...)
		b = append(b, " |"...)
	}
	b = append(b, '\n')
	if v.Doc != "" {
		b = append(b, '\n')
		b = append(b, v.Doc...)
	}
	b = append(b, "\n## Message\n\n"...)
	b = appendFence(b, "text", v.Message)
	b = append(b, '\n')
	if v.UserMessage != "" {
		b = append(b, "\nUser message (`context.userMessage`):\n\n"...)
		b = appendFence(b, "text", v.UserMessage)
		b = append(b, '\n')
	}
	if len(v.Suggestions) > 0 {
		b = append(b, "\nSuggestions (`context.suggestions`):\n"...)
		for _, s := range v.Suggestions {
			b = append(b, '\n')
			b = appendFence(b, "text", s)
			b = append(b, '\n')
		}
	}
	if v.Placeholders {
		b = append(b, "\nPlaceholders such as `{field}` take the value of that detail field, redacted\nor sanitized as the field itself is.\n"...)
	}
	b = append(b, "\n## Details\n"...)
	if d := v.Details; d != nil {
		b = appendDetails(b, d)
	} else {
		b = append(b, "\nThis error has no details: `context.details` is `{}`.\n"...)
	}
	b = append(b, "\n## Examples\n"...)
	if len(v.Examples) > 0 {
		b = append(b, "\nRendered by the errgen runtime with the default options (not verbose,\nsensitive fields redacted); the timestamp and instance are fixed.\n"...)
		b = appendExamples(b, v.Examples)
	} else {
		b = append(b, "\nThe catalog has no example of this error.\n"...)
	}
	b = append(b, "\n[All errors]("...)
	b = append(b, v.Index...)
	b = append(b, ") · ["...)
	b = append(b, text(v.Domain.Title)...)
	b = append(b, " errors]("...)
	b = append(b, v.Domain.Link...)
	b = append(b, ")\n\n</div>\n"...)
	return b
}

// appendDetails is the {{with .Details}} part of error.md.tmpl.
func appendDetails(b []byte, d *Details) []byte {
	b = append(b, '\n')
	if d.Shape != "" {
		b = append(b, "Shape "...)
		b = append(b, code(d.Shape)...)
		if d.Builtin {
			b = append(b, " (built in)"...)
		}
	} else {
		b = append(b, "Inline shape"...)
	}
	if d.Type != "" {
		b = append(b, ": "...)
		b = append(b, text(d.Type)...)
	}
	b = append(b, '.')
	if d.Description != "" {
		b = append(b, ' ')
		b = append(b, text(d.Description)...)
	}
	b = append(b, '\n')
	if len(d.Fields) > 0 {
		b = append(b, '\n')
		b = append(b, d.Table...)
	}
	for _, s := range d.Shapes {
		b = append(b, "\n### "...)
		b = append(b, code(s.Name)...)
		b = append(b, '\n')
		if s.Description != "" {
			b = append(b, '\n')
			b = append(b, text(s.Description)...)
			b = append(b, '\n')
		}
		if len(s.Fields) > 0 {
			b = append(b, '\n')
			b = append(b, s.Table...)
			continue
		}
		b = append(b, "\nType: "...)
		b = append(b, text(s.Type)...)
		for i, v := range s.Values {
			if i > 0 {
				b = append(b, ',')
			} else {
				b = append(b, ", one of"...)
			}
			b = append(b, ' ')
			b = append(b, code(v)...)
		}
		for _, c := range s.Constraints {
			b = append(b, "; "...)
			b = append(b, text(c)...)
		}
		b = append(b, ".\n"...)
	}
	return b
}

// appendExamples is examples.md.tmpl.
func appendExamples(b []byte, examples []exampleView) []byte {
	for _, ex := range examples {
		b = append(b, "\n### Example "...)
		b = strconv.AppendInt(b, int64(ex.N), 10)
		b = append(b, "\n\nJSON-RPC `error` object:\n\n"...)
		b = appendFence(b, "json", ex.JSONRPC)
		b = append(b, "\n\nProblem document (`application/problem+json`):\n\n"...)
		b = appendFence(b, "json", ex.Problem)
		b = append(b, "\n\nPlain response:\n\n"...)
		b = appendFence(b, "json", ex.Response)
		b = append(b, '\n')
	}
	return b
}

// renderErrorPage renders v with the template set, or directly when the
// set renders error pages as the built-in templates do; buf is scratch
// space reused from page to page.
func (g *generator) renderErrorPage(buf *bytes.Buffer, v *errorPage) ([]byte, error) {
	if !g.direct {
		return g.execBuf(buf, errorTemplate, v)
	}
	buf.Reset()
	out := appendErrorPage(buf.AvailableBuffer(), v)
	if cap(out) > buf.Cap() {
		buf.Grow(cap(out)) // a page outgrew the scratch space: keep the larger size
	}
	return bytes.Clone(out), nil
}

// appendFields appends the details table of fields as fields.md.tmpl
// renders it.
func appendFields(b []byte, fields []Field) []byte {
	b = append(b, "| Field | Type | Required | Notes | Description |\n|---|---|---|---|---|\n"...)
	for _, f := range fields {
		b = append(b, "| "...)
		b = append(b, cellcode(f.Path)...)
		b = append(b, " | "...)
		b = append(b, text(f.Type)...)
		for i, v := range f.Values {
			if i > 0 {
				b = append(b, ',')
			} else {
				b = append(b, ", one of"...)
			}
			b = append(b, ' ')
			b = append(b, cellcode(v)...)
		}
		for _, c := range f.Constraints {
			b = append(b, "; "...)
			b = append(b, text(c)...)
		}
		b = append(b, " | "...)
		b = append(b, yesno(f.Required)...)
		b = append(b, " | "...)
		b = append(b, text(strings.Join(f.Notes, "; "))...)
		b = append(b, " | "...)
		b = append(b, text(f.Description)...)
		b = append(b, " |\n"...)
	}
	return b
}

// fieldsTable renders a details table with the template set, or directly
// when the set has the built-in fields.md.tmpl.
func (g *generator) fieldsTable(fields []Field) (string, error) {
	if g.directFields {
		return string(appendFields(nil, fields)), nil
	}
	table, err := g.exec(fieldsTemplate, fields)
	return string(table), err
}
