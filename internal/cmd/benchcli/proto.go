package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/errgen/errgen/internal/gencatalog"
)

// protoOf returns a proto file equivalent to gencatalog.Generate(n): for
// each detail shape a message (with an enum for its unit) and the message
// it refers to; for each error an enum value of its code and a message
// carrying its details (its own fields when they are inline).
func protoOf(n int) string {
	var b strings.Builder
	b.WriteString("syntax = \"proto3\";\n\npackage bench;\n\noption go_package = \"example.com/bench/pb\";\n\n")
	for s := range gencatalog.Shapes {
		fmt.Fprintf(&b, `// Sample%02[1]d is the sample of shape %[1]d.
message Sample%02[1]d {
  repeated string values = 1;
  int64 more = 2;
}

// Shape%02[1]dUnit is the unit of shape %[1]d.
enum Shape%02[1]dUnit {
  SHAPE%02[1]d_UNIT_UNSPECIFIED = 0;
  SHAPE%02[1]d_UNIT_BYTES = 1;
  SHAPE%02[1]d_UNIT_ITEMS = 2;
  SHAPE%02[1]d_UNIT_SECONDS = 3;
}

// Shape%02[1]d is synthetic shape %[1]d.
message Shape%02[1]d {
  string resource = 1; // What was limited
  int64 limit = 2;
  int64 actual = 3;
  Shape%02[1]dUnit unit = 4;
  string path = 5;
  repeated string tags = 6;
  string source = 7;
  Sample%02[1]d sample = 8;
}

`, s)
	}
	var codes strings.Builder
	codes.WriteString("// ErrorCode is the code of every error.\nenum ErrorCode {\n  ERROR_CODE_UNSPECIFIED = 0;\n")
	perDomain := max((n+gencatalog.Domains-1)/gencatalog.Domains, 1)
	span := 1000
	for span < perDomain {
		span *= 10
	}
	for i := range n {
		d := i % gencatalog.Domains
		code := 10000 + d*span + i/gencatalog.Domains
		name := fmt.Sprintf("D%03dErr%06d", d, i)
		fmt.Fprintf(&codes, "  E_D%03d_ERR_%06d = %d;\n", d, i, code)
		fmt.Fprintf(&b, "// %s is synthetic error %d, raised when a resource passes its limit.\n", name, i)
		if i%10 == 9 {
			fmt.Fprintf(&b, "message %s {\n  string resource = 1;\n  int64 limit = 2;\n  int64 actual = 3;\n  string unit = 4;\n  string note = 5;\n}\n\n", name)
		} else {
			fmt.Fprintf(&b, "message %s {\n  Shape%02d details = 1;\n}\n\n", name, i%gencatalog.Shapes)
		}
	}
	codes.WriteString("}\n")
	b.WriteString(codes.String())
	return b.String()
}

// measureProtoc times protoc --go_out on the proto equivalent to the
// catalog of n errors and compares errgen generate (gen) with it.
func measureProtoc(w io.Writer, c *config, n int, gen time.Duration) error {
	plugin := c.protocGenGo
	if plugin == "" {
		var err error
		if plugin, err = exec.LookPath("protoc-gen-go"); err != nil {
			return fmt.Errorf("protoc-gen-go is not on PATH (make bench-tools installs it, or pass -protoc-gen-go)")
		}
	}
	if _, err := exec.LookPath("protoc"); err != nil {
		return fmt.Errorf("protoc is not on PATH (make bench-tools installs it)")
	}
	dir := filepath.Join(c.dir, fmt.Sprintf("proto-%d", n))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "bench.proto"), []byte(protoOf(n)), 0o644); err != nil {
		return err
	}
	var runs []time.Duration
	for i := range c.runs {
		out := filepath.Join(dir, fmt.Sprintf("out-%d", i))
		if err := os.Mkdir(out, 0o755); err != nil {
			return err
		}
		syncFS()
		cmd := exec.Command("protoc", "--plugin=protoc-gen-go="+plugin, "-I", dir, "--go_out="+out, "--go_opt=paths=source_relative", "bench.proto")
		d, err := timeCmd(cmd)
		if err != nil {
			return err
		}
		runs = append(runs, d)
	}
	p := median(runs)
	fmt.Fprintf(w, "errors=%d protoc-gen-go %s (%s) on the equivalent proto; errgen generate (every output) %s: protoc/errgen %s\n",
		n, secs(p), runList(runs), secs(gen), ratio(p, gen))
	return nil
}
