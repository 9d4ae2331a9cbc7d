package gencatalog

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
)

// Random returns the YAML of a catalog drawn from seed: a dozen errors
// whose detail schemas combine, at random and at random depths, every
// node kind (strings, integers, numbers, booleans, arrays, objects, maps,
// open maps, untyped values, $ref to shared shapes), the constraints the
// runtimes check (enum, const, pattern, format, bounds, lengths, item
// counts, uniqueItems, required members) and the security keywords
// (x-sensitive, x-sanitize, x-max-bytes, x-verbose, an error's sensitive
// list), with templates, suggestions and statuses drawn too, and tight
// limits now and then. It avoids most combinations errgen check refuses,
// not all: a caller keeps the catalogs check accepts (see the
// differential test), so that what runs through the runtimes is what a
// user could write.
func Random(seed uint64) []byte {
	g := &randomCatalog{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
	return g.catalog()
}

type randomCatalog struct {
	r              *rand.Rand
	shapes         []string // names of the shared shapes, for $ref
	maxSuggestions int
}

func (g *randomCatalog) chance(p float64) bool { return g.r.Float64() < p }

func (g *randomCatalog) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }

func (g *randomCatalog) catalog() []byte {
	var b strings.Builder
	b.WriteString("errgen: 1\nname: random\nversion: 1.0.0\nproblem_base: https://errors.example.com/random/\nfallback: E_INTERNAL\n")
	g.maxSuggestions = 3
	if g.chance(0.3) {
		g.maxSuggestions = 1 + g.r.IntN(3)
		fmt.Fprintf(&b, "limits: {max_data_bytes: %d, max_string_bytes: %d, max_suggestions: %d}\n",
			512+g.r.IntN(4)*512, 16+g.r.IntN(60), g.maxSuggestions)
	}
	b.WriteString("domains:\n  core: {range: [1, 9999]}\ndetails:\n")
	// shared shapes first, so that a schema may $ref any of them; a shape
	// only refers to the ones before it (no cycles)
	nShapes := 1 + g.r.IntN(3)
	for i := 0; i < nShapes; i++ {
		name := fmt.Sprintf("shape_%d", i)
		var node string
		if g.chance(0.4) {
			node = g.scalar("string")
		} else {
			node = g.object(1)
		}
		fmt.Fprintf(&b, "  %s: %s\n", name, node)
		g.shapes = append(g.shapes, name)
	}
	b.WriteString("errors:\n  E_INTERNAL: {code: 1, title: Internal error, message: Internal error, status: 500, doc: The fallback.}\n")
	nErrors := 8 + g.r.IntN(8)
	for i := 0; i < nErrors; i++ {
		g.error(&b, i)
	}
	return []byte(b.String())
}

// error writes error number i: its details an object of 1–5 top-level
// properties, its templates naming some of them.
func (g *randomCatalog) error(b *strings.Builder, i int) {
	props, required := g.properties(1)
	names := make([]string, 0, len(props))
	for name := range props {
		names = append(names, name)
	}
	sort.Strings(names)
	fmt.Fprintf(b, "  E_R%02d:\n    code: %d\n    title: Random error %d\n", i, 10+i, i)
	fmt.Fprintf(b, "    message: %q\n", g.template(names, fmt.Sprintf("Error %d", i)))
	if g.chance(0.5) {
		fmt.Fprintf(b, "    user_message: %q\n", g.template(names, "Try again"))
	}
	if g.chance(0.6) {
		b.WriteString("    suggestions:\n")
		for j, n := 0, 1+g.r.IntN(g.maxSuggestions); j < n; j++ {
			fmt.Fprintf(b, "      - %q\n", g.template(names, fmt.Sprintf("Suggestion %d", j)))
		}
	}
	statuses := []string{"400", "403", "404", "409", "422", "429", "500", "503"}
	if g.chance(0.3) {
		fmt.Fprintf(b, "    status: [%s, %s]\n", statuses[g.r.IntN(4)], statuses[4+g.r.IntN(4)])
	} else {
		fmt.Fprintf(b, "    status: %s\n", g.pick(statuses...))
	}
	if g.chance(0.4) {
		b.WriteString(g.pick(
			"    retryable: true\n",
			"    retry: after_change\n",
			"    retry: never\n",
			fmt.Sprintf("    retry: {class: after_delay, delay: %dms}\n", 1+g.r.IntN(100000)),
			"    retry: {class: after_delay, throttling: true}\n",
			"    retryable: true\n    retry: {class: after_delay, delay: 24h, throttling: true}\n",
		))
	}
	var sensitive []string
	for _, name := range names {
		if k := props[name].kind; (k == "string" || k == "any") && g.chance(0.2) {
			sensitive = append(sensitive, name)
		}
	}
	if len(sensitive) > 0 {
		fmt.Fprintf(b, "    sensitive: [%s]\n", strings.Join(sensitive, ", "))
	}
	b.WriteString("    doc: Drawn at random.\n")
	b.WriteString("    details:\n      type: object\n")
	if len(required) > 0 {
		fmt.Fprintf(b, "      required: [%s]\n", strings.Join(required, ", "))
	}
	if g.chance(0.2) {
		b.WriteString("      additionalProperties: " + g.member(2) + "\n")
	}
	b.WriteString("      properties:\n")
	for _, name := range names {
		fmt.Fprintf(b, "        %s: %s\n", name, props[name].yaml)
	}
}

// template returns a template of literal words and placeholders of some
// of names (none when there are none).
func (g *randomCatalog) template(names []string, lead string) string {
	var b strings.Builder
	b.WriteString(lead)
	for _, name := range names {
		if g.chance(0.5) {
			fmt.Fprintf(&b, " %s={%s}", g.pick("with", "at", "of", "for"), name)
		}
	}
	if g.chance(0.2) {
		b.WriteString(" {{literal}}")
	}
	return b.String()
}

type randomProp struct {
	kind string // string, integer, number, boolean, array, object, map, any, ref
	yaml string
}

// properties returns 1–5 properties of an object at depth (each may be
// x-verbose) and the names of the required ones.
func (g *randomCatalog) properties(depth int) (map[string]randomProp, []string) {
	props := map[string]randomProp{}
	var required []string
	n := 1 + g.r.IntN(5)
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("%s%d", g.pick("a", "b", "name", "count", "tags", "meta", "x"), i)
		kind, node := g.node(depth, true)
		props[name] = randomProp{kind, node}
		if g.chance(0.4) {
			required = append(required, name)
		}
	}
	sort.Strings(required)
	return props, required
}

// node returns the kind and the YAML (a flow mapping) of a schema at
// depth; member: it is an object's property or other members, which may
// be x-verbose (an array's items may not).
func (g *randomCatalog) node(depth int, member bool) (string, string) {
	kinds := []string{"string", "string", "string", "integer", "number", "boolean", "any"}
	if depth < 4 {
		kinds = append(kinds, "array", "array", "object", "map")
	}
	if len(g.shapes) > 0 {
		kinds = append(kinds, "ref")
	}
	kind := g.pick(kinds...)
	var y string
	switch kind {
	case "array":
		y = g.array(depth)
	case "object":
		y = g.object(depth)
	case "map":
		y = "{type: object, additionalProperties: " + g.member(depth+1) + "}"
	case "ref":
		y = "{$ref: " + g.pick(g.shapes...) + "}"
	default:
		y = g.scalar(kind)
	}
	if member && g.chance(0.1) {
		y = strings.TrimSuffix(y, "}") + ", x-verbose: true}"
		y = strings.Replace(y, "{, ", "{", 1)
	}
	return kind, y
}

// member returns the schema of an object's other members.
func (g *randomCatalog) member(depth int) string {
	_, y := g.node(depth, true)
	return y
}

// scalar returns a string, integer, number, boolean or untyped schema
// with some of the constraints and security keywords it may have.
func (g *randomCatalog) scalar(kind string) string {
	var kw []string
	if kind != "any" {
		kw = append(kw, "type: "+kind)
	}
	switch kind {
	case "string":
		plain := true // no keyword a scrubbing rewrite could break
		switch {
		case g.chance(0.2):
			values := []string{"a", "b", "on", "off", `"two words"`, `""`}
			g.r.Shuffle(len(values), func(i, j int) { values[i], values[j] = values[j], values[i] })
			kw = append(kw, "enum: ["+strings.Join(values[:1+g.r.IntN(3)], ", ")+"]")
		case g.chance(0.05):
			kw = append(kw, "const: "+g.pick("a", "fixed", `""`))
		case g.chance(0.1):
			kw = append(kw, "pattern: "+g.pick(`"^[a-z]*$"`, `"[0-9]"`, `"^x"`, `"é"`, `"^.{0,3}$"`))
			plain = false
		case g.chance(0.1):
			kw = append(kw, "format: "+g.pick("date-time", "date", "time", "uuid", "ipv4", "ipv6", "email", "uri", "hostname", "duration"))
			plain = false
		}
		if g.chance(0.15) {
			kw = append(kw, fmt.Sprintf("minLength: %d", g.r.IntN(2)))
		}
		if g.chance(0.15) {
			kw = append(kw, fmt.Sprintf("maxLength: %d", 2+g.r.IntN(10)))
			plain = false
		}
		g.security(&kw, plain)
	case "integer", "number":
		lo := g.r.IntN(20) - 10
		if g.chance(0.3) {
			kw = append(kw, fmt.Sprintf("%s: %d", g.pick("minimum", "exclusiveMinimum"), lo))
		}
		if g.chance(0.3) {
			kw = append(kw, fmt.Sprintf("%s: %d", g.pick("maximum", "exclusiveMaximum"), lo+5+g.r.IntN(1000)))
		}
		if g.chance(0.1) {
			kw = append(kw, fmt.Sprintf("multipleOf: %d", 1+g.r.IntN(5)))
		}
	case "any":
		g.security(&kw, true)
	}
	return "{" + strings.Join(kw, ", ") + "}"
}

// security adds some of x-sensitive, x-sanitize (where nothing a rewrite
// could break stands beside it) and x-max-bytes to kw.
func (g *randomCatalog) security(kw *[]string, plain bool) {
	if g.chance(0.12) {
		*kw = append(*kw, "x-sensitive: true")
	}
	if plain && g.chance(0.15) {
		*kw = append(*kw, "x-sanitize: "+g.pick("path", "uri", "text"))
	}
	if g.chance(0.12) {
		*kw = append(*kw, fmt.Sprintf("x-max-bytes: %d", 4+g.r.IntN(20)))
	}
}

// array returns an array schema of items at depth+1.
func (g *randomCatalog) array(depth int) string {
	_, items := g.node(depth+1, false)
	kw := []string{"type: array", "items: " + items}
	min := 0
	if g.chance(0.15) {
		min = 1 + g.r.IntN(2)
		kw = append(kw, fmt.Sprintf("minItems: %d", min))
	}
	if g.chance(0.2) {
		kw = append(kw, fmt.Sprintf("maxItems: %d", min+1+g.r.IntN(3)))
	}
	if g.chance(0.15) && !strings.Contains(items, "x-sensitive") && !strings.Contains(items, "x-sanitize") {
		kw = append(kw, "uniqueItems: true")
	}
	return "{" + strings.Join(kw, ", ") + "}"
}

// object returns an object schema of properties at depth+1, open now and
// then.
func (g *randomCatalog) object(depth int) string {
	props, required := g.properties(depth + 1)
	names := make([]string, 0, len(props))
	for name := range props {
		names = append(names, name)
	}
	sort.Strings(names)
	kw := []string{"type: object"}
	if len(required) > 0 {
		kw = append(kw, "required: ["+strings.Join(required, ", ")+"]")
	}
	fields := make([]string, len(names))
	for i, name := range names {
		fields[i] = name + ": " + props[name].yaml
	}
	kw = append(kw, "properties: {"+strings.Join(fields, ", ")+"}")
	if g.chance(0.2) {
		if g.chance(0.3) {
			kw = append(kw, "additionalProperties: true")
		} else {
			kw = append(kw, "additionalProperties: "+g.member(depth+1))
		}
	}
	return "{" + strings.Join(kw, ", ") + "}"
}
