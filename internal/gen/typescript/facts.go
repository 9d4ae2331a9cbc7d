package typescript

import (
	"bytes"
	"encoding/json"
)

// protoKeys writes each member named __proto__ of the indented JSON of
// the facts (a key is the first thing on its line) as a computed key: in a
// JavaScript object literal it would set the object's prototype rather
// than make a member. A string's own quotes are escaped, so "__proto__":
// is a key wherever it starts a line.
func protoKeys(body []byte) []byte {
	key := []byte(`"__proto__":`)
	var out []byte
	last := 0
	for i := 0; ; {
		j := bytes.Index(body[i:], key)
		if j < 0 {
			break
		}
		at := i + j
		line := bytes.LastIndexByte(body[:at], '\n') + 1
		if len(bytes.TrimLeft(body[line:at], " ")) == 0 {
			out = append(append(append(out, body[last:at]...), `["__proto__"]`...), ':')
			last = at + len(key)
		}
		i = at + len(key)
	}
	if out == nil {
		return body
	}
	return append(out, body[last:]...)
}

// factsJS returns facts.js: the catalog's facts (internal/facts), the same
// JSON errgen generate -facts writes (schema/facts.schema.json), as the
// object FACTS. The server runtime (server.js, write.js) writes every
// payload from them: each error's codes, names, statuses and templates,
// every detail schema as a tree of nodes with its keywords resolved, and
// the constants of the wire every runtime shares.
func (g *generator) factsJS() ([]byte, error) {
	body, err := json.MarshalIndent(g.facts, "", "  ")
	if err != nil {
		return nil, err
	}
	body = protoKeys(body)
	p := g.newFile(len(body) + 512)
	p.P()
	p.P("// The facts of the ", jsLine(g.m.Name), " catalog, which the server runtime (server.js, write.js)")
	p.P("// writes every payload from: each error, every detail schema as a tree of nodes with its keywords")
	p.P("// resolved, and the rules of the wire every runtime shares. The JSON is errgen generate -facts'")
	p.P("// (schema/facts.schema.json).")
	p.P()
	// the JSON, many lines, as it is
	p.Write([]byte("export const FACTS = "))
	p.Write(body)
	p.P(";")
	return p.Content(), nil
}
