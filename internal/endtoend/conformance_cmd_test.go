package endtoend

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/gencatalog"
)

// conformanceSetup builds the golden packages' Go runner and writes the
// vectors of the kinds catalog with errgen generate -conformance, as a user
// does.
func conformanceSetup(t *testing.T) (dir, runner, vectors string) {
	t.Helper()
	dir = t.TempDir()
	runner = filepath.Join(dir, "gorunner")
	build := exec.Command("go", "build", "-o", runner, "./internal/endtoend/testdata/gorunner")
	build.Dir = repoRoot(t)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cat := filepath.Join(repoRoot(t), "internal", "endtoend", "testdata", "golden", "kinds", "errors.yaml")
	_, stderr, exit := runCLI(t, dir, "generate", "-catalog", cat, "-go", "out/go", "-ts", "out/ts", "-schema", "out/schema.json",
		"-docs", "out/docs", "-conformance", "out/vectors.json")
	if exit != 0 {
		t.Fatalf("generate -conformance: exit %d\n%s", exit, stderr)
	}
	return dir, runner, filepath.Join(dir, "out", "vectors.json")
}

// errgen conformance passes a runner that matches every payload, and fails
// — naming the vector, the format and where the bytes part — one that does
// not: a changed expected byte or violation, a runner escaping < its own
// way, one that answers nothing, hangs, dies, leaves a vector out or
// answers one twice, or gives other advice or another HTTP answer. A
// runner that answers without violations, advice and HTTP answers passes,
// told that the hook, the advice and the HTTP answers went unchecked.
func TestConformanceCommand(t *testing.T) {
	dir, runner, vectors := conformanceSetup(t)
	stdout, stderr, exit := runCLI(t, dir, "conformance", "-vectors", vectors, "--", runner, "kinds")
	if exit != 0 || !strings.Contains(stdout, "every payload matches") {
		t.Fatalf("the Go runner of the kinds package: exit %d\n%s%s", exit, stdout, stderr)
	}

	// one expected byte changed: the title of E_PARSE in its first vector
	data, err := os.ReadFile(vectors)
	if err != nil {
		t.Fatal(err)
	}
	const title = `\"title\":\"Parse error\"`
	i := bytes.Index(data, []byte(title))
	if i < 0 {
		t.Fatalf("no %s in the vectors", title)
	}
	var file struct{ Vectors []json.RawMessage }
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	n, refusals, advice := len(file.Vectors), bytes.Count(data, []byte(`"refused":`)), bytes.Count(data, []byte(`"advice":`))
	unreadable := bytes.Count(data, []byte(`"unreadable":`))
	rendered := n - refusals - advice - unreadable
	var last struct{ ID string }
	if err := json.Unmarshal(file.Vectors[n-1], &last); err != nil {
		t.Fatal(err)
	}
	changed := bytes.Clone(data)
	changed[i+len(title)-3] = 'R' // Parse error -> Parse erroR
	changedPath := filepath.Join(dir, "changed.json")
	if err := os.WriteFile(changedPath, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	// one expected violation's keyword changed
	const keyword = `"keyword":"minimum","outcome":"omitted"}`
	if !bytes.Contains(data, []byte(keyword)) {
		t.Fatalf("no %s in the vectors", keyword)
	}
	wrongPath := filepath.Join(dir, "wrong-violation.json")
	if err := os.WriteFile(wrongPath, bytes.Replace(data, []byte(keyword), []byte(`"keyword":"maximum","outcome":"omitted"}`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	// an input to refuse made one the runner renders: a status of "400" 400
	const status = `"status":"400"`
	if !bytes.Contains(data, []byte(status)) {
		t.Fatalf("no %s in the vectors", status)
	}
	accepted := bytes.Replace(data, []byte(status), []byte(`"status":400`), 1)
	acceptedPath := filepath.Join(dir, "accepted.json")
	if err := os.WriteFile(acceptedPath, accepted, 0o644); err != nil {
		t.Fatal(err)
	}
	// a line no runner reads made one it reads: its id a string
	const numberID = `"line":"{\"id\":7,`
	if !bytes.Contains(data, []byte(numberID)) {
		t.Fatalf("no %s in the vectors", numberID)
	}
	readablePath := filepath.Join(dir, "readable.json")
	if err := os.WriteFile(readablePath, bytes.Replace(data, []byte(numberID), []byte(`"line":"{\"id\":\"rules/unreadable-number-id\",`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	// one expected advice changed: the first never a retry
	const never = `"advice":{"action":"never","delayMs":null}`
	if !bytes.Contains(data, []byte(never)) {
		t.Fatalf("no %s in the vectors", never)
	}
	advisedPath := filepath.Join(dir, "advised.json")
	if err := os.WriteFile(advisedPath, bytes.Replace(data, []byte(never), []byte(`"advice":{"action":"retry","delayMs":5}`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	// one expected HTTP answer given a Retry-After it does not send
	const noDelay = `"http":{"status":500,"retryAfter":null}`
	at := bytes.Index(data, []byte(noDelay))
	if at < 0 {
		t.Fatalf("no %s in the vectors", noDelay)
	}
	var delayed struct{ ID string }
	if err := json.Unmarshal(data[bytes.LastIndex(data[:at], []byte(`{"id":`)):at+len(noDelay)+1], &delayed); err != nil {
		t.Fatal(err)
	}
	delayedPath := filepath.Join(dir, "delayed.json")
	if err := os.WriteFile(delayedPath, bytes.Replace(data, []byte(noDelay), []byte(`"http":{"status":500,"retryAfter":"9"}`), 1), 0o644); err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		name    string
		vectors string
		args    []string
		want    []string
	}{
		{"changed byte", changedPath, []string{runner, "kinds"}, []string{"E_PARSE/", " problem: bytes differ at byte ", "want: ", "erro⟨here⟩R", fmt.Sprintf("FAIL: 1 of %d payloads differ\n", 4*rendered)}},
		{"renders a refusal", acceptedPath, []string{runner, "kinds"}, []string{"rules/refuse-foreign-status: the runner rendered an input it must refuse (a status that is not a number, on a foreign error)", fmt.Sprintf("FAIL: 0 of %d payloads differ, 1 of %d inputs to refuse rendered\n", 4*rendered, refusals)}},
		{"reads an unreadable line", readablePath, []string{runner, "kinds"}, []string{`rules/unreadable-number-id: the runner read a line it cannot read (an id that is not a string)`, fmt.Sprintf("FAIL: 0 of %d payloads differ, 1 of %d lines it cannot read read\n", 4*rendered, unreadable)}},
		{"changed advice", advisedPath, []string{runner, "kinds"}, []string{`rules/advice/1: advice "never" without a delay, want "retry" after 5 ms`, fmt.Sprintf("FAIL: 0 of %d payloads differ, 1 of %d advice answers differ\n", 4*rendered, advice)}},
		{"changed http", delayedPath, []string{runner, "kinds"}, []string{delayed.ID + ` http: status 500, no Retry-After, want status 500, Retry-After "9"`, fmt.Sprintf("FAIL: 0 of %d payloads differ, 1 of %d HTTP answers differ\n", 4*rendered, rendered)}},
		{"changed violation", wrongPath, []string{runner, "kinds"}, []string{"rules-catalog/check-values jsonrpc: violation 1 of ", `want E_CHECKS omitted maximum at "/minimum/c000~1~0", got E_CHECKS omitted minimum at "/minimum/c000~1~0"`, "FAIL: 4 of "}},
		{"< unescaped", vectors, []string{runner, "-break", "html", "kinds"}, []string{"bytes differ", `⟨here⟩<`, "FAIL"}},
		{"answers nothing", vectors, []string{"sh", "-c", "cat >/dev/null"}, []string{fmt.Sprintf("the runner answered none of %d vectors", n)}},
		{"hangs", vectors, []string{"sleep", "60"}, []string{fmt.Sprintf("the runner sent nothing for 1s after 0 of %d answers; stopped it", n)}},
		{"dies", vectors, []string{runner, "-break", "crash", "kinds"}, []string{"the runner exit status 3", fmt.Sprintf("no answer for %d vectors", n-1-unreadable), fmt.Sprintf("%d lines the runner cannot read, 0 answered", unreadable)}},
		{"leaves one out", vectors, []string{runner, "-break", "short", "kinds"}, []string{"no answer for 1 vector: " + last.ID}},
		{"answers twice", vectors, []string{runner, "-break", "twice", "kinds"}, []string{`line 2 answers "E_PARSE/empty" a second time`}},
		{"not a runner", vectors, []string{"echo", "hello"}, []string{`line 1 of the runner's output is not an answer`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"conformance", "-vectors", tc.vectors, "-timeout", "1s", "--"}, tc.args...)
			stdout, stderr, exit := runCLI(t, dir, args...)
			if exit != 1 {
				t.Errorf("exit %d, want 1\n%s%s", exit, stdout, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("the report lacks %q:\n%s", w, stderr)
				}
			}
		})
	}

	// a runner whose runtime has no violation hook, no advice helper and no
	// HTTP helper
	stdout, stderr, exit = runCLI(t, dir, "conformance", "-vectors", vectors, "--", runner, "-break", "mute", "kinds")
	for _, want := range []string{
		fmt.Sprintf("%d answers without violations: the violation hook was not checked there", rendered),
		fmt.Sprintf("%d answers without advice: the retry advice was not checked there", advice),
		fmt.Sprintf("%d answers without http: the HTTP answer (status, Retry-After) was not checked there", rendered),
	} {
		if exit != 0 || !strings.Contains(stdout, "every payload matches") || !strings.Contains(stdout, want) {
			t.Errorf("a runner answering without violations, advice and HTTP answers: exit %d, want 0 and %q\n%s%s", exit, want, stdout, stderr)
		}
	}

	// the HTTP answer is the problem document's: compared with problem only
	if stdout, stderr, exit := runCLI(t, dir, "conformance", "-vectors", delayedPath, "-formats", "jsonrpc,response", "--", runner, "kinds"); exit != 0 || strings.Contains(stdout, "HTTP answer") {
		t.Errorf("-formats jsonrpc,response compared the HTTP answers: exit %d\n%s%s", exit, stdout, stderr)
	}

	// usage errors: exit 2
	for _, args := range [][]string{
		{"conformance", "--", runner},
		{"conformance", "-vectors", vectors},
		{"conformance", "-vectors", filepath.Join(dir, "missing.json"), "--", runner},
		{"conformance", "-vectors", vectors, "-formats", "xml", "--", runner},
		{"conformance", "-vectors", vectors, "-run", "NO_SUCH", "--", runner},
	} {
		if _, stderr, exit := runCLI(t, dir, args...); exit != 2 || stderr == "" {
			t.Errorf("%q: exit %d, want 2 with a message\n%s", args, exit, stderr)
		}
	}
	// -run and -formats narrow what is compared
	stdout, _, exit = runCLI(t, dir, "conformance", "-vectors", changedPath, "-run", "^E_INTERNAL/", "-formats", "jsonrpc,response", "--", runner, "kinds")
	if exit != 0 || !strings.Contains(stdout, "every payload matches") {
		t.Errorf("-run E_INTERNAL -formats jsonrpc,response: exit %d\n%s", exit, stdout)
	}
}

// The vector file is an output like the others: recorded, checked by
// generate -check, and not written without -conformance or
// outputs.conformance.
func TestConformanceOutputChecked(t *testing.T) {
	dir := t.TempDir()
	cat := filepath.Join(repoRoot(t), "internal", "endtoend", "testdata", "golden", "kinds", "errors.yaml")
	args := []string{"generate", "-catalog", cat, "-go", "go", "-ts", "ts", "-schema", "schema/s.json", "-docs", "docs"}
	if _, stderr, exit := runCLI(t, dir, args...); exit != 0 {
		t.Fatal(stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "conformance")); err == nil {
		t.Fatal("vectors written without being asked for")
	}
	args = append(args, "-conformance", "conformance/vectors.json")
	if _, stderr, exit := runCLI(t, dir, append(args, "-check")...); exit != 1 || !strings.Contains(stderr, "conformance/vectors.json: missing") {
		t.Fatalf("-check before the vectors are written: exit %d\n%s", exit, stderr)
	}
	if _, stderr, exit := runCLI(t, dir, args...); exit != 0 {
		t.Fatal(stderr)
	}
	records, _ := filepath.Glob(filepath.Join(dir, "conformance", ".errgen-*"))
	if len(records) != 1 {
		t.Fatalf("records beside the vectors: %v", records)
	}
	if _, stderr, exit := runCLI(t, dir, append(args, "-check")...); exit != 0 {
		t.Fatalf("-check after generate: exit %d\n%s", exit, stderr)
	}
	path := filepath.Join(dir, "conformance", "vectors.json")
	data, _ := os.ReadFile(path)
	if err := os.WriteFile(path, bytes.Replace(data, []byte("E_PARSE"), []byte("E_PARSF"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, exit := runCLI(t, dir, append(args, "-check")...); exit != 1 || !strings.Contains(stderr, "conformance/vectors.json: stale") {
		t.Fatalf("-check after an edit of the vectors: exit %d\n%s", exit, stderr)
	}
}

// The Go runner a user writes — four lines of main around
// errgenrt.ServeConformance — passes errgen conformance on the packages of
// the hostile and a synthetic catalog, built in a module of their own.
func TestGoRunnerModule(t *testing.T) {
	const runner = `package main

import (
	"log"
	"os"

	"github.com/errgen/errgen/errgenrt"
	"example.com/conf/%s"
)

func main() {
	if err := errgenrt.ServeConformance(%s.Catalog, os.Stdin, os.Stdout); err != nil {
		log.Fatal(err)
	}
}
`
	dir := tempModule(t, "example.com/conf", map[string]string{
		"hostile/errors.yaml":   hostileCatalog(),
		"synthetic/errors.yaml": string(gencatalog.Generate(150)),
		"cmd/hostile/main.go":   fmt.Sprintf(runner, "hostileerrors", "hostileerrors"),
		"cmd/synthetic/main.go": fmt.Sprintf(runner, "syntheticerrors", "syntheticerrors"),
	})
	for _, name := range []string{"hostile", "synthetic"} {
		pkg := name + "errors"
		if _, stderr, exit := runCLI(t, dir, "generate", "-catalog", name+"/errors.yaml", "-go", pkg, "-go-package", pkg,
			"-ts", name+"/ts", "-schema", name+"/schema.json", "-docs", name+"/docs", "-conformance", name+"/vectors.json"); exit != 0 {
			t.Fatalf("generate %s: %s", name, stderr)
		}
	}
	goIn(t, dir, "build", "-o", "bin/", "./cmd/...")
	for _, name := range []string{"hostile", "synthetic"} {
		stdout, stderr, exit := runCLI(t, dir, "conformance", "-vectors", name+"/vectors.json", "--", filepath.Join(dir, "bin", name))
		if exit != 0 || !strings.Contains(stdout, "every payload matches") {
			t.Errorf("%s: exit %d\n%s%s", name, exit, stdout, stderr)
		}
	}
}
