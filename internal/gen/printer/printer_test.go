package printer

import "testing"

func TestPrinter(t *testing.T) {
	p := New("  ", 0)
	p.P("// ", "header")
	p.P()
	p.JSDoc([]string{"A type.", "", "More."})
	p.P("export interface X {")
	p.In()
	p.JSDoc([]string{"A member."})
	p.P("a: ", "string", ";")
	p.P() // empty: no indentation left behind
	p.Comment("//", []string{"one", "", "two"})
	p.Out()
	p.P("}")
	p.Docstring([]string{"Short."})
	p.In()
	// the first line as it is, the others without trailing spaces; a line
	// of spaces keeps the indentation
	p.Docstring([]string{"First.  ", "", "Then.  ", "  "})
	p.Out()
	p.JSDoc(nil)
	p.Docstring(nil)
	const want = "// header\n" +
		"\n" +
		"/**\n" +
		" * A type.\n" +
		" *\n" +
		" * More.\n" +
		" */\n" +
		"export interface X {\n" +
		"  /**\n" +
		"   * A member.\n" +
		"   */\n" +
		"  a: string;\n" +
		"\n" +
		"  // one\n" +
		"  //\n" +
		"  // two\n" +
		"}\n" +
		`"""Short."""` + "\n" +
		`  """First.  ` + "\n" +
		"\n" +
		"  Then.\n" +
		"  \n" +
		`  """` + "\n"
	if got := string(p.Content()); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestDeepIndent holds indentation past the levels a printer keeps
// ready.
func TestDeepIndent(t *testing.T) {
	p := New("    ", 0)
	for i := 0; i < levels+2; i++ {
		p.In()
	}
	p.P("x")
	for i := 0; i < levels+2; i++ {
		p.Out()
	}
	p.P("y")
	want := ""
	for i := 0; i < levels+2; i++ {
		want += "    "
	}
	want += "x\ny\n"
	if got := string(p.Content()); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
