package conformance

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/runtimemodel"
)

// RulesCatalog is the rules catalog (rules.yaml): a field for every rule
// of the page that a field of its kind shows.
//
//go:embed rules.yaml
var RulesCatalog []byte

// The rules catalog's vectors are the same in every vector file: made
// once.
var rulesCatalog struct {
	once    sync.Once
	vectors []Vector
	err     error
}

// rulesCatalogVectors returns the vectors of the rules catalog's errors
// and its field rule vectors, ids rules-catalog/SYMBOL/… and
// rules-catalog/RULE, each input carrying the catalog's facts
// (input.catalog): a runner renders them with the catalog those facts
// describe, so that every vector file pins every rule, whatever fields its
// own catalog has.
func rulesCatalogVectors() ([]Vector, error) {
	rulesCatalog.once.Do(func() { rulesCatalog.vectors, rulesCatalog.err = makeRulesCatalogVectors() })
	return rulesCatalog.vectors, rulesCatalog.err
}

func makeRulesCatalogVectors() ([]Vector, error) {
	raw, diags, err := catalog.Parse(catalog.MapFS{"rules.yaml": RulesCatalog}, "rules.yaml")
	if err != nil {
		return nil, fmt.Errorf("the rules catalog: %w", err)
	}
	m, more := model.Build(raw)
	diags.Append(more)
	if diags.HasErrors() {
		return nil, fmt.Errorf("the rules catalog:\n%s", diags.Format(""))
	}
	in := gen.NewInput(m)
	facts, err := json.Marshal(in.Facts)
	if err != nil {
		return nil, fmt.Errorf("the rules catalog's facts: %w", err)
	}
	g := &generator{m: m, rc: runtimemodel.Build(in), val: model.NewValidator(m)}
	for _, e := range m.Errors {
		g.errorVectors(e)
	}
	g.fieldRules()
	if g.err != nil {
		return nil, fmt.Errorf("the rules catalog: %w", g.err)
	}
	for i := range g.out {
		v := &g.out[i]
		v.ID = "rules-catalog/" + strings.TrimPrefix(v.ID, "rules/")
		v.Input.Catalog, v.Catalog = facts, m.Name
	}
	return g.out, nil
}
