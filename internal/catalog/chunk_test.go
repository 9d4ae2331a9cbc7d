package catalog

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/errgen/errgen/internal/gencatalog"
	yaml "go.yaml.in/yaml/v3"
)

// sameTree reports where two YAML trees differ in what the loader reads:
// kind, tag, value, style-independent content and positions.
func sameTree(a, b *yaml.Node, path string) error {
	if a.Kind != b.Kind || a.ShortTag() != b.ShortTag() || a.Value != b.Value || a.Line != b.Line || a.Column != b.Column || a.Anchor != b.Anchor {
		return fmt.Errorf("%s: %v %s %q %d:%d vs %v %s %q %d:%d", path, a.Kind, a.ShortTag(), a.Value, a.Line, a.Column, b.Kind, b.ShortTag(), b.Value, b.Line, b.Column)
	}
	if (a.Alias == nil) != (b.Alias == nil) {
		return fmt.Errorf("%s: alias differs", path)
	}
	if a.Alias != nil && (a.Alias.Line != b.Alias.Line || a.Alias.Column != b.Alias.Column) {
		return fmt.Errorf("%s: alias target differs", path)
	}
	if len(a.Content) != len(b.Content) {
		return fmt.Errorf("%s: %d vs %d children", path, len(a.Content), len(b.Content))
	}
	for i := range a.Content {
		if err := sameTree(a.Content[i], b.Content[i], fmt.Sprintf("%s/%d", path, i)); err != nil {
			return err
		}
	}
	return nil
}

// checkChunked holds the parallel parse to the sequential one: when it
// answers, it must give the same tree.
func checkChunked(t *testing.T, data []byte) bool {
	t.Helper()
	old := chunkThreshold
	chunkThreshold = 0
	defer func() { chunkThreshold = old }()
	doc, ok, measured := parseDocument(data)
	if !ok {
		return false
	}
	var want yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&want); err != nil {
		t.Fatalf("chunked parse succeeded where the sequential one fails: %v\n%s", err, data)
	}
	var extra yaml.Node
	if dec.Decode(&extra) == nil {
		t.Fatalf("chunked parse accepted a second document")
	}
	if err := sameTree(doc, &want, ""); err != nil {
		t.Fatalf("chunked tree differs from the sequential one: %v\n%s", err, data)
	}
	var l loader
	if measured && !l.guard(&want) {
		t.Fatalf("pieces measured within the limits, but the whole is not: %s\n%s", l.diags.Format(""), data)
	}
	return true
}

func TestChunkedParseMatchesSequential(t *testing.T) {
	if !checkChunked(t, gencatalog.Generate(300)) {
		t.Fatal("the generated catalog was not parsed in pieces")
	}
	for _, src := range []string{
		"a: 1\nerrors:\n  A: {x: 1}\n  B: {x: 2}\n  C: &c {x: 3}\n  D: *c\n",
		"errors:\n  A: 1\n  A: 2\n",
		"errors:\n  A: \"x\n  y\"\n  B: 1\n",
		"errors:\n  A: |\n    text\n\n    more\n  B: 1\nz: 2\n",
		"# lead\n\nerrors: # c\n  A: 1\n  # mid\n  B: 2\n",
		"errors:\n  - 1\n  - 2\n",
		"errors:\n  A: 1\nb\n",
		"{a: 1,\nb: 2}\n",
		"errors:\n    A: 1\n  B: 2\n",
	} {
		checkChunked(t, []byte(src))
	}
}

func FuzzChunkedParse(f *testing.F) {
	f.Add([]byte("a: 1\nerrors:\n  A: {x: 1}\n  B: &b [1]\n  C: *b\n"))
	f.Add([]byte("errgen: 1\nerrors:\n  E_A:\n    code: 1\n    doc: |\n      x\n  E_B: {code: 2}\ndetails:\n  s: {type: object}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkChunked(t, data)
	})
}
