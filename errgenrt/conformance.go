package errgenrt

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"net/http"
	"strconv"
	"time"
	"unicode/utf8"
)

// The conformance protocol (errgen's docs/guide/conformance.md): errgen
// writes a catalog's conformance vectors — inputs beside the payloads this
// runtime renders for them — and `errgen conformance` sends each input to a
// runner, one JSON line, and compares the runner's answer byte for byte.
// [ServeConformance] is the runner of a generated Go package.

// ConformanceInput is the input of one conformance vector.
type ConformanceInput struct {
	// Kind is "error" (an occurrence built from Details and the members
	// below), "definition" (the error's definition raised bare), "foreign"
	// (a non-catalog error whose chain is Cause) or "advice" (a client's
	// reading of Payload: [AdviseRetry]).
	Kind string `json:"kind"`
	// Symbol names the error (error, definition), by its symbol or an
	// alias.
	Symbol  string          `json:"symbol,omitempty"`
	Details json.RawMessage `json:"details,omitempty"`
	// Cause is the cause chain, outermost first: each entry is the text of
	// one error, which wraps the next.
	Cause     []string `json:"cause,omitempty"`
	Retryable *bool    `json:"retryable,omitempty"`
	// RetryAfterMs is the occurrence's retry delay in milliseconds, any
	// JSON number (see [WithRetryAfter]); a number past a double's range
	// reads as ±Inf.
	RetryAfterMs *float64            `json:"retryAfterMs,omitempty"`
	Status       int                 `json:"status,omitempty"`
	RequestID    string              `json:"requestId,omitempty"`
	Instance     string              `json:"instance,omitempty"`
	Data         []ConformanceMember `json:"data,omitempty"`
	Extensions   []ConformanceMember `json:"extensions,omitempty"`
	Options      ConformanceOptions  `json:"options"`
	// Catalog, when set, is the facts document of the catalog the input is
	// rendered with (see [ReadFacts]) instead of the runner's own.
	Catalog json.RawMessage `json:"catalog,omitempty"`
	// Payload is the text an advice input reads: an error payload as a
	// client received it (any text; not JSON reads as no payload).
	Payload *string `json:"payload,omitempty"`
}

// ConformanceAdvice is the answer to an advice input: what [AdviseRetry]
// says of its payload, DelayMs nil when the advice has no delay.
type ConformanceAdvice struct {
	Action  RetryAction `json:"action"`
	DelayMs *int64      `json:"delayMs"`
}

// ConformanceAdvise returns the advice an advice input asks for.
func ConformanceAdvise(in *ConformanceInput) (ConformanceAdvice, error) {
	if in.Kind != "advice" {
		return ConformanceAdvice{}, fmt.Errorf("a %q input gets payloads, not advice", in.Kind)
	}
	if in.Payload == nil {
		return ConformanceAdvice{}, errors.New("an advice input needs the payload's text in payload")
	}
	a := AdviseRetry([]byte(*in.Payload))
	out := ConformanceAdvice{Action: a.Action}
	if a.HasDelay {
		out.DelayMs = &a.DelayMs
	}
	return out, nil
}

// ConformanceMember is a legacy data or extension member of an input.
type ConformanceMember struct {
	Key   string `json:"key"`
	Value any    `json:"value"`
}

// UnmarshalJSON reads a member with its value's numbers as json.Number,
// so that any JSON number reads (1e400 too, which a float64 cannot hold).
func (m *ConformanceMember) UnmarshalJSON(b []byte) error {
	var raw struct {
		Key   string          `json:"key"`
		Value json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	m.Key, m.Value = raw.Key, nil
	if len(raw.Value) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw.Value))
	dec.UseNumber()
	return dec.Decode(&m.Value)
}

// ConformanceOptions are the rendering options of an input: [Options],
// with the clock and the default problem instance fixed.
type ConformanceOptions struct {
	Now             string `json:"now"`
	Instance        string `json:"instance"`
	Verbose         bool   `json:"verbose,omitempty"`
	ShowSensitive   bool   `json:"showSensitive,omitempty"`
	OmitSuggestions bool   `json:"omitSuggestions,omitempty"`
	MaxDataBytes    int    `json:"maxDataBytes,omitempty"`
	MaxStringBytes  int    `json:"maxStringBytes,omitempty"`
	MaxSuggestions  int    `json:"maxSuggestions,omitempty"`
	ServerVersion   string `json:"serverVersion,omitempty"`
}

// ConformancePayloads are the payloads of one input in every format.
type ConformancePayloads struct {
	JSONRPC    string `json:"jsonrpc"`
	Problem    string `json:"problem"`
	Response   string `json:"response"`
	ToolResult string `json:"toolResult"`
}

// ConformanceHTTP is the HTTP answer of an input's problem document, as
// [Catalog.WriteProblem] sends it: its status and its Retry-After header
// (nil when it sends none).
type ConformanceHTTP struct {
	Status     int     `json:"status"`
	RetryAfter *string `json:"retryAfter"`
}

// ConformancePayloads renders in every format the error that in describes.
// An input that carries its own catalog (Catalog) is rendered with the
// catalog its facts describe.
func (c *Catalog) ConformancePayloads(in *ConformanceInput) (ConformancePayloads, error) {
	p, _, err := c.conformancePayloads(in, &factsCache{}, nil)
	return p, err
}

// ConformanceViolation is a [Violation] as the conformance protocol
// writes it: the answer's violations and a vector's.
type ConformanceViolation struct {
	Symbol  string `json:"symbol"`
	Path    string `json:"path"`
	Keyword string `json:"keyword"`
	Outcome string `json:"outcome"`
}

// ConformanceViolations are the violations the hook learned of while each
// format's payload rendered, in the order it learned of them.
type ConformanceViolations struct {
	JSONRPC    []ConformanceViolation `json:"jsonrpc"`
	Problem    []ConformanceViolation `json:"problem"`
	Response   []ConformanceViolation `json:"response"`
	ToolResult []ConformanceViolation `json:"toolResult"`
}

// ConformanceRender renders in every format the error that in describes,
// as ConformancePayloads does, with the violations each payload reported
// (to them alone: the catalog's OnViolation learns of none) and the HTTP
// answer of its problem document.
func (c *Catalog) ConformanceRender(in *ConformanceInput) (ConformancePayloads, ConformanceViolations, ConformanceHTTP, error) {
	var vs ConformanceViolations
	p, h, err := c.conformancePayloads(in, &factsCache{}, &vs)
	return p, vs, h, err
}

// factsCache holds the catalog of the facts an input carried last: the
// inputs that carry a catalog mostly carry the same one.
type factsCache struct {
	facts string
	read  *Catalog
}

// catalog returns the catalog of the facts data.
func (fc *factsCache) catalog(data json.RawMessage) (*Catalog, error) {
	if fc.read == nil || fc.facts != string(data) {
		c, err := ReadFacts(data)
		if err != nil {
			return nil, fmt.Errorf("input.catalog: %w", err)
		}
		fc.facts, fc.read = string(data), c
	}
	return fc.read, nil
}

// conformancePayloads renders in, the violations of each format going to
// vs when it is set (else to the catalog's OnViolation), and the HTTP
// answer of its problem document.
func (c *Catalog) conformancePayloads(in *ConformanceInput, fc *factsCache, vs *ConformanceViolations) (ConformancePayloads, ConformanceHTTP, error) {
	var p ConformancePayloads
	var h ConformanceHTTP
	if len(in.Catalog) > 0 {
		other, err := fc.catalog(in.Catalog)
		if err != nil {
			return p, h, err
		}
		c = other
	}
	e, o, err := c.conformanceError(in)
	if err != nil {
		return p, h, err
	}
	// render writes one format's payload; its violations go to *to when
	// they are collected, else to the catalog's OnViolation. The payloads
	// are appended one after the other to one buffer, as a server appends
	// to a buffer it holds: each must be the same whatever dst holds.
	var buf []byte
	render := func(to *[]ConformanceViolation, write func(*Error, []byte, *Options) []byte) string {
		if to != nil {
			*to = []ConformanceViolation{}
			o.onViolation = func(v Violation) {
				*to = append(*to, ConformanceViolation(v))
			}
		}
		start := len(buf)
		buf = write(e, buf, o)
		return string(buf[start:])
	}
	var to [4]*[]ConformanceViolation
	if vs != nil {
		to = [4]*[]ConformanceViolation{&vs.JSONRPC, &vs.Problem, &vs.Response, &vs.ToolResult}
	}
	p.JSONRPC = render(to[0], (*Error).AppendJSONRPC)
	p.Problem = render(to[1], (*Error).AppendProblem)
	p.Response = render(to[2], (*Error).AppendResponse)
	p.ToolResult = render(to[3], (*Error).AppendToolResult)
	// the members of the JSON-RPC error object as an SDK's error type holds
	// them apart (Error.JSONRPC), put together again, are the object
	quiet := *o
	quiet.onViolation = func(Violation) {} // reported once, above
	code, message, data := e.JSONRPC(&quiet)
	parts := fmt.Sprintf(`{"code":%d,"message":%s,"data":%s}`, code, AppendJSONString(nil, message, true), data)
	if parts != p.JSONRPC {
		return p, h, fmt.Errorf("errgenrt: Error.JSONRPC gives the members of %s, not of %s", parts, p.JSONRPC)
	}
	// the HTTP answer as the helper sends it, its body the problem document
	var rec recorder
	c.WriteProblem(&rec, e, &quiet)
	if rec.body.String() != p.Problem {
		return p, h, fmt.Errorf("errgenrt: WriteProblem sends %s, not %s", rec.body.String(), p.Problem)
	}
	h.Status = rec.status
	if after := rec.header.Values("Retry-After"); len(after) > 0 {
		h.RetryAfter = &after[0]
	}
	return p, h, nil
}

// recorder is the http.ResponseWriter the conformance runner hands
// WriteProblem: it keeps what the helper sends.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header {
	if r.header == nil {
		r.header = http.Header{}
	}
	return r.header
}

func (r *recorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
}

func (r *recorder) Write(b []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	return r.body.Write(b)
}

// conformanceError builds the error and the options an input describes.
func (c *Catalog) conformanceError(in *ConformanceInput) (*Error, *Options, error) {
	o, err := in.Options.options()
	if err != nil {
		return nil, nil, err
	}
	switch in.Kind {
	case "foreign":
		if len(in.Cause) == 0 {
			return nil, nil, errors.New("a foreign error needs its text in cause")
		}
		return c.From(causeChain(in.Cause)), o, nil
	case "definition", "error":
	case "advice":
		return nil, nil, errors.New("an advice input has advice, not payloads")
	default:
		return nil, nil, fmt.Errorf("unknown kind %q: want error, definition, foreign or advice", in.Kind)
	}
	def := c.BySymbol(in.Symbol)
	if def == nil {
		return nil, nil, fmt.Errorf("no error has symbol %q", in.Symbol)
	}
	if in.Kind == "definition" {
		return c.From(def), o, nil
	}
	var d Details
	if def.NewDetails != nil {
		d = def.NewDetails()
		raw, err := readDetails(def.Details, in.Details)
		if err != nil {
			return nil, nil, fmt.Errorf("details of %s: %w", def.Symbol, err)
		}
		if raw != nil {
			if err := json.Unmarshal(raw, d); err != nil {
				return nil, nil, fmt.Errorf("details of %s: %w", def.Symbol, err)
			}
		}
	}
	var opts []Option
	if len(in.Cause) > 0 {
		opts = append(opts, WithCause(causeChain(in.Cause)))
	}
	if in.Retryable != nil {
		opts = append(opts, WithRetryable(*in.Retryable))
	}
	if in.RetryAfterMs != nil {
		opts = append(opts, withRetryAfterMs(*in.RetryAfterMs))
	}
	if in.Status != 0 {
		opts = append(opts, WithStatus(in.Status))
	}
	if in.RequestID != "" {
		opts = append(opts, WithRequestID(in.RequestID))
	}
	if in.Instance != "" {
		opts = append(opts, WithInstance(in.Instance))
	}
	for _, m := range in.Data {
		opts = append(opts, WithData(m.Key, m.Value))
	}
	for _, m := range in.Extensions {
		opts = append(opts, WithExtension(m.Key, m.Value))
	}
	return New(def, d, opts...), o, nil
}

func (co ConformanceOptions) options() (*Options, error) {
	now, err := parseNow(co.Now)
	if err != nil {
		return nil, err
	}
	if co.Instance == "" {
		return nil, errors.New("options.instance: want the problem instance, a non-empty string")
	}
	instance := co.Instance
	return &Options{
		Verbose:         co.Verbose,
		ShowSensitive:   co.ShowSensitive,
		OmitSuggestions: co.OmitSuggestions,
		MaxDataBytes:    co.MaxDataBytes,
		MaxStringBytes:  co.MaxStringBytes,
		MaxSuggestions:  co.MaxSuggestions,
		ServerVersion:   co.ServerVersion,
		Now:             func() time.Time { return now },
		Instance:        func() string { return instance },
	}, nil
}

// parseNow reads the clock of an input: YYYY-MM-DDTHH:MM:SSZ naming a
// real instant (a day the month has, seconds 00 to 59).
func parseNow(s string) (time.Time, error) {
	if len(s) != len("2006-01-02T15:04:05Z") || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':' || s[19] != 'Z' ||
		!digits(s[0:4]+s[5:7]+s[8:10]+s[11:13]+s[14:16]+s[17:19]) {
		return time.Time{}, fmt.Errorf("options.now %q: want YYYY-MM-DDTHH:MM:SSZ", s)
	}
	t, err := time.Parse("2006-01-02T15:04:05Z", s)
	if err != nil {
		return time.Time{}, fmt.Errorf("options.now %q: not a real instant", s)
	}
	return t, nil
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// chainError is one error of a cause chain given as texts.
type chainError struct {
	text string
	next error
}

func (e *chainError) Error() string { return e.text }
func (e *chainError) Unwrap() error { return e.next }

// causeChain returns the errors whose texts are texts, each wrapping the
// next.
func causeChain(texts []string) error {
	var err error
	for i := len(texts) - 1; i >= 0; i-- {
		err = &chainError{texts[i], err}
	}
	return err
}

// ServeConformance serves errgen's conformance protocol for the catalog c:
// it reads one vector per line from r ({"id", "input"}) and writes one
// answer per line to w: {"id", "payloads", "violations", "http"} with the
// payload of each format, what the violation hook learned while each
// rendered and the HTTP answer of the problem document (its status and
// Retry-After, as [Catalog.WriteProblem] sends them),
// {"id", "advice"} for an advice input (what [AdviseRetry] says of its
// payload), or {"id", "error"} for an input it refuses (the page's "Reading
// the input": a value of the wrong type, an unknown symbol, a clock that
// names no instant), with id "" for a line it cannot read at all (not
// UTF-8, not a JSON object with a string id, nested deeper than
// MaxInputDepth). Blank lines are skipped. The runner of a generated
// package is a main calling it:
//
//	errgenrt.ServeConformance(pkg.Catalog, os.Stdin, os.Stdout)
//
// and `errgen conformance -vectors FILE -- go run ./cmd/conformance` holds
// it to the vectors. It returns the first read or write error.
func ServeConformance(c *Catalog, r io.Reader, w io.Writer) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 256<<20)
	bw := bufio.NewWriter(w)
	var fc factsCache
	for sc.Scan() {
		if len(bytes.Trim(sc.Bytes(), " \t\r")) == 0 { // JSON white space only: a blank line
			continue
		}
		line, err := json.Marshal(c.answer(sc.Bytes(), &fc))
		if err != nil {
			return err
		}
		bw.Write(line)
		if err := bw.WriteByte('\n'); err != nil {
			return err
		}
		// answer each line as it comes: a runner is driven line by line
		if err := bw.Flush(); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("errgenrt: conformance input: %w", err)
	}
	return bw.Flush()
}

// conformanceAnswer is the answer to one line of the protocol.
type conformanceAnswer struct {
	ID         string                 `json:"id"`
	Payloads   *ConformancePayloads   `json:"payloads,omitempty"`
	Violations *ConformanceViolations `json:"violations,omitempty"`
	HTTP       *ConformanceHTTP       `json:"http,omitempty"`
	Advice     *ConformanceAdvice     `json:"advice,omitempty"`
	Error      string                 `json:"error,omitempty"`
}

func (c *Catalog) answer(line []byte, fc *factsCache) conformanceAnswer {
	id, in, err := ReadConformanceLine(line)
	if err != nil {
		return conformanceAnswer{ID: id, Error: err.Error()}
	}
	if in.Kind == "advice" {
		a, err := ConformanceAdvise(in)
		if err != nil {
			return conformanceAnswer{ID: id, Error: err.Error()}
		}
		return conformanceAnswer{ID: id, Advice: &a}
	}
	var vs ConformanceViolations
	p, h, err := c.conformancePayloads(in, fc, &vs)
	if err != nil {
		return conformanceAnswer{ID: id, Error: err.Error()}
	}
	return conformanceAnswer{ID: id, Payloads: &p, Violations: &vs, HTTP: &h}
}

// MaxInputDepth is the deepest nesting of arrays and objects a line of the
// conformance protocol may have, the line's own object being level 1.
const MaxInputDepth = 100

// ReadConformanceLine reads one line of the protocol, {"id", "input"}, as
// the page's "Reading the input" says: its id ("" when the line cannot be
// read at all) and its input, or why the input is refused.
func ReadConformanceLine(line []byte) (string, *ConformanceInput, error) {
	if !utf8.Valid(line) {
		return "", nil, errors.New("unreadable line: not UTF-8")
	}
	if jsonDepth(line) > MaxInputDepth {
		return "", nil, fmt.Errorf("unreadable line: nested deeper than %d levels", MaxInputDepth)
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	var v map[string]any
	if err := dec.Decode(&v); err != nil || v == nil {
		return "", nil, errors.New("unreadable line: not a JSON object")
	}
	if _, err := dec.Token(); err != io.EOF {
		return "", nil, errors.New("unreadable line: more than one JSON value")
	}
	id, ok := v["id"].(string)
	if !ok {
		return "", nil, errors.New("unreadable line: no string id")
	}
	in, err := readInput(v["input"])
	return id, in, err
}

// jsonDepth returns the deepest nesting of arrays and objects in the JSON
// text b.
func jsonDepth(b []byte) int {
	depth, deepest, inString := 0, 0, false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			depth++
			deepest = max(deepest, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return deepest
}

// inputReader reads the members of one object of an input, keeping the
// first error; null is an absent member.
type inputReader struct {
	m    map[string]any
	path string
	err  error
}

func (r *inputReader) fail(key, want string) {
	if r.err == nil {
		r.err = fmt.Errorf("%s.%s: want %s", r.path, key, want)
	}
}

func (r *inputReader) string(key string) string {
	x, ok := r.m[key].(string)
	if !ok && r.m[key] != nil {
		r.fail(key, "a string")
	}
	return x
}

func (r *inputReader) bool(key string) *bool {
	x, ok := r.m[key].(bool)
	if !ok {
		if r.m[key] != nil {
			r.fail(key, "true or false")
		}
		return nil
	}
	return &x
}

// number reads any JSON number; one past a double's range reads as ±Inf.
func (r *inputReader) number(key string) *float64 {
	if r.m[key] == nil {
		return nil
	}
	n, ok := r.m[key].(json.Number)
	f := 0.0
	if ok {
		f, ok = parseNumber(string(n))
	}
	if !ok {
		r.fail(key, "a number")
		return nil
	}
	return &f
}

// int reads an integer: a number without a fraction, held within
// ±MaxSafeInteger (a limit past that is no limit in practice).
func (r *inputReader) int(key string) int {
	if r.m[key] == nil {
		return 0
	}
	n, ok := r.m[key].(json.Number)
	f, finite := 0.0, false
	if ok {
		f, finite = parseNumber(string(n))
		finite = finite && !math.IsInf(f, 0)
	}
	if !finite || f != math.Trunc(f) {
		r.fail(key, "an integer")
		return 0
	}
	return int(max(min(f, MaxSafeInteger), -MaxSafeInteger))
}

func (r *inputReader) strings(key string) []string {
	if r.m[key] == nil {
		return nil
	}
	a, ok := r.m[key].([]any)
	out := make([]string, 0, len(a))
	for _, x := range a {
		s, isString := x.(string)
		ok = ok && isString
		out = append(out, s)
	}
	if !ok {
		r.fail(key, "an array of strings")
	}
	return out
}

func (r *inputReader) members(key string) []ConformanceMember {
	if r.m[key] == nil {
		return nil
	}
	a, ok := r.m[key].([]any)
	out := make([]ConformanceMember, 0, len(a))
	for _, x := range a {
		m, isObject := x.(map[string]any)
		k, isString := m["key"].(string)
		if !(isObject && isString) && otherReading(RuleEntryRefused) {
			continue
		}
		ok = ok && isObject && isString
		out = append(out, ConformanceMember{Key: k, Value: m["value"]})
	}
	if !ok {
		r.fail(key, "an array of {key, value} with a string key")
	}
	return out
}

func (r *inputReader) object(key string) *inputReader {
	m, ok := r.m[key].(map[string]any)
	if !ok && r.m[key] != nil {
		r.fail(key, "an object")
	}
	return &inputReader{m: m, path: r.path + "." + key}
}

// readInput reads the input of a line, its members typed as the page's
// tables say.
func readInput(v any) (*ConformanceInput, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, errors.New("input: want an object")
	}
	if k, _ := m["kind"].(string); k != "error" && otherReading(RuleMembersTyped) {
		m = maps.Clone(m)
		for _, key := range []string{"retryable", "retryAfterMs", "status", "requestId", "instance", "data", "extensions", "details"} {
			delete(m, key)
		}
		if k == "definition" {
			delete(m, "cause")
		}
	}
	r := &inputReader{m: m, path: "input"}
	in := &ConformanceInput{
		Kind:         r.string("kind"),
		Symbol:       r.string("symbol"),
		Cause:        r.strings("cause"),
		Retryable:    r.bool("retryable"),
		RetryAfterMs: r.number("retryAfterMs"),
		Status:       r.int("status"),
		RequestID:    r.string("requestId"),
		Instance:     r.string("instance"),
		Data:         r.members("data"),
		Extensions:   r.members("extensions"),
	}
	if m["payload"] != nil {
		p := r.string("payload")
		in.Payload = &p
	}
	if d := m["details"]; d != nil {
		if _, ok := d.(map[string]any); !ok {
			r.fail("details", "an object")
		}
		in.Details, _ = json.Marshal(d)
	}
	if f := m["catalog"]; f != nil {
		if _, ok := f.(map[string]any); !ok {
			r.fail("catalog", "an object (a catalog's facts)")
		}
		in.Catalog, _ = json.Marshal(f)
	}
	o := r.object("options")
	flag := func(key string) bool { b := o.bool(key); return b != nil && *b }
	in.Options = ConformanceOptions{
		Now:             o.string("now"),
		Instance:        o.string("instance"),
		Verbose:         flag("verbose"),
		ShowSensitive:   flag("showSensitive"),
		OmitSuggestions: flag("omitSuggestions"),
		MaxDataBytes:    o.int("maxDataBytes"),
		MaxStringBytes:  o.int("maxStringBytes"),
		MaxSuggestions:  o.int("maxSuggestions"),
		ServerVersion:   o.string("serverVersion"),
	}
	if r.err == nil {
		r.err = o.err
	}
	return in, r.err
}

// readDetails reads the details of an input for the detail node n: each
// value must be of its node's type (an integer a number without a
// fraction; null is any type's), and is returned as JSON the details'
// own decoder reads as every runtime does: numbers as doubles (past the
// largest the largest), an integer past what an int64 holds at the
// int64's bound (it breaks its node either way).
func readDetails(n *Node, raw json.RawMessage) (json.RawMessage, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if v == nil || n == nil {
		return nil, nil
	}
	v, err := readValue(n, v, "details")
	if err != nil {
		return nil, err
	}
	return json.Marshal(v)
}

func readValue(n *Node, v any, path string) (any, error) {
	if v == nil {
		return nil, nil
	}
	want := func(what string) (any, error) { return nil, fmt.Errorf("%s: want %s", path, what) }
	switch n.Kind {
	case KindString:
		if _, ok := v.(string); !ok {
			return want("a string")
		}
	case KindBoolean:
		if _, ok := v.(bool); !ok {
			return want("true or false")
		}
	case KindInteger:
		x, ok := v.(json.Number)
		if !ok {
			return want("an integer")
		}
		f, _ := parseNumber(string(x))
		if math.IsInf(f, 0) || f != math.Trunc(f) {
			return want("an integer")
		}
		if _, err := strconv.ParseInt(string(x), 10, 64); err == nil {
			return x, nil
		}
		switch {
		case f >= math.MaxInt64:
			return json.Number(strconv.FormatInt(math.MaxInt64, 10)), nil
		case f <= math.MinInt64:
			return json.Number(strconv.FormatInt(math.MinInt64, 10)), nil
		}
		return json.Number(strconv.FormatInt(int64(f), 10)), nil
	case KindNumber:
		x, ok := v.(json.Number)
		if !ok {
			return want("a number")
		}
		return finiteNumber(x), nil
	case KindArray:
		a, ok := v.([]any)
		if !ok {
			return want("an array")
		}
		for i, it := range a {
			var err error
			if a[i], err = readValue(n.Items, it, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return nil, err
			}
		}
	case KindObject:
		m, ok := v.(map[string]any)
		if !ok {
			return want("an object")
		}
		for k, x := range m {
			node := n.Object.Extra
			if i := n.Object.index(k); i >= 0 {
				node = n.Object.Fields[i].Node
			}
			if node == nil {
				// not written: any value, its numbers read as an untyped
				// value's (the details' decoder may hold it as one)
				m[k] = untypedValue(x)
				continue
			}
			var err error
			if m[k], err = readValue(node, x, path+"."+k); err != nil {
				return nil, err
			}
		}
	case KindAny:
		return untypedValue(v), nil
	}
	return v, nil
}

// untypedValue returns v with every number past the largest double at
// the largest, as JSON writes an infinity.
func untypedValue(v any) any {
	switch x := v.(type) {
	case json.Number:
		return finiteNumber(x)
	case []any:
		for i, it := range x {
			x[i] = untypedValue(it)
		}
	case map[string]any:
		for k, it := range x {
			x[k] = untypedValue(it)
		}
	}
	return v
}

func finiteNumber(x json.Number) json.Number {
	switch f, _ := parseNumber(string(x)); {
	case math.IsInf(f, 1):
		return "1.7976931348623157e308"
	case math.IsInf(f, -1):
		return "-1.7976931348623157e308"
	}
	return x
}
