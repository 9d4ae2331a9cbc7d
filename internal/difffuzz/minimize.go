package difffuzz

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Minimize shrinks the line of res — dropping members and items, cutting
// strings, simplifying numbers, replacing values by null or by what they
// hold — while the runners still disagree on it the same way (the same
// Signature), and returns the smallest line found with its outcomes. It
// stops at deadline.
func Minimize(runners []*Runner, res Result, deadline time.Time) Result {
	want := res.Signature()
	best := res
	n := 0
	fresh := func(l *Line) {
		n++
		setID(l, fmt.Sprintf("%s~%06d", baseID(res.Line.ID), n))
	}
	for round := 0; round < 400 && time.Now().Before(deadline); round++ {
		limit := 250
		if best.Line.Value == nil {
			limit = 40 // run alone each
		}
		cands := candidates(best.Line, limit)
		if len(cands) == 0 {
			break
		}
		lines := make([]*Line, len(cands))
		for i, c := range cands {
			fresh(c.line)
			lines[i] = c.line
		}
		results, _ := Compare(runners, lines)
		var ok []int
		for i, r := range results {
			if r.Signature() == want {
				ok = append(ok, i)
			}
		}
		// the shrinks that keep the disagreement, all together, the
		// better half of them, the better quarter: one may keep it too
		var tries []Result
		if len(ok) > 1 && best.Line.Value != nil {
			var combos []*Line
			for _, k := range []int{len(ok), len(ok) / 2, len(ok) / 4} {
				if k < 2 || len(combos) > 0 && k == len(ok) {
					continue
				}
				var with []candidate
				for _, i := range ok[:k] {
					with = append(with, cands[i])
				}
				c := combine(best.Line, with)
				fresh(c)
				combos = append(combos, c)
			}
			again, _ := Compare(runners, combos)
			for _, r := range again {
				if r.Signature() == want {
					tries = append(tries, r)
				}
			}
		}
		for _, i := range ok {
			tries = append(tries, results[i])
		}
		sort.SliceStable(tries, func(i, j int) bool { return len(tries[i].Line.Text()) < len(tries[j].Line.Text()) })
		improved := false
		for i := 0; i < len(tries) && i < 3; i++ {
			// alone, as it is kept: the same disagreement
			solo := *tries[i].Line
			solo.Solo = true
			again, _ := Compare(runners, []*Line{&solo})
			if again[0].Signature() == want && len(solo.Text()) < len(best.Line.Text()) {
				again[0].Line.Solo = res.Line.Solo
				best, improved = again[0], true
				break
			}
		}
		if !improved {
			break
		}
	}
	return best
}

// combine returns l with every shrink of with made, one for each node (the
// first given), deepest in the line first.
func combine(l *Line, with []candidate) *Line {
	byIndex := map[int]candidate{}
	for _, c := range with {
		if _, ok := byIndex[c.index]; !ok {
			byIndex[c.index] = c
		}
	}
	indexes := make([]int, 0, len(byIndex))
	for i := range byIndex {
		indexes = append(indexes, i)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(indexes)))
	root := l.Value.Clone()
	for _, i := range indexes {
		if node := nodeAt(root, i); node != nil {
			byIndex[i].op(node)
		}
	}
	return &Line{ID: l.ID, Class: l.Class, Value: root, Prefix: l.Prefix, Suffix: l.Suffix}
}

// nodeAt returns the node at index in the pre-order of v (names of members
// counted).
func nodeAt(v *Value, index int) *Value {
	at := 0
	var find func(v *Value) *Value
	find = func(v *Value) *Value {
		if at == index {
			return v
		}
		at++
		for _, it := range v.Items {
			if f := find(it); f != nil {
				return f
			}
		}
		for _, m := range v.Members {
			if f := find(m.Key); f != nil {
				return f
			}
			if f := find(m.Value); f != nil {
				return f
			}
		}
		return nil
	}
	return find(v)
}

func baseID(id string) string {
	if i := strings.Index(id, "~"); i >= 0 {
		return id[:i]
	}
	return id
}

// setID gives the line the id id, when it has a string id a runner reads.
func setID(l *Line, id string) {
	if l.Value == nil || l.Value.Kind != Object {
		l.ID = id
		return
	}
	for i := len(l.Value.Members) - 1; i >= 0; i-- {
		if m := l.Value.Members[i]; m.Key.Str == "id" {
			if m.Value.Kind == String {
				m.Value.Str = id
			}
			break
		}
	}
	l.ID = id
}

// candidate is one way to shrink a line: op on the node at index (in
// pre-order, names of members counted), making the line about size bytes;
// line is the line it makes.
type candidate struct {
	index int
	op    func(v *Value)
	size  int
	line  *Line
}

// candidates returns at most limit smaller lines than l, the smallest
// first.
func candidates(l *Line, limit int) []candidate {
	if l.Value == nil {
		return rawCandidates(l, limit)
	}
	total := len(l.Text())
	var cs []candidate
	var out []candidate
	if l.Prefix != "" || l.Suffix != "" {
		out = append(out, candidate{index: -1, op: func(*Value) {}, line: &Line{ID: l.ID, Class: l.Class, Value: l.Value.Clone()}})
	}
	index := 0
	var walk func(v *Value, key, root bool)
	walk = func(v *Value, key, root bool) {
		at := index
		index++
		size := len(v.JSON())
		add := func(saves int, op func(v *Value)) {
			if saves > 0 {
				cs = append(cs, candidate{at, op, total - saves, nil})
			}
		}
		switch v.Kind {
		case Object, Array:
			k := len(v.Members) + len(v.Items)
			for chunk := k; chunk >= 1; chunk /= 2 {
				for from := 0; from+chunk <= k; from += chunk {
					saves := 0
					for i := from; i < from+chunk; i++ {
						if v.Kind == Object {
							saves += len(v.Members[i].Key.JSON()) + len(v.Members[i].Value.JSON()) + 2
						} else {
							saves += len(v.Items[i].JSON()) + 1
						}
					}
					add(saves, func(v *Value) {
						if v.Kind == Object {
							v.Members = append(v.Members[:from:from], v.Members[from+chunk:]...)
						} else {
							v.Items = append(v.Items[:from:from], v.Items[from+chunk:]...)
						}
					})
				}
			}
			if !root {
				for i := 0; i < k && i < 4; i++ {
					i := i
					child := childAt(v, i)
					add(size-len(child.JSON()), func(v *Value) { *v = *childAt(v, i) })
				}
				if d := v.Depth(); d > 4 { // halfway down a deep nest
					add(size/2, func(v *Value) {
						for j := 0; j < d/2; j++ {
							if c := childAt(v, 0); c != nil {
								*v = *c
							}
						}
					})
				}
			}
		case String:
			runes := utf8.RuneCountInString(v.Str)
			if runes > 0 {
				add(len(v.Str), func(v *Value) { v.Str = "" })
			}
			for _, part := range []int{2, 4} {
				if runes >= part {
					add(len(v.Str)/part, func(v *Value) { v.Str = dropRunes(v.Str, 0, runes/part) })
					add(len(v.Str)/part, func(v *Value) { v.Str = dropRunes(v.Str, runes-runes/part, runes) })
				}
			}
			if runes <= 24 {
				for i := 0; i < runes; i++ {
					add(1, func(v *Value) { v.Str = dropRunes(v.Str, i, i+1) })
				}
			}
			if v.Escape {
				add(1, func(v *Value) { v.Escape = false })
			}
		case Number:
			for _, tok := range simplerNumbers(v.Num) {
				add(len(v.Num)-len(tok)+1, func(v *Value) { v.Num = tok })
			}
		}
		if !key && !root && v.Kind != Null {
			add(size-4+1, func(v *Value) { *v = Value{Kind: Null} })
		}
		for _, it := range v.Items {
			walk(it, false, false)
		}
		for _, m := range v.Members {
			walk(m.Key, true, false)
			walk(m.Value, false, false)
		}
	}
	walk(l.Value, false, true)
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].size < cs[j].size })
	seen := map[string]bool{string(l.Text()): true}
	for _, c := range cs {
		if len(out) >= limit {
			break
		}
		root := l.Value.Clone()
		node := nodeAt(root, c.index)
		if node == nil {
			continue
		}
		c.op(node)
		c.line = &Line{ID: l.ID, Class: l.Class, Value: root, Prefix: l.Prefix, Suffix: l.Suffix}
		text := string(c.line.Text())
		if seen[text] {
			continue
		}
		seen[text] = true
		out = append(out, c)
	}
	return out
}

func childAt(v *Value, i int) *Value {
	if v.Kind == Object {
		if i < len(v.Members) {
			return v.Members[i].Value
		}
		return nil
	}
	if i < len(v.Items) {
		return v.Items[i]
	}
	return nil
}

// dropRunes returns s without its runes from i to j.
func dropRunes(s string, i, j int) string {
	// by the runes' bytes: bytes that are not UTF-8 stay as they are
	var b strings.Builder
	k := 0
	for at := 0; at < len(s); k++ {
		_, size := utf8.DecodeRuneInString(s[at:])
		if k < i || k >= j {
			b.WriteString(s[at : at+size])
		}
		at += size
	}
	return b.String()
}

// simplerNumbers are tokens to try in place of tok: simpler, of the same
// reading where that matters less than the size.
func simplerNumbers(tok string) []string {
	var out []string
	for _, s := range []string{"0", "1", "-1", "1.5"} {
		if s != tok && len(s) <= len(tok) {
			out = append(out, s)
		}
	}
	if f, err := strconv.ParseFloat(tok, 64); err == nil {
		if s := strconv.FormatFloat(f, 'g', -1, 64); len(s) < len(tok) {
			out = append(out, s)
		}
	}
	return out
}

// rawCandidates shrinks a line kept as text by dropping runs of bytes.
func rawCandidates(l *Line, limit int) []candidate {
	var out []candidate
	n := len(l.Raw)
	for chunk := n / 2; chunk >= 1 && len(out) < limit; chunk /= 2 {
		if chunk == 1 && n > 80 {
			break
		}
		for from := 0; from+chunk <= n && len(out) < limit; from += chunk {
			raw := append(append([]byte(nil), l.Raw[:from]...), l.Raw[from+chunk:]...)
			if len(bytes.TrimSpace(raw)) == 0 {
				continue
			}
			out = append(out, candidate{index: -1, line: &Line{ID: l.ID, Class: l.Class, Raw: raw, Solo: true}})
		}
	}
	return out
}

// The corpus: the lines minimization kept, one file of JSON lines per
// catalog, replayed first by every run.

// ReadCorpus returns the lines of the corpus file at path (none when it
// does not exist). A line with a string id runs in a batch under that id;
// any other runs alone.
func ReadCorpus(path string) ([]*Line, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []*Line
	seen := map[string]bool{}
	for i, text := range bytes.Split(data, []byte("\n")) {
		if len(text) == 0 {
			continue
		}
		l := &Line{ID: fmt.Sprintf("kept-%s-%d", filepath.Base(path), i+1), Class: "kept", Raw: text, Solo: true}
		if v := Parse(string(text)); v != nil && v.Kind == Object {
			if id := v.Get("id"); id != nil && id.Kind == String && id.Str != "" && !seen[id.Str] && utf8.ValidString(id.Str) {
				l.ID, l.Solo = id.Str, false
				seen[id.Str] = true
			}
		}
		out = append(out, l)
	}
	return out, nil
}

// Kept returns l as the corpus keeps it: its id "kept-HASH" (of its text),
// when it has a string id.
func Kept(l *Line) *Line {
	c := *l
	if c.Value != nil {
		c.Value = l.Value.Clone()
	}
	sum := sha256.Sum256(l.Text())
	setID(&c, fmt.Sprintf("kept-%x", sum[:6]))
	c.Class = "kept"
	return &c
}

// AppendCorpus appends l to the corpus file at path.
func AppendCorpus(path string, l *Line) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(append(l.Text(), '\n')); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
