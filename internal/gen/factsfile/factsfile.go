// Package factsfile is the facts output: `errgen generate -facts FILE`
// writes a catalog's facts (internal/facts) as JSON, for a runtime written
// by hand (schema/facts.schema.json describes it).
package factsfile

import (
	"encoding/json"
	"strconv"

	"github.com/errgen/errgen/internal/gen"
)

// Options configure the facts file.
type Options struct {
	File string // the file's name
}

// Generate returns the facts file of in: its facts as JSON, two-space
// indented, with errgen's header as its first member.
func Generate(in *gen.Input, opts Options) ([]gen.File, error) {
	body, err := json.MarshalIndent(in.Facts, "", "  ")
	if err != nil {
		return nil, err
	}
	data := append([]byte("{\n  \"//\": "+strconv.Quote(gen.Header)+",\n"), body[2:]...)
	return []gen.File{{Path: opts.File, Data: append(data, '\n')}}, nil
}
