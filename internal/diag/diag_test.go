package diag

import "testing"

func TestListSortFormat(t *testing.T) {
	var l List
	first := Pos{File: "/work/cat/errors.yaml", Line: 3, Col: 5}
	l.Warnf(Pos{File: "/work/cat/errors.yaml", Line: 1, Col: 1}, "a warning")
	l.Errorf(Pos{File: "/work/cat/b.yaml", Line: 9, Col: 2}, "duplicate code (first at %s)", first)
	l.Errorf(Pos{File: "/work/cat/errors.yaml", Line: 7, Col: 1}, "second")
	l.Errorf(Pos{File: "/work/cat/errors.yaml", Line: 2, Col: 4}, "first")
	l.Errorf(Pos{File: "/work/cat/errors.yaml", Line: 2, Col: 4}, "first")
	l.Sort()
	want := "b.yaml:9:2: error: duplicate code (first at errors.yaml:3:5)\n" +
		"errors.yaml:2:4: error: first\n" +
		"errors.yaml:7:1: error: second\n" +
		"errors.yaml:1:1: warning: a warning\n"
	if got := l.Format("/work/cat"); got != want {
		t.Errorf("Format =\n%s\nwant\n%s", got, want)
	}
	if !l.HasErrors() {
		t.Error("HasErrors = false")
	}
	outside := List{{Pos: Pos{File: "/other/x.yaml", Line: 1, Col: 1}, Msg: "m"}}
	if got := outside.Format("/work/cat"); got != "/other/x.yaml:1:1: error: m\n" {
		t.Errorf("a file outside the directory stays absolute: %q", got)
	}
}
