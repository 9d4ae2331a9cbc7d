package endtoend

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// The helpers of the tests that hold each runtime's runner to an input
// that carries a catalog's facts (input.catalog, docs/guide/conformance.md):
// every vector of a golden catalog, the catalog's facts added to its
// input, sent to the runner of another golden catalog's package.

// goldenVector is one vector of a vector file, its input and payloads as
// written.
type goldenVector struct {
	ID      string            `json:"id"`
	Input   json.RawMessage   `json:"input"`
	Expect  map[string]string `json:"expect"`
	Refused string            `json:"refused"`
	Advice  json.RawMessage   `json:"advice"`
	// Unreadable: a line a runner cannot read, sent as it is
	Unreadable string `json:"unreadable"`
}

// readGoldenVectors returns the vectors of dir/conformance.json that render
// with the catalog's own facts: all but the rules catalogs', whose inputs
// name their own, and the advice vectors and the lines no runner reads,
// which read no catalog.
func readGoldenVectors(t *testing.T, dir string) []goldenVector {
	t.Helper()
	return ownVectors(t, readVectorFile(t, filepath.Join(dir, "conformance.json")))
}

// readVectorFile returns the vectors of a vector file.
func readVectorFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// ownVectors returns the vectors of the vector file data whose inputs name
// no catalog of their own and render (not advice).
func ownVectors(t *testing.T, data []byte) []goldenVector {
	t.Helper()
	var doc struct {
		Vectors []goldenVector `json:"vectors"`
	}
	if err := json.Unmarshal(data, &doc); err != nil || len(doc.Vectors) == 0 {
		t.Fatalf("no vectors (%v)", err)
	}
	var out []goldenVector
	for _, v := range doc.Vectors {
		var in struct {
			Catalog json.RawMessage `json:"catalog"`
		}
		if json.Unmarshal(v.Input, &in) == nil && in.Catalog != nil {
			continue // a rules catalog's: its input names its own
		}
		if v.Advice != nil || v.Unreadable != "" {
			continue // a client's advice, a line no runner reads: no catalog read, nothing rendered
		}
		out = append(out, v)
	}
	return out
}

// withCatalog returns input with its catalog member set to the JSON text
// catalog.
func withCatalog(t *testing.T, input, catalog json.RawMessage) json.RawMessage {
	t.Helper()
	return setMember(t, input, "catalog", string(catalog))
}

// setMember returns the JSON object obj with member key set to the JSON
// text value, or removed when value is empty; the other members' text is
// kept as it is.
func setMember(t *testing.T, obj json.RawMessage, key, value string) json.RawMessage {
	t.Helper()
	var members map[string]json.RawMessage
	if err := json.Unmarshal(obj, &members); err != nil {
		t.Fatal(err)
	}
	if value == "" {
		delete(members, key)
	} else {
		members[key] = json.RawMessage(value)
	}
	return marshalRaw(t, members)
}

// inputLine is the runner's line of a vector: {"id", "input"}.
func inputLine(t *testing.T, id string, input json.RawMessage) []byte {
	t.Helper()
	return marshalRaw(t, map[string]any{"id": id, "input": input})
}
