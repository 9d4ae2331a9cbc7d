package diff

import (
	"sort"

	"github.com/errgen/errgen/internal/diag"
	"github.com/errgen/errgen/internal/model"
)

// aliases compares the aliases of the two catalogs, name by name. Clients
// name an error by any of its symbols (the TypeScript unions, the Go
// constants, lookups by symbol), so a name that stops naming the error it
// named is breaking: an alias removed, or moved to another error; a name
// that starts naming an error it did not is compatible only when nothing
// named anything by it before.
func (c *comparer) aliases() {
	o, n := c.old.m, c.new.m
	var names []string
	seen := map[string]bool{}
	for _, m := range []*model.Catalog{o, n} {
		for _, e := range m.Errors {
			for _, a := range e.Aliases {
				if !seen[a.Symbol] {
					seen[a.Symbol] = true
					names = append(names, a.Symbol)
				}
			}
		}
	}
	sort.Strings(names)
	for _, name := range names {
		oe, ne := o.BySymbol(name), n.BySymbol(name)
		oldAlias := oe != nil && oe.Symbol != name
		newAlias := ne != nil && ne.Symbol != name
		switch {
		case oldAlias && ne == nil:
			if c.errMap[oe] == nil {
				continue // the error is gone: reported as removed
			}
			c.addOld(Breaking, KindAliasRemoved, c.errMap[oe].Symbol, aliasPos(oe, name), name, nil,
				"alias %s of %s removed; clients that name the error by it no longer find it", name, c.errMap[oe].Symbol)
		case !oldAlias && newAlias && oe == nil:
			if _, matched := c.oldSyms[ne.Symbol]; !matched {
				continue // part of an added error
			}
			c.add(Compatible, KindAliasAdded, ne.Symbol, aliasPos(ne, name), nil, name,
				"alias %s of %s added", name, ne.Symbol)
		case oldAlias && newAlias:
			if c.errMap[oe] == ne {
				continue // the same error's alias in both
			}
			c.add(Breaking, KindAliasMoved, ne.Symbol, aliasPos(ne, name), oe.Symbol, ne.Symbol,
				"alias %s moved from %s to %s; clients that name %s by it find another error", name, oe.Symbol, ne.Symbol, oe.Symbol)
		case !oldAlias && newAlias: // the symbol of an OLD error
			if c.errMap[oe] == ne {
				c.add(Compatible, KindAliasAdded, ne.Symbol, aliasPos(ne, name), nil, name,
					"alias %s of %s added (its symbol in OLD)", name, ne.Symbol)
				continue
			}
			c.add(Breaking, KindAliasMoved, ne.Symbol, aliasPos(ne, name), oe.Symbol, ne.Symbol,
				"%s takes the symbol of the OLD error %s (code %d) as an alias; clients that name that error by it find another", ne.Symbol, name, oe.Code)
		case oldAlias && !newAlias: // now the symbol of a NEW error
			if c.errMap[oe] == ne {
				continue // the alias became the error's symbol: reported as a changed symbol
			}
			c.add(Breaking, KindAliasMoved, ne.Symbol, ne.Pos, oe.Symbol, ne.Symbol,
				"alias %s of %s is now the symbol of another error (code %d); clients that name %s by it find another error", name, oe.Symbol, ne.Code, oe.Symbol)
		}
	}
}

// aliasPos is the position of e's alias name, or of e.
func aliasPos(e *model.Error, name string) diag.Pos {
	for _, a := range e.Aliases {
		if a.Symbol == name {
			return a.Pos
		}
	}
	return e.Pos
}
