package pipeline

import (
	"path/filepath"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/gen"
)

// starterNote is a starter file generate wrote, and what it says of it.
type starterNote struct{ path, note string }

// addStarters makes each output with starter files (gen.Spec.Starter: the
// docs' VitePress config, theme and .gitignore) carry them when the
// catalog's output goes to its directory for the first time: the
// directory holds no record of the catalog's output yet. The files are
// the user's: no record lists them, errgen never writes them again (were
// they deleted), and never overwrites or removes them. It returns the
// notes of the files that have one.
func addStarters(emitters []*emitter, in *gen.Input, raw *catalog.Catalog, ld *ledger) []starterNote {
	var notes []starterNote
	root := catalog.RealPath(raw.TreeRoot)
	for _, em := range emitters {
		if em.spec.Starter == nil || ld.hasOutput(em.dir, em.key) {
			continue
		}
		starter := em.spec.Starter(in, em.place, root)
		if len(starter) == 0 {
			continue
		}
		for _, f := range starter {
			if f.Note != "" {
				notes = append(notes, starterNote{filepath.Join(em.dir, filepath.FromSlash(f.Path)), f.Note})
			}
		}
		run := em.run
		em.run = func() ([]gen.File, error) {
			files, err := run()
			if err != nil {
				return nil, err
			}
			for _, f := range starter {
				files = append(files, f.File)
			}
			return files, nil
		}
	}
	return notes
}
