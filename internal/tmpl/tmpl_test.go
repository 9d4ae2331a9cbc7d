package tmpl

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		src    string
		parts  []Part
		errors []string
	}{
		{src: "plain text", parts: []Part{{Literal: "plain text"}}},
		{src: "", parts: nil},
		{src: "File is {actual} {unit}", parts: []Part{
			{Literal: "File is "}, {Field: "actual", Offset: 8}, {Literal: " ", Offset: 16}, {Field: "unit", Offset: 17}}},
		{src: "use {{offset}} or }}", parts: []Part{{Literal: "use {offset} or }"}}},
		{src: "{{{x}}}", parts: []Part{{Literal: "{"}, {Field: "x", Offset: 2}, {Literal: "}", Offset: 5}}},
		{src: "a {b", errors: []string{"unbalanced '{' (write {{ for a literal brace) at byte 2"}, parts: []Part{{Literal: "a b"}}},
		{src: "a } b", errors: []string{"unbalanced '}' (write }} for a literal brace) at byte 2"}, parts: []Part{{Literal: "a  b"}}},
		{src: "{}", errors: []string{"empty placeholder {} at byte 0"}},
		{src: "{a{b}", errors: []string{"unbalanced '{' (write {{ for a literal brace) at byte 0"}, parts: []Part{{Literal: "a", Offset: 1}, {Field: "b", Offset: 2}}},
	} {
		tpl, errs := Parse(tc.src)
		var got []string
		for _, e := range errs {
			got = append(got, e.Error())
		}
		if strings.Join(got, "|") != strings.Join(tc.errors, "|") {
			t.Errorf("Parse(%q) errors = %q, want %q", tc.src, got, tc.errors)
		}
		if len(tpl.Parts) != len(tc.parts) {
			t.Errorf("Parse(%q) = %+v, want %+v", tc.src, tpl.Parts, tc.parts)
			continue
		}
		for i := range tc.parts {
			if tpl.Parts[i] != tc.parts[i] {
				t.Errorf("Parse(%q) part %d = %+v, want %+v", tc.src, i, tpl.Parts[i], tc.parts[i])
			}
		}
	}
}

func TestRenderAndFields(t *testing.T) {
	tpl, errs := Parse("{a} of {b}; again {a} {{literal}}")
	if errs != nil {
		t.Fatal(errs)
	}
	if got := strings.Join(tpl.Fields(), ","); got != "a,b" {
		t.Errorf("Fields = %q", got)
	}
	got := tpl.Render(func(f string) string { return "<" + f + ">" })
	if want := "<a> of <b>; again <a> {literal}"; got != want {
		t.Errorf("Render = %q, want %q", got, want)
	}
	if tpl.IsLiteral() {
		t.Error("IsLiteral = true for a template with placeholders")
	}
}

// FuzzParse: parsing never panics, offsets stay inside the source, and a
// template without errors renders its literal parts back to the source once
// every placeholder is re-escaped.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "a {b} c", "{{x}}", "{", "}", "{}", "{a{b}", "é {ü} ✓", "\u2028{x}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		tpl, errs := Parse(src)
		for _, e := range errs {
			if e.Offset < 0 || e.Offset >= len(src) {
				t.Fatalf("error offset %d outside %q", e.Offset, src)
			}
		}
		for _, p := range tpl.Parts {
			if p.Offset < 0 || p.Offset >= len(src) || p.Field == "" && p.Literal == "" {
				t.Fatalf("bad part %+v of %q", p, src)
			}
			if p.Field != "" && strings.ContainsAny(p.Field, "{}") {
				t.Fatalf("field %q holds a brace", p.Field)
			}
		}
		if len(errs) > 0 {
			return
		}
		back := tpl.Render(func(f string) string { return "{" + f + "}" })
		esc := func(s string) string {
			return strings.NewReplacer("{", "{{", "}", "}}").Replace(s)
		}
		var rebuilt strings.Builder
		for _, p := range tpl.Parts {
			if p.Field != "" {
				rebuilt.WriteString("{" + p.Field + "}")
			} else {
				rebuilt.WriteString(esc(p.Literal))
			}
		}
		if rebuilt.String() != src {
			t.Fatalf("re-escaped parts %q differ from the source %q", rebuilt.String(), src)
		}
		if utf8.ValidString(src) && !utf8.ValidString(back) {
			t.Fatalf("rendering broke UTF-8: %q", back)
		}
	})
}
