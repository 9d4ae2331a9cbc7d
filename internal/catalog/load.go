package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/errgen/errgen/internal/diag"
	"github.com/errgen/errgen/internal/naming"
	yaml "go.yaml.in/yaml/v3"
)

// Loader limits: input past them is reported, never followed.
const (
	MaxFileBytes = 64 << 20  // one catalog file
	MaxNodes     = 1_000_000 // YAML nodes visited, aliases expanded
	MaxDepth     = 200       // nesting of mappings and lists
	MaxFiles     = 10_000    // files one catalog may include
)

// Key sets of the mappings read once per entry.
var (
	domainKeys  = keys([]string{"range"}, "range", "reserved", "prefix", "title", "description")
	errorKeys   = keys([]string{"code", "title", "message"}, "code", "domain", "type", "aliases", "title", "message", "user_message", "status", "problem_type", "wire_code", "retryable", "retry", "details", "sensitive", "suggestions", "doc", "examples", "since", "deprecated", "mcp")
	retiredKeys = keys(nil, "code", "symbol", "type", "since", "replaced_by", "note")
)

// Parse loads the catalog at path and every file it includes. The error is
// non-nil only when the main file cannot be read (an I/O problem); everything
// wrong with the catalog's content is in the diagnostics.
func Parse(fsys FS, path string) (*Catalog, diag.List, error) {
	data, err := fsys.ReadFile(path, MaxFileBytes)
	if err != nil {
		return nil, nil, err
	}
	l := &loader{fs: fsys, cat: &Catalog{Path: path, IncludedFrom: map[string]diag.Pos{}}, loaded: map[string]bool{}}
	l.cat.TreeRoot, l.cat.TreeMarker = TreeRoot(fsys, path)
	l.loadFile(path, data, true, nil)
	l.cat.NoteIncludes(l.diags)
	l.diags.Sort()
	return l.cat, l.diags, nil
}

type loader struct {
	fs     FS
	cat    *Catalog
	diags  diag.List
	file   string          // file being walked
	nodes  int             // nodes visited so far
	over   bool            // MaxNodes was reported
	loaded map[string]bool // canonical names of files read

	canonRoot string // canonical name of the tree's root, once needed
	aliases   bool   // the file being loaded may hold aliases
}

var lineRE = regexp.MustCompile(`^yaml: line (\d+): `)

func (l *loader) loadFile(path string, data []byte, main bool, chain []string) {
	l.file = path
	l.cat.Files = append(l.cat.Files, path)
	if l.cat.Sources == nil {
		l.cat.Sources = map[string][]byte{}
	}
	l.cat.Sources[path] = data
	l.loaded[l.fs.Canonical(path)] = true
	filePos := diag.Pos{File: path, Line: 1, Col: 1}
	if len(data) > MaxFileBytes {
		l.fail(filePos, "file is larger than %d bytes", MaxFileBytes)
		return
	}
	if pos, msg, ok := scanText(path, data); !ok {
		l.fail(pos, "%s", msg)
		return
	}
	l.aliases = bytes.IndexByte(data, '*') >= 0
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			l.fail(filePos, "empty catalog file: want a mapping of catalog keys")
			return
		}
		l.yamlError(err, data)
		return
	}
	var second yaml.Node
	if err := dec.Decode(&second); err == nil {
		l.fail(diag.Pos{File: path, Line: second.Line, Col: second.Column}, "more than one YAML document in a catalog file")
		return
	} else if !errors.Is(err, io.EOF) {
		l.yamlError(err, data)
		return
	}
	l.walkFile(path, &doc, main, chain)
}

// walkFile walks the document of a file.
func (l *loader) walkFile(path string, doc *yaml.Node, main bool, chain []string) {
	if len(doc.Content) == 0 {
		l.fail(diag.Pos{File: path, Line: 1, Col: 1}, "empty catalog file: want a mapping of catalog keys")
		return
	}
	if !l.guard(doc) {
		l.cat.Incomplete = true
		return
	}
	if l.aliases {
		placeAliases(doc, nil)
	}
	root := l.resolve(doc.Content[0])
	if root == nil {
		return
	}
	var includes []Str
	fields := map[string]func(k, v *yaml.Node){
		"include": func(k, v *yaml.Node) { includes = l.stringOrList(v, "include") },
		"domains": func(k, v *yaml.Node) { l.domains(v) },
		"details": func(k, v *yaml.Node) { l.details(v) },
		"errors":  func(k, v *yaml.Node) { l.errors(v) },
		"retired": func(k, v *yaml.Node) { l.retired(v) },
	}
	what := "included file"
	var required []string
	if main {
		what = "catalog"
		required = []string{"errgen", "name", "version", "fallback", "domains", "errors"}
		l.cat.Root = l.pos(root)
		c := l.cat
		fields["errgen"] = func(k, v *yaml.Node) { c.Errgen = l.integer(v, "errgen") }
		fields["name"] = func(k, v *yaml.Node) { c.Name = l.str(v, "name") }
		fields["version"] = func(k, v *yaml.Node) { c.Version = l.str(v, "version") }
		fields["schema_version"] = func(k, v *yaml.Node) { c.SchemaVersion = l.integer(v, "schema_version") }
		fields["problem_base"] = func(k, v *yaml.Node) { c.ProblemBase = l.str(v, "problem_base") }
		fields["fallback"] = func(k, v *yaml.Node) { c.Fallback = l.str(v, "fallback") }
		fields["limits"] = func(k, v *yaml.Node) { l.limits(v) }
		fields["outputs"] = func(k, v *yaml.Node) { l.outputs(v) }
		fields["mcp"] = func(k, v *yaml.Node) { c.MCP = l.mcp(v, "mcp", false) }
		fields["package"] = func(k, v *yaml.Node) { l.pkg(v) }
		fields["formats"] = func(k, v *yaml.Node) {
			c.Formats = Formats{Values: l.stringList(v, "formats"), Pos: l.pos(v), Set: v.Kind == yaml.SequenceNode}
		}
	}
	l.mapping(root, what, fields, required...)
	dir := filepath.Dir(path)
	for _, inc := range includes {
		pattern := filepath.Join(dir, inc.Value)
		if l.includeOutside(inc, pattern) {
			continue
		}
		matches, err := l.fs.Glob(pattern)
		if err != nil {
			l.fail(inc.Pos, "include %q is not a valid glob pattern: %v", inc.Value, err)
			continue
		}
		l.cat.Globs = append(l.cat.Globs, Glob{Pattern: pattern, Matches: matches})
		if len(matches) == 0 {
			l.fail(inc.Pos, "include %q matches no file", inc.Value)
			continue
		}
		for _, m := range matches {
			canon := l.fs.Canonical(m)
			here := append(chain[:len(chain):len(chain)], path)
			if cyc := cycleFrom(here, canon, l.fs); cyc != nil {
				files := make([]any, 0, len(cyc)+1)
				for _, f := range append(cyc, m) {
					files = append(files, diag.Pos{File: f})
				}
				l.fail(inc.Pos, "include cycle: "+strings.TrimSuffix(strings.Repeat("%s -> ", len(files)), " -> "), files...)
				continue
			}
			if l.loaded[canon] {
				continue // already merged through another include
			}
			if l.matchOutside(inc, m) {
				continue
			}
			if len(l.cat.Files) >= MaxFiles {
				l.fail(inc.Pos, "more than %d included files", MaxFiles)
				return
			}
			data, err := l.fs.ReadFile(m, MaxFileBytes)
			if err != nil {
				l.fail(inc.Pos, "cannot read included file %s: %v", diag.Pos{File: m}, unwrapPathErr(err))
				continue
			}
			l.cat.IncludedFrom[m] = inc.Pos
			l.loadFile(m, data, false, here)
			l.file = path
		}
	}
}

// cycleFrom returns the include chain from the file canon onwards when canon
// is already on the chain.
func cycleFrom(chain []string, canon string, fsys FS) []string {
	for i, p := range chain {
		if fsys.Canonical(p) == canon {
			return append([]string(nil), chain[i:]...)
		}
	}
	return nil
}

func unwrapPathErr(err error) error {
	var pe interface{ Unwrap() error }
	if errors.As(err, &pe) {
		if inner := pe.Unwrap(); inner != nil {
			return inner
		}
	}
	return err
}

func (l *loader) yamlError(err error, data []byte) {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	pos := diag.Pos{File: l.file, Line: 1, Col: 1}
	if m := lineRE.FindStringSubmatch(err.Error()); m != nil {
		if n, convErr := strconv.Atoi(m[1]); convErr == nil && n > 0 {
			pos.Line = n
		}
		msg = strings.TrimPrefix(err.Error(), m[0])
	} else if p, ok := anchorPos(l.file, data, msg); ok {
		pos = p
	}
	l.fail(pos, "invalid YAML: %s", msg)
}

// fail reports a problem that keeps the catalog from being read whole.
func (l *loader) fail(pos diag.Pos, format string, args ...any) {
	l.diags.Errorf(pos, format, args...)
	l.cat.Incomplete = true
}

func (l *loader) pos(n *yaml.Node) diag.Pos {
	return diag.Pos{File: l.file, Line: n.Line, Col: n.Column}
}

// resolve follows aliases and counts the node against the budget; it returns
// nil once the budget is spent.
func (l *loader) resolve(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode; i++ {
		if i > MaxDepth {
			l.diags.Errorf(l.pos(n), "alias chain deeper than %d", MaxDepth)
			return nil
		}
		n = n.Alias
	}
	if n == nil {
		return nil
	}
	l.nodes++
	if l.nodes > MaxNodes {
		if !l.over {
			l.over = true
			l.diags.Errorf(l.pos(n), "catalog expands to more than %d YAML nodes (aliases included)", MaxNodes)
		}
		return nil
	}
	return n
}

type pair struct{ k, v *yaml.Node }

// pairs returns a mapping's key/value pairs with merge keys (<<) expanded and
// duplicate keys reported.
func (l *loader) pairs(n *yaml.Node, depth int) []pair {
	explicit := make([]pair, 0, len(n.Content)/2)
	var merged []pair
	var seen map[string]*yaml.Node // for large mappings; small ones scan
	find := func(key string) *yaml.Node {
		if seen != nil {
			return seen[key]
		}
		for _, p := range explicit {
			if p.k.Value == key {
				return p.k
			}
		}
		return nil
	}
	if len(n.Content) > 32 {
		seen = make(map[string]*yaml.Node, len(n.Content)/2)
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.ShortTag() == "!!merge" {
			merged = append(merged, l.mergeSource(v, depth)...)
			continue
		}
		if k.Kind != yaml.ScalarNode {
			l.diags.Errorf(l.pos(k), "mapping keys must be plain strings")
			continue
		}
		if first := find(k.Value); first != nil {
			l.diags.Errorf(l.pos(k), "duplicate key %q (first at line %d)", k.Value, first.Line)
			continue
		}
		if seen != nil {
			seen[k.Value] = k
		}
		explicit = append(explicit, pair{k, v})
	}
	if len(merged) > 0 && seen == nil {
		seen = make(map[string]*yaml.Node, len(explicit))
		for _, p := range explicit {
			seen[p.k.Value] = p.k
		}
	}
	for _, p := range merged {
		if _, dup := seen[p.k.Value]; !dup {
			seen[p.k.Value] = p.k
			explicit = append(explicit, p)
		}
	}
	return explicit
}

func (l *loader) mergeSource(v *yaml.Node, depth int) []pair {
	if depth > MaxDepth {
		l.diags.Errorf(l.pos(v), "nesting deeper than %d levels", MaxDepth)
		return nil
	}
	v = l.resolve(v)
	if v == nil {
		return nil
	}
	switch v.Kind {
	case yaml.MappingNode:
		return l.pairs(v, depth+1)
	case yaml.SequenceNode:
		var out []pair
		for _, it := range v.Content {
			it = l.resolve(it)
			if it == nil {
				return out
			}
			if it.Kind != yaml.MappingNode {
				l.diags.Errorf(l.pos(it), "a merge key (<<) takes a mapping or a list of mappings")
				continue
			}
			out = append(out, l.pairs(it, depth+1)...)
		}
		return out
	}
	l.diags.Errorf(l.pos(v), "a merge key (<<) takes a mapping or a list of mappings")
	return nil
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		switch tag := n.ShortTag(); tag {
		case "!!null":
			return "null"
		case "!!bool":
			return "a boolean"
		case "!!int", "!!float":
			return "a number"
		case "!!str", "!!timestamp", "!!binary":
			return "a string"
		default:
			return "a value tagged " + tag
		}
	}
	return "a YAML node"
}

// anyIntRE matches what some YAML reader takes for an integer, so that a
// catalog writing 1_000 where an integer belongs hears why it is refused.
var anyIntRE = regexp.MustCompile(`^[-+]?[0-9_]+$`)

// keySet is the fixed key set of one kind of mapping.
type keySet struct {
	names    string   // sorted, comma-separated, for messages
	sorted   []string // the same, for "did you mean"
	known    map[string]bool
	required []string
}

func keys(required []string, names ...string) *keySet {
	ks := &keySet{known: map[string]bool{}, required: required}
	for _, n := range names {
		ks.known[n] = true
	}
	sorted := append([]string(nil), names...)
	sort.Strings(sorted)
	ks.names, ks.sorted = strings.Join(sorted, ", "), sorted
	return ks
}

// walk walks a mapping node, calling each for every known key and reporting
// unknown keys and missing required ones. It returns false when n is not a
// mapping.
func (l *loader) walk(n *yaml.Node, what string, ks *keySet, owner diag.Pos, each func(key string, v *yaml.Node)) bool {
	if n.Kind != yaml.MappingNode {
		l.diags.Errorf(l.pos(n), "%s must be a mapping, got %s", what, kindName(n))
		return false
	}
	ps := l.pairs(n, 0)
	for _, p := range ps {
		if !ks.known[p.k.Value] {
			if near := naming.Closest(p.k.Value, ks.sorted); near != "" {
				l.diags.Errorf(l.pos(p.k), "unknown key %q in %s; did you mean %q?", p.k.Value, what, near)
			} else {
				l.diags.Errorf(l.pos(p.k), "unknown key %q in %s; want one of %s", p.k.Value, what, ks.names)
			}
			continue
		}
		if v := l.resolve(p.v); v != nil {
			each(p.k.Value, v)
		}
	}
	for _, r := range ks.required {
		found := false
		for _, p := range ps {
			if p.k.Value == r {
				found = true
				break
			}
		}
		if !found {
			at := owner
			if at.Line == 0 {
				at = l.pos(n)
			}
			l.diags.Errorf(at, "%s is missing required key %q", what, r)
		}
	}
	return true
}

// mapping is [loader.walk] with one function per key, for mappings read once.
func (l *loader) mapping(n *yaml.Node, what string, fields map[string]func(k, v *yaml.Node), required ...string) bool {
	names := make([]string, 0, len(fields))
	for k := range fields {
		names = append(names, k)
	}
	return l.walk(n, what, keys(required, names...), diag.Pos{}, func(key string, v *yaml.Node) { fields[key](nil, v) })
}

// str reads a string scalar. Timestamps count as strings (YAML 1.1 leftovers).
func (l *loader) str(n *yaml.Node, what string) Str {
	if n.Kind == yaml.ScalarNode {
		switch n.ShortTag() {
		case "!!str", "!!timestamp":
			return Str{Value: n.Value, Pos: l.pos(n), Set: true}
		}
	}
	l.diags.Errorf(l.pos(n), "%s must be a string, got %s%s", what, kindName(n), strHint(n))
	return Str{Pos: l.pos(n)}
}

// strHint says how a scalar that is not a string becomes one.
func strHint(n *yaml.Node) string {
	switch tag := n.ShortTag(); {
	case n.Kind != yaml.ScalarNode || tag == "!!null":
		return ""
	case strings.HasPrefix(tag, "!!"):
		return " (quote it)"
	}
	return " (remove the tag)"
}

func (l *loader) integer(n *yaml.Node, what string) Int {
	quoted := n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0
	tag := n.ShortTag()
	if n.Kind == yaml.ScalarNode && (tag == "!!int" || !quoted && anyIntRE.MatchString(n.Value)) {
		if !decimalIntRE.MatchString(n.Value) {
			l.diags.Errorf(l.pos(n), "%s: write the integer %s in plain decimal digits%s", what, n.Value, numberHint(n.Value))
			return Int{Pos: l.pos(n)}
		}
		v, err := strconv.ParseInt(n.Value, 10, 64)
		if err != nil {
			l.diags.Errorf(l.pos(n), "%s: integer %s is out of range", what, n.Value)
			return Int{Pos: l.pos(n)}
		}
		return Int{Value: v, Pos: l.pos(n), Set: true}
	}
	if n.Kind == yaml.ScalarNode && tag == "!!float" && !notJSONNumber(n.Value) {
		l.diags.Errorf(l.pos(n), "%s must be an integer in plain decimal digits, got the number %s%s", what, n.Value, integralHint(n.Value))
		return Int{Pos: l.pos(n)}
	}
	l.diags.Errorf(l.pos(n), "%s must be an integer, got %s", what, kindName(n))
	return Int{Pos: l.pos(n)}
}

func (l *loader) boolean(n *yaml.Node, what string) Flag {
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!bool" {
		var v bool
		if err := n.Decode(&v); err == nil {
			return Flag{Value: v, Pos: l.pos(n), Set: true}
		}
	}
	l.diags.Errorf(l.pos(n), "%s must be true or false, got %s", what, kindName(n))
	return Flag{Pos: l.pos(n)}
}

func (l *loader) list(n *yaml.Node, what string) []*yaml.Node {
	if n.Kind != yaml.SequenceNode {
		l.diags.Errorf(l.pos(n), "%s must be a list, got %s", what, kindName(n))
		return nil
	}
	out := make([]*yaml.Node, 0, len(n.Content))
	for _, it := range n.Content {
		it = l.resolve(it)
		if it == nil {
			break
		}
		out = append(out, it)
	}
	return out
}

func (l *loader) stringList(n *yaml.Node, what string) []Str {
	var out []Str
	for _, it := range l.list(n, what) {
		if s := l.str(it, what+" entry"); s.Set {
			out = append(out, s)
		}
	}
	return out
}

func (l *loader) stringOrList(n *yaml.Node, what string) []Str {
	switch n.Kind {
	case yaml.ScalarNode:
		if s := l.str(n, what); s.Set {
			return []Str{s}
		}
		return nil
	case yaml.SequenceNode:
		return l.stringList(n, what)
	}
	l.diags.Errorf(l.pos(n), "%s must be a string or a list of strings, got %s", what, kindName(n))
	return nil
}

func (l *loader) limits(n *yaml.Node) {
	lim := &l.cat.Limits
	l.mapping(n, "limits", map[string]func(k, v *yaml.Node){
		"max_data_bytes":   func(k, v *yaml.Node) { lim.MaxDataBytes = l.integer(v, "max_data_bytes") },
		"max_string_bytes": func(k, v *yaml.Node) { lim.MaxStringBytes = l.integer(v, "max_string_bytes") },
		"max_suggestions":  func(k, v *yaml.Node) { lim.MaxSuggestions = l.integer(v, "max_suggestions") },
	})
}

func (l *loader) outputs(n *yaml.Node) {
	o := &l.cat.Outputs
	o.Set, o.Pos = true, l.pos(n)
	if n.Kind != yaml.MappingNode {
		l.diags.Errorf(l.pos(n), "outputs must be a mapping, got %s", kindName(n))
		return
	}
	for _, p := range l.pairs(n, 0) {
		v := l.resolve(p.v)
		if v == nil {
			continue
		}
		key := p.k.Value
		if v.Kind != yaml.MappingNode {
			o.Entries = append(o.Entries, l.outputEntry(key, "", p.k, v))
			continue
		}
		o.Entries = append(o.Entries, OutputEntry{Output: key, KeyPos: l.pos(p.k), Value: Str{Pos: l.pos(v)}, Got: kindName(v)})
		for _, sp := range l.pairs(v, 0) {
			if sv := l.resolve(sp.v); sv != nil {
				if sv.Kind == yaml.MappingNode {
					l.diags.Errorf(l.pos(sv), "outputs.%s.%s must be a string, got %s", key, sp.k.Value, kindName(sv))
					continue
				}
				o.Entries = append(o.Entries, l.outputEntry(key, sp.k.Value, sp.k, sv))
			}
		}
	}
}

// outputEntry reads one key of the outputs and its value, not a mapping:
// a string, else what it is (str's words).
func (l *loader) outputEntry(output, setting string, k, v *yaml.Node) OutputEntry {
	e := OutputEntry{Output: output, Setting: setting, KeyPos: l.pos(k)}
	if v.Kind == yaml.ScalarNode {
		switch v.ShortTag() {
		case "!!str", "!!timestamp":
			e.Value = Str{Value: v.Value, Pos: l.pos(v), Set: true}
			return e
		}
	}
	e.Value.Pos = l.pos(v)
	e.Got = kindName(v) + strHint(v)
	return e
}

// pkg reads the `package` mapping: the generated packages' publishing
// metadata.
func (l *loader) pkg(n *yaml.Node) {
	p := &l.cat.Package
	p.Set, p.Pos = true, l.pos(n)
	l.mapping(n, "package", map[string]func(k, v *yaml.Node){
		"version":    func(k, v *yaml.Node) { p.Version = l.str(v, "package.version") },
		"license":    func(k, v *yaml.Node) { p.License = l.str(v, "package.license") },
		"repository": func(k, v *yaml.Node) { p.Repository = l.str(v, "package.repository") },
		"homepage":   func(k, v *yaml.Node) { p.Homepage = l.str(v, "package.homepage") },
		"authors":    func(k, v *yaml.Node) { p.Authors = l.stringList(v, "package.authors") },
		"keywords":   func(k, v *yaml.Node) { p.Keywords = l.stringList(v, "package.keywords") },
	})
}

// mcp reads an `mcp` mapping, of the catalog or of one error.
func (l *loader) mcp(n *yaml.Node, what string, ofError bool) MCP {
	m := MCP{Pos: l.pos(n)}
	fields := map[string]func(k, v *yaml.Node){
		"tool_errors": func(k, v *yaml.Node) { m.ToolErrors = l.str(v, "mcp.tool_errors") },
	}
	if ofError {
		fields["allow_sdk_code"] = func(k, v *yaml.Node) { m.AllowSDKCode = l.boolean(v, "mcp.allow_sdk_code") }
	}
	l.mapping(n, what, fields)
	return m
}

// entries walks a mapping of named entries (domains, details, errors).
func (l *loader) entries(n *yaml.Node, what string, each func(l *loader, key Str, v *yaml.Node)) {
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null" {
		return // an empty section
	}
	if n.Kind != yaml.MappingNode {
		l.diags.Errorf(l.pos(n), "%s must be a mapping, got %s", what, kindName(n))
		return
	}
	for _, p := range l.pairs(n, 0) {
		v := l.resolve(p.v)
		if v == nil {
			return
		}
		each(l, Str{Value: p.k.Value, Pos: l.pos(p.k), Set: true}, v)
	}
}

func (l *loader) domains(n *yaml.Node) {
	l.entries(n, "domains", func(l *loader, key Str, v *yaml.Node) {
		d := &Domain{Name: key, Pos: key.Pos}
		what := fmt.Sprintf("domain %q", key.Value)
		ok := l.walk(v, what, domainKeys, key.Pos, func(k string, v *yaml.Node) {
			switch k {
			case "range":
				d.RangePos = l.pos(v)
				items := l.list(v, what+" range")
				if v.Kind == yaml.SequenceNode && len(items) != 2 {
					l.diags.Errorf(l.pos(v), "%s range must be a list of two integers [low, high], got %s", what, diag.Plural(len(items), "item"))
					return
				}
				if len(items) == 2 {
					d.Low, d.High = l.integer(items[0], what+" range low"), l.integer(items[1], what+" range high")
				}
			case "reserved":
				d.Reserved = l.boolean(v, what+" reserved")
			case "prefix":
				d.Prefix = l.str(v, what+" prefix")
			case "title":
				d.Title = l.str(v, what+" title")
			case "description":
				d.Description = l.str(v, what+" description")
			}
		})
		if ok {
			l.cat.Domains = append(l.cat.Domains, d)
		}
	})
}

func (l *loader) details(n *yaml.Node) {
	l.entries(n, "details", func(l *loader, key Str, v *yaml.Node) {
		if v.Kind != yaml.MappingNode {
			l.diags.Errorf(l.pos(v), "detail shape %q must be a mapping (a JSON Schema), got %s", key.Value, kindName(v))
			return
		}
		if val := l.value(v, 0); val != nil {
			l.cat.Details = append(l.cat.Details, &Detail{Name: key, Schema: val})
		}
	})
}

func (l *loader) errors(n *yaml.Node) {
	l.entries(n, "errors", func(l *loader, key Str, v *yaml.Node) {
		e := &Error{Symbol: key, Pos: key.Pos}
		ok := l.walk(v, "error "+key.Value, errorKeys, key.Pos, func(k string, v *yaml.Node) {
			switch k {
			case "code":
				e.Code = l.integer(v, k)
			case "domain":
				e.Domain = l.str(v, k)
			case "type":
				e.Type = l.str(v, k)
			case "aliases":
				e.Aliases = l.stringList(v, k)
			case "title":
				e.Title = l.str(v, k)
			case "message":
				e.Message = l.str(v, k)
			case "user_message":
				e.UserMessage = l.str(v, k)
			case "status":
				e.Status = l.status(v)
			case "problem_type":
				e.ProblemType = l.str(v, k)
			case "wire_code":
				e.WireCode = l.integer(v, k)
			case "retryable":
				e.Retryable = l.boolean(v, k)
			case "retry":
				e.Retry = l.retry(v)
			case "details":
				e.Details = l.detailsRef(v)
			case "sensitive":
				e.Sensitive = l.stringList(v, k)
			case "suggestions":
				e.Suggestions = l.stringList(v, k)
			case "doc":
				e.Doc = l.str(v, k)
			case "examples":
				for _, it := range l.list(v, k) {
					if val := l.value(it, 0); val != nil {
						e.Examples = append(e.Examples, val)
					}
				}
			case "since":
				e.Since = l.str(v, k)
			case "deprecated":
				e.Deprecated = l.deprecated(v)
			case "mcp":
				e.MCP = l.mcp(v, "error "+key.Value+": mcp", true)
			}
		})
		if ok {
			l.cat.Errors = append(l.cat.Errors, e)
		}
	})
}

func (l *loader) status(n *yaml.Node) Status {
	s := Status{Pos: l.pos(n), Set: true}
	if n.Kind == yaml.SequenceNode {
		s.List = true
		for _, it := range l.list(n, "status") {
			if v := l.integer(it, "status"); v.Set {
				s.Values = append(s.Values, v)
			}
		}
		if len(n.Content) == 0 {
			l.diags.Errorf(l.pos(n), "status list must not be empty")
		}
		return s
	}
	if v := l.integer(n, "status"); v.Set {
		s.Values = []Int{v}
	}
	return s
}

// retry reads an error's retry: a class name, or {class, delay,
// throttling}.
func (l *loader) retry(n *yaml.Node) Retry {
	r := Retry{Pos: l.pos(n), Set: true}
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str" {
		r.Class = l.str(n, "retry")
		return r
	}
	if n.Kind != yaml.MappingNode {
		l.diags.Errorf(l.pos(n), "retry must be a retry class (never, after_change, after_delay) or a mapping {class, delay, throttling}, got %s", kindName(n))
		return Retry{}
	}
	l.mapping(n, "retry", map[string]func(k, v *yaml.Node){
		"class": func(k, v *yaml.Node) { r.Class = l.str(v, "retry.class") },
		"delay": func(k, v *yaml.Node) {
			if v.Kind == yaml.ScalarNode && v.ShortTag() == "!!int" {
				l.diags.Errorf(l.pos(v), "retry.delay %s has no unit: write %sms, %ss, %sm or %sh", v.Value, v.Value, v.Value, v.Value, v.Value)
				return
			}
			r.Delay = l.str(v, "retry.delay")
		},
		"throttling": func(k, v *yaml.Node) { r.Throttling = l.boolean(v, "retry.throttling") },
	}, "class")
	return r
}

func (l *loader) detailsRef(n *yaml.Node) DetailsRef {
	r := DetailsRef{Pos: l.pos(n), Set: true}
	switch {
	case n.Kind == yaml.MappingNode:
		r.Inline = l.value(n, 0)
	case n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str":
		r.Name = l.str(n, "details")
	default:
		l.diags.Errorf(l.pos(n), "details must be a shape name or an inline schema mapping, got %s", kindName(n))
		r.Set = false
	}
	return r
}

func (l *loader) deprecated(n *yaml.Node) *Deprecated {
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!bool" {
		if l.boolean(n, "deprecated").Value {
			return &Deprecated{Pos: l.pos(n)}
		}
		return nil
	}
	d := &Deprecated{Pos: l.pos(n)}
	if n.Kind != yaml.MappingNode {
		l.diags.Errorf(l.pos(n), "deprecated must be true or a mapping {since, replaced_by, note}, got %s", kindName(n))
		return nil
	}
	l.mapping(n, "deprecated", map[string]func(k, v *yaml.Node){
		"since":       func(k, v *yaml.Node) { d.Since = l.str(v, "deprecated.since") },
		"replaced_by": func(k, v *yaml.Node) { d.ReplacedBy = l.str(v, "deprecated.replaced_by") },
		"note":        func(k, v *yaml.Node) { d.Note = l.str(v, "deprecated.note") },
	})
	return d
}

func (l *loader) retired(n *yaml.Node) {
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null" {
		return
	}
	for _, it := range l.list(n, "retired") {
		r := &Retired{Pos: l.pos(it)}
		hasCode, hasSymbol := false, false
		ok := l.walk(it, "retired entry", retiredKeys, diag.Pos{}, func(k string, v *yaml.Node) {
			switch k {
			case "code":
				hasCode, r.Code = true, l.integer(v, "retired code")
			case "symbol":
				hasSymbol, r.Symbol = true, l.str(v, "retired symbol")
			case "type":
				r.Type = l.str(v, "retired type")
			case "since":
				r.Since = l.str(v, "retired since")
			case "replaced_by":
				r.ReplacedBy = l.str(v, "retired replaced_by")
			case "note":
				r.Note = l.str(v, "retired note")
			}
		})
		if !ok {
			continue
		}
		if !hasCode && !hasSymbol {
			l.diags.Errorf(r.Pos, "retired entry needs a code, a symbol or both")
		}
		l.cat.Retired = append(l.cat.Retired, r)
	}
}

// value converts a YAML node to a JSON [Value].
func (l *loader) value(n *yaml.Node, depth int) *Value {
	n = l.resolve(n)
	if n == nil {
		return nil
	}
	if depth > MaxDepth {
		l.fail(l.pos(n), "nesting deeper than %d levels", MaxDepth)
		return nil
	}
	v := &Value{Pos: l.pos(n)}
	switch n.Kind {
	case yaml.MappingNode:
		v.Kind = Object
		for _, p := range l.pairs(n, depth) {
			child := l.value(p.v, depth+1)
			if child == nil {
				return nil
			}
			v.Members = append(v.Members, Member{Key: p.k.Value, KeyPos: l.pos(p.k), Value: child})
		}
	case yaml.SequenceNode:
		v.Kind = Array
		v.Items = make([]*Value, 0, len(n.Content))
		for _, it := range n.Content {
			child := l.value(it, depth+1)
			if child == nil {
				return nil
			}
			v.Items = append(v.Items, child)
		}
	case yaml.ScalarNode:
		l.scalar(n, v)
	default:
		l.fail(l.pos(n), "unsupported YAML node")
		return nil
	}
	return v
}

func (l *loader) scalar(n *yaml.Node, v *Value) {
	switch tag := n.ShortTag(); tag {
	case "!!null":
		v.Kind = Null
	case "!!bool":
		v.Kind = Bool
		_ = n.Decode(&v.Bool)
	case "!!int", "!!float":
		// A number JSON cannot carry is reported and read as null, never
		// as a Number without its text.
		switch {
		case notJSONNumber(n.Value):
			l.fail(l.pos(n), "number %s cannot be written in JSON", n.Value)
		case !jsonNumberRE.MatchString(n.Value):
			l.fail(l.pos(n), "write the number %s as JSON writes numbers, in plain decimal%s", n.Value, numberHint(n.Value))
		case decimalIntRE.MatchString(n.Value):
			v.Kind, v.Int = Number, true
			if i, err := strconv.ParseInt(n.Value, 10, 64); err == nil {
				v.Num = json.Number(strconv.FormatInt(i, 10))
				return
			}
			// a decimal integer past int64: keep its digits exactly
			v.Num = json.Number(n.Value)
		default:
			f, err := strconv.ParseFloat(n.Value, 64)
			if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
				l.fail(l.pos(n), "number %s cannot be written in JSON", n.Value)
				return
			}
			v.Kind, v.Num = Number, json.Number(strconv.FormatFloat(f, 'g', -1, 64))
		}
	case "!!str", "!!timestamp", "!!binary":
		v.Kind, v.Str = String, n.Value
	default:
		l.fail(l.pos(n), "unsupported YAML tag %s", n.Tag)
		v.Kind = Null
	}
}

// ParseDocument reads one YAML document as a JSON [Value], with the loader's
// limits and value rules but no catalog rules. Tests use it to hold a catalog
// file against schema/catalog.schema.json.
func ParseDocument(file string, data []byte) (*Value, diag.List) {
	l := &loader{file: file, loaded: map[string]bool{}, cat: &Catalog{}}
	if len(data) > MaxFileBytes {
		l.fail(diag.Pos{File: file, Line: 1, Col: 1}, "file is larger than %d bytes", MaxFileBytes)
		return nil, l.diags
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		l.yamlError(err, data)
		return nil, l.diags
	}
	if len(doc.Content) == 0 {
		return &Value{Kind: Null}, l.diags
	}
	if !l.guard(&doc) {
		return nil, l.diags
	}
	return l.value(doc.Content[0], 0), l.diags
}
