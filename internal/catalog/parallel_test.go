package catalog

import (
	"reflect"
	"testing"

	"github.com/errgen/errgen/internal/gencatalog"
)

// TestParallelEntriesMatchSequential: a catalog large enough to be walked by
// several loaders gives exactly what one loader gives: entries, order,
// positions and diagnostics.
func TestParallelEntriesMatchSequential(t *testing.T) {
	data := append(gencatalog.Generate(2500), "  E_BROKEN: {code: x, title: 1}\n"...)
	par, pd, err := Parse(MapFS{"e.yaml": data}, "e.yaml")
	if err != nil {
		t.Fatal(err)
	}
	old := parallelEntries
	parallelEntries = 1 << 30
	defer func() { parallelEntries = old }()
	seq, sd, err := Parse(MapFS{"e.yaml": data}, "e.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(par.Errors) != 2501 || !reflect.DeepEqual(par.Errors, seq.Errors) || !reflect.DeepEqual(par.Domains, seq.Domains) || !reflect.DeepEqual(par.Details, seq.Details) {
		t.Fatalf("parallel walk differs from the sequential one (%d vs %d errors)", len(par.Errors), len(seq.Errors))
	}
	if pd.Format("") != sd.Format("") || !pd.HasErrors() {
		t.Fatalf("diagnostics differ:\n%s\nvs\n%s", pd.Format(""), sd.Format(""))
	}
}
