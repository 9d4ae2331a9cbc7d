package typescript

import (
	"bytes"
	"strconv"
)

// constructorsJS returns constructors.js: a constructor per error,
// newX(details, options) for an error with details and newX(options)
// for one without, each the server runtime's newError bound to the
// error's symbol (and, without details, to undefined details). Bound, a
// constructor adds no frame of its own to the stack an error captures:
// raising one costs what raising it with newError does. (Each is marked
// pure, so that a bundler drops the ones a server does not use.)
// server.js exports them.
func (g *generator) constructorsJS() []byte {
	var b bytes.Buffer
	b.Grow(1024 + 100*len(g.m.Errors))
	g.header(&b)
	b.WriteString("\n// A constructor of each error of the " + jsLine(g.m.Name) + " catalog: newError bound to its symbol (see newError in\n")
	b.WriteString("// core.js; server.js exports them), so that it adds no frame of its own to an error's stack.\n\n")
	b.WriteString("import { newError } from \"./core.js\";\n\n")
	for _, e := range g.m.Errors {
		if e.Details != nil {
			b.WriteString("export const new" + e.TSName + " = /* @__PURE__ */ newError.bind(undefined, " + str(e.Symbol) + ");\n")
		} else {
			b.WriteString("export const new" + e.TSName + " = /* @__PURE__ */ newError.bind(undefined, " + str(e.Symbol) + ", undefined);\n")
		}
	}
	return b.Bytes()
}

// constructorsDTS returns constructors.d.ts: the declaration of each
// constructor, its details typed as the error's, documented with its
// title and doc.
func (g *generator) constructorsDTS() []byte {
	var b bytes.Buffer
	b.Grow(1024 + 400*len(g.m.Errors))
	g.header(&b)
	b.WriteString("\nimport type { DetailsBySymbol } from \"./index.js\";\n")
	b.WriteString("import type { CatalogError, ErrorOptions } from \"./core.js\";\n")
	for _, e := range g.m.Errors {
		b.WriteString("\n")
		jsdoc(&b, "", e.Title+": returns an error "+e.Symbol+" (code "+strconv.FormatInt(e.Code, 10)+").", e.Doc, deprecatedTag(e))
		sym := str(e.Symbol)
		if e.Details != nil {
			b.WriteString("export declare function new" + e.TSName + "(details: DetailsBySymbol[" + sym + "], options?: ErrorOptions): CatalogError<" + sym + ">;\n")
		} else {
			b.WriteString("export declare function new" + e.TSName + "(options?: ErrorOptions): CatalogError<" + sym + ">;\n")
		}
	}
	return b.Bytes()
}
