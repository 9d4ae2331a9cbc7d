// Package conformance emits a catalog's conformance vectors: for every
// error, inputs — its examples, its empty details, maximal details, under
// each option set that changes the bytes — beside the exact payloads the Go
// runtime renders for them in every format; and the rule vectors (rules.go),
// some of them inputs every runner refuses. The payloads are rendered by
// errgenrt itself, through internal/runtimemodel, with a fixed clock and a
// fixed problem instance. The format is documented in
// docs/guide/conformance.md and described by schema/conformance.schema.json.
package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"slices"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/runtimemodel"
)

// Version is the version of the vector file's format.
const Version = 7

// The fixed clock and problem instance of every vector.
const (
	Now      = "2026-01-02T03:04:05Z"
	Instance = "urn:uuid:00000000-0000-4000-8000-000000000000"
)

// The bounds of the maximal details' vectors: their strings are one byte
// past maximalBound (maxStringBytes), short enough to keep the file small,
// and their payloads are bounded by maximalData (maxDataBytes), large
// enough that the details render whole; the tight-data and fallback option
// sets then bound them. (The catalog-limits vector shows the catalog's own
// bounds.)
const (
	maximalBound = 40
	maximalData  = 1 << 20
)

// Options configure the emitter.
type Options struct {
	File string // the vector file's name in its directory
}

// Vector is one conformance vector: an input and the payloads it renders
// as, or (Refused) an input every runner refuses. RawInput, when set, is
// the input as written in the file: its members in an order of their own,
// or (Refused) of a type a ConformanceInput cannot hold.
type Vector struct {
	ID     string
	Input  errgenrt.ConformanceInput
	Expect errgenrt.ConformancePayloads
	// Violations are what the runtime's violation hook learns of while
	// each format's payload renders (the same for every format).
	Violations []errgenrt.ConformanceViolation
	// HTTP is the HTTP answer of the problem document: its status and
	// Retry-After.
	HTTP errgenrt.ConformanceHTTP
	// Refused, for an input a runner must refuse (the error answer), says
	// why.
	Refused string
	// Advice is the answer to an advice input (its Expect is empty).
	Advice *errgenrt.ConformanceAdvice
	// Unreadable, for a line a runner cannot read (the error answer with
	// the id ""), says why; the line is RawLine, sent as it is.
	Unreadable string
	RawLine    string
	RawInput   json.RawMessage
	// Catalog names the catalog whose facts Input.Catalog holds: the file
	// holds them once, under its catalogs member, and the input names
	// them; the line sent to a runner carries them (Line).
	Catalog string
}

// MarshalJSON writes {"id", "input", "expect", "http"}, with "violations"
// when the hook learns of any; {"id", "input", "refused"} for an input a
// runner refuses; {"id", "input", "advice"} for an advice input; {"id", "line",
// "unreadable"} for a line a runner cannot read.
func (v Vector) MarshalJSON() ([]byte, error) {
	if v.Unreadable != "" {
		b, err := marshal(struct {
			ID         string `json:"id"`
			Line       string `json:"line"`
			Unreadable string `json:"unreadable"`
		}{v.ID, v.RawLine, v.Unreadable})
		// a byte order mark and U+0085 escaped, to be seen
		b = bytes.ReplaceAll(bytes.ReplaceAll(b, []byte("\ufeff"), []byte(`\ufeff`)), []byte("\u0085"), []byte(`\u0085`))
		return b, err
	}
	if v.Advice != nil {
		return marshal(struct {
			ID     string                      `json:"id"`
			Input  json.RawMessage             `json:"input"`
			Advice *errgenrt.ConformanceAdvice `json:"advice"`
		}{v.ID, v.RawInput, v.Advice})
	}
	if v.RawInput != nil && v.Refused == "" {
		return marshal(struct {
			ID         string                          `json:"id"`
			Input      json.RawMessage                 `json:"input"`
			Expect     errgenrt.ConformancePayloads    `json:"expect"`
			Violations []errgenrt.ConformanceViolation `json:"violations,omitempty"`
			HTTP       errgenrt.ConformanceHTTP        `json:"http"`
		}{v.ID, v.RawInput, v.Expect, v.Violations, v.HTTP})
	}
	if v.Refused != "" {
		return marshal(struct {
			ID      string          `json:"id"`
			Input   json.RawMessage `json:"input"`
			Refused string          `json:"refused"`
		}{v.ID, v.RawInput, v.Refused})
	}
	in := v.Input
	if v.Catalog != "" {
		in.Catalog = json.RawMessage(quote(v.Catalog)) // the facts are the file's catalogs member
	}
	return marshal(struct {
		ID         string                          `json:"id"`
		Input      errgenrt.ConformanceInput       `json:"input"`
		Expect     errgenrt.ConformancePayloads    `json:"expect"`
		Violations []errgenrt.ConformanceViolation `json:"violations,omitempty"`
		HTTP       errgenrt.ConformanceHTTP        `json:"http"`
	}{v.ID, in, v.Expect, v.Violations, v.HTTP})
}

// SentInput returns the input of a vector file as errgen conformance sends
// it: an input whose catalog is a string names a member of the file's
// catalogs, whose facts it carries in the name's place.
func SentInput(input json.RawMessage, catalogs map[string]json.RawMessage) (json.RawMessage, error) {
	var in map[string]json.RawMessage
	if json.Unmarshal(input, &in) != nil {
		return input, nil // not an object: sent as written, for the runner to refuse
	}
	var name string
	if json.Unmarshal(in["catalog"], &name) != nil {
		return input, nil // no catalog, or facts already
	}
	facts, ok := catalogs[name]
	if !ok {
		return nil, fmt.Errorf("the input names catalog %q, which the file's catalogs do not hold", name)
	}
	in["catalog"] = facts
	return marshal(in)
}

// marshal is json.Marshal without HTML escapes: the payloads' own escapes
// stay readable.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// Line returns the line errgen conformance sends a runner for v: {"id",
// "input"}, or the line a runner cannot read as it is.
func (v Vector) Line() ([]byte, error) {
	if v.Unreadable != "" {
		return []byte(v.RawLine), nil
	}
	input := v.RawInput
	if input == nil {
		var err error
		if input, err = json.Marshal(v.Input); err != nil {
			return nil, err
		}
	}
	return json.Marshal(struct {
		ID    string          `json:"id"`
		Input json.RawMessage `json:"input"`
	}{v.ID, input})
}

// Generate returns the vector file of in.
func Generate(in *gen.Input, opts Options) ([]gen.File, error) {
	m := in.Model
	vs, err := Vectors(in)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("{\n\"//\": " + quote(gen.Header) + ",\n")
	fmt.Fprintf(&b, "\"conformance\": %d,\n\"facts\": %d,\n", Version, facts.Format)
	b.WriteString("\"catalog\": {\"name\": " + quote(m.Name) + ", \"version\": " + quote(m.Version) + "},\n")
	if err := writeCatalogs(&b, vs); err != nil {
		return nil, err
	}
	b.WriteString("\"vectors\": [\n")
	for i, v := range vs {
		// MarshalJSON's text is compact already: written as it is, not
		// compacted again by an encoder
		line, err := v.MarshalJSON()
		if err != nil {
			return nil, fmt.Errorf("vector %s: %w", v.ID, err)
		}
		b.Write(line)
		if i < len(vs)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("]\n}\n")
	return []gen.File{{Path: opts.File, Data: b.Bytes()}}, nil
}

// writeCatalogs writes the catalogs member: the facts of each catalog a
// vector's input names, one per line.
func writeCatalogs(b *bytes.Buffer, vs []Vector) error {
	seen := map[string]bool{}
	first := true
	for _, v := range vs {
		if v.Catalog == "" || seen[v.Catalog] {
			continue
		}
		seen[v.Catalog] = true
		var facts bytes.Buffer
		if err := json.Compact(&facts, v.Input.Catalog); err != nil {
			return fmt.Errorf("the facts of catalog %s: %w", v.Catalog, err)
		}
		if first {
			b.WriteString("\"catalogs\": {\n")
		} else {
			b.WriteString(",\n")
		}
		first = false
		b.WriteString(quote(v.Catalog) + ": ")
		b.Write(facts.Bytes())
	}
	if !first {
		b.WriteString("\n},\n")
	}
	return nil
}

func quote(s string) string { return string(errgenrt.AppendJSONString(nil, s, false)) }

// Vectors returns the vectors of m, in the order of its errors (by code),
// then the catalog's own.
func Vectors(in *gen.Input) ([]Vector, error) {
	m := in.Model
	g := &generator{
		m:   m,
		rc:  runtimemodel.Build(in),
		val: model.NewValidator(m),
	}
	g.errorsVectors()
	g.catalogVectors()
	g.ruleVectors()
	g.adviceVectors()
	if g.err != nil {
		return nil, g.err
	}
	fixed, err := rulesCatalogVectors(in.Facts)
	return append(g.out, fixed...), err
}

type generator struct {
	m   *model.Catalog
	rc  *runtimemodel.Catalog
	val *model.Validator
	out []Vector
	ids map[string]bool
	err error
	// planned are the vectors to render next (plan), in order
	planned []planned
	// limitsShown is set once a vector bounds a string by the catalog's
	// own max_string_bytes rather than an option's
	limitsShown bool
	// shown holds the field rules a rule vector shows already
	shown map[string]bool
	// maximal holds each error's maximal details, by symbol
	maximal map[string]any
	// chainShown is set once a verbose vector of an error carries the
	// whole cause chain and a request id past their bounds; the later
	// ones carry a short chain, which keeps the file small
	chainShown bool
}

// options returns the options every vector starts from: the fixed clock
// and instance.
func options() errgenrt.ConformanceOptions {
	return errgenrt.ConformanceOptions{Now: Now, Instance: Instance}
}

// add renders in and appends it as vector id; it reports whether the
// vector is kept.
func (g *generator) add(id string, in errgenrt.ConformanceInput) bool {
	g.flush() // the vectors planned before it come first
	g.plan(id, in, -1)
	return g.flush() == 1
}

// planned is a vector to render: its id and input, and the index of the
// planned vector whose payloads, when this one's are the same, leave it
// out (-1: none). rendered and err are what rendering it gave.
type planned struct {
	id       string
	in       errgenrt.ConformanceInput
	same     int
	rendered Vector
	err      error
}

// plan adds vector id of in to the vectors flush renders, and returns its
// index among them, for a later vector's same.
func (g *generator) plan(id string, in errgenrt.ConformanceInput, same int) int {
	g.planned = append(g.planned, planned{id: id, in: in, same: same})
	return len(g.planned) - 1
}

// flush renders the planned vectors side by side, then appends them in
// order, each unless it renders exactly as its same does (an option set
// that changes nothing), and returns how many it appended. It renders
// what a runner reads: the input after a round trip through its JSON. The
// first failure, in order, is g.err.
func (g *generator) flush() int {
	ps := g.planned
	g.planned = nil
	if g.err != nil {
		return 0
	}
	gen.ParallelN(runtime.GOMAXPROCS(0), len(ps), func(i int) {
		raw, err := marshal(ps[i].in)
		if err == nil {
			ps[i].rendered, err = g.render(ps[i].id, raw)
		}
		ps[i].err = err
	})
	kept := 0
	for _, p := range ps {
		if p.err != nil {
			g.err = fmt.Errorf("vector %s: %w", p.id, p.err)
			return kept
		}
		// an option set whose payloads are the base's is left out, its
		// violations with it (the options that change which values are read
		// or written change the payloads too: verbose adds debugInfo)
		if p.same >= 0 && p.rendered.Expect == ps[p.same].rendered.Expect || !g.register(p.id) {
			continue
		}
		v := p.rendered
		g.out = append(g.out, Vector{ID: p.id, Input: p.in, Expect: v.Expect, Violations: v.Violations, HTTP: v.HTTP})
		kept++
	}
	return kept
}

// register takes id for a vector, unless a vector has it already.
func (g *generator) register(id string) bool {
	if g.ids == nil {
		g.ids = map[string]bool{}
	}
	if g.ids[id] {
		g.err = fmt.Errorf("two vectors are named %s", id)
		return false
	}
	g.ids[id] = true
	return true
}

// render reads the input of a line as a runner does and renders it: the
// vector id of that input as read, with its payloads, the violations it
// reports (nil when none) and its HTTP answer; err is the refusal.
func (g *generator) render(id string, input json.RawMessage) (Vector, error) {
	v := Vector{ID: id}
	line, err := Vector{ID: id, RawInput: input}.Line()
	if err != nil {
		return v, err
	}
	_, read, err := errgenrt.ReadConformanceLine(line)
	if err != nil {
		return v, err
	}
	v.Input = *read
	if read.Kind == "advice" {
		_, err := errgenrt.ConformanceAdvise(read)
		if err == nil {
			err = errors.New("an advice input has advice, not payloads")
		}
		return v, err
	}
	p, vs, h, err := g.rc.Runtime.ConformanceRender(read)
	if err != nil {
		return v, err
	}
	for _, other := range [][]errgenrt.ConformanceViolation{vs.Problem, vs.Response, vs.ToolResult} {
		if !slices.Equal(other, vs.JSONRPC) {
			return v, errors.New("the formats' payloads report different violations")
		}
	}
	v.Expect, v.HTTP = p, h
	if len(vs.JSONRPC) > 0 {
		v.Violations = vs.JSONRPC
	}
	return v, nil
}

// addRaw appends vector id of the input written as raw (its members in
// the order given), with the payloads it renders as.
func (g *generator) addRaw(id string, raw json.RawMessage) {
	if g.err != nil {
		return
	}
	v, err := g.render(id, raw)
	if err != nil {
		g.err = fmt.Errorf("vector %s: %w", id, err)
		return
	}
	if g.register(id) {
		v.RawInput = raw
		g.out = append(g.out, v)
	}
}

// refuse appends vector id: an input every runner refuses, for the reason
// why.
func (g *generator) refuse(id string, input map[string]any, why string) {
	if g.err != nil {
		return
	}
	raw, err := marshal(input)
	if err == nil {
		if _, err = g.render(id, raw); err == nil {
			err = errors.New("errgenrt renders an input the page refuses")
		} else {
			err = nil
		}
	}
	if err != nil {
		g.err = fmt.Errorf("vector %s: %w", id, err)
		return
	}
	if g.register(id) {
		g.out = append(g.out, Vector{ID: id, Refused: why, RawInput: raw})
	}
}

// errorsVectors adds the vectors of every error, rendered side by side.
func (g *generator) errorsVectors() {
	for _, e := range g.m.Errors {
		g.errorVectors(e)
	}
	g.flush()
}

// errorVectors plans the vectors of e (flush renders them): its examples,
// its definition, its aliases and its maximal details under each option
// set.
func (g *generator) errorVectors(e *model.Error) {
	sym := e.Symbol
	for i, ex := range e.Examples {
		in := errgenrt.ConformanceInput{Kind: "error", Symbol: sym, Details: g.raw(ex.Value), Options: options()}
		g.plan(fmt.Sprintf("%s/example-%d", sym, i+1), in, -1)
	}

	empty := errgenrt.ConformanceInput{Kind: "definition", Symbol: sym, Options: options()}
	base := g.plan(sym+"/empty", empty, -1)
	verbose := empty
	verbose.Options.Verbose = true
	g.plan(sym+"/empty/verbose", verbose, base)
	for _, a := range e.AliasSymbols() {
		byAlias := empty
		byAlias.Symbol = a
		g.plan(sym+"/alias-"+a, byAlias, -1)
	}

	occurrence := errgenrt.ConformanceInput{Kind: "error", Symbol: sym, Options: options()}
	occurrence.Options.MaxStringBytes = maximalBound
	occurrence.Options.MaxDataBytes = maximalData
	if e.Details != nil {
		mk := &maker{g: g, bound: maximalBound}
		max, ok := mk.details(e)
		if !ok {
			return // no valid details to render; its examples and empty details stand
		}
		mk.atBound = true
		if at, ok := mk.details(e); ok && !jsonEqual(at, max) {
			bounds := occurrence
			bounds.Details = g.raw(at)
			g.plan(sym+"/bounds", bounds, -1)
		}
		occurrence.Details = g.raw(max)
		if g.maximal == nil {
			g.maximal = map[string]any{}
		}
		g.maximal[sym] = max
		if !g.limitsShown && mk.usedBound {
			// the same details bounded by the catalog's own limit
			mk := &maker{g: g, bound: g.m.Limits.MaxStringBytes}
			if own, ok := mk.details(e); ok && mk.usedBound {
				in := errgenrt.ConformanceInput{Kind: "error", Symbol: sym, Details: g.raw(own), Options: options()}
				g.plan(sym+"/maximal/catalog-limits", in, -1)
				g.limitsShown = true
			}
		}
	}
	maximal := g.plan(sym+"/maximal", occurrence, -1)
	for _, set := range optionSets {
		in := occurrence
		set.apply(e, &in)
		if set.name == "verbose" && !g.chainShown {
			in.Cause, in.RequestID = causeChain, "req_"+longText(256)
			g.chainShown = true
		}
		g.plan(sym+"/maximal/"+set.name, in, maximal)
	}
}

// catalogVectors adds the vectors of the catalog as a whole: a foreign
// error, which becomes the fallback.
func (g *generator) catalogVectors() {
	foreign := errgenrt.ConformanceInput{Kind: "foreign", Cause: causeChain, Options: options()}
	base := g.plan("foreign", foreign, -1)
	foreign.Options.Verbose = true
	foreign.Options.ServerVersion = serverVersion
	g.plan("foreign/verbose", foreign, base)
	g.flush()
}

// raw returns v as JSON details.
func (g *generator) raw(v any) json.RawMessage {
	if v == nil {
		return nil
	}
	b, err := json.Marshal(v)
	if err != nil && g.err == nil {
		g.err = err
	}
	return b
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// serverVersion is the verbose vectors' server version: HTML characters
// to escape.
const serverVersion = "1.2.3-<beta>&co"

// causeChain is the cause chain of the foreign errors and of the first
// verbose vector of an error: six errors (the runtime keeps five) holding
// a home path, a URL with a password and a token, an e-mail address, a
// long token, HTML, and a text past the 256-byte bound of an entry with a
// multi-byte character across the cut. shortChain is the others'.
var causeChain = []string{
	"read /home/alice/.ssh/id_rsa: permission denied",
	"GET https://bob:hunter2@api.example.com/v1/files?page=2&access_token=abc123#top: 401 <Unauthorized>",
	"notify alice@example.com: mailbox full",
	"auth tok_0123456789abcdefABCDEF0123456789ab rejected by C:\\Users\\carol\\AppData",
	longText(256),
	"sixth cause: past the five the chain keeps",
}

var shortChain = []string{"open /home/alice/notes.txt: <permission denied>", "EACCES"}

// longText returns n+1 bytes: ASCII up to a four-byte character that a cut
// at n bytes lands inside.
func longText(n int) string {
	const tail = "\U0001F600z"
	fill := n - 5
	if fill < 0 {
		fill = 0
	}
	return string(bytes.Repeat([]byte("x"), fill)) + tail + string(bytes.Repeat([]byte("y"), max(0, n+1-fill-len(tail))))
}

// optionSet is a change to an occurrence of the maximal details.
type optionSet struct {
	name  string
	apply func(e *model.Error, in *errgenrt.ConformanceInput)
}

var optionSets = []optionSet{
	{"verbose", func(e *model.Error, in *errgenrt.ConformanceInput) {
		in.Options.Verbose = true
		in.Options.ServerVersion = serverVersion
		in.RequestID = "req_123"
		in.Cause = shortChain
	}},
	{"sensitive", func(e *model.Error, in *errgenrt.ConformanceInput) { in.Options.ShowSensitive = true }},
	{"no-suggestions", func(e *model.Error, in *errgenrt.ConformanceInput) { in.Options.OmitSuggestions = true }},
	{"tight-strings", func(e *model.Error, in *errgenrt.ConformanceInput) {
		in.Options.MaxStringBytes = 16
		in.Options.MaxSuggestions = 1
	}},
	{"tight-data", func(e *model.Error, in *errgenrt.ConformanceInput) { in.Options.MaxDataBytes = 512 }},
	{"fallback", func(e *model.Error, in *errgenrt.ConformanceInput) {
		in.Options.MaxDataBytes = 160
		in.Instance = "urn:uuid:22222222-2222-4222-8222-222222222222" // the fallback's instance is its own
	}},
	{"overrides", func(e *model.Error, in *errgenrt.ConformanceInput) {
		in.Status = otherStatus(e)
		flipped := !e.Retryable
		in.Retryable = &flipped
		delay := 2500.5 // rounded up where the flipped flag retries after a delay, else ignored
		in.RetryAfterMs = &delay
	}},
	{"members", func(e *model.Error, in *errgenrt.ConformanceInput) {
		in.Instance = "urn:uuid:11111111-1111-4111-8111-111111111111"
		in.RequestID = "req_members"
		in.Data = []errgenrt.ConformanceMember{
			{Key: "method", Value: "tools/call"},
			{Key: "requestId", Value: "req_123"},
			{Key: "policyHash", Value: "abc123"},
			{Key: "symbol", Value: "E_SPOOFED"}, // the runtime's own: dropped
			{Key: "method", Value: "second"},    // added before: dropped
			{Key: "payload", Value: map[string]any{"z": []any{1.5, "<x>", nil, json.Number("1e21")}, "a": true}},
			{Key: "note", Value: longText(maximalBound)},
		}
		ext := []errgenrt.ConformanceMember{
			{Key: "tool", Value: "read_file"},
			{Key: "entity", Value: map[string]any{"kind": "file", "id": 7}},
			{Key: "title", Value: "spoofed"}, // a document member: dropped
			{Key: "zeta", Value: "dropped where the details' other members hold zeta"},
			{Key: "tool", Value: "second"}, // added before: dropped
		}
		if e.Details == nil {
			// no details
		} else if r := e.Details.Schema.Resolved(); r != nil && len(r.Properties) > 0 {
			// a detail field's name: dropped
			ext = append(ext, errgenrt.ConformanceMember{Key: r.Properties[0].Name, Value: "spoofed"})
		}
		in.Extensions = ext
	}},
}

// otherStatus returns the error's second allowed status, else a status it
// does not allow (which the runtime ignores).
func otherStatus(e *model.Error) int {
	if len(e.Statuses) > 1 {
		return e.Statuses[1]
	}
	for _, s := range []int{418, 599, 400} {
		if !slices.Contains(e.Statuses, s) {
			return s
		}
	}
	return 0
}
