package difffuzz

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Result is every runner's outcome for one line.
type Result struct {
	Line     *Line
	Outcomes []Outcome // by runner, in the order of the runners
}

// Agree reports whether every runner gave the same answer: the payloads,
// every format byte for byte, with the same violations, or the error answer with the same id (the
// line's, or "" when it is unreadable), or no answer to a blank line; and
// none failed.
func (r Result) Agree() bool {
	for _, o := range r.Outcomes {
		if !o.Same(r.Outcomes[0]) {
			return false
		}
	}
	return true
}

// Signature is how the runners disagree on a line: which of them answer
// alike, and the kind of each answer. A shrunk line must keep it.
func (r Result) Signature() string {
	group := make([]int, len(r.Outcomes))
	for i := range r.Outcomes {
		group[i] = i
		for j := 0; j < i; j++ {
			if r.Outcomes[i].Same(r.Outcomes[j]) {
				group[i] = group[j]
				break
			}
		}
	}
	var b strings.Builder
	for i, o := range r.Outcomes {
		fmt.Fprintf(&b, "%d:%s ", group[i], o.Kind)
	}
	return b.String()
}

// Class is the Signature with, for each runner that refused the line or
// failed, the first words of why: lines of one class most likely show one
// difference between the runtimes.
func (r Result) Class() string {
	var b strings.Builder
	b.WriteString(r.Signature())
	for i, o := range r.Outcomes {
		words := 1
		switch o.Kind {
		case Payloads, Skipped:
			continue
		case Failed:
			words = 3
		}
		f := strings.FieldsFunc(o.Reason, func(r rune) bool { return r == ' ' || r == ':' || r == '"' || r == '\n' })
		fmt.Fprintf(&b, "| %d %s", i, strings.Join(f[:min(words, len(f))], " "))
	}
	if r.Outcomes[0].Kind == Payloads {
		for f := range Formats {
			for _, o := range r.Outcomes[1:] {
				if o.Kind == Payloads && o.Payloads[f] != r.Outcomes[0].Payloads[f] {
					b.WriteString("| " + Formats[f])
					break
				}
				if o.Kind == Payloads && o.Violations[f] != r.Outcomes[0].Violations[f] {
					b.WriteString("| " + Formats[f] + " violations")
					break
				}
			}
		}
		for _, o := range r.Outcomes[1:] {
			if o.Kind == Payloads && o.HTTP != r.Outcomes[0].HTTP {
				b.WriteString("| http")
				break
			}
		}
	}
	return b.String()
}

// Compare runs every runner over lines, side by side, and returns each
// line's outcomes and what went wrong beyond single lines.
func Compare(runners []*Runner, lines []*Line) ([]Result, []string) {
	outs := make([][]Outcome, len(runners))
	probs := make([][]string, len(runners))
	var wg sync.WaitGroup
	for i, r := range runners {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i], probs[i] = r.Run(lines)
		}()
	}
	wg.Wait()
	results := make([]Result, len(lines))
	for k, l := range lines {
		results[k] = Result{Line: l, Outcomes: make([]Outcome, len(runners))}
		for i := range runners {
			results[k].Outcomes[i] = outs[i][k]
		}
	}
	var problems []string
	for _, p := range probs {
		problems = append(problems, p...)
	}
	return results, problems
}

// Describe writes the line and every runner's answer, where the payloads
// differ the first differing place of each format.
func (r Result) Describe(runners []*Runner) string {
	var b strings.Builder
	text := string(r.Line.Text())
	if !utf8.ValidString(text) || !strings.HasPrefix(text, "{") {
		text = strconv.Quote(text)
	}
	fmt.Fprintf(&b, "line %s (%s):\n%s\n", r.Line.ID, r.Line.Class, cut(text, 8000))
	for i, o := range r.Outcomes {
		if o.Kind != Failed && o.ID != r.Line.ID && o.ID != "" {
			fmt.Fprintf(&b, "  %s: answers the id %q\n", runners[i].Name, o.ID)
		}
		switch o.Kind {
		case Payloads:
			fmt.Fprintf(&b, "  %s: payloads\n", runners[i].Name)
			for f, p := range o.Payloads {
				fmt.Fprintf(&b, "    %s: %s\n", Formats[f], cut(p, 3000))
				if v := o.Violations[f]; v != "" {
					fmt.Fprintf(&b, "    %s violations:\n      %s\n", Formats[f], strings.ReplaceAll(strings.TrimSuffix(cut(v, 3000), "\n"), "\n", "\n      "))
				}
			}
			fmt.Fprintf(&b, "    http: %s\n", o.HTTP)
		case Skipped:
			fmt.Fprintf(&b, "  %s: no answer (skipped)\n", runners[i].Name)
			continue
		default:
			fmt.Fprintf(&b, "  %s: %s: %s\n", runners[i].Name, o.Kind, cut(o.Reason, 3000))
			if o.Kind == Failed && o.Answer != "" {
				fmt.Fprintf(&b, "    answer: %s\n", cut(o.Answer, 3000))
			}
		}
	}
	// where the payloads part
	for f := range Formats {
		var got []string
		for i, o := range r.Outcomes {
			if o.Kind == Payloads {
				got = append(got, runners[i].Name+"\x00"+o.Payloads[f])
			}
		}
		if len(got) < 2 {
			continue
		}
		first := strings.SplitN(got[0], "\x00", 2)
		for _, g := range got[1:] {
			other := strings.SplitN(g, "\x00", 2)
			if other[1] != first[1] {
				fmt.Fprintf(&b, "  %s differs (%s vs %s): %s\n", Formats[f], first[0], other[0], diffAt(first[1], other[1]))
			}
		}
	}
	return b.String()
}

// diffAt says where a and b first differ, with both around that place.
func diffAt(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(i-60, 0)
	end := func(s string) string { return cut(s[min(from, len(s)):min(len(s), i+100)], 400) }
	return fmt.Sprintf("byte %d:\n      …%s\n      …%s", i, end(a), end(b))
}
