package catalog

import (
	"fmt"
	"regexp"
	"unicode/utf8"

	"github.com/errgen/errgen/internal/diag"
	yaml "go.yaml.in/yaml/v3"
)

// scanText finds the first character a catalog must not hold raw: invalid
// UTF-8, control characters, and the characters YAML readers take for line
// breaks (U+0085, U+2028, U+2029), which would not come back byte-exact.
// Such characters belong in double-quoted strings as escapes.
func scanText(file string, data []byte) (diag.Pos, string, bool) {
	line, col := 1, 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		pos := diag.Pos{File: file, Line: line, Col: col}
		switch {
		case r == utf8.RuneError && size <= 1:
			return pos, fmt.Sprintf("invalid UTF-8 (byte 0x%02x): catalogs must be UTF-8", data[i]), false
		case r == '\n':
			line, col = line+1, 0
		case r == '\t' || r == '\r':
		case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f:
			return pos, fmt.Sprintf("control character U+%04X is not allowed raw; write it as \\u%04X inside a double-quoted string", r, r), false
		case r == 0x2028 || r == 0x2029:
			return pos, fmt.Sprintf("raw U+%04X is read as a line break by YAML readers; write it as \\u%04X inside a double-quoted string", r, r), false
		case r == 0xfeff && i > 0:
			return pos, "a byte order mark (U+FEFF) inside the file; write it as \\uFEFF inside a double-quoted string", false
		case r == 0xfffe || r == 0xffff:
			return pos, fmt.Sprintf("U+%04X is not a character", r), false
		}
		i += size
		col++
	}
	return diag.Pos{}, "", true
}

var unknownAnchorRE = regexp.MustCompile(`unknown anchor '([^']*)' referenced`)

// anchorPos finds where an alias to an unknown anchor stands, for the YAML
// error that does not say.
func anchorPos(file string, data []byte, msg string) (diag.Pos, bool) {
	m := unknownAnchorRE.FindStringSubmatch(msg)
	if m == nil {
		return diag.Pos{}, false
	}
	re := regexp.MustCompile(`\*` + regexp.QuoteMeta(m[1]) + `([\s,\]\}]|$)`)
	loc := re.FindIndex(data)
	if loc == nil {
		return diag.Pos{}, false
	}
	line, col := 1, 1
	for _, r := range string(data[:loc[0]]) {
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return diag.Pos{File: file, Line: line, Col: col}, true
}

// measure computes the size and depth of the tree under a node with every
// alias expanded, both capped just past the loader's limits. Alias targets
// are measured once; an alias inside the node it refers to is a cycle.
type measure struct {
	memo  map[*yaml.Node][2]int
	open  map[*yaml.Node]bool
	cycle *yaml.Node // the first alias found inside its own target
}

func (m *measure) of(n *yaml.Node) (size, depth int) {
	if n.Kind == yaml.AliasNode {
		if n.Alias == nil {
			return 1, 1
		}
		if v, ok := m.memo[n.Alias]; ok {
			return v[0], v[1]
		}
		if m.open[n.Alias] {
			if m.cycle == nil {
				m.cycle = n
			}
			return MaxNodes + 1, MaxDepth + 1
		}
		if m.memo == nil {
			m.memo = map[*yaml.Node][2]int{}
		}
		m.open[n.Alias] = true
		s, d := m.of(n.Alias)
		delete(m.open, n.Alias)
		m.memo[n.Alias] = [2]int{s, d}
		return s, d
	}
	if n.Anchor != "" {
		// an anchored node may be reached first through its own alias
		m.open[n] = true
		defer delete(m.open, n)
	}
	size, depth = 1, 0
	for _, c := range n.Content {
		s, d := m.of(c)
		size = min(size+s, MaxNodes+1)
		depth = max(depth, d)
	}
	return size, min(depth+1, MaxDepth+1)
}

// guard reports a document that expands past MaxNodes or nests deeper than
// MaxDepth, at the alias or node that takes it there.
func (l *loader) guard(doc *yaml.Node) bool {
	m := measure{open: map[*yaml.Node]bool{}}
	size, depth := m.of(doc)
	if m.cycle != nil {
		l.diags.Errorf(l.pos(m.cycle), "alias *%s refers to a node that contains it", m.cycle.Value)
		return false
	}
	if size <= MaxNodes && depth <= MaxDepth {
		return true
	}
	n := doc
	if size > MaxNodes {
		for n.Kind != yaml.AliasNode && len(n.Content) > 0 {
			best, bestSize := n.Content[0], -1
			for _, c := range n.Content {
				if s, _ := m.of(c); s > bestSize {
					best, bestSize = c, s
				}
			}
			n = best
		}
		what := ""
		if n.Kind == yaml.AliasNode {
			what = fmt.Sprintf(" (alias *%s here)", n.Value)
		}
		l.diags.Errorf(l.pos(n), "aliases expand this catalog to more than %d YAML nodes%s", MaxNodes, what)
		return false
	}
	for len(n.Content) > 0 {
		best, bestDepth := n.Content[0], -1
		for _, c := range n.Content {
			if _, d := m.of(c); d > bestDepth {
				best, bestDepth = c, d
			}
		}
		if best.Kind == yaml.AliasNode {
			n = best
			break
		}
		n = best
		if bestDepth <= 1 {
			break
		}
	}
	l.diags.Errorf(l.pos(n), "nesting deeper than %d levels", MaxDepth)
	return false
}
