package typescript

import (
	"bytes"
	"strconv"
)

// constructorsJS returns constructors.js: a constructor per error,
// newX(details, options) for an error with details and newX(options)
// for one without, each a call of the server runtime's newError with the
// error's symbol. server.js exports them.
func (g *generator) constructorsJS() []byte {
	var b bytes.Buffer
	b.Grow(1024 + 200*len(g.m.Errors))
	g.header(&b)
	b.WriteString("\n// A constructor of each error of the " + jsLine(g.m.Name) + " catalog (see newError in core.js; server.js exports them).\n\n")
	b.WriteString("import { newError } from \"./core.js\";\n")
	for _, e := range g.m.Errors {
		b.WriteString("\n")
		if e.Details != nil {
			b.WriteString("export function new" + e.TSName + "(details, options) {\n")
			b.WriteString("  return newError(" + str(e.Symbol) + ", details, options);\n}\n")
		} else {
			b.WriteString("export function new" + e.TSName + "(options) {\n")
			b.WriteString("  return newError(" + str(e.Symbol) + ", undefined, options);\n}\n")
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
