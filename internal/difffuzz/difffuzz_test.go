package difffuzz

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gencatalog"
	"github.com/errgen/errgen/internal/runtimemodel"
)

func probe(t *testing.T) *runtimemodel.Catalog {
	t.Helper()
	return runtimemodel.Build(gen.NewInput(errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.ProbeCatalog()}, "errors.yaml")))
}

func serve(rm *runtimemodel.Catalog) func(io.Reader, io.Writer) error {
	return func(r io.Reader, w io.Writer) error { return errgenrt.ServeConformance(rm.Runtime, r, w) }
}

// The same seed makes the same lines; every line has its own id, which
// the runner answers with when it can read the line.
func TestGeneratorDeterministic(t *testing.T) {
	rm := probe(t)
	a := New(rm.Facts, 7, "x/").Lines(300)
	b := New(rm.Facts, 7, "x/").Lines(300)
	c := New(rm.Facts, 8, "x/").Lines(300)
	same := 0
	seen := map[string]bool{}
	for i := range a {
		if !bytes.Equal(a[i].Text(), b[i].Text()) {
			t.Fatalf("line %d differs for one seed:\n%s\n%s", i, a[i].Text(), b[i].Text())
		}
		if bytes.Equal(a[i].Text(), c[i].Text()) {
			same++
		}
		if seen[a[i].ID] {
			t.Errorf("id %q twice", a[i].ID)
		}
		seen[a[i].ID] = true
		if bytes.IndexByte(a[i].Text(), '\n') >= 0 {
			t.Errorf("line %s holds a line feed", a[i].ID)
		}
	}
	if same > 5 {
		t.Errorf("%d of 300 lines alike for two seeds", same)
	}
}

// The tree writes what it holds and reads back what it wrote: number
// tokens, repeated names, lone surrogates as escapes.
func TestValueText(t *testing.T) {
	v := O().Add("a", N("1e400")).Add("a", N("-0")).Add("s", S("x"+string(Surrogate(0xD800))+"y\u2028<\x00")).
		Add("pair", S(string(Surrogate(0xD83D))+string(Surrogate(0xDE00)))).Add("e", &Value{Kind: String, Str: "é😀", Escape: true})
	want := `{"a":1e400,"a":-0,"s":"x\ud800y` + "\u2028<" + `\u0000","pair":"\ud83d\ude00","e":"\u00e9\ud83d\ude00"}`
	if got := v.String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	back := Parse(want)
	if back == nil || back.Get("s").Str != v.Get("s").Str || back.Get("pair").Str != "😀" || len(back.Members) != 5 {
		t.Errorf("read back: %v", back)
	}
	if p := Parse(`"\udbff\udc00"`); p == nil || p.Lone || p.Str != "\U0010fc00" {
		t.Errorf("a pair of escapes: %+v", p)
	}
	if p := Parse(`"a\udbffb"`); p == nil || !p.Lone || p.String() != `"a\udbffb"` {
		t.Errorf("a lone escape: %+v", p)
	}
	rm := probe(t)
	for _, l := range New(rm.Facts, 3, "").Lines(300) {
		if l.Value == nil || !l.ValidUTF8() {
			continue
		}
		if p := Parse(string(l.Text())); p == nil && l.Class != "unreadable" {
			t.Errorf("%s does not read back: %.300s", l.ID, l.Text())
		}
	}
}

// Every class of line is made, and errgenrt reads them as the page says:
// the typed ones mostly rendered, the unreadable ones with the id "".
func TestGeneratorClasses(t *testing.T) {
	rm := probe(t)
	lines := New(rm.Facts, 11, "p/").Lines(600)
	r := &Runner{Name: "errgenrt", Serve: serve(rm)}
	outs, problems := r.Run(lines)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	count := map[string]int{}
	for i, o := range outs {
		count[lines[i].Class+"/"+o.Kind.String()]++
		if o.Kind == Failed {
			t.Errorf("%s: %s", lines[i].ID, o.Reason)
		}
		if lines[i].Class == "unreadable" && o.Kind != Unreadable {
			t.Errorf("%s: %s, want unreadable: %.300s", lines[i].ID, o.Kind, lines[i].Text())
		}
	}
	for _, k := range []string{"typed/payloads", "mutated/payloads", "mutated/refused", "hostile/payloads", "input/refused", "unreadable/unreadable"} {
		if count[k] == 0 {
			t.Errorf("no %s line: %v", k, count)
		}
	}
	if count["typed/payloads"] < 3*count["typed/refused"] {
		t.Errorf("typed lines mostly refused: %v", count)
	}
	t.Log(count)
}

// broken is a runner of errgenrt that goes wrong as told on a line whose
// text holds marker.
func broken(rm *runtimemodel.Catalog, marker, how string) func(io.Reader, io.Writer) error {
	return func(r io.Reader, w io.Writer) error {
		sc := bufio.NewScanner(r)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			line := sc.Text()
			var out bytes.Buffer
			if err := errgenrt.ServeConformance(rm.Runtime, strings.NewReader(line+"\n"), &out); err != nil {
				return err
			}
			answer := out.String()
			if strings.Contains(line, marker) {
				switch how {
				case "crash":
					panic("crash")
				case "twice":
					answer += answer
				case "malformed":
					answer = "{not json\n"
				case "hang":
					time.Sleep(time.Hour)
				case "payload":
					answer = strings.Replace(answer, `\"detail\":`, `\"detail\": `, 1)
				case "http":
					answer = strings.Replace(answer, `"http":{"status":`, `"http":{"status":1`, 1)
				case "unreadable":
					answer = `{"id":"","error":"no"}` + "\n"
				case "silent":
					answer = ""
				}
			}
			if _, err := io.WriteString(w, answer); err != nil {
				return err
			}
		}
		return nil
	}
}

// A runner that dies, hangs, answers twice, answers a malformed line, other
// payloads, another HTTP answer or the id "" is caught on that line, and
// the lines after it still compared.
func TestCompareCatches(t *testing.T) {
	rm := probe(t)
	lines := New(rm.Facts, 5, "c/").Lines(60)
	var target *Line
	for _, l := range lines[20:] {
		if l.Class == "typed" && l.Value != nil && strings.Contains(string(l.Text()), `"`+l.ID+`"`) { // an id written without escapes
			target = l
			break
		}
	}
	marker := `"` + target.ID + `"`
	for _, how := range []string{"crash", "twice", "malformed", "hang", "payload", "http", "unreadable", "silent"} {
		t.Run(how, func(t *testing.T) {
			runners := []*Runner{
				{Name: "good", Serve: serve(rm)},
				{Name: "bad", Serve: broken(rm, marker, how), Timeout: 300 * time.Millisecond},
			}
			results, problems := Compare(runners, lines)
			for _, r := range results {
				if r.Line == target {
					if r.Agree() {
						t.Errorf("%s: the runners agree on the broken line", how)
					}
					continue
				}
				if !r.Agree() {
					t.Errorf("%s: the runners disagree on another line:\n%s", how, r.Describe(runners))
				}
			}
			if len(problems) > 0 {
				t.Errorf("%s: %v", how, problems)
			}
		})
	}
}

// A line the runners disagree on shrinks to the little that makes them.
func TestMinimize(t *testing.T) {
	rm := probe(t)
	runners := []*Runner{
		{Name: "good", Serve: serve(rm)},
		{Name: "bad", Serve: broken(rm, "MARK", "payload")},
	}
	var l *Line
	for _, c := range New(rm.Facts, 9, "m/").Lines(200) {
		if c.Class == "hostile" && c.Value != nil && len(c.Text()) > 600 {
			l = c
			break
		}
	}
	in := l.Value.Get("input")
	in.Set("requestId", S("xxMARKxx"))
	results, _ := Compare(runners, []*Line{l})
	if results[0].Agree() || results[0].Outcomes[0].Kind != Payloads {
		t.Fatalf("the runners agree, or refuse the line:\n%s", results[0].Describe(runners))
	}
	small := Minimize(runners, results[0], time.Now().Add(20*time.Second))
	text := string(small.Line.Text())
	if !strings.Contains(text, "MARK") || len(text) > 200 || small.Signature() != results[0].Signature() {
		t.Errorf("shrunk from %d to %d bytes: %s", len(l.Text()), len(text), text)
	}
	t.Logf("shrunk from %d to %d bytes: %s", len(l.Text()), len(text), text)
}

// A kept line is replayed as it was written, under its own id.
func TestCorpus(t *testing.T) {
	rm := probe(t)
	path := t.TempDir() + "/c.jsonl"
	lines := New(rm.Facts, 2, "k/").Lines(40)
	var want []string
	for _, l := range lines[:10] {
		k := Kept(l)
		if err := AppendCorpus(path, k); err != nil {
			t.Fatal(err)
		}
		want = append(want, string(k.Text()))
	}
	back, err := ReadCorpus(path)
	if err != nil || len(back) != len(want) {
		t.Fatalf("%d lines back of %d: %v", len(back), len(want), err)
	}
	r := &Runner{Name: "errgenrt", Serve: serve(rm)}
	outs, problems := r.Run(back)
	for i, l := range back {
		if string(l.Text()) != want[i] {
			t.Errorf("line %d: %s, want %s", i, l.Text(), want[i])
		}
		if outs[i].Kind == Failed {
			t.Errorf("%s: %s", l.ID, outs[i].Reason)
		}
	}
	if len(problems) > 0 {
		t.Error(problems)
	}
	var ids []string
	for _, l := range back {
		ids = append(ids, l.ID)
	}
	t.Log(ids)
}

// The payloads held to the schema are those the runners agree on, each
// distinct payload of a format once, with the first line that wrote it.
func TestSchemaPayloads(t *testing.T) {
	rm := probe(t)
	lines := New(rm.Facts, 3, "s/").Lines(80)
	runners := []*Runner{{Name: "a", Serve: serve(rm)}, {Name: "b", Serve: broken(rm, `"`+lines[10].ID+`"`, "payload")}}
	results, _ := Compare(runners, lines)
	payloads := SchemaPayloads(results)
	seen := map[string]bool{}
	for _, p := range payloads {
		if seen[p.Format+"\x00"+p.Text] {
			t.Errorf("%s: the %s payload twice", p.Line.ID, p.Format)
		}
		seen[p.Format+"\x00"+p.Text] = true
		if p.Line == lines[10] {
			t.Errorf("%s: a payload of a line the runners disagree on", p.Line.ID)
		}
	}
	for _, r := range results {
		if !r.Agree() || r.Outcomes[0].Kind != Payloads {
			continue
		}
		for f, text := range r.Outcomes[0].Payloads {
			if !seen[Formats[f]+"\x00"+text] {
				t.Errorf("%s: its %s payload is not held to the schema", r.Line.ID, Formats[f])
			}
		}
	}
	if len(payloads) < 40 {
		t.Errorf("%d payloads of 80 lines", len(payloads))
	}
}

// The validator's protocol, on a stand-in for validate.mjs: its warnings
// first, a verdict a payload in order, and a process that dies said so.
func TestValidator(t *testing.T) {
	payloads := []SchemaPayload{{Line: &Line{ID: "a"}, Format: "problem", Text: `{"x":1}`}, {Line: &Line{ID: "b"}, Format: "jsonrpc", Text: `{"bad":"\n"}`}}
	script := `echo '{"warnings":["w"]}'; read a; echo '{"valid":true}'; read b; echo '{"valid":false,"def":"JsonRpcError","errors":[{"keyword":"minimum"}]}'`
	v, err := StartValidator([]string{"sh", "-c", script})
	if err != nil {
		t.Skip(err)
	}
	defer v.Close()
	if w, err := v.Ready(); err != nil || len(w) != 1 || w[0] != "w" {
		t.Errorf("warnings %q, %v", w, err)
	}
	verdicts, err := v.Validate(payloads)
	if err != nil || len(verdicts) != 2 || !verdicts[0].Valid || verdicts[1].Valid || verdicts[1].Def != "JsonRpcError" || !strings.Contains(string(verdicts[1].Errors), "minimum") {
		t.Errorf("verdicts %+v, %v", verdicts, err)
	}
	v, err = StartValidator([]string{"sh", "-c", `echo '{"warnings":[]}'; read a; echo 'the schema broke' >&2; exit 3`})
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	if _, err := v.Validate(payloads); err == nil || !strings.Contains(err.Error(), "the schema broke") {
		t.Errorf("a validator that dies: %v", err)
	}
}
