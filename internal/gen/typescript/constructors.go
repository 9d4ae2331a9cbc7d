package typescript

import "strconv"

// constructorsJS returns constructors.js: a constructor per error,
// newX(details, options) for an error with details and newX(options)
// for one without, each the server runtime's newError bound to the
// error's symbol (and, without details, to undefined details). Bound, a
// constructor adds no frame of its own to the stack an error captures:
// raising one costs what raising it with newError does. (Each is marked
// pure, so that a bundler drops the ones a server does not use.)
// server.js exports them.
func (g *generator) constructorsJS() []byte {
	p := g.newFile(1024 + 100*len(g.m.Errors))
	p.P()
	p.P("// A constructor of each error of the ", jsLine(g.m.Name), " catalog: newError bound to its symbol (see newError in")
	p.P("// core.js; server.js exports them), so that it adds no frame of its own to an error's stack.")
	p.P()
	p.P(`import { newError } from "./core.js";`)
	p.P()
	for _, e := range g.m.Errors {
		details := "" // an error without details binds them to undefined
		if e.Details == nil {
			details = ", undefined"
		}
		p.P("export const new", e.TSName, " = /* @__PURE__ */ newError.bind(undefined, ", str(e.Symbol), details, ");")
	}
	return p.Content()
}

// constructorsDTS returns constructors.d.ts: the declaration of each
// constructor, its details typed as the error's, documented with its
// title and doc.
func (g *generator) constructorsDTS() []byte {
	p := g.newFile(1024 + 400*len(g.m.Errors))
	p.P()
	p.P(`import type { DetailsBySymbol } from "./index.js";`)
	p.P(`import type { CatalogError, ErrorOptions } from "./core.js";`)
	for _, e := range g.m.Errors {
		p.P()
		jsdoc(p, e.Title+": returns an error "+e.Symbol+" (code "+strconv.FormatInt(e.Code, 10)+").", e.Doc, deprecatedTag(e))
		sym := str(e.Symbol)
		if e.Details != nil {
			p.P("export declare function new", e.TSName, "(details: DetailsBySymbol[", sym, "], options?: ErrorOptions): CatalogError<", sym, ">;")
		} else {
			p.P("export declare function new", e.TSName, "(options?: ErrorOptions): CatalogError<", sym, ">;")
		}
	}
	return p.Content()
}
