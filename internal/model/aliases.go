package model

import "github.com/errgen/errgen/internal/diag"

// aliases checks each error's aliases — more symbols of the same error —
// once every error is read: an alias follows the symbol naming rule and its
// domain's prefix, is not its own error's symbol, and is unique across all
// symbols, all aliases and the retired symbols. Sound aliases are indexed
// beside the symbols, so that a lookup by symbol (fallback, replaced_by,
// explain) takes an alias too.
func (b *builder) aliases() {
	retired := map[string]diag.Pos{}
	for _, r := range b.raw.Retired {
		if _, ok := retired[r.Symbol.Value]; r.Symbol.Set && !ok {
			retired[r.Symbol.Value] = r.Pos
		}
	}
	taken := map[string]*Alias{} // alias symbol -> its first claim
	owner := map[*Alias]*Error{}
	for _, e := range b.m.Errors {
		for _, ra := range b.errPos[e].Aliases {
			a := &Alias{Symbol: ra.Value, Pos: ra.Pos}
			switch {
			case !SymbolRE.MatchString(a.Symbol):
				b.diags.Errorf(a.Pos, "alias %q of %s must be SCREAMING_SNAKE_CASE (%s)", a.Symbol, e.Symbol, SymbolRE)
				continue
			case a.Symbol == e.Symbol:
				b.diags.Errorf(a.Pos, "alias %s of %s is its own symbol", a.Symbol, e.Symbol)
				continue
			}
			if first := taken[a.Symbol]; first != nil {
				if owner[first] == e {
					b.diags.Errorf(a.Pos, "alias %s of %s is listed twice (first at %s)", a.Symbol, e.Symbol, first.Pos)
				} else {
					b.diags.Errorf(a.Pos, "alias %s of %s is also an alias of %s (at %s)", a.Symbol, e.Symbol, owner[first].Symbol, first.Pos)
				}
				continue
			}
			if other := b.m.bySymbol[a.Symbol]; other != nil {
				b.diags.Errorf(a.Pos, "alias %s of %s is the symbol of %s (at %s)", a.Symbol, e.Symbol, other.Symbol, other.Pos)
				continue
			}
			if pos, ok := retired[a.Symbol]; ok {
				b.diags.Errorf(a.Pos, "alias %s of %s reuses a retired symbol (retired at %s)", a.Symbol, e.Symbol, pos)
				continue
			}
			if e.Domain != nil {
				if p := e.Domain.Prefix; !hasDomainPrefix(a.Symbol, p) {
					b.diags.Errorf(a.Pos, "alias %s of %s must start with E_%s_ or %s_ (the prefix of domain %q)", a.Symbol, e.Symbol, p, p, e.Domain.Name)
				}
			}
			taken[a.Symbol] = a
			owner[a] = e
			e.Aliases = append(e.Aliases, a)
		}
	}
	for a, e := range owner {
		b.m.bySymbol[a.Symbol] = e
	}
}
