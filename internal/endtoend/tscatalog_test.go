package endtoend

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/factsfile"
)

// TestTSRunnerGivenCatalog holds the TypeScript runner to an input that
// carries the facts of another catalog (its catalog member,
// docs/guide/conformance.md): every vector of each golden catalog's
// conformance.json, the catalog's facts (what errgen generate -facts
// writes) added to its input, sent to the runner of the golden package of
// every other golden catalog, gets the vector's payloads byte for byte, or
// the error answer for a refused vector. A catalog member that is not an
// object, or facts the runtime cannot read (of another format, a fallback
// naming no error, a member missing or of another type), get the error
// answer, and the runner answers the next line as usual; a null catalog
// member is the runner's own catalog.
func TestTSRunnerGivenCatalog(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	cases := goldenCases(t)
	for _, source := range cases {
		m := errgentest.Model(t, catalog.OSFS{}, source.catalog)
		files, err := factsfile.Generate(gen.NewInput(m), factsfile.Options{File: "facts.json"})
		if err != nil {
			t.Fatal(err)
		}
		facts := json.RawMessage(files[0].Data)
		vectors := readGoldenVectors(t, source.dir)
		for _, runner := range cases {
			if runner.name == source.name {
				continue
			}
			t.Run(source.name+"_in_"+runner.name, func(t *testing.T) {
				var lines []tsLine
				for _, v := range vectors {
					lines = append(lines, tsLine{v.ID, withCatalog(t, v.Input, facts), v.Expect, v.Refused != ""})
				}
				// facts it cannot read: the error answer, then the next
				// line answered as usual
				first := vectors[0]
				for _, bad := range []struct{ id, catalog string }{
					{"string", `"facts"`},
					{"number", `2`},
					{"array", `[]`},
					{"format", string(setMember(t, facts, "facts", `3`))},
					{"fallback", string(setMember(t, facts, "fallback", `"E_NO_SUCH_ERROR"`))},
					{"missing", string(setMember(t, facts, "errors", ``))},
					{"mistyped", string(setMember(t, facts, "schemaVersion", `"2"`))},
				} {
					lines = append(lines,
						tsLine{"bad/" + bad.id, withCatalog(t, first.Input, json.RawMessage(bad.catalog)), nil, true},
						tsLine{"after/" + bad.id, withCatalog(t, first.Input, facts), first.Expect, first.Refused != ""})
				}
				// a null catalog is the runner's own
				own := readGoldenVectors(t, runner.dir)[0]
				lines = append(lines, tsLine{"own", withCatalog(t, own.Input, json.RawMessage(`null`)), own.Expect, own.Refused != ""})
				checkTSAnswers(t, filepath.Join(runner.dir, "ts"), lines)
			})
		}
	}
}

// tsLine is one line sent to the runner and what it must answer: the
// payloads, or the error answer when refused.
type tsLine struct {
	id      string
	input   json.RawMessage
	expect  map[string]string
	refused bool
}

// checkTSAnswers sends the lines to the conformance runner of the
// TypeScript package in dir and holds each answer to its line's.
func checkTSAnswers(t *testing.T, dir string, lines []tsLine) {
	t.Helper()
	var stdin bytes.Buffer
	for _, l := range lines {
		stdin.Write(inputLine(t, l.id, l.input))
		stdin.WriteByte('\n')
	}
	cmd := exec.Command("node", filepath.Join(dir, "conformance.mjs"))
	cmd.Stdin = &stdin
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node conformance.mjs: %v\n%s", err, stderr.String())
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 64<<20)
	n := 0
	for ; sc.Scan(); n++ {
		var a struct {
			ID       string            `json:"id"`
			Payloads map[string]string `json:"payloads"`
			Error    *string           `json:"error"`
		}
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("answer %d is no JSON object: %v: %.200s", n, err, sc.Text())
		}
		if n >= len(lines) {
			t.Fatalf("more answers than lines: %.200s", sc.Text())
		}
		l := lines[n]
		switch {
		case a.ID != l.id:
			t.Errorf("answer %d: id %q, want %q", n, a.ID, l.id)
		case l.refused && (a.Error == nil || a.Payloads != nil):
			t.Errorf("%s: want the error answer, got %.300s", l.id, sc.Text())
		case !l.refused && a.Error != nil:
			t.Errorf("%s: refused: %s", l.id, *a.Error)
		case !l.refused:
			for _, format := range convFormats {
				if got, want := a.Payloads[format], l.expect[format]; got != want {
					t.Errorf("%s: %s\n got %s\nwant %s", l.id, format, got, want)
				}
			}
		}
	}
	if n != len(lines) {
		t.Errorf("%d answers to %d lines", n, len(lines))
	}
}
