package endtoend

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
)

// TestHostileValues sends the Go, TypeScript, Rust and Python conformance
// runners detail values built to be each check's worst case, from 64 KB
// to 5 MB, and holds every runtime to answering each within a second and
// in time about linear in the value (issue 49).
//
// A value a caller sends reaches a runtime's checks whole: a detail value
// is checked before it is bounded (docs/guide/conformance.md, "Detail
// values"), so every byte of it goes through its field's pattern, format
// check and sanitizer, the templates that name it and the writer. errgen
// check accepts patterns that a backtracking engine matches in time
// exponential or polynomial in the value — ^(a+)+$, ^(a|a)*$,
// ^a*a*a*a*a*a*b$, ^(\w+\s?)*$, the classic e-mail pattern, (x+x+)+y, the
// Java class name pattern and others of the ReDoS literature — because
// every runtime matches them in linear time (Go's RE2, Rust's regex
// crate, the lazy DFAs of the TypeScript and Python runtimes); before
// those, such a line stalled a TypeScript or Python server for seconds to
// hours. The formats (ajv-formats' expressions, dates and times with a
// fraction of a second of megabytes), the sanitizers (path, uri, text:
// their expressions, which a backtracking engine runs in time quadratic
// in a near-miss such as letters without "://", or letters then "@"
// without a dot) and untyped values, arrays (uniqueItems among them),
// maps, sensitive fields, cause chains and extension members, whose sizes
// a caller chooses too, are held to the same bounds.
//
// The test's catalog (hostileValuesCatalog: one error per position, its
// value in the optional property v and named by the error's message) must
// be one errgen check accepts. Each value (hostileValueCases) is sent, at
// about 25 bytes, 64 KB, 512 KB and 5 MB (a value of many parts, members,
// items or numbers, at 25 bytes, 1.3 KB, 13 KB and 128 KB: see
// hostilePartsSizes), as one `error` line at a time to each runner, each
// runner alone and built once (the Go runner as TestDifferential builds
// it), timed from writing the line to reading its answer. Each line must
// be answered (payloads or the error answer; not a runner that dies,
// hangs or answers malformed) within hostileBudget, and the largest
// value's time must be at most hostileFactor times ten times the one
// before it, plus hostileSlack: about linear. A line past either
// bound in wall time but within it in the runner's CPU time (a busy
// machine) is timed again, twice at most, its least time kept. A line
// unanswered for hostileHardStop stops the runner (started again for the
// next line) and fails; so does a larger value whose time, extrapolated
// linearly from the value before it, is past the hard stop, which is not
// sent: a slow runtime fails in seconds, not minutes. The four runners'
// payloads for each line must agree byte for byte, as in
// TestDifferential. The figures are printed (go test -v): milliseconds of
// wall time, and of each runner's CPU time, by position, size and runner.
//
// The Rust runner is built optimized (cargo build --release, see
// hostileRustRunner), as a server is; ERRGEN_HOSTILE_RUST=debug builds it
// as TestDifferential does instead (quicker to build, far slower to run).
// ERRGEN_HOSTILE_RUNNERS narrows the runners (go, ts, rust, python;
// default all), ERRGEN_HOSTILE_CASES the positions (names, or prefixes
// ending in /); ERRGEN_HOSTILE_STOP sets the hard stop (a duration,
// default 3s: a longer one times the slow lines too, for their figures).
func TestHostileValues(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every runtime's runner and sends megabytes: skipped in -short mode")
	}
	start := time.Now()
	want := func(name string) bool {
		list := os.Getenv("ERRGEN_HOSTILE_RUNNERS")
		return list == "" || strings.Contains(","+list+",", ","+name+",")
	}
	cases := hostileValueCases()
	if list := os.Getenv("ERRGEN_HOSTILE_CASES"); list != "" {
		var kept []hostileCase
		for _, c := range cases {
			for _, name := range strings.Split(list, ",") {
				if c.name == name || strings.HasSuffix(name, "/") && strings.HasPrefix(c.name, name) {
					kept = append(kept, c)
					break
				}
			}
		}
		cases = kept
	}

	hardStop := hostileHardStop
	if s := os.Getenv("ERRGEN_HOSTILE_STOP"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil || d <= 0 {
			t.Fatalf("ERRGEN_HOSTILE_STOP=%q: want a duration (30s)", s)
		}
		hardStop = d
	}

	// the catalog, which errgen check must accept
	src := hostileValuesCatalog()
	m, diags := errgentest.Check(t, catalog.MapFS{"errors.yaml": []byte(src)}, "errors.yaml")
	if diags.HasErrors() {
		t.Fatalf("errgen check refuses the catalog of hostile values (every runtime matches these patterns in linear time):\n%s\n%s", diags.Format(""), src)
	}
	const name = "hostile_values"
	catalogs := map[string]*model.Catalog{name: m}
	names := []string{name}

	// the runners, built once
	var runners []*hostileRunner
	if want("go") {
		runners = append(runners, &hostileRunner{name: "go", command: []string{diffGoRunner(t, catalogs, names), name}})
	}
	if want("ts") && haveTool(t, "node", "the TypeScript runner is left out") {
		dir := filepath.Join(t.TempDir(), "ts")
		writePackage(t, m, dir)
		runners = append(runners, &hostileRunner{name: "ts", command: []string{"node", filepath.Join(dir, "conformance.mjs")}})
	}
	if want("rust") && haveTool(t, "cargo", "the Rust runner is left out") {
		if os.Getenv("ERRGEN_HOSTILE_RUST") == "debug" {
			if bin := diffRustRunners(t, catalogs, names)[name]; bin != "" {
				runners = append(runners, &hostileRunner{name: "rust", command: []string{bin}})
			}
		} else if bin := hostileRustRunner(t, m); bin != "" {
			runners = append(runners, &hostileRunner{name: "rust", command: []string{bin}})
		}
	}
	if want("python") {
		if py, ok := pythonEnv(t); !ok {
			t.Log("no Python test environment (.venv-test: make test creates it): the Python runner is left out")
		} else {
			dir := t.TempDir()
			pkg := pythonPackage(t, m, dir)
			runners = append(runners, &hostileRunner{name: "python", command: []string{py, "-m", pkg + ".conformance"}, dir: dir,
				env: append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1")})
		}
	}
	if len(runners) == 0 {
		t.Fatal("no runner to send the values to")
	}
	for _, r := range runners {
		r.hardStop = hardStop
	}
	t.Cleanup(func() {
		for _, r := range runners {
			r.stop()
		}
	})
	t.Logf("runners built in %v", time.Since(start).Round(time.Millisecond))

	// case by case, its lines built once and sent to each runner in
	// turn, one line at a time: one runner busy at a time
	results := make([][][]hostileResult, len(runners)) // runner, case, size
	busy := make([]time.Duration, len(runners))
	for r := range runners {
		results[r] = make([][]hostileResult, len(cases))
	}
	for i, c := range cases {
		lines := make([][]byte, len(c.sizes))
		for j, size := range c.sizes {
			lines[j] = hostileLine(c, size.n, fmt.Sprintf("%s/%s", c.name, size.label))
		}
		for r, runner := range runners {
			began := time.Now()
			results[r][i] = make([]hostileResult, len(c.sizes))
			stopped := "" // a smaller value stopped the runner: the larger ones are not sent
			for j, size := range c.sizes {
				if stopped != "" {
					results[r][i][j] = hostileResult{failure: "not sent: " + stopped}
					continue
				}
				// a value whose time, extrapolated linearly from the one
				// before it, is past the hard stop fails the budget
				// anyway: not sent, so that a slow runtime fails soon
				if j > 1 {
					prev := results[r][i][j-1]
					if guess := prev.own() * time.Duration(size.n/c.sizes[j-1].n); prev.failure == "" && guess > hardStop {
						results[r][i][j] = hostileResult{failure: fmt.Sprintf("not sent: the %s value took %v (%v of CPU), this one would take %v or more, past the budget",
							c.sizes[j-1].label, prev.d.Round(time.Millisecond), prev.cpu, guess.Round(time.Millisecond))}
						stopped = fmt.Sprintf("the %s value would take past the budget", size.label)
						continue
					}
				}
				id := fmt.Sprintf("%s/%s", c.name, size.label)
				res := runner.time(lines[j], id)
				// past the budget or the linear extrapolation, but within
				// them in the runner's own time (its CPU time): a busy
				// machine, maybe; timed again, the least time kept
				noisy := func(res hostileResult) bool {
					if res.failure != "" {
						return false
					}
					if res.d > hostileBudget && res.own() <= hostileBudget {
						return true
					}
					prev := results[r][i][max(j-1, 0)]
					return j == len(c.sizes)-1 && prev.failure == "" && !hostileLinear(prev.d, res.d) && hostileLinear(prev.own(), res.own())
				}
				for try := 0; try < 2 && noisy(res); try++ {
					again := runner.time(lines[j], id)
					res.tries++
					if again.failure == "" && again.d < res.d {
						again.tries = res.tries
						res = again
					}
				}
				results[r][i][j] = res
				if res.failure != "" && res.killed {
					stopped = fmt.Sprintf("the %s value was not answered", size.label)
				}
			}
			busy[r] += time.Since(began)
		}
	}
	for r, runner := range runners {
		runner.stop()
		t.Logf("%s: %d lines in %v", runner.name, hostileLines(cases), busy[r].Round(time.Millisecond))
	}

	// the checks
	failed := map[string]bool{}
	for r, runner := range runners {
		for i, c := range cases {
			for j, size := range c.sizes {
				res := results[r][i][j]
				switch {
				case res.failure != "":
					t.Errorf("%s, %s, %s: %s", runner.name, c.name, size.label, res.failure)
				case res.d > hostileBudget:
					t.Errorf("%s, %s, %s: answered in %v, past the budget of %v", runner.name, c.name, size.label, res.d.Round(time.Millisecond), hostileBudget)
				default:
					continue
				}
				failed[runner.name+"\x00"+c.name] = true
			}
			last := len(c.sizes) - 1
			if small, big := results[r][i][last-1], results[r][i][last]; small.failure == "" && big.failure == "" && !hostileLinear(small.d, big.d) {
				t.Errorf("%s, %s: the %s value took %v, past %d × 10 × the %s value's %v + %v: not linear", runner.name, c.name,
					c.sizes[last].label, big.d.Round(time.Millisecond), hostileFactor, c.sizes[last-1].label, small.d.Round(time.Millisecond), hostileSlack)
				failed[runner.name+"\x00"+c.name] = true
			}
		}
	}
	// the payloads agree byte for byte
	for i, c := range cases {
		for j, size := range c.sizes {
			var first *hostileResult
			var firstName string
			for r, runner := range runners {
				res := &results[r][i][j]
				if res.failure != "" {
					continue
				}
				if first == nil {
					first, firstName = res, runner.name
					continue
				}
				if res.answer != first.answer {
					t.Errorf("%s, %s: %s and %s disagree:\n  %s: %s\n  %s: %s", c.name, size.label, firstName, runner.name,
						firstName, cutText(first.answer, 1500), runner.name, cutText(res.answer, 1500))
				}
			}
		}
	}

	// the figures: wall time (which the bounds are of) and CPU time
	for _, cpu := range []bool{false, true} {
		var table strings.Builder
		if cpu {
			fmt.Fprintf(&table, "the runner's CPU milliseconds (all threads, in 10 ms ticks) for each line (sizes %s; of a value of many parts, %s)\n",
				hostileSizeLabels(hostileSizes), hostileSizeLabels(hostilePartsSizes))
		} else {
			fmt.Fprintf(&table, "milliseconds (wall) to answer each line (sizes %s; of a value of many parts, %s); × marks a position that fails, * a line timed again (the least time kept), - a line not sent, >N one unanswered for N ms\n",
				hostileSizeLabels(hostileSizes), hostileSizeLabels(hostilePartsSizes))
		}
		fmt.Fprintf(&table, "%-28s", "position")
		for _, runner := range runners {
			fmt.Fprintf(&table, " | %-25s", runner.name)
		}
		table.WriteString("\n")
		for i, c := range cases {
			fmt.Fprintf(&table, "%-28s", c.name)
			for r, runner := range runners {
				var cells []string
				for j := range c.sizes {
					cells = append(cells, results[r][i][j].cell(cpu))
				}
				mark := " "
				if failed[runner.name+"\x00"+c.name] {
					mark = "×"
				}
				fmt.Fprintf(&table, " |%s%-25s", mark, strings.Join(cells, " "))
			}
			table.WriteString("\n")
		}
		t.Logf("%s", table.String())
	}
	t.Logf("in all %v", time.Since(start).Round(time.Millisecond))
}

// hostileRustRunner builds the example conformance of the Rust crate of m
// as users build what they ship, optimized (cargo build --release, in the
// shared target directory: its dependencies are built once), and returns
// its binary ("" when it does not build, an error of the test). A debug
// build matches patterns and writes payloads ten times slower or more,
// which says nothing of a server's time.
func hostileRustRunner(t *testing.T, m *model.Catalog) string {
	crate := crateName(m)
	ws := rustWorkspace(t, map[string][]gen.File{"hostile_values": rustCrate(t, m)})
	cmd := exec.Command("cargo", "build", "--release", "--message-format=json", "--example", "conformance", "-p", crate)
	cmd.Dir = ws
	cmd.Env = append(os.Environ(), "CARGO_TARGET_DIR="+targetDir(t), "CARGO_TERM_COLOR=never")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Errorf("cargo build --release of the Rust runner: %v\n%s", err, tail(stderr.String(), 4000))
		return ""
	}
	for _, line := range bytes.Split(out, []byte("\n")) {
		var msg struct {
			Reason     string `json:"reason"`
			Target     struct{ Name string }
			Executable string `json:"executable"`
		}
		if json.Unmarshal(line, &msg) == nil && msg.Reason == "compiler-artifact" && msg.Target.Name == "conformance" && msg.Executable != "" {
			// every crate's example lands at the one path: copied before
			// another build writes its own there
			data, err := os.ReadFile(msg.Executable)
			if err != nil {
				t.Fatal(err)
			}
			bin := filepath.Join(t.TempDir(), crate+"-conformance")
			if err := os.WriteFile(bin, data, 0o755); err != nil {
				t.Fatal(err)
			}
			return bin
		}
	}
	t.Errorf("cargo build --release built no Rust runner:\n%s", tail(stderr.String(), 2000))
	return ""
}

// The bounds of TestHostileValues: every line answered within
// hostileBudget; the largest value's time at most hostileFactor × 10 ×
// the 512 KB value's, plus hostileSlack; a line unanswered for
// hostileHardStop stops the runner.
const (
	hostileBudget   = time.Second
	hostileFactor   = 4
	hostileSlack    = 50 * time.Millisecond
	hostileHardStop = 3 * time.Second // ERRGEN_HOSTILE_STOP sets another
)

// hostileSize is the size of a value, in bytes, about.
type hostileSize struct {
	label string
	n     int
}

// hostileSizes are the sizes of a string value: the last is ten times the
// one before it (the linear extrapolation).
var hostileSizes = []hostileSize{{"25B", 25}, {"64KB", 64 << 10}, {"512KB", 512 << 10}, {"5MB", 5 << 20}}

// hostilePartsSizes are the sizes of a value of many parts (members,
// items, numbers, and text dense in what the sanitizers rewrite: a URL
// whose query is read parameter by parameter, an address, a path, a
// token): what costs there is each part, a few bytes, and a
// runtime's work on each (a key sorted, a number formatted, an item
// compared), in every payload it writes the value in: up to three a format
// (full, minimal, minimal with 8-byte strings, each past the payload's
// bound) and the message's placeholder. In CPython that is microseconds a
// part, so that parts are held to linear time and to the budget up to
// 128 KB (512 KB of numbers take the Python runtime about two seconds).
var hostilePartsSizes = []hostileSize{{"25B", 25}, {"1.3KB", 128 << 10 / 100}, {"13KB", 128 << 10 / 10}, {"128KB", 128 << 10}}

func hostileSizeLabels(sizes []hostileSize) string {
	var labels []string
	for _, s := range sizes {
		labels = append(labels, s.label)
	}
	return strings.Join(labels, ", ")
}

// hostileLines is the number of lines of cases.
func hostileLines(cases []hostileCase) int {
	n := 0
	for _, c := range cases {
		n += len(c.sizes)
	}
	return n
}

// hostileLinear reports whether big, the 5 MB value's time, is within the
// linear extrapolation from small, the 512 KB value's.
func hostileLinear(small, big time.Duration) bool {
	return big <= hostileFactor*10*small+hostileSlack
}

// hostileCase is one value sent to one position: the error (and so the
// field) it goes to, and where in the input, built for about n bytes.
type hostileCase struct {
	name  string        // position/variant
	error string        // the symbol
	sizes []hostileSize // hostileSizes, or for a value of many parts hostilePartsSizes
	// value returns the JSON of the value of about n bytes.
	value func(n int) []byte
	// place is where the value goes: "" the details' v, "cause" the cause
	// chain (in verbose mode, where it is written, scrubbed as text),
	// "extensions" an extension member's value.
	place string
}

// hostilePattern is a field with a pattern errgen check accepts and a
// backtracking engine runs in super-linear time, and the value that makes
// it do so.
type hostilePattern struct {
	name, pattern string
	value         func(n int) string
}

// hostilePatterns are the patterns of TestHostileValues: each with a
// value that almost matches, the worst case of a backtracking engine.
var hostilePatterns = []hostilePattern{
	{"nested-plus", `^(a+)+$`, func(n int) string { return rep("a", n-1) + "!" }},
	{"alternation", `^(a|a)*$`, func(n int) string { return rep("a", n-1) + "!" }},
	{"stars", `^a*a*a*a*a*a*b$`, func(n int) string { return rep("a", n) }},
	{"words", `^(\w+\s?)*$`, func(n int) string { return rep("a", n-1) + "!" }},
	{"words-spaced", `^(\w+\s?)*$`, func(n int) string { return rep("a ", n/2) + "!" }},
	{"email", `^([a-zA-Z0-9_.+-])+@(([a-zA-Z0-9-])+\.)+([a-zA-Z0-9]{2,4})+$`, func(n int) string { return "a@a." + rep("a", n-5) + "!" }},
	{"x-plus-y", `(x+x+)+y`, func(n int) string { return rep("x", n) }},
	{"java-class", `^(([a-z])+.)+[A-Z]([a-z])+$`, func(n int) string { return rep("a", n-1) + "!" }},
	{"dot-star", `^(.*a){12}$`, func(n int) string { return rep("a", n-1) + "!" }},
	{"trailing-space", `\s+$`, func(n int) string { return rep(" ", n-1) + "!" }},
	{"alternation-c", `^(a|b|ab)*c$`, func(n int) string { return rep("ab", n/2) }},
	{"non-ascii", `^(é+)+$`, func(n int) string { return rep("é", n/2) + "!" }},
}

// hostileFormats are the formats the runtimes check, each with a long
// value that almost has it (or has it, with a fraction of a second of
// megabytes, which a runtime reads as a number).
var hostileFormats = []struct {
	name  string
	value func(n int) string
}{
	{"date", func(n int) string { return rep("1", n) }},
	{"time", func(n int) string { return "12:00:00." + rep("1", n-10) + "Z" }},
	{"date-time", func(n int) string { return "2024-01-01T12:00:00." + rep("1", n-21) + "Z" }},
	{"duration", func(n int) string { return "P" + rep("1D", n/2) }},
	{"uri", func(n int) string { return "http://" + rep("a", n-8) + " " }},
	{"uri-reference", func(n int) string { return "/" + rep("a/", n/2) + `\` }},
	{"uri-template", func(n int) string { return "{" + rep("a,", n/2) }},
	{"email", func(n int) string { return "a@" + rep("a.", n/2) }},
	{"hostname", func(n int) string { return rep("a.", n/2) + "!" }},
	{"ipv4", func(n int) string { return rep("1", n) }},
	{"ipv6", func(n int) string { return rep("1:", n/2) }},
	{"uuid", func(n int) string { return rep("0", n) }},
	{"json-pointer", func(n int) string { return rep("/", n-1) + "~" }},
	{"relative-json-pointer", func(n int) string { return "1" + rep("/a", n/2) + "~" }},
}

// hostileSanitized are values that almost match the sanitizers'
// expressions (errgenrt/sanitize.go), each at every position whose
// x-sanitize reads it: a backtracking engine tries each start of a run.
var hostileSanitized = []struct {
	name  string
	modes []string // the x-sanitize modes that read it
	value func(n int) string
}{
	{"home-paths", []string{"path", "text"}, func(n int) string { return rep("/home/", n/6) }},
	{"users-paths", []string{"path"}, func(n int) string { return `C:\Users\` + rep(`a\Users\`, n/8) }},
	{"no-scheme", []string{"uri", "text"}, func(n int) string { return rep("a", n-4) + "!://" }},
	{"secret-query", []string{"uri"}, func(n int) string { return "https://u:p@x/?" + rep("token=a&", n/8) }},
	{"at-no-dot", []string{"text"}, func(n int) string { return rep("a", n/2) + "@" + rep("a", n/2) }},
	{"token-runs", []string{"text"}, func(n int) string { return rep(strings.Repeat("aB1", 10)+"a ", n/32) }},
	{"mixed", []string{"text"}, hostileText},
}

// hostileValuesCatalog is the catalog of TestHostileValues: one error per
// position, the value in its optional property v and named by its message
// (a template: the value's text, checked, scrubbed and not bounded until
// the message is).
func hostileValuesCatalog() string {
	var b strings.Builder
	b.WriteString("errgen: 1\nname: hostile_values\nversion: 1.0.0\nfallback: E_INTERNAL\n")
	b.WriteString("domains:\n  hv: {range: [1, 9999]}\nerrors:\n")
	b.WriteString("  E_INTERNAL: {code: 1, title: Internal, message: Internal error, doc: The fallback.}\n")
	code := 100
	for _, f := range hostileFields() {
		code++
		fmt.Fprintf(&b, "  %s:\n    code: %d\n    title: Hostile %s\n    message: \"A value {v}\"\n", f.symbol, code, f.name)
		fmt.Fprintf(&b, "    doc: Takes a hostile value at %s.\n", f.name)
		fmt.Fprintf(&b, "    details:\n      type: object\n      properties:\n        v: %s\n", f.schema)
	}
	return b.String()
}

// hostileField is one error of the catalog: a position to attack.
type hostileField struct {
	name, symbol, schema string
}

func hostileSymbol(name string) string {
	return "E_" + strings.ToUpper(strings.NewReplacer("-", "_", "/", "_").Replace(name))
}

func yamlQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

func hostileFields() []hostileField {
	var out []hostileField
	add := func(name, schema string) { out = append(out, hostileField{name, hostileSymbol(name), schema}) }
	for _, p := range hostilePatterns {
		add("pattern/"+p.name, "{type: string, pattern: "+yamlQuote(p.pattern)+"}")
	}
	for _, f := range hostileFormats {
		add("format/"+f.name, "{type: string, format: "+f.name+"}")
	}
	for _, mode := range []string{"path", "uri", "text"} {
		add("sanitize/"+mode, "{type: string, x-sanitize: "+mode+"}")
	}
	add("untyped", "{}")
	add("untyped/sanitized", "{x-sanitize: text}")
	add("array", "{type: array, items: {type: string}}")
	add("array/pattern", "{type: array, items: {type: string, pattern: '^(a+)+$'}}")
	add("array/unique", "{type: array, uniqueItems: true, items: {type: string}}")
	add("map", "{type: object, additionalProperties: {type: string}}")
	add("sensitive", "{type: string, x-sensitive: true}")
	add("plain", "{type: string}")
	add("length", "{type: string, maxLength: 100}")
	return out
}

// hostileValueCases are the values of TestHostileValues, by position.
func hostileValueCases() []hostileCase {
	str := func(f func(n int) string) func(n int) []byte {
		return func(n int) []byte { return jsonString(f(max(n, 2))) }
	}
	var out []hostileCase
	for _, p := range hostilePatterns {
		out = append(out, hostileCase{name: "pattern/" + p.name, error: hostileSymbol("pattern/" + p.name), value: str(p.value)})
	}
	for _, f := range hostileFormats {
		out = append(out, hostileCase{name: "format/" + f.name, error: hostileSymbol("format/" + f.name), value: str(f.value)})
	}
	for _, s := range hostileSanitized {
		for _, mode := range s.modes {
			c := hostileCase{name: "sanitize/" + mode + "/" + s.name, error: hostileSymbol("sanitize/" + mode), value: str(s.value)}
			if s.name == "mixed" {
				c.sizes = hostilePartsSizes // every eighth piece a URL, an address, a path or a token, each rewritten
			}
			out = append(out, c)
		}
	}
	out = append(out,
		hostileCase{name: "untyped/string", error: hostileSymbol("untyped"), value: str(hostileText)},
		// many members, in no order: sorted by key
		hostileCase{name: "untyped/members", sizes: hostilePartsSizes, error: hostileSymbol("untyped"), value: func(n int) []byte {
			return jsonObject(max(n/24, 1), func(i int) (string, string) { return fmt.Sprintf("k%010d", hostileShuffle(i)), "value" })
		}},
		// numbers, each written as the shortest digits that read back
		hostileCase{name: "untyped/numbers", sizes: hostilePartsSizes, error: hostileSymbol("untyped"), value: func(n int) []byte {
			var b bytes.Buffer
			b.WriteByte('[')
			for i := 0; b.Len() < n; i++ {
				if i > 0 {
					b.WriteByte(',')
				}
				b.WriteString(strconv.FormatFloat(float64(hostileShuffle(i)+1)*1.2345678901234567e290, 'g', -1, 64))
			}
			b.WriteByte(']')
			return b.Bytes()
		}},
		// keys and values that almost match the sanitizers, each scrubbed
		hostileCase{name: "untyped/sanitized", sizes: hostilePartsSizes, error: hostileSymbol("untyped/sanitized"), value: func(n int) []byte {
			return jsonObject(max(n/80, 1), func(i int) (string, string) {
				return fmt.Sprintf("%s%010d", strings.Repeat("aB1", 7), hostileShuffle(i)), rep("a", 30) + "@a !://" + strings.Repeat("aB1", 10)
			})
		}},
		hostileCase{name: "array/strings", sizes: hostilePartsSizes, error: hostileSymbol("array"), value: func(n int) []byte {
			return jsonArray(max(n/32, 1), func(i int) string { return rep("a", 29) })
		}},
		hostileCase{name: "array/pattern", sizes: hostilePartsSizes, error: hostileSymbol("array/pattern"), value: func(n int) []byte {
			return jsonArray(max(n/32, 1), func(i int) string { return rep("a", 28) + "!" })
		}},
		// distinct items: each compared with those before it
		hostileCase{name: "array/unique", sizes: hostilePartsSizes, error: hostileSymbol("array/unique"), value: func(n int) []byte {
			return jsonArray(max(n/16, 1), func(i int) string { return fmt.Sprintf("i%011d", hostileShuffle(i)) })
		}},
		hostileCase{name: "map", sizes: hostilePartsSizes, error: hostileSymbol("map"), value: func(n int) []byte {
			return jsonObject(max(n/24, 1), func(i int) (string, string) { return fmt.Sprintf("k%010d", hostileShuffle(i)), "value" })
		}},
		hostileCase{name: "sensitive", error: hostileSymbol("sensitive"), value: str(func(n int) string { return rep("a", n-4) + "!://" })},
		hostileCase{name: "plain/mixed", error: hostileSymbol("plain"), value: str(hostileText)},
		// characters the writer escapes, six bytes each
		hostileCase{name: "plain/escaped", error: hostileSymbol("plain"), value: str(func(n int) string { return rep("<\u2028\x01\"", n/7) })},
		// code points counted
		hostileCase{name: "length", error: hostileSymbol("length"), value: str(func(n int) string { return rep("é😀", n/6) })},
		// the cause chain, scrubbed as text in verbose mode's debugInfo
		hostileCase{name: "cause/mixed", sizes: hostilePartsSizes, error: hostileSymbol("plain"), place: "cause", value: str(hostileText)},
		hostileCase{name: "extensions", error: hostileSymbol("plain"), place: "extensions", value: str(hostileText)},
	)
	for i := range out {
		if out[i].sizes == nil {
			out[i].sizes = hostileSizes
		}
	}
	return out
}

// rep repeats unit to about n bytes (once at least).
func rep(unit string, n int) string { return strings.Repeat(unit, max(n/len(unit), 1)) }

// hostileShuffle maps i to another number, in no order (a bijection of
// the 32-bit numbers: distinct for distinct i).
func hostileShuffle(i int) int { return int(uint32(i) * 2654435761) }

// hostileText is about n bytes of text mixed at random (the same every
// run): words, digits, white space, home paths, URLs with secrets,
// e-mail addresses and near-misses, long tokens, quotes and HTML,
// controls, non-ASCII letters and emoji.
func hostileText(n int) string {
	r := rand.New(rand.NewPCG(49, 2))
	pieces := []string{
		"the", "value", "of", "error", "lorem", "ipsum", " ", " ", " ", "\n", "\t", ".", ",", ":", "/", "@", "://",
		"/home/alice/", "/Users/bob", "/root", `C:\Users\carol\`, "https://user:pass@example.com/p?token=abc&x=1#f",
		"ftp://host", "a@b.co", "name@domain", "x@y.", "ghp_0123456789abcdefABCDEF0123456789ab",
		"aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3", "00000000000000000000000000000000", "\"", "'", "<", ">", "&", "\\",
		"\u2028", "\x01", "é", "ß", "日本", "😀", "\u202e", "%41", "+", "-", "_", "=",
	}
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return b.String()
}

func jsonString(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		panic(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

func jsonArray(count int, item func(i int) string) []byte {
	var b bytes.Buffer
	b.WriteByte('[')
	for i := 0; i < count; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(jsonString(item(i)))
	}
	b.WriteByte(']')
	return b.Bytes()
}

func jsonObject(count int, member func(i int) (string, string)) []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	for i := 0; i < count; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		k, v := member(i)
		b.Write(jsonString(k))
		b.WriteByte(':')
		b.Write(jsonString(v))
	}
	b.WriteByte('}')
	return b.Bytes()
}

// hostileLine is the input line of case c with its value of about n
// bytes.
func hostileLine(c hostileCase, n int, id string) []byte {
	var b bytes.Buffer
	b.WriteString(`{"id":`)
	b.Write(jsonString(id))
	b.WriteString(`,"input":{"kind":"error","symbol":`)
	b.Write(jsonString(c.error))
	value := c.value(n)
	switch c.place {
	case "":
		b.WriteString(`,"details":{"v":`)
		b.Write(value)
		b.WriteString(`},"options":{`)
	case "cause":
		b.WriteString(`,"cause":[`)
		b.Write(value)
		b.WriteString(`,"the cause's cause"],"options":{"verbose":true,`)
	case "extensions":
		b.WriteString(`,"extensions":[{"key":"hostile","value":`)
		b.Write(value)
		b.WriteString(`}],"data":[{"key":"hostile","value":`)
		b.Write(value)
		b.WriteString(`}],"options":{`)
	default:
		panic("no place " + c.place)
	}
	b.WriteString(`"now":"2026-01-02T03:04:05Z","instance":"urn:example:hostile"}}}`)
	if !json.Valid(b.Bytes()) {
		panic("the line of " + id + " is not JSON")
	}
	return b.Bytes()
}

// hostileResult is one runner's answer to one line, and its time.
type hostileResult struct {
	d       time.Duration // wall time, from writing the line to reading its answer
	cpu     time.Duration // the runner's CPU time meanwhile (Linux; else 0)
	answer  string        // the payloads, or "error" for the error answer
	failure string        // no answer, or a malformed one
	killed  bool          // the runner was stopped
	tries   int           // times timed again
}

// own is the time the runner took itself: its CPU time where that is
// known and less than the wall time (the waits of a busy machine left
// out), else the wall time.
func (r hostileResult) own() time.Duration {
	if r.cpu > 0 && r.cpu < r.d {
		return r.cpu
	}
	return r.d
}

func (r hostileResult) cell(cpu bool) string {
	switch {
	case r.failure != "" && strings.HasPrefix(r.failure, "not sent"):
		return "-"
	case r.failure != "" && r.killed:
		return ">" + strconv.Itoa(int(r.d/time.Millisecond))
	case r.failure != "":
		return "fail"
	}
	d := r.d
	if cpu {
		d = r.cpu
	}
	ms := float64(d) / float64(time.Millisecond)
	s := strconv.FormatFloat(ms, 'f', 0, 64)
	if ms < 10 && !cpu {
		s = strconv.FormatFloat(ms, 'f', 1, 64)
	}
	if r.tries > 0 {
		s += "*"
	}
	return s
}

// hostileRunner is one runtime's conformance runner, a process kept
// between lines and started again after one it does not answer.
type hostileRunner struct {
	name     string
	command  []string
	dir      string
	env      []string
	hardStop time.Duration // the longest wait for an answer

	cmd     *exec.Cmd
	stdin   io.WriteCloser
	answers chan []byte
	exited  chan struct{}
	stderr  *lockedBuffer
}

// lockedBuffer is a buffer written by a process and read by the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.b.Len() < 1<<16 {
		b.b.Write(p)
	}
	return len(p), nil
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// start starts the runner and waits for its answer to a small line, so
// that no line's time holds the runner's start.
func (r *hostileRunner) start() error {
	cmd := exec.Command(r.command[0], r.command[1:]...)
	cmd.Dir, cmd.Env = r.dir, r.env
	r.stderr = &lockedBuffer{}
	cmd.Stderr = r.stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	r.cmd, r.stdin = cmd, stdin
	answers, exited := make(chan []byte, 1), make(chan struct{})
	r.answers, r.exited = answers, exited
	go func() {
		br := bufio.NewReaderSize(stdout, 1<<16)
		for {
			b, err := br.ReadBytes('\n')
			if len(b) > 0 {
				answers <- b
			}
			if err != nil {
				cmd.Wait()
				close(exited)
				return
			}
		}
	}()
	warm := hostileLine(hostileCase{error: hostileSymbol("plain"), value: func(int) []byte { return jsonString("warm") }}, 0, "warm")
	if res := r.ask(warm, "warm", 30*time.Second); res.failure != "" {
		return fmt.Errorf("%s", res.failure)
	}
	return nil
}

// stop ends the runner: its input closed, killed if it does not exit.
func (r *hostileRunner) stop() {
	if r.cmd == nil {
		return
	}
	r.stdin.Close()
	select {
	case <-r.exited:
	case <-time.After(5 * time.Second):
		r.cmd.Process.Kill()
		<-r.exited
	}
	r.cmd = nil
}

func (r *hostileRunner) kill() {
	r.cmd.Process.Kill()
	r.stdin.Close()
	<-r.exited
	r.cmd = nil
}

// time sends line, started if it is not, and times its answer.
func (r *hostileRunner) time(line []byte, id string) hostileResult {
	if r.cmd == nil {
		if err := r.start(); err != nil {
			if r.cmd != nil {
				r.kill()
			}
			return hostileResult{failure: "the runner does not start: " + err.Error()}
		}
	}
	return r.ask(line, id, r.hardStop)
}

// ask writes line and waits for its answer, up to timeout.
func (r *hostileRunner) ask(line []byte, id string, timeout time.Duration) hostileResult {
	written := make(chan error, 1)
	cpu := processCPU(r.cmd.Process.Pid)
	began := time.Now()
	go func() {
		_, err := r.stdin.Write(append(line, '\n'))
		written <- err
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case a := <-r.answers:
		d := time.Since(began)
		res := hostileResult{d: d, cpu: processCPU(r.cmd.Process.Pid) - cpu}
		res.answer, res.failure = readHostileAnswer(a, id)
		return res
	case <-r.exited:
		stderr := r.stderr.String()
		r.stdin.Close()
		r.cmd = nil
		return hostileResult{failure: "the runner exited without answering\n" + tail(stderr, 2000), killed: true}
	case <-timer.C:
		r.kill()
		return hostileResult{d: timeout, failure: fmt.Sprintf("no answer within %v: the runner stopped", timeout), killed: true}
	}
}

// processCPU is the CPU time process pid has taken, all its threads, in
// user and system mode: /proc/PID/stat's utime and stime, in clock ticks
// of 10 ms (0 where there is no /proc).
func processCPU(pid int) time.Duration {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	i := bytes.LastIndexByte(stat, ')') // the command's name may hold spaces
	if i < 0 {
		return 0
	}
	fields := strings.Fields(string(stat[i+1:]))
	if len(fields) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// readHostileAnswer reads one answer to the line id: its payloads (the
// four formats, each JSON text), the violations each reported and the HTTP
// answer, as one string, or "error" for the error answer with the line's
// id.
func readHostileAnswer(text []byte, id string) (string, string) {
	var a struct {
		ID         *string                                    `json:"id"`
		Payloads   map[string]*string                         `json:"payloads"`
		Violations map[string][]errgenrt.ConformanceViolation `json:"violations"`
		HTTP       *errgenrt.ConformanceHTTP                  `json:"http"`
		Error      *string                                    `json:"error"`
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		return "", "malformed answer (" + err.Error() + "): " + cutText(string(text), 500)
	}
	switch {
	case a.ID == nil || *a.ID != id:
		return "", "an answer to another line: " + cutText(string(text), 500)
	case a.Error != nil && a.Payloads == nil:
		return "error", ""
	case a.Error != nil || len(a.Payloads) != 4 || a.HTTP == nil:
		return "", "malformed answer: " + cutText(string(text), 500)
	}
	var b strings.Builder
	for _, f := range []string{"jsonrpc", "problem", "response", "toolResult"} {
		p := a.Payloads[f]
		if p == nil || !json.Valid([]byte(*p)) {
			return "", "malformed answer (payload " + f + "): " + cutText(string(text), 500)
		}
		vs, ok := a.Violations[f]
		if !ok {
			return "", "malformed answer (no violations of " + f + "): " + cutText(string(text), 500)
		}
		fmt.Fprintf(&b, "%s: %s\n%s violations: %v\n", f, *p, f, vs)
	}
	retryAfter := "none"
	if a.HTTP.RetryAfter != nil {
		retryAfter = strconv.Quote(*a.HTTP.RetryAfter)
	}
	fmt.Fprintf(&b, "http: status %d, Retry-After %s\n", a.HTTP.Status, retryAfter)
	return b.String(), ""
}
