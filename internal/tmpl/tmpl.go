// Package tmpl parses errgen's message templates: literal text with {field}
// placeholders, where {{ and }} stand for literal braces.
package tmpl

import "fmt"

// Part is one piece of a template: literal text, or a placeholder naming a
// top-level detail field (Field != "").
type Part struct {
	Literal string // text with escapes resolved; empty for a placeholder
	Field   string // the placeholder's field name
	Offset  int    // byte offset of the part in the source
}

// Template is a parsed template.
type Template struct {
	Source string
	Parts  []Part // adjacent literals are merged; no empty literal
}

// Fields returns the placeholder names in order of first use, without repeats.
func (t *Template) Fields() []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range t.Parts {
		if p.Field != "" && !seen[p.Field] {
			seen[p.Field] = true
			out = append(out, p.Field)
		}
	}
	return out
}

// IsLiteral reports whether the template has no placeholder.
func (t *Template) IsLiteral() bool {
	for _, p := range t.Parts {
		if p.Field != "" {
			return false
		}
	}
	return true
}

// Render renders t, asking value for each placeholder's text.
func (t *Template) Render(value func(field string) string) string {
	var b []byte
	for _, p := range t.Parts {
		if p.Field != "" {
			b = append(b, value(p.Field)...)
		} else {
			b = append(b, p.Literal...)
		}
	}
	return string(b)
}

// Error is a template syntax error at a byte offset of the source.
type Error struct {
	Offset int
	Msg    string
}

func (e *Error) Error() string { return fmt.Sprintf("%s at byte %d", e.Msg, e.Offset) }

// Parse parses src. It returns every syntax error found, in source order.
func Parse(src string) (*Template, []*Error) {
	t := &Template{Source: src}
	var errs []*Error
	var lit []byte
	litStart := 0
	flush := func() {
		if len(lit) > 0 {
			t.Parts = append(t.Parts, Part{Literal: string(lit), Offset: litStart})
			lit = nil
		}
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '{' && i+1 < len(src) && src[i+1] == '{':
			if len(lit) == 0 {
				litStart = i
			}
			lit = append(lit, '{')
			i += 2
		case c == '}' && i+1 < len(src) && src[i+1] == '}':
			if len(lit) == 0 {
				litStart = i
			}
			lit = append(lit, '}')
			i += 2
		case c == '}':
			errs = append(errs, &Error{Offset: i, Msg: "unbalanced '}' (write }} for a literal brace)"})
			i++
		case c == '{':
			end := -1
			for j := i + 1; j < len(src); j++ {
				if src[j] == '}' {
					end = j
					break
				}
				if src[j] == '{' {
					break
				}
			}
			if end < 0 {
				errs = append(errs, &Error{Offset: i, Msg: "unbalanced '{' (write {{ for a literal brace)"})
				i++
				continue
			}
			name := src[i+1 : end]
			if name == "" {
				errs = append(errs, &Error{Offset: i, Msg: "empty placeholder {}"})
			} else {
				flush()
				t.Parts = append(t.Parts, Part{Field: name, Offset: i})
			}
			i = end + 1
		default:
			if len(lit) == 0 {
				litStart = i
			}
			lit = append(lit, c)
			i++
		}
	}
	flush()
	return t, errs
}
