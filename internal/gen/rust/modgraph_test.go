package rust

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	rustrt "github.com/errgen/errgen/runtime/rust"
)

// The modules of the runtime (runtime/rust/src/rt) form no cycle: a module
// depends on another when its code names it, through super:: or
// crate::rt::, directly or through a name mod.rs re-exports from it.
// Comments, doc comments and string literals name nothing. The crates
// without a regular expression engine get stub/regexp.rs as their
// regexp.rs: their graph is checked too.
func TestRuntimeModulesAcyclic(t *testing.T) {
	files := map[string]string{}
	for _, f := range rustrt.Files() {
		files[f.Name] = string(f.Data)
	}
	for _, variant := range []string{"regex", "stub"} {
		if variant == "stub" {
			files["regexp.rs"] = string(rustrt.RegexpStub())
		}
		g, err := moduleGraph(files)
		if err != nil {
			t.Fatalf("%s: %v", variant, err)
		}
		if len(g.edges["error"]) == 0 {
			t.Fatalf("%s: no dependency found: the graph is not read", variant)
		}
		for _, c := range g.cycles() {
			t.Errorf("%s: import cycle among the runtime's modules: %s", variant, c)
		}
	}
}

// The graph reads the references of code only, resolves re-exported names
// and inline modules, and reports a cycle with its path.
func TestModuleGraph(t *testing.T) {
	files := map[string]string{
		"mod.rs": "mod a;\nmod b;\nmod c;\nmod d;\npub use a::{Alpha, Beta as B};\npub use c::Gamma;\n",
		"a.rs": strings.Join([]string{
			`//! See [super::d] and super::b.`,
			`/* super::d /* nested super::d */ still a comment super::d */`,
			`use std::fmt;`,
			`use super::{`,
			`    b::{One, Two}, // super::d`,
			`    Gamma,`,
			`};`,
			`const S: &str = "super::d // not a comment"; const R: &str = r#"crate::rt::d"#;`,
			`const C: char = '"'; fn f<'x>(_: &'x str) -> char { '\'' }`,
			`fn g() { let _ = super::Gamma::new(); }`,
			`#[cfg(test)]`,
			`mod tests {`,
			`    use super::*;`,
			`    use super::super::b::One;`,
			`}`,
		}, "\n"),
		"b.rs": "use crate::rt::Alpha;\n",
		"c.rs": "use super::b as bee;\n",
		"d.rs": "",
	}
	g, err := moduleGraph(files)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, from := range g.modules() {
		for _, to := range sortedKeys(g.edges[from]) {
			got = append(got, from+"->"+to+"@"+g.edges[from][to].String())
		}
	}
	want := []string{"a->b@a.rs:5", "a->c@a.rs:6", "b->a@b.rs:1", "c->b@c.rs:1"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("edges:\n got %v\nwant %v", got, want)
	}
	cycles := g.cycles()
	wantCycles := []string{"a → b (a.rs:5) → a (b.rs:1)"}
	if strings.Join(cycles, "\n") != strings.Join(wantCycles, "\n") {
		t.Errorf("cycles:\n got %q\nwant %q", cycles, wantCycles)
	}

	for name, src := range map[string]string{
		"glob":    "use super::*;\n",
		"unknown": "use super::Nothing;\n",
	} {
		if _, err := moduleGraph(map[string]string{"mod.rs": "mod a;\nmod b;\n", "a.rs": src, "b.rs": ""}); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// A place in a module's file.
type place struct {
	file string
	line int
}

func (p place) String() string { return fmt.Sprintf("%s:%d", p.file, p.line) }

// modGraph is the graph of the runtime's modules: for each module, the
// modules it names and where it first names each.
type modGraph struct {
	edges map[string]map[string]place
}

func (g *modGraph) modules() []string { return sortedKeys(g.edges) }

// cycles returns a cycle for every back edge a depth-first search of the
// graph meets, modules and edges taken in name order: the path from the
// module the edge reaches, each step with where it is named.
func (g *modGraph) cycles() []string {
	const (
		unseen = iota
		open
		done
	)
	state := map[string]int{}
	var stack []string
	var out []string
	var visit func(m string)
	visit = func(m string) {
		state[m] = open
		stack = append(stack, m)
		for _, to := range sortedKeys(g.edges[m]) {
			switch state[to] {
			case unseen:
				visit(to)
			case open:
				i := len(stack) - 1
				for stack[i] != to {
					i--
				}
				path := append(append([]string(nil), stack[i:]...), to)
				var b strings.Builder
				b.WriteString(path[0])
				for j := 1; j < len(path); j++ {
					fmt.Fprintf(&b, " → %s (%s)", path[j], g.edges[path[j-1]][path[j]])
				}
				out = append(out, b.String())
			}
		}
		stack = stack[:len(stack)-1]
		state[m] = done
	}
	for _, m := range g.modules() {
		if state[m] == unseen {
			visit(m)
		}
	}
	return out
}

var (
	modDecl   = regexp.MustCompile(`(?m)^\s*(?:pub(?:\([a-z]+\))?\s+)?mod\s+([A-Za-z_][A-Za-z0-9_]*)\s*;`)
	pubUse    = regexp.MustCompile(`(?m)^\s*pub\s+use\s+`)
	pathRoot  = regexp.MustCompile(`\b(?:super|crate\s*::\s*rt)\s*::`)
	superSeg  = regexp.MustCompile(`^\s*super\s*::`)
	inlineMod = regexp.MustCompile(`\bmod\s+[A-Za-z_][A-Za-z0-9_]*\s*\{`)
	rawString = regexp.MustCompile(`^r#*"`)
)

// moduleGraph reads the module's files, by name (mod.rs and one file per
// module), into its graph.
func moduleGraph(files map[string]string) (*modGraph, error) {
	root, ok := files["mod.rs"]
	if !ok {
		return nil, fmt.Errorf("no mod.rs")
	}
	root = codeOnly(root)
	g := &modGraph{edges: map[string]map[string]place{}}
	for _, m := range modDecl.FindAllStringSubmatch(root, -1) {
		if _, ok := files[m[1]+".rs"]; !ok {
			return nil, fmt.Errorf("mod.rs declares %s, which has no file", m[1])
		}
		g.edges[m[1]] = map[string]place{}
	}
	// The names mod.rs re-exports, by the module that declares them.
	owner := map[string]string{}
	for _, loc := range pubUse.FindAllStringIndex(root, -1) {
		for _, it := range useItems(root, loc[1]) {
			if len(it.path) < 2 {
				continue
			}
			if _, ok := g.edges[it.path[0]]; ok {
				owner[it.name] = it.path[0]
			}
		}
	}
	for _, from := range g.modules() {
		file := from + ".rs"
		src := codeOnly(files[file])
		// The braces that open an inline module (mod tests { … }): super::
		// inside one names the file's own module.
		inline := map[int]bool{}
		for _, loc := range inlineMod.FindAllStringIndex(src, -1) {
			inline[loc[1]-1] = true
		}
		depth := inlineDepths(src, inline)
		for _, loc := range pathRoot.FindAllStringIndex(src, -1) {
			// The path continues a longer one (self::super::x, a::super::x):
			// no reference of the module.
			if prev := strings.TrimRight(src[:loc[0]], " \t\n"); strings.HasSuffix(prev, "::") {
				continue
			}
			rest := loc[1]
			up := 1
			if strings.HasPrefix(src[loc[0]:], "crate") {
				up = depth[loc[0]] + 1
			}
			for {
				m := superSeg.FindStringIndex(src[rest:])
				if m == nil {
					break
				}
				up++
				rest += m[1]
			}
			if up != depth[loc[0]]+1 {
				continue // the file's own module or an inline one, or the crate above rt
			}
			for _, it := range useItems(src, rest) {
				at := place{file, strings.Count(src[:it.at], "\n") + 1}
				name := it.path[0]
				if name == "*" {
					return nil, fmt.Errorf("%s: a glob import of rt hides what the module depends on", at)
				}
				to, ok := "", false
				if _, isMod := g.edges[name]; isMod {
					to, ok = name, true
				} else {
					to, ok = owner[name]
				}
				if !ok {
					return nil, fmt.Errorf("%s: %s is neither a module of rt nor a name mod.rs re-exports", at, name)
				}
				if _, seen := g.edges[from][to]; !seen && to != from {
					g.edges[from][to] = at
				}
			}
		}
	}
	return g, nil
}

// inlineDepths returns, for every byte of src, how many inline modules
// (their opening braces in inline) enclose it.
func inlineDepths(src string, inline map[int]bool) []int {
	depth := make([]int, len(src)+1)
	var braces []bool // each open brace: whether it opens an inline module
	n := 0
	for i := 0; i < len(src); i++ {
		depth[i] = n
		switch src[i] {
		case '{':
			braces = append(braces, inline[i])
			if inline[i] {
				n++
			}
		case '}':
			if len(braces) > 0 {
				if braces[len(braces)-1] {
					n--
				}
				braces = braces[:len(braces)-1]
			}
		}
	}
	depth[len(src)] = n
	return depth
}

// A name a path or a use tree brings: its path, the name it is known by
// in the module (its last segment, or its alias) and the offset of its
// first segment.
type useItem struct {
	path []string
	name string
	at   int
}

var (
	ident = regexp.MustCompile(`^\s*(\*|[A-Za-z_][A-Za-z0-9_]*)`)
	alias = regexp.MustCompile(`^\s+as\s+([A-Za-z_][A-Za-z0-9_]*)`)
)

// useItems reads the path at offset i of src (after a `…::`): a plain
// path (a::b::C, as a use declaration or an expression writes it) or a use
// tree (a::{b, c::{D, E as F}}, *).
func useItems(src string, i int) []useItem {
	items, _ := readTree(src, i, nil)
	return items
}

// skipSpace returns the offset of the first byte from i on that is not
// white space.
func skipSpace(src string, i int) int {
	for i < len(src) && strings.IndexByte(" \t\r\n", src[i]) >= 0 {
		i++
	}
	return i
}

// readTree reads one use tree at offset i of src under prefix and returns
// its items and the offset after it.
func readTree(src string, i int, prefix []string) ([]useItem, int) {
	i = skipSpace(src, i)
	if i < len(src) && src[i] == '{' {
		var out []useItem
		for i++; ; {
			i = skipSpace(src, i)
			switch {
			case i >= len(src):
				return out, i
			case src[i] == '}':
				return out, i + 1
			case src[i] == ',':
				i++
				continue
			}
			items, next := readTree(src, i, prefix)
			if next == i { // nothing read: skip a character
				next++
			}
			out = append(out, items...)
			i = next
		}
	}
	m := ident.FindStringSubmatchIndex(src[i:])
	if m == nil {
		return nil, i
	}
	at := i + m[2]
	path := append(append([]string(nil), prefix...), src[i+m[2]:i+m[3]])
	i += m[1]
	if j := skipSpace(src, i); strings.HasPrefix(src[j:], "::") {
		items, next := readTree(src, j+2, path)
		if len(prefix) == 0 {
			// The item is named where the path starts.
			for k := range items {
				items[k].at = at
			}
		}
		return items, next
	}
	name := path[len(path)-1]
	if a := alias.FindStringSubmatch(src[i:]); a != nil {
		name = a[1]
		i += len(a[0])
	}
	return []useItem{{path: path, name: name, at: at}}, i
}

// codeOnly returns src with its comments (line, doc and nested block
// comments), string literals (plain, byte and raw) and character literals
// blanked: spaces in their place, their newlines kept, so that offsets
// and line numbers stay.
func codeOnly(src string) string {
	b := []byte(src)
	blank := func(from, to int) {
		for i := from; i < to && i < len(b); i++ {
			if b[i] != '\n' {
				b[i] = ' '
			}
		}
	}
	isIdent := func(c byte) bool {
		return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
	}
	for i := 0; i < len(src); {
		switch {
		case strings.HasPrefix(src[i:], "//"):
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			blank(i, i+end)
			i += end
		case strings.HasPrefix(src[i:], "/*"):
			j, depth := i+2, 1
			for j < len(src) && depth > 0 {
				switch {
				case strings.HasPrefix(src[j:], "/*"):
					depth++
					j += 2
				case strings.HasPrefix(src[j:], "*/"):
					depth--
					j += 2
				default:
					j++
				}
			}
			blank(i, j)
			i = j
		case src[i] == 'r' && (i == 0 || !isIdent(src[i-1]) || src[i-1] == 'b' && (i == 1 || !isIdent(src[i-2]))) &&
			rawString.MatchString(src[i:]):
			hashes := strings.IndexByte(src[i+1:], '"')
			closing := `"` + strings.Repeat("#", hashes)
			start := i + 1 + hashes + 1
			end := strings.Index(src[start:], closing)
			if end < 0 {
				end = len(src) - start
			} else {
				end += len(closing)
			}
			blank(i, start+end)
			i = start + end
		case src[i] == '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			blank(i, j+1)
			i = j + 1
		case src[i] == '\'':
			// A character literal ('a', '\'', '\u{1F600}', 'é'), or a
			// lifetime or label ('a, 'static), which is code.
			if i+1 < len(src) && src[i+1] == '\\' {
				end := strings.IndexByte(src[i+3:], '\'')
				if end >= 0 {
					blank(i, i+3+end+1)
					i += 3 + end + 1
					continue
				}
			} else if r := []rune(src[i+1 : min(len(src), i+6)]); len(r) >= 2 && r[1] == '\'' {
				n := 1 + len(string(r[0])) + 1
				blank(i, i+n)
				i += n
				continue
			}
			i++
		default:
			i++
		}
	}
	return string(b)
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
