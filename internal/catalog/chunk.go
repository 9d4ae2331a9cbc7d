package catalog

import (
	"bytes"
	"regexp"
	"runtime"
	"sync"

	yaml "go.yaml.in/yaml/v3"
)

// chunkThreshold is the file size from which parseDocument parses in
// parallel. Tests lower it to hold the chunked parse to the sequential one.
var chunkThreshold = 256 << 10

// parseDocument parses one YAML document. A large catalog is cut into pieces
// at top-level keys and, inside a top-level block mapping (errors, details,
// …), at its entries; the pieces are parsed in parallel and joined into the
// tree one sequential parse would give, positions included. Anything that
// could make a piece mean something else than it does in the whole file —
// directives, document markers, a BOM, line breaks other than LF, a piece
// that fails or is not a mapping, an alias to an anchor in another piece —
// sends the file to one sequential parse instead, which also gives the
// exact error message. The comments and blank lines before the first key
// are parsed with the first piece.
//
// measured reports that the pieces, each measured by its worker, are
// within MaxNodes and MaxDepth together and hold no alias cycle: then so is
// the joined tree (no larger than its pieces, as deep as the deepest), and
// the loader need not measure it again.
func parseDocument(data []byte) (doc *yaml.Node, ok, measured bool) {
	if len(data) < chunkThreshold || runtime.GOMAXPROCS(0) < 2 {
		return nil, false, false
	}
	pieces := splitPieces(data)
	if len(pieces) < 2 {
		return nil, false, false
	}
	nodes := make([]*yaml.Node, len(pieces))
	sizes, depths := make([]int, len(pieces)), make([]int, len(pieces))
	failed, cycle := false, false
	var mu sync.Mutex
	var wg sync.WaitGroup
	work := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				var doc yaml.Node
				p := pieces[i]
				if err := yaml.Unmarshal(p.text, &doc); err != nil || len(doc.Content) != 1 ||
					doc.Content[0].Kind != yaml.MappingNode || doc.Content[0].Style&yaml.FlowStyle != 0 {
					mu.Lock()
					failed = true
					mu.Unlock()
					continue
				}
				m := measure{open: map[*yaml.Node]bool{}}
				sizes[i], depths[i] = m.of(&doc)
				if m.cycle != nil {
					mu.Lock()
					cycle = true
					mu.Unlock()
				}
				shiftLines(doc.Content[0], p.line-1-p.synthetic)
				nodes[i] = doc.Content[0]
			}
		}()
	}
	for i := range pieces {
		work <- i
	}
	close(work)
	wg.Wait()
	if failed {
		return nil, false, false
	}
	size, depth := 0, 0
	for i := range pieces {
		size, depth = size+sizes[i], max(depth, depths[i])
	}
	doc, ok = joinPieces(pieces, nodes)
	return doc, ok, !cycle && size <= MaxNodes && depth <= MaxDepth
}

// piece is a run of lines of the file, parsed alone. A piece inside a
// section that is not its first is prefixed by a synthetic copy of the
// section's key line.
type piece struct {
	text      []byte
	line      int // 1-based line of the piece's first real line
	synthetic int // 1 when text starts with a synthetic key line
	section   int // index of the top-level section the piece belongs to
	first     bool
}

var sectionHeader = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*:[ \t]*(#.*)?$`)

func splitPieces(data []byte) []piece {
	if bytes.IndexByte(data, '\r') >= 0 || bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		return nil
	}
	// the other characters YAML readers take for line breaks
	for _, br := range []string{"\u0085", "\u2028", "\u2029"} {
		if bytes.Contains(data, []byte(br)) {
			return nil
		}
	}
	lines := indexLines(data)
	// top-level sections start at column 0 with something other than a
	// comment, blank or sequence entry
	var starts []int
	for i := range lines.count() {
		ln := lines.line(i)
		if bytes.HasPrefix(ln, []byte("---")) || bytes.HasPrefix(ln, []byte("...")) || bytes.HasPrefix(ln, []byte("%")) {
			return nil
		}
		if len(ln) == 0 || ln[0] == ' ' || ln[0] == '#' || ln[0] == '\n' {
			continue
		}
		if !plainKeyStart(ln[0]) {
			return nil // flow collections, tags, anchors, quoted keys: not worth the risk
		}
		starts = append(starts, i)
	}
	if len(starts) == 0 || starts[0] != firstContent(lines) {
		return nil
	}
	target := len(data)/(4*runtime.GOMAXPROCS(0)) + 1
	var out []piece
	for si, start := range starts {
		end := lines.count()
		if si+1 < len(starts) {
			end = starts[si+1]
		}
		begin := start
		if si == 0 {
			begin = 0 // the comments and blank lines before the first key are parsed too
		}
		header := bytes.TrimRight(lines.line(start), "\n")
		entries := entryStarts(lines, start, end)
		if !sectionHeader.Match(header) || len(entries) < 2 {
			out = append(out, piece{text: lines.span(begin, end), line: begin + 1, section: si, first: true})
			continue
		}
		from := begin
		for k := range entries {
			to := nextOr(entries, k, end)
			if lines.bytes(from, to) < target && k+1 < len(entries) {
				continue
			}
			p := piece{line: from + 1, section: si, first: from == begin}
			if p.first {
				p.text = lines.span(from, to)
			} else {
				p.synthetic = 1
				p.text = append(append(append(make([]byte, 0, len(header)+1+lines.bytes(from, to)), header...), '\n'), lines.span(from, to)...)
			}
			out = append(out, p)
			from = to
		}
	}
	return out
}

// lineIndex is a text cut into lines, each with its line break: where each
// line starts, and the text's end after the last.
type lineIndex struct {
	data  []byte
	start []int
}

func indexLines(data []byte) lineIndex {
	start := make([]int, 0, bytes.Count(data, []byte("\n"))+2)
	for at := 0; at < len(data); {
		start = append(start, at)
		nl := bytes.IndexByte(data[at:], '\n')
		if nl < 0 {
			break
		}
		at += nl + 1
	}
	return lineIndex{data, append(start, len(data))}
}

func (l lineIndex) count() int { return len(l.start) - 1 }

// line returns line i (from 0) with its line break.
func (l lineIndex) line(i int) []byte { return l.data[l.start[i]:l.start[i+1]] }

// span returns lines from to to (exclusive), a slice of the text.
func (l lineIndex) span(from, to int) []byte { return l.data[l.start[from]:l.start[to]:l.start[to]] }

// bytes returns the size of lines from to to (exclusive).
func (l lineIndex) bytes(from, to int) int { return l.start[to] - l.start[from] }

func plainKeyStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

func firstContent(lines lineIndex) int {
	for i := range lines.count() {
		t := bytes.TrimLeft(lines.line(i), " \t")
		if len(t) > 0 && t[0] != '#' && t[0] != '\n' {
			return i
		}
	}
	return -1
}

// entryStarts returns the lines of a section that start its block-mapping
// entries: every line at the indentation of the section's first entry.
func entryStarts(lines lineIndex, start, end int) []int {
	indent := -1
	var out []int
	for i := start + 1; i < end; i++ {
		ln := lines.line(i)
		n := 0
		for n < len(ln) && ln[n] == ' ' {
			n++
		}
		if n == len(ln) || ln[n] == '\n' || ln[n] == '#' {
			continue
		}
		if indent < 0 {
			if n == 0 {
				return nil // not a block mapping (an entry line that is no plain key is refused below)
			}
			indent = n
		}
		if n < indent {
			return nil
		}
		if n == indent {
			if !plainKeyStart(ln[n]) {
				return nil // a flow collection, quoted key, tag, anchor…: not worth the risk
			}
			out = append(out, i)
		}
	}
	return out
}

func nextOr(entries []int, k, end int) int {
	if k+1 < len(entries) {
		return entries[k+1]
	}
	return end
}

func shiftLines(n *yaml.Node, by int) {
	if by == 0 {
		return
	}
	n.Line += by
	for _, c := range n.Content {
		shiftLines(c, by)
	}
}

// joinPieces builds the document the whole file would have given.
func joinPieces(pieces []piece, nodes []*yaml.Node) (*yaml.Node, bool) {
	root := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: nodes[0].Line, Column: nodes[0].Column}
	var section *yaml.Node // value mapping of the section being joined
	for i, p := range pieces {
		n := nodes[i]
		if p.first {
			root.Content = append(root.Content, n.Content...)
			section = nil
			if len(n.Content) == 2 && n.Content[1].Kind == yaml.MappingNode && i+1 < len(pieces) && !pieces[i+1].first {
				section = n.Content[1]
			}
			continue
		}
		if section == nil || len(n.Content) != 2 || n.Content[1].Kind != yaml.MappingNode || n.Content[1].Style&yaml.FlowStyle != 0 ||
			n.Content[0].Value != root.Content[len(root.Content)-2].Value {
			return nil, false
		}
		section.Content = append(section.Content, n.Content[1].Content...)
	}
	return &yaml.Node{Kind: yaml.DocumentNode, Line: root.Line, Column: root.Column, Content: []*yaml.Node{root}}, true
}
