// Command gorunner is the conformance runner of the golden catalogs'
// generated Go packages (errgenrt.ServeConformance), for the tests of
// errgen conformance: `gorunner NAME` serves catalog NAME. -break makes it
// a broken runner the command must catch: "html" writes < unescaped in
// every payload, "short" leaves the last vector unanswered, "twice"
// answers the first vector twice, "crash" exits with status 3 after the
// first answer, "mute" answers without violations, advice or HTTP answers
// (a runtime with no violation hook, no client's advice helper and no HTTP
// helper).
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/errgen/errgen/errgenrt"
	kinds "github.com/errgen/errgen/internal/endtoend/testdata/golden/kinds/go"
	mdmcp "github.com/errgen/errgen/internal/endtoend/testdata/golden/mdmcp/go"
	plain "github.com/errgen/errgen/internal/endtoend/testdata/golden/plain/go"
	problem "github.com/errgen/errgen/internal/endtoend/testdata/golden/problem/go"
	taxonomy "github.com/errgen/errgen/internal/endtoend/testdata/golden/taxonomy/go"
)

var catalogs = map[string]*errgenrt.Catalog{
	"kinds": kinds.Catalog, "mdmcp": mdmcp.Catalog, "plain": plain.Catalog, "problem": problem.Catalog, "taxonomy": taxonomy.Catalog,
}

func main() {
	broken := flag.String("break", "", "html, short, twice, crash or mute")
	flag.Parse()
	c := catalogs[flag.Arg(0)]
	if c == nil {
		log.Fatalf("gorunner: no catalog %q", flag.Arg(0))
	}
	if *broken == "" {
		if err := errgenrt.ServeConformance(c, os.Stdin, os.Stdout); err != nil {
			log.Fatal(err)
		}
		return
	}
	var out bytes.Buffer
	if err := errgenrt.ServeConformance(c, os.Stdin, &out); err != nil {
		log.Fatal(err)
	}
	lines := strings.SplitAfter(out.String(), "\n")
	lines = lines[:len(lines)-1] // after the last newline
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	switch *broken {
	case "html":
		for _, l := range lines {
			// the answer's payload strings hold \u003c as \\u003c
			io.WriteString(w, strings.ReplaceAll(l, `\\u003c`, `<`))
		}
	case "short":
		for _, l := range lines[:len(lines)-1] {
			io.WriteString(w, l)
		}
	case "twice":
		io.WriteString(w, lines[0])
		for _, l := range lines {
			io.WriteString(w, l)
		}
	case "mute":
		for _, l := range lines {
			var a map[string]json.RawMessage
			if err := json.Unmarshal([]byte(l), &a); err != nil {
				log.Fatal(err)
			}
			delete(a, "violations")
			delete(a, "advice")
			delete(a, "http")
			b, _ := json.Marshal(a)
			w.Write(append(b, '\n'))
		}
	case "crash":
		io.WriteString(w, lines[0])
		w.Flush()
		os.Exit(3)
	default:
		fmt.Fprintf(os.Stderr, "gorunner: unknown -break %q\n", *broken)
		os.Exit(2)
	}
}
