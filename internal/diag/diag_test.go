package diag

import (
	"path/filepath"
	"testing"
)

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

// TestHostileStringsStayOnTheirLine: a catalog's strings reach messages
// whole, but a newline in one cannot forge a diagnostic of its own, an
// escape sequence cannot reach the terminal, a bidirectional control
// cannot reorder what is read, and a NUL cannot pose as a position.
func TestHostileStringsStayOnTheirLine(t *testing.T) {
	var l List
	at := Pos{File: "/work/cat/errors.yaml", Line: 4, Col: 2}
	symbol := "E_B\x1b[2J\nfake.yaml:1:1: error: forged\x00" + "0\x00\u202egnp.exe\u200b\t\r\u0085\x7f"
	l.Errorf(Pos{File: "/work/cat/errors.yaml", Line: 9, Col: 3}, "error %s clashes with %q (at %s)", symbol, symbol, at)
	l.Errorf(Pos{File: "/work/cat/in\nc.yaml", Line: 1, Col: 1}, "included")
	got := l.Format("/work/cat")
	want := `errors.yaml:9:3: error: error E_B\x1b[2J\nfake.yaml:1:1: error: forged\x000\x00\u202egnp.exe\u200b\t\r\u0085\x7f clashes with "E_B\x1b[2J\nfake.yaml:1:1: error: forged\x000\x00\u202egnp.exe\u200b\t\r\u0085\x7f" (at errors.yaml:4:2)` + "\n" +
		`in\nc.yaml:1:1: error: included` + "\n"
	if got != want {
		t.Errorf("Format =\n%s\nwant\n%s", got, want)
	}
	// ordinary text, accents and all, is left as it is
	var plain List
	plain.Errorf(Pos{File: "errors.yaml", Line: 1, Col: 1}, "title %s is %d bytes", "Überlänge — 長い", 22)
	if got, want := plain.Format(""), "errors.yaml:1:1: error: title Überlänge — 長い is 22 bytes\n"; got != want {
		t.Errorf("Format = %q, want %q", got, want)
	}
}

// TestPath: a path in a message is relative to the working directory when
// inside it, whole even when it holds a colon, its hidden characters
// escaped.
func TestPath(t *testing.T) {
	dir := filepath.Join(string(filepath.Separator), "work")
	for file, want := range map[string]string{
		filepath.Join(dir, "gen", "a:b", "x.go"):                       "gen/a:b/x.go",
		filepath.Join(dir, "gen", "x\u202e.go"):                        `gen/x\u202e.go`,
		filepath.Join(string(filepath.Separator), "elsewhere", "y.go"): filepath.ToSlash(filepath.Join(string(filepath.Separator), "elsewhere", "y.go")),
	} {
		if got := Path(dir, file); got != want {
			t.Errorf("Path(%q, %q) = %q, want %q", dir, file, got, want)
		}
	}
}
