package difffuzz

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
)

// SchemaPayload is one payload to hold to the catalog's wire schema: its
// format, its text and the first line whose answer wrote it.
type SchemaPayload struct {
	Line   *Line
	Format string
	Text   string
}

// SchemaPayloads returns the payloads of every format of the answers the
// runners agree on, each distinct payload of a format once (the runtimes
// render many lines alike: the fallback, refused details).
func SchemaPayloads(results []Result) []SchemaPayload {
	var out []SchemaPayload
	seen := map[[2]string]bool{}
	for _, r := range results {
		if r.Outcomes[0].Kind != Payloads || !r.Agree() {
			continue
		}
		for f, text := range r.Outcomes[0].Payloads {
			key := [2]string{Formats[f], text}
			if !seen[key] {
				seen[key] = true
				out = append(out, SchemaPayload{Line: r.Line, Format: Formats[f], Text: text})
			}
		}
	}
	return out
}

// Verdict is what the schema says of one payload.
type Verdict struct {
	Valid  bool            `json:"valid"`
	Def    string          `json:"def"`    // invalid: the entry point it breaks
	Errors json.RawMessage `json:"errors"` // invalid: Ajv's first errors
	Threw  bool            `json:"threw"`  // Ajv threw validating it (Errors says what)
	Defect bool            `json:"defect"` // it threw for a defect of its own: its deep equality calls a JSON object's own toString or valueOf member
}

// Validator holds payloads to one catalog's wire schema in a node process
// of its own (test/schema/validate.mjs: Ajv 2020, strict, ajv-formats),
// started once for the catalog: it compiles the schema while other work
// goes on, and then validates every payload in one stream.
type Validator struct {
	cmd      *exec.Cmd
	stdin    io.WriteCloser
	stdout   *bufio.Reader
	stderr   lockedBuffer
	ready    bool
	warnings []string
	err      error
	done     bool
}

// StartValidator starts the validator command (node validate.mjs SCHEMA).
func StartValidator(command []string) (*Validator, error) {
	v := &Validator{cmd: exec.Command(command[0], command[1:]...)}
	v.cmd.Stderr = &v.stderr
	stdin, err := v.cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := v.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := v.cmd.Start(); err != nil {
		return nil, err
	}
	v.stdin, v.stdout = stdin, bufio.NewReaderSize(stdout, 1<<16)
	return v, nil
}

// Ready waits until the schema is compiled and returns what Ajv logged
// compiling it.
func (v *Validator) Ready() ([]string, error) {
	if v.ready {
		return v.warnings, v.err
	}
	v.ready = true
	var head struct {
		Warnings []string `json:"warnings"`
	}
	line, err := v.stdout.ReadBytes('\n')
	switch {
	case err != nil:
		v.err = v.fail(fmt.Errorf("the validator does not start: %v", err))
	case json.Unmarshal(line, &head) != nil:
		v.err = v.fail(fmt.Errorf("the validator's first line is not its warnings: %s", cut(string(line), 400)))
	}
	v.warnings = head.Warnings
	return v.warnings, v.err
}

// fail ends the process and returns err with what it wrote on stderr.
func (v *Validator) fail(err error) error {
	v.done = true
	v.cmd.Process.Kill()
	v.cmd.Wait()
	if tail := strings.TrimSpace(v.stderr.String()); tail != "" {
		err = fmt.Errorf("%w\n%s", err, cut(tail, 2000))
	}
	return err
}

// Validate sends every payload, reads a verdict for each, in order, and
// ends the process; it is called once.
func (v *Validator) Validate(payloads []SchemaPayload) ([]Verdict, error) {
	if _, err := v.Ready(); err != nil {
		return nil, err
	}
	if v.done {
		return nil, errors.New("the validator has ended")
	}
	v.done = true
	// written beside the reading: the answers to a batch would fill the
	// pipe before the batch is written
	go func() {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		for _, p := range payloads {
			enc.Encode(struct {
				Format  string `json:"format"`
				Payload string `json:"payload"`
			}{p.Format, p.Text})
			if b.Len() >= 1<<16 {
				if _, err := v.stdin.Write(b.Bytes()); err != nil {
					break // the process ended: reading says why
				}
				b.Reset()
			}
		}
		v.stdin.Write(b.Bytes())
		v.stdin.Close()
	}()
	verdicts := make([]Verdict, len(payloads))
	for i := range payloads {
		line, err := v.stdout.ReadBytes('\n')
		if err != nil {
			return nil, v.fail(fmt.Errorf("the validator ends after %d of %d payloads: %v", i, len(payloads), err))
		}
		if err := json.Unmarshal(line, &verdicts[i]); err != nil {
			return nil, v.fail(fmt.Errorf("the validator's answer %q: %v", cut(string(line), 400), err))
		}
	}
	if err := v.cmd.Wait(); err != nil {
		return nil, v.fail(fmt.Errorf("the validator: %v", err))
	}
	return verdicts, nil
}

// Close ends the process of a validator that has not validated.
func (v *Validator) Close() {
	if !v.done {
		v.done = true
		v.stdin.Close()
		v.cmd.Process.Kill()
		v.cmd.Wait()
	}
}
