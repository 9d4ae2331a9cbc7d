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
	p.P("") // empty: no indentation left behind
	p.Out()
	p.P("}")
	p.JSDoc(nil)
	const want = `// header

/**
 * A type.
 *
 * More.
 */
export interface X {
  /**
   * A member.
   */
  a: string;

}
`
	if got := string(p.Content()); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

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
