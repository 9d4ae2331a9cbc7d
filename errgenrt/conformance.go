package errgenrt

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"
)

// The conformance protocol (errgen's docs/guide/conformance.md): errgen
// writes a catalog's conformance vectors — inputs beside the payloads this
// runtime renders for them — and `errgen conformance` sends each input to a
// runner, one JSON line, and compares the runner's answer byte for byte.
// [ServeConformance] is the runner of a generated Go package.

// ConformanceInput is the input of one conformance vector.
type ConformanceInput struct {
	// Kind is "error" (an occurrence built from Details and the members
	// below), "definition" (the error's definition raised bare) or
	// "foreign" (a non-catalog error whose chain is Cause).
	Kind string `json:"kind"`
	// Symbol names the error (error, definition), by its symbol or an
	// alias.
	Symbol  string          `json:"symbol,omitempty"`
	Details json.RawMessage `json:"details,omitempty"`
	// Cause is the cause chain, outermost first: each entry is the text of
	// one error, which wraps the next.
	Cause      []string            `json:"cause,omitempty"`
	Retryable  *bool               `json:"retryable,omitempty"`
	Status     int                 `json:"status,omitempty"`
	RequestID  string              `json:"requestId,omitempty"`
	Instance   string              `json:"instance,omitempty"`
	Data       []ConformanceMember `json:"data,omitempty"`
	Extensions []ConformanceMember `json:"extensions,omitempty"`
	Options    ConformanceOptions  `json:"options"`
}

// ConformanceMember is a legacy data or extension member of an input.
type ConformanceMember struct {
	Key   string `json:"key"`
	Value any    `json:"value"`
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

// ConformancePayloads renders in every format the error that in describes.
func (c *Catalog) ConformancePayloads(in *ConformanceInput) (ConformancePayloads, error) {
	e, o, err := c.conformanceError(in)
	if err != nil {
		return ConformancePayloads{}, err
	}
	return ConformancePayloads{
		JSONRPC:    string(e.AppendJSONRPC(nil, o)),
		Problem:    string(e.AppendProblem(nil, o)),
		Response:   string(e.AppendResponse(nil, o)),
		ToolResult: string(e.AppendToolResult(nil, o)),
	}, nil
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
	default:
		return nil, nil, fmt.Errorf("unknown kind %q: want error, definition or foreign", in.Kind)
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
		if len(in.Details) > 0 {
			if err := json.Unmarshal(in.Details, d); err != nil {
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
	now, err := time.Parse(time.RFC3339, co.Now)
	if err != nil {
		return nil, fmt.Errorf("options.now: %w", err)
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
// answer per line to w ({"id", "payloads"} with the payload of each
// format, or {"id", "error"} when the input cannot be rendered). The
// runner of a generated package is a main calling it:
//
//	errgenrt.ServeConformance(pkg.Catalog, os.Stdin, os.Stdout)
//
// and `errgen conformance -vectors FILE -- go run ./cmd/conformance` holds
// it to the vectors. It returns the first read or write error; a line it
// cannot parse at all ends it with an error.
func ServeConformance(c *Catalog, r io.Reader, w io.Writer) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 256<<20)
	bw := bufio.NewWriter(w)
	for sc.Scan() {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var v struct {
			ID    string           `json:"id"`
			Input ConformanceInput `json:"input"`
		}
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			return fmt.Errorf("errgenrt: conformance input: %w", err)
		}
		answer := struct {
			ID       string               `json:"id"`
			Payloads *ConformancePayloads `json:"payloads,omitempty"`
			Error    string               `json:"error,omitempty"`
		}{ID: v.ID}
		if p, err := c.ConformancePayloads(&v.Input); err != nil {
			answer.Error = err.Error()
		} else {
			answer.Payloads = &p
		}
		line, err := json.Marshal(answer)
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
