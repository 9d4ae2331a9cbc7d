package conformance

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/runtimemodel"
)

// RulesCatalog is the rules catalog (rules.yaml): a field for every rule
// of the page that a field of its kind shows, none of them checking a
// pattern or a format.
//
//go:embed rules.yaml
var RulesCatalog []byte

// RulesFormatsCatalog is the rules catalog of patterns and formats
// (rules-formats.yaml), whose vectors only the files of catalogs that
// check a pattern or a format hold: their runtimes hold a regular
// expression engine.
//
//go:embed rules-formats.yaml
var RulesFormatsCatalog []byte

// rulesCatalog is one rules catalog's vectors, made once: they are the
// same in every vector file.
type rulesCatalog struct {
	file    string
	prefix  string // of its vectors' ids
	yaml    []byte
	once    sync.Once
	vectors []Vector
	err     error
}

var (
	rulesVectors        = &rulesCatalog{file: "rules.yaml", prefix: "rules-catalog/", yaml: RulesCatalog}
	rulesFormatsVectors = &rulesCatalog{file: "rules-formats.yaml", prefix: "rules-catalog/formats/", yaml: RulesFormatsCatalog}
)

// rulesCatalogVectors returns the vectors of the rules catalogs for a
// vector file of the catalog of f: each rules catalog's errors' vectors
// and its rule vectors, ids rules-catalog/[formats/]SYMBOL/… and
// rules-catalog/[formats/]RULE,
// each input carrying the rules catalog's facts (input.catalog), which a
// runner renders them with; so that every vector file pins every rule,
// whatever fields its own catalog has. The patterns and formats one only
// where f checks a pattern or a format.
func rulesCatalogVectors(f *facts.Catalog) ([]Vector, error) {
	vs, err := rulesVectors.get()
	if err != nil || !f.ChecksPatterns() {
		return vs, err
	}
	more, err := rulesFormatsVectors.get()
	return append(append([]Vector(nil), vs...), more...), err
}

func (r *rulesCatalog) get() ([]Vector, error) {
	r.once.Do(func() { r.vectors, r.err = r.make() })
	return r.vectors, r.err
}

func (r *rulesCatalog) make() ([]Vector, error) {
	raw, diags, err := catalog.Parse(catalog.MapFS{r.file: r.yaml}, r.file)
	if err != nil {
		return nil, fmt.Errorf("the rules catalog %s: %w", r.file, err)
	}
	m, more := model.Build(raw)
	diags.Append(more)
	if diags.HasErrors() {
		return nil, fmt.Errorf("the rules catalog %s:\n%s", r.file, diags.Format(""))
	}
	in := gen.NewInput(m)
	facts, err := json.Marshal(in.Facts)
	if err != nil {
		return nil, fmt.Errorf("the facts of the rules catalog %s: %w", r.file, err)
	}
	g := &generator{m: m, rc: runtimemodel.Build(in), val: model.NewValidator(m)}
	g.errorsVectors()
	g.fieldRules()
	if g.err != nil {
		return nil, fmt.Errorf("the rules catalog %s: %w", r.file, g.err)
	}
	for i := range g.out {
		v := &g.out[i]
		v.ID = r.prefix + strings.TrimPrefix(v.ID, "rules/")
		v.Input.Catalog, v.Catalog = facts, m.Name
	}
	return g.out, nil
}
