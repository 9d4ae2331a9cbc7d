package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"github.com/errgen/errgen/internal/diag"
	"io"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/gen/conformance"
	"github.com/errgen/errgen/internal/pipeline"
)

var conformanceCmd = &command{
	name:    "conformance",
	args:    "-vectors FILE [-formats LIST] [-run REGEXP] [-timeout D] [-max-diffs N] -- CMD [ARGS...]",
	summary: "Run a runtime's conformance runner (CMD) over a catalog's vectors and compare its payloads with the Go runtime's, byte for byte.",
	flags: func(fl *flag.FlagSet) {
		fl.String("vectors", "", "conformance vector `file` (errgen generate -conformance FILE writes it)")
		fl.String("formats", "", "comma-separated `list` of the formats to compare (jsonrpc, problem, response, toolResult; default all)")
		fl.String("run", "", "send only the vectors whose id matches `regexp`")
		fl.Duration("timeout", 30*time.Second, "the longest wait for the runner's next answer")
		fl.Int("max-diffs", 20, "print at most `n` failures in full (all are counted)")
	},
	run: runConformance,
}

// conformanceFormats are the formats of a vector's expect, in the order
// failures are reported.
var conformanceFormats = []string{"jsonrpc", "problem", "response", "toolResult"}

// vectorFile is a conformance vector file as errgen conformance reads it:
// each input kept as written, to be sent as it is.
type vectorFile struct {
	Conformance int `json:"conformance"`
	Facts       int `json:"facts"`
	Catalog     struct {
		Name, Version string
	} `json:"catalog"`
	// Catalogs are the facts of the catalogs inputs name (input.catalog),
	// by name: each is sent in its name's place.
	Catalogs map[string]json.RawMessage `json:"catalogs"`
	Vectors  []struct {
		ID     string            `json:"id"`
		Input  json.RawMessage   `json:"input"`
		Expect map[string]string `json:"expect"`
		// Violations: what the violation hook learns of while each
		// format renders
		Violations []errgenrt.ConformanceViolation `json:"violations"`
		// Refused: an input the runner must refuse, and why
		Refused string `json:"refused"`
		// HTTP: the HTTP answer of the problem document
		HTTP *errgenrt.ConformanceHTTP `json:"http"`
		// Advice: the answer to an advice input
		Advice *errgenrt.ConformanceAdvice `json:"advice"`
		// Line and Unreadable: a line sent as it is, which the runner
		// cannot read, and why (the answer's id is "")
		Line       string `json:"line"`
		Unreadable string `json:"unreadable"`
	} `json:"vectors"`
}

// answer is one line of a runner's output.
type answer struct {
	ID       string            `json:"id"`
	Payloads map[string]string `json:"payloads"`
	// Violations, by format; absent from the answers of a runner whose
	// runtime has no violation hook
	Violations map[string][]errgenrt.ConformanceViolation `json:"violations"`
	// Advice, the answer to an advice input; absent from the answers of
	// a runner whose runtime gives no advice
	Advice *struct {
		Action  string      `json:"action"`
		DelayMs json.Number `json:"delayMs"` // "": null
	} `json:"advice"`
	// HTTP, the HTTP answer of the problem document; absent from the
	// answers of a runner whose runtime has no HTTP helper
	HTTP *struct {
		Status     json.Number     `json:"status"`
		RetryAfter json.RawMessage `json:"retryAfter"` // absent or null: no Retry-After
	} `json:"http"`
	Error string `json:"error"`
}

func runConformance(env *Env, fl *flag.FlagSet, args []string) int {
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(env.Stderr, "errgen conformance: "+format+"\n", a...)
		return ExitUsage
	}
	path := flagString(fl, "vectors")
	if path == "" {
		return usageErr("-vectors FILE is required: the file errgen generate -conformance FILE writes")
	}
	if len(args) == 0 {
		return usageErr("no runner: give its command after --, e.g. errgen conformance -vectors %s -- node gen/ts/conformance.mjs", pipeline.ShellWord(path))
	}
	formats := conformanceFormats
	if list := flagString(fl, "formats"); list != "" {
		formats = nil
		for _, f := range strings.Split(list, ",") {
			f = strings.TrimSpace(f)
			if !slices.Contains(conformanceFormats, f) {
				return usageErr("-formats: unknown format %q; the formats are %s", f, strings.Join(conformanceFormats, ", "))
			}
			formats = append(formats, f)
		}
	}
	var filter *regexp.Regexp
	if expr := flagString(fl, "run"); expr != "" {
		re, err := regexp.Compile(expr)
		if err != nil {
			return usageErr("-run: %v", err)
		}
		filter = re
	}
	timeout := fl.Lookup("timeout").Value.(flag.Getter).Get().(time.Duration)
	maxDiffs := fl.Lookup("max-diffs").Value.(flag.Getter).Get().(int)

	data, err := os.ReadFile(env.abs(path))
	if err != nil {
		return usageErr("%v", unwrapPath(err))
	}
	var vf vectorFile
	if err := json.Unmarshal(data, &vf); err != nil {
		return usageErr("%s is not a conformance vector file: %v", path, err)
	}
	if vf.Conformance != conformance.Version || vf.Facts != facts.Format {
		return usageErr("%s is conformance format version %d with facts version %d; this errgen reads conformance %d with facts %d (regenerate the vectors with this errgen, or use the errgen that wrote them)", path, vf.Conformance, vf.Facts, conformance.Version, facts.Format)
	}
	r := &conformanceRun{formats: formats, index: map[string]int{}}
	for _, v := range vf.Vectors {
		if filter != nil && !filter.MatchString(v.ID) {
			continue
		}
		if _, dup := r.index[v.ID]; dup {
			return usageErr("%s: two vectors are named %q", path, v.ID)
		}
		r.index[v.ID] = len(r.vectors)
		if v.Unreadable != "" {
			r.vectors = append(r.vectors, sentVector{id: v.ID, line: []byte(v.Line), unreadable: v.Unreadable})
			r.unreadable++
			continue
		}
		input, err := conformance.SentInput(v.Input, vf.Catalogs)
		if err != nil {
			return usageErr("%s: vector %s: %v", path, v.ID, err)
		}
		line, err := json.Marshal(struct {
			ID    string          `json:"id"`
			Input json.RawMessage `json:"input"`
		}{v.ID, input})
		if err != nil {
			return usageErr("%s: vector %s: %v", path, v.ID, err)
		}
		r.vectors = append(r.vectors, sentVector{id: v.ID, line: line, expect: v.Expect, violations: v.Violations, refused: v.Refused, advice: v.Advice, http: v.HTTP})
	}
	if len(r.vectors) == 0 {
		return usageErr("no vector to send (%s holds %d; -run %q)", path, len(vf.Vectors), flagString(fl, "run"))
	}
	r.run(env, args, timeout)
	return r.report(env, maxDiffs)
}

type sentVector struct {
	id         string
	line       []byte // the line sent
	expect     map[string]string
	violations []errgenrt.ConformanceViolation
	refused    string                      // why the runner must refuse the input ("": it renders it)
	advice     *errgenrt.ConformanceAdvice // the advice an advice input gets
	http       *errgenrt.ConformanceHTTP   // the HTTP answer of the problem document
	unreadable string                      // why the runner cannot read the line ("": it can)
	got        *answer
}

// conformanceRun is one run of a runner over the vectors.
type conformanceRun struct {
	formats  []string
	vectors  []sentVector
	index    map[string]int // id -> vectors index
	problems []string       // what went wrong besides the vectors (in order)
	answered int
	// unreadable counts the lines sent that the runner cannot read, and
	// unread the answers with the id "" (each to one such line)
	unreadable, unread int
}

// run starts the runner, feeds it every vector and collects its answers.
func (r *conformanceRun) run(env *Env, args []string, timeout time.Duration) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = env.Dir
	cmd.Stderr = env.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		r.problems = append(r.problems, err.Error())
		return
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		r.problems = append(r.problems, err.Error())
		return
	}
	if err := cmd.Start(); err != nil {
		r.problems = append(r.problems, fmt.Sprintf("cannot start the runner %s: %v", pipeline.ShellWord(args[0]), unwrapPath(err)))
		return
	}
	go func() {
		w := bufio.NewWriter(stdin)
		for _, v := range r.vectors {
			w.Write(v.line)
			if err := w.WriteByte('\n'); err != nil {
				break // the runner stopped reading: its exit is reported
			}
		}
		w.Flush()
		stdin.Close()
	}()
	lines := make(chan []byte)
	readErr := make(chan error, 1)
	go func() {
		br := bufio.NewReaderSize(stdout, 64<<10)
		for {
			line, err := br.ReadBytes('\n')
			if len(bytes.TrimSpace(line)) > 0 {
				lines <- line
			}
			if err != nil {
				if errors.Is(err, io.EOF) {
					err = nil
				}
				readErr <- err
				close(lines)
				return
			}
		}
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	n := 0
	for done := false; !done; {
		select {
		case line, ok := <-lines:
			if !ok {
				done = true
				break
			}
			n++
			r.take(n, line)
			if !timer.Stop() {
				<-timer.C
			}
			timer.Reset(timeout)
		case <-timer.C:
			cmd.Process.Kill()
			r.problems = append(r.problems, fmt.Sprintf("the runner sent nothing for %v after %d of %d answers; stopped it (-timeout sets the wait)", timeout, r.answered, len(r.vectors)))
			go func() {
				for range lines { // let the reader finish
				}
			}()
			cmd.Wait()
			return
		}
	}
	if err := <-readErr; err != nil {
		r.problems = append(r.problems, "reading the runner's answers: "+err.Error())
	}
	if err := cmd.Wait(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			r.problems = append(r.problems, "the runner "+exit.ProcessState.String())
		} else {
			r.problems = append(r.problems, "the runner: "+err.Error())
		}
	}
}

// take reads the n-th line of the runner's output.
func (r *conformanceRun) take(n int, line []byte) {
	var a answer
	err := json.Unmarshal(line, &a)
	if err == nil && a.ID == "" && a.Error != "" && r.unread < r.unreadable {
		r.unread++ // the error answer to a line it cannot read
		r.answered++
		return
	}
	if err != nil || a.ID == "" {
		r.problems = append(r.problems, fmt.Sprintf("line %d of the runner's output is not an answer ({\"id\", \"payloads\"} as one line of JSON): %s", n, clip(line, 120)))
		return
	}
	i, ok := r.index[a.ID]
	switch {
	case !ok:
		r.problems = append(r.problems, fmt.Sprintf("line %d answers %q, a vector that was not sent", n, a.ID))
	case r.vectors[i].got != nil:
		r.problems = append(r.problems, fmt.Sprintf("line %d answers %q a second time", n, a.ID))
	default:
		r.vectors[i].got = &a
		r.answered++
	}
}

// report prints the failures and the summary, and returns the exit status.
func (r *conformanceRun) report(env *Env, maxDiffs int) int {
	payloads, refusals, differ, rendered, missing, printed := 0, 0, 0, 0, 0, 0
	unreported := 0                           // answers without violations
	advised, unadvised, misadvised := 0, 0, 0 // advice vectors; answered without advice; with other advice
	unreadRead := 0                           // lines the runner cannot read that it answered by their id
	sent, unsent, missent := 0, 0, 0          // HTTP answers; answered without one; with another
	for _, v := range r.vectors {
		if v.unreadable != "" {
			if v.got != nil {
				unreadRead++
				if printed < maxDiffs {
					fmt.Fprintf(env.Stderr, "%s: the runner read a line it cannot read (%s): it answers a line it cannot read with the id \"\"\n", v.id, v.unreadable)
					printed++
				}
			}
			continue
		}
		if v.got == nil {
			missing++
			continue
		}
		if v.advice != nil {
			advised++
			msg := ""
			switch got := v.got.Advice; {
			case v.got.Error != "":
				msg = fmt.Sprintf("%s: the runner answered an error: %s", v.id, v.got.Error)
			case got == nil:
				unadvised++
			case !sameAdvice(*v.advice, got.Action, got.DelayMs):
				msg = fmt.Sprintf("%s: advice %s, want %s", v.id, showAdvice(got.Action, got.DelayMs), showAdvice(string(v.advice.Action), delayText(v.advice.DelayMs)))
			}
			if msg != "" {
				misadvised++
				if printed < maxDiffs {
					fmt.Fprintln(env.Stderr, msg)
					printed++
				}
			}
			continue
		}
		if v.refused != "" {
			refusals++
			if v.got.Error == "" {
				rendered++
				if printed < maxDiffs {
					fmt.Fprintf(env.Stderr, "%s: the runner rendered an input it must refuse (%s)\n", v.id, v.refused)
					printed++
				}
			}
			continue
		}
		for _, f := range r.formats {
			want, ok := v.expect[f]
			if !ok {
				continue
			}
			payloads++
			var msg string
			got, has := v.got.Payloads[f]
			switch {
			case v.got.Error != "":
				msg = fmt.Sprintf("%s %s: the runner answered an error: %s", v.id, f, v.got.Error)
			case !has:
				msg = fmt.Sprintf("%s %s: no payload in the answer", v.id, f)
			case got != want:
				msg = fmt.Sprintf("%s %s: %s", v.id, f, byteDiff(want, got))
			case v.got.Violations == nil:
				if f == r.formats[0] {
					unreported++
				}
				continue
			case !slices.Equal(v.got.Violations[f], v.violations):
				msg = fmt.Sprintf("%s %s: %s", v.id, f, violationDiff(v.violations, v.got.Violations[f]))
			default:
				continue
			}
			differ++
			if printed < maxDiffs {
				fmt.Fprintln(env.Stderr, msg)
				printed++
			}
		}
		if v.http != nil && v.got.Error == "" && slices.Contains(r.formats, "problem") {
			sent++
			switch got := v.got.HTTP; {
			case got == nil:
				unsent++
			case !sameHTTP(*v.http, got.Status, got.RetryAfter):
				missent++
				if printed < maxDiffs {
					fmt.Fprintf(env.Stderr, "%s http: %s, want %s\n", v.id, showHTTP(string(got.Status), got.RetryAfter), showHTTP(strconv.Itoa(v.http.Status), retryAfterJSON(v.http.RetryAfter)))
					printed++
				}
			}
		}
	}
	if missing > 0 {
		var ids []string
		for _, v := range r.vectors {
			if v.got == nil && v.unreadable == "" && len(ids) < 5 {
				ids = append(ids, v.id)
			}
		}
		more := ""
		if missing > len(ids) {
			more = fmt.Sprintf(", … and %d more", missing-len(ids))
		}
		fmt.Fprintf(env.Stderr, "no answer for %s: %s%s\n", diag.Plural(missing, "vector"), strings.Join(ids, ", "), more)
	}
	if unanswered := r.unreadable - r.unread - unreadRead; unanswered > 0 {
		r.problems = append(r.problems, fmt.Sprintf("%s the runner cannot read, %d answered with the id \"\"", diag.Plural(r.unreadable, "line"), r.unread))
	}
	for _, p := range r.problems {
		fmt.Fprintln(env.Stderr, p)
	}
	if differ == 0 && misadvised == 0 && missent == 0 && rendered == 0 && unreadRead == 0 && missing == 0 && len(r.problems) == 0 {
		refused := ""
		if refusals > 0 {
			refused = ", " + diag.Plural(refusals, "input") + " refused"
		}
		if r.unreadable > 0 {
			refused += ", " + diag.Plural(r.unreadable, "line") + " unread"
		}
		advice := ""
		if sent > unsent {
			advice = ", " + diag.Plural(sent-unsent, "HTTP answer") + " match"
		}
		if advised > unadvised {
			advice += ", " + diag.Plural(advised-unadvised, "advice answer") + " match"
		}
		fmt.Fprintf(env.Stdout, "%s, %s: every payload matches%s%s\n", diag.Plural(len(r.vectors), "vector"), diag.Plural(payloads, "payload"), advice, refused)
		if unsent > 0 {
			fmt.Fprintf(env.Stdout, "%s without http: the HTTP answer (status, Retry-After) was not checked there (a runner whose runtime has an HTTP helper answers with what it sends; see the runner protocol)\n", diag.Plural(unsent, "answer"))
		}
		if unadvised > 0 {
			fmt.Fprintf(env.Stdout, "%s without advice: the retry advice was not checked there (a runner whose runtime has a client's advice helper answers with its advice; see the runner protocol)\n", diag.Plural(unadvised, "answer"))
		}
		if unreported > 0 {
			fmt.Fprintf(env.Stdout, "%s without violations: the violation hook was not checked there (a runner whose runtime has one answers with what it learned; see the runner protocol)\n", diag.Plural(unreported, "answer"))
		}
		return ExitOK
	}
	if failures := differ + misadvised + missent + rendered + unreadRead; printed < failures {
		fmt.Fprintf(env.Stderr, "(%d more failures not shown; -max-diffs sets how many are)\n", failures-printed)
	}
	switch {
	case r.answered == 0:
		fmt.Fprintf(env.Stderr, "errgen conformance: FAIL: the runner answered none of %s\n", diag.Plural(len(r.vectors), "vector"))
	default:
		msg := fmt.Sprintf("%d of %s differ", differ, diag.Plural(payloads, "payload"))
		if misadvised > 0 {
			msg += fmt.Sprintf(", %d of %s differ", misadvised, diag.Plural(advised, "advice answer"))
		}
		if missent > 0 {
			msg += fmt.Sprintf(", %d of %s differ", missent, diag.Plural(sent, "HTTP answer"))
		}
		if rendered > 0 {
			msg += fmt.Sprintf(", %d of %s to refuse rendered", rendered, diag.Plural(refusals, "input"))
		}
		if unreadRead > 0 {
			msg += fmt.Sprintf(", %d of %s it cannot read read", unreadRead, diag.Plural(r.unreadable, "line"))
		}
		if missing > 0 {
			msg += fmt.Sprintf(", %d of %s unanswered", missing, diag.Plural(len(r.vectors), "vector"))
		}
		if len(r.problems) > 0 {
			msg += ", and the runner failed (above)"
		}
		fmt.Fprintf(env.Stderr, "errgen conformance: FAIL: %s\n", msg)
	}
	return ExitInvalid
}

// sameHTTP reports whether a runner's HTTP answer (its status as written,
// its retryAfter as JSON text, empty when absent) is want: the same status
// by value, and the same Retry-After, a string or none.
func sameHTTP(want errgenrt.ConformanceHTTP, status json.Number, retryAfter json.RawMessage) bool {
	if f, err := status.Float64(); err != nil || f != float64(want.Status) {
		return false
	}
	var got any
	if len(retryAfter) > 0 && json.Unmarshal(retryAfter, &got) != nil {
		return false
	}
	if want.RetryAfter == nil {
		return got == nil
	}
	return got == *want.RetryAfter
}

// retryAfterJSON is a vector's Retry-After as an answer writes it.
func retryAfterJSON(s *string) json.RawMessage {
	if s == nil {
		return nil
	}
	b, _ := json.Marshal(*s)
	return b
}

// showHTTP says an HTTP answer for a message: "status 429, Retry-After "2"".
func showHTTP(status string, retryAfter json.RawMessage) string {
	if status == "" {
		status = "none"
	}
	if len(retryAfter) == 0 || string(retryAfter) == "null" {
		return "status " + status + ", no Retry-After"
	}
	return "status " + status + ", Retry-After " + string(retryAfter)
}

// sameAdvice reports whether a runner's advice (delay: its delayMs as
// written, "" for null) is want: the same action, and the same delay by
// value (1500 and 1500.0 are one delay).
func sameAdvice(want errgenrt.ConformanceAdvice, action string, delay json.Number) bool {
	if action != string(want.Action) || (delay == "") != (want.DelayMs == nil) {
		return false
	}
	if want.DelayMs == nil {
		return true
	}
	f, err := delay.Float64()
	return err == nil && f == float64(*want.DelayMs)
}

func delayText(ms *int64) json.Number {
	if ms == nil {
		return ""
	}
	return json.Number(strconv.FormatInt(*ms, 10))
}

func showAdvice(action string, delay json.Number) string {
	if delay == "" {
		return fmt.Sprintf("%q without a delay", action)
	}
	return fmt.Sprintf("%q after %s ms", action, delay)
}

// violationDiff says where the violations a runner reported first differ
// from the expected ones.
func violationDiff(want, got []errgenrt.ConformanceViolation) string {
	show := func(vs []errgenrt.ConformanceViolation, i int) string {
		if i >= len(vs) {
			return "none"
		}
		v := vs[i]
		return fmt.Sprintf("%s %s %s at %q", v.Symbol, v.Outcome, v.Keyword, v.Path)
	}
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	return fmt.Sprintf("violation %d of %d (%d reported) differs: want %s, got %s", i+1, len(want), len(got), show(want, i), show(got, i))
}

// byteDiff says where got first differs from want and shows both around
// that place.
func byteDiff(want, got string) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	from := runeStart(want, max(0, i-40))
	return fmt.Sprintf("bytes differ at byte %d (want %d bytes, got %d)\n  want: %s\n  got:  %s",
		i, len(want), len(got), excerpt(want, from, i), excerpt(got, from, i))
}

// excerpt quotes s around byte i, from byte from, marking i with ⟨here⟩.
func excerpt(s string, from, i int) string {
	if i > len(s) {
		i = len(s)
	}
	end := runeStart(s, min(len(s), i+40))
	if end < i {
		end = i
	}
	before, after := s[from:i], s[i:end]
	out := strconv.Quote(before)
	out = out[:len(out)-1] + "⟨here⟩" + strconv.Quote(after)[1:]
	if from > 0 {
		out = "…" + out
	}
	if end < len(s) {
		out += "…"
	}
	if i == len(s) {
		out += " (ends here)"
	}
	return out
}

// runeStart moves i back to the start of the UTF-8 sequence holding it.
func runeStart(s string, i int) int {
	for i > 0 && i < len(s) && !utf8.RuneStart(s[i]) {
		i--
	}
	return i
}

func clip(b []byte, n int) string {
	s := strings.TrimSpace(string(b))
	if len(s) > n {
		s = s[:runeStart(s, n)] + "…"
	}
	return strconv.Quote(s)
}
