package difffuzz

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// Formats are the payload formats of an answer, in the order of
// Outcome.Payloads.
var Formats = [4]string{"jsonrpc", "problem", "response", "toolResult"}

// Runner is one runtime's conformance runner: a process (Command), or a
// function serving the protocol in this process (Serve).
type Runner struct {
	Name    string
	Command []string // the program and its arguments
	Dir     string   // the process's working directory
	Env     []string // the process's environment (nil: this one's)
	// Serve serves the protocol from r to w, in this process, instead of
	// Command: errgenrt.ServeConformance on a catalog.
	Serve func(r io.Reader, w io.Writer) error
	// Timeout is the longest wait for the runner's next answer (default
	// 30s); past it the runner counts as hung and is stopped.
	Timeout time.Duration
}

// OutcomeKind is what a runner answered to a line.
type OutcomeKind uint8

// The kinds of outcomes.
const (
	Payloads   OutcomeKind = iota // the payloads
	Refused                       // the error answer with the line's id
	Unreadable                    // the error answer with the id ""
	Skipped                       // no answer, the runner going on: a blank line
	Failed                        // the runner died, hung, answered twice or malformed
)

func (k OutcomeKind) String() string {
	return [...]string{"payloads", "refused", "unreadable", "skipped", "failed"}[k]
}

// Outcome is one runner's answer to one line.
type Outcome struct {
	Kind     OutcomeKind
	Payloads [4]string // Payloads: by Formats
	// Violations: what the runtime's violation hook learned of, by
	// Formats, each format's list written one violation per line
	Violations [4]string
	// HTTP: the HTTP answer of the problem document, its status and
	// Retry-After, written "STATUS RETRY-AFTER" ("-" for none)
	HTTP   string
	Reason string // Refused, Unreadable: the error answer's reason; Failed: what failed
	ID     string // the answer's id
	Answer string // the answer line as written (cut to 4 KB)
}

// Same reports whether o and p are the same answer: the same kind and, for
// payloads, every format byte for byte, the same violations and HTTP answer (the
// reasons of error answers may differ), under the same id. A failure is
// never the same as anything.
func (o Outcome) Same(p Outcome) bool {
	return o.Kind == p.Kind && o.Kind != Failed && o.Payloads == p.Payloads && o.Violations == p.Violations && o.HTTP == p.HTTP && o.ID == p.ID
}

// answer is one line a runner wrote, read.
type answer struct {
	id      string
	ok      bool // one JSON object {id, payloads} or {id, error}, well formed
	outcome Outcome
}

// readAnswer reads one answer line.
func readAnswer(text []byte) answer {
	text = bytes.TrimRight(text, "\r\n")
	a := answer{outcome: Outcome{Answer: cut(string(text), 4096)}}
	fail := func(why string) answer {
		a.outcome.Kind, a.outcome.Reason = Failed, "malformed answer: "+why
		return a
	}
	if !utf8.Valid(text) {
		return fail("not UTF-8")
	}
	if !json.Valid(text) {
		return fail("not JSON")
	}
	v := Parse(string(text))
	if v == nil || v.Kind != Object {
		return fail("not a JSON object")
	}
	seen := map[string]bool{}
	for _, m := range v.Members {
		if seen[m.Key.Str] {
			return fail("member " + m.Key.Str + " twice")
		}
		seen[m.Key.Str] = true
		switch m.Key.Str {
		case "id", "payloads", "violations", "http", "error":
		default:
			return fail("unknown member " + m.Key.String())
		}
	}
	id := v.Get("id")
	if id == nil || id.Kind != String {
		return fail("no string id")
	}
	a.id = id.Str
	a.outcome.ID = id.Str
	p, e := v.Get("payloads"), v.Get("error")
	switch {
	case p != nil && e != nil:
		return fail("both payloads and error")
	case e != nil:
		if e.Kind != String {
			return fail("error is not a string")
		}
		a.ok = true
		a.outcome.Kind, a.outcome.Reason = Refused, e.Str
		if a.id == "" {
			a.outcome.Kind = Unreadable
		}
		return a
	case p == nil || p.Kind != Object:
		return fail("no payloads object and no error")
	}
	if len(p.Members) != len(Formats) {
		return fail(fmt.Sprintf("%d payloads, want the 4 formats", len(p.Members)))
	}
	for i, f := range Formats {
		s := p.Get(f)
		if s == nil || s.Kind != String {
			return fail("payload " + f + " missing or not a string")
		}
		a.outcome.Payloads[i] = s.Str
		if why := payloadProblem(s); why != "" && a.outcome.Kind != Failed {
			a.outcome.Kind, a.outcome.Reason = Failed, "payload "+f+" "+why
		}
	}
	var reported struct {
		Violations map[string][]struct{ Symbol, Path, Keyword, Outcome string } `json:"violations"`
		HTTP       *struct {
			Status     *int    `json:"status"`
			RetryAfter *string `json:"retryAfter"`
		} `json:"http"`
	}
	if err := json.Unmarshal(text, &reported); err != nil || reported.Violations == nil {
		return fail("no violations object of the formats' lists of {symbol, path, keyword, outcome}")
	}
	if reported.HTTP == nil || reported.HTTP.Status == nil {
		return fail("no http object {status, retryAfter}")
	}
	retryAfter := "-"
	if reported.HTTP.RetryAfter != nil {
		retryAfter = strconv.Quote(*reported.HTTP.RetryAfter)
	}
	a.outcome.HTTP = fmt.Sprintf("%d %s", *reported.HTTP.Status, retryAfter)
	for i, f := range Formats {
		list, ok := reported.Violations[f]
		if !ok {
			return fail("violations of " + f + " missing")
		}
		var b strings.Builder
		for _, v := range list {
			fmt.Fprintf(&b, "%s %s %s %q\n", v.Symbol, v.Outcome, v.Keyword, v.Path)
		}
		a.outcome.Violations[i] = b.String()
	}
	a.ok = true
	if a.outcome.Kind != Failed {
		a.outcome.Kind = Payloads
	}
	return a
}

// payloadProblem says what makes the string v no payload: JSON text in
// UTF-8.
func payloadProblem(v *Value) string {
	s := v.Str
	switch {
	case v.Lone:
		return "holds a lone surrogate"
	case !utf8.ValidString(s):
		return "is not UTF-8"
	case !json.Valid([]byte(s)):
		return "is not JSON"
	}
	return ""
}

func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + fmt.Sprintf("… (%d bytes)", len(s))
}

// session is one run of a runner over some lines.
type session struct {
	answers []answer
	failure string // the runner died or hung: how
}

// blankEvery puts a blank line (which no runner answers) after every
// blankEvery-th line of a batch.
const blankEvery = 29

// session runs the runner once over lines, writing them all and reading
// every answer until it ends.
func (r *Runner) session(lines []*Line) session {
	var in bytes.Buffer
	for i, l := range lines {
		in.Write(l.Text())
		in.WriteByte('\n')
		if i%blankEvery == blankEvery-1 && len(lines) > 1 {
			in.WriteString([]string{"", " ", "\t"}[i/blankEvery%3] + "\n")
		}
	}
	timeout := r.Timeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	stdinR, stdinW := io.Pipe()
	stdoutR, stdoutW := io.Pipe()
	var stderr lockedBuffer
	done := make(chan error, 1)
	var stop func()
	if r.Serve != nil {
		go func() {
			var err error
			defer func() {
				if p := recover(); p != nil {
					err = fmt.Errorf("panic: %v", p)
				}
				stdoutW.CloseWithError(io.EOF)
				stdinR.Close()
				done <- err
			}()
			err = r.Serve(stdinR, stdoutW)
		}()
		stop = func() { stdinR.CloseWithError(errors.New("stopped")); stdoutW.CloseWithError(errors.New("stopped")) }
	} else {
		cmd := exec.Command(r.Command[0], r.Command[1:]...)
		cmd.Dir, cmd.Env = r.Dir, r.Env
		cmd.Stdin, cmd.Stdout, cmd.Stderr = stdinR, stdoutW, &stderr
		if err := cmd.Start(); err != nil {
			return session{failure: "the runner does not start: " + err.Error()}
		}
		go func() {
			err := cmd.Wait()
			stdoutW.Close()
			stdinR.Close()
			done <- err
		}()
		stop = func() { cmd.Process.Kill() }
	}
	go func() {
		stdinW.Write(in.Bytes())
		stdinW.Close()
	}()
	var s session
	lineCh := make(chan []byte)
	go func() {
		br := bufio.NewReaderSize(stdoutR, 1<<16)
		for {
			b, err := br.ReadBytes('\n')
			if len(b) > 0 {
				lineCh <- b
			}
			if err != nil {
				close(lineCh)
				return
			}
		}
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
read:
	for {
		select {
		case b, ok := <-lineCh:
			if !ok {
				break read
			}
			s.answers = append(s.answers, readAnswer(b))
			timer.Reset(timeout)
		case <-timer.C:
			stop()
			s.failure = fmt.Sprintf("no answer for %v: stopped", timeout)
			go func() {
				for range lineCh {
				}
			}()
			select {
			case <-done:
			case <-time.After(min(timeout, 5*time.Second)):
			}
			return s
		}
	}
	select {
	case err := <-done:
		if err != nil {
			s.failure = "exited: " + err.Error()
		}
	case <-time.After(timeout):
		stop()
		s.failure = "does not exit after its last answer"
	}
	if s.failure != "" {
		if tail := strings.TrimSpace(stderr.String()); tail != "" {
			if len(tail) > 2000 {
				tail = "…" + tail[len(tail)-2000:]
			}
			s.failure += "\n" + tail
		}
	}
	return s
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// Run runs the runner over lines and returns its outcome for each, and
// what went wrong beyond single lines (answers to no line). Solo lines run
// alone. A runner that dies or hangs is blamed on the first line it did
// not answer and started again on the rest.
func (r *Runner) Run(lines []*Line) ([]Outcome, []string) {
	out := make([]Outcome, len(lines))
	var problems []string
	var batch []int
	for i, l := range lines {
		if l.Solo {
			o, p := r.run([]*Line{l})
			out[i] = o[0]
			problems = append(problems, p...)
		} else {
			batch = append(batch, i)
		}
	}
	for restarts := 0; len(batch) > 0; restarts++ {
		sub := make([]*Line, len(batch))
		for k, i := range batch {
			sub[k] = lines[i]
		}
		if restarts == 30 {
			for _, i := range batch {
				out[i] = Outcome{Kind: Failed, Reason: "not run: the runner failed 30 times"}
			}
			break
		}
		o, p, rest := r.once(sub)
		problems = append(problems, p...)
		next := []int{}
		for k, i := range batch {
			if rest[k] {
				next = append(next, i)
			} else {
				out[i] = o[k]
			}
		}
		batch = next
	}
	return out, problems
}

// run runs lines in one session or more.
func (r *Runner) run(lines []*Line) ([]Outcome, []string) {
	o, p, rest := r.once(lines)
	for k := range rest {
		if rest[k] {
			o[k] = Outcome{Kind: Failed, Reason: "not answered"}
		}
	}
	return o, p
}

// once runs one session over lines: their outcomes, problems, and which
// lines are to run again (after the line the runner died on).
func (r *Runner) once(lines []*Line) ([]Outcome, []string, []bool) {
	s := r.session(lines)
	out := make([]Outcome, len(lines))
	rest := make([]bool, len(lines))
	index := make(map[string]int, len(lines))
	for k, l := range lines {
		index[l.ID] = k
	}
	answered := make([]bool, len(lines))
	// answers to no line sent (the id "", malformed, another id), each
	// with the line answered last before it
	type pooled struct {
		a     answer
		after int
	}
	var pool []pooled
	last := -1
	for _, a := range s.answers {
		k, ok := index[a.id]
		switch {
		case !a.ok || a.id == "" || !ok:
			pool = append(pool, pooled{a, last})
		case answered[k]:
			out[k] = Outcome{Kind: Failed, Reason: "answered twice", Answer: out[k].Answer + "\n" + a.outcome.Answer}
		default:
			answered[k] = true
			out[k] = a.outcome
			last = k
		}
	}
	// each of those to the first line without an answer after the line
	// answered before it (runners answer in order), else to the first
	// line without one
	assigned := make([]bool, len(lines))
	var unassigned []pooled
	for _, p := range pool {
		k := -1
		for i := p.after + 1; i < len(lines); i++ {
			if !answered[i] && !assigned[i] {
				k = i
				break
			}
		}
		if k < 0 {
			unassigned = append(unassigned, p)
			continue
		}
		assigned[k] = true
		out[k] = p.a.outcome
		if p.a.ok && p.a.id != "" && !lines[k].Solo { // alone, a line's answer is the one answer
			out[k] = Outcome{Kind: Failed, Reason: fmt.Sprintf("answered with the id %q", p.a.id), Answer: p.a.outcome.Answer}
		}
	}
	var missing []int
	for k := range lines {
		if answered[k] || assigned[k] {
			continue
		}
		if len(unassigned) > 0 {
			a := unassigned[0].a
			unassigned = unassigned[1:]
			out[k] = a.outcome
			if a.ok && a.id != "" && !lines[k].Solo {
				out[k] = Outcome{Kind: Failed, Reason: fmt.Sprintf("answered with the id %q", a.id), Answer: a.outcome.Answer}
			}
			continue
		}
		missing = append(missing, k)
	}
	var problems []string
	for _, p := range unassigned {
		problems = append(problems, fmt.Sprintf("%s: an answer to no line: %s", r.Name, p.a.outcome.Answer))
	}
	if len(missing) == 0 {
		if s.failure != "" {
			problems = append(problems, fmt.Sprintf("%s: after answering every line, %s", r.Name, s.failure))
		}
		return out, problems, rest
	}
	if s.failure == "" {
		for _, k := range missing {
			out[k] = Outcome{Kind: Failed, Reason: "no answer"}
			if lines[k].Solo {
				out[k] = Outcome{Kind: Skipped}
			}
		}
		return out, problems, rest
	}
	out[missing[0]] = Outcome{Kind: Failed, Reason: "the runner " + s.failure}
	for _, k := range missing[1:] {
		rest[k] = true
	}
	return out, problems, rest
}
