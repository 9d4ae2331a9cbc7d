package main

import (
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
)

// runtimeBench is the benchmark of the generated package errs of a
// gencatalog catalog: one error (E_D000_ERR_000000, details of shape_00)
// made and rendered as a JSON-RPC error object by errgen's runtime, and
// the same object marshalled by encoding/json from a tagged struct and
// from a map. TestSame holds the three to the same JSON.
const runtimeBench = `package rtbench

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	errs "example.com/bench/errs"
)

var sink []byte

const resource, limit, actual, unit = "file_size", int64(1048576), int64(5242880), "bytes"

var unitBytes = errs.Shape00UnitBytes

func errgen(buf []byte) []byte {
	e := errs.NewD000Err000000(errs.Shape00{Resource: resource, Limit: limit, Actual: actual, Unit: &unitBytes})
	return e.AppendJSONRPC(buf, nil)
}

type rpcError struct {
	Code    int64   ` + "`json:\"code\"`" + `
	Message string  ` + "`json:\"message\"`" + `
	Data    rpcData ` + "`json:\"data\"`" + `
}

type rpcData struct {
	Domain    string     ` + "`json:\"domain\"`" + `
	Symbol    string     ` + "`json:\"symbol\"`" + `
	Retryable bool       ` + "`json:\"retryable\"`" + `
	Retry     string     ` + "`json:\"retry\"`" + `
	Context   rpcContext ` + "`json:\"context\"`" + `
}

type rpcContext struct {
	SchemaVersion int      ` + "`json:\"schemaVersion\"`" + `
	Type          string   ` + "`json:\"type\"`" + `
	Details       details  ` + "`json:\"details\"`" + `
	UserMessage   string   ` + "`json:\"userMessage,omitempty\"`" + `
	Suggestions   []string ` + "`json:\"suggestions,omitempty\"`" + `
	Retryable     bool     ` + "`json:\"retryable\"`" + `
}

type details struct {
	Resource string ` + "`json:\"resource\"`" + `
	Limit    int64  ` + "`json:\"limit\"`" + `
	Actual   int64  ` + "`json:\"actual\"`" + `
	Unit     string ` + "`json:\"unit,omitempty\"`" + `
}

func tagged() []byte {
	out, _ := json.Marshal(rpcError{
		Code:    10000,
		Message: fmt.Sprintf("Resource %s is at %d of %d %s (error 0)", resource, actual, limit, unit),
		Data: rpcData{Domain: "dom000", Symbol: "E_D000_ERR_000000", Retryable: true, Retry: "after_delay", Context: rpcContext{
			SchemaVersion: 1, Type: "d000_err_000000",
			Details:       details{Resource: resource, Limit: limit, Actual: actual, Unit: unit},
			UserMessage:   "The request went over a limit.",
			Suggestions:   []string{fmt.Sprintf("Lower %s below %d", resource, limit), "Retry with a smaller request"},
			Retryable:     true,
		}},
	})
	return out
}

func untyped() []byte {
	out, _ := json.Marshal(map[string]any{
		"code":    10000,
		"message": fmt.Sprintf("Resource %s is at %d of %d %s (error 0)", resource, actual, limit, unit),
		"data": map[string]any{
			"domain": "dom000", "symbol": "E_D000_ERR_000000", "retryable": true, "retry": "after_delay",
			"context": map[string]any{
				"schemaVersion": 1, "type": "d000_err_000000",
				"details":     map[string]any{"resource": resource, "limit": limit, "actual": actual, "unit": unit},
				"userMessage": "The request went over a limit.",
				"suggestions": []string{fmt.Sprintf("Lower %s below %d", resource, limit), "Retry with a smaller request"},
				"retryable":   true,
			},
		},
	})
	return out
}

func TestSame(t *testing.T) {
	var a, b, c any
	for _, x := range []struct {
		data []byte
		v    *any
	}{{errgen(nil), &a}, {tagged(), &b}, {untyped(), &c}} {
		if err := json.Unmarshal(x.data, x.v); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(a, b) || !reflect.DeepEqual(a, c) {
		t.Fatalf("the three encodings differ:\n%s\n%s\n%s", errgen(nil), tagged(), untyped())
	}
}

func BenchmarkErrgen(b *testing.B) {
	b.ReportAllocs()
	buf := make([]byte, 0, 2048)
	for range b.N {
		buf = errgen(buf[:0])
	}
	sink = buf
}

func BenchmarkStruct(b *testing.B) {
	b.ReportAllocs()
	for range b.N {
		sink = tagged()
	}
}

func BenchmarkMap(b *testing.B) {
	b.ReportAllocs()
	for range b.N {
		sink = untyped()
	}
}
`

var benchLine = regexp.MustCompile(`(?m)^Benchmark(\w+)-\d+\s+\d+\s+([0-9.]+) ns/op\s+\d+ B/op\s+(\d+) allocs/op`)

// measureRuntime runs the runtime benchmark against the package of mod.
func measureRuntime(w io.Writer, c *config, mod *benchModule, n int) error {
	if err := mod.write("rtbench/rtbench_test.go", runtimeBench); err != nil {
		return err
	}
	cmd := mod.goCmd("test", "-run", "^TestSame$", "-bench", ".", "-benchmem", "-benchtime", c.benchtime, "-count", strconv.Itoa(c.runs), "./rtbench")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("go test ./rtbench: %v\n%s", err, out)
	}
	ns := map[string][]float64{}
	allocs := map[string]string{}
	for _, m := range benchLine.FindAllStringSubmatch(string(out), -1) {
		v, _ := strconv.ParseFloat(m[2], 64)
		ns[m[1]] = append(ns[m[1]], v)
		allocs[m[1]] = m[3]
	}
	med := func(name string) float64 {
		s := slices.Clone(ns[name])
		if len(s) == 0 {
			return 0
		}
		slices.Sort(s)
		return s[len(s)/2]
	}
	e, s, m := med("Errgen"), med("Struct"), med("Map")
	if e == 0 || s == 0 || m == 0 {
		return fmt.Errorf("go test ./rtbench: benchmarks missing from\n%s", out)
	}
	fmt.Fprintf(w, "errors=%d runtime errgen %.0f ns/op %s allocs; encoding/json tagged struct %.0f ns/op %s allocs (errgen/struct %.2fx); map %.0f ns/op %s allocs (errgen/map %.2fx)\n",
		n, e, allocs["Errgen"], s, allocs["Struct"], e/s, m, allocs["Map"], e/m)
	return nil
}
