// Command gencatalog prints a synthetic catalog of N errors (100 domains, 20
// detail shapes) for benchmarks and scale tests:
//
//	go run ./internal/cmd/gencatalog -n 10000 > /tmp/big.yaml
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/errgen/errgen/internal/gencatalog"
)

func main() {
	n := flag.Int("n", 10000, "number of errors")
	flag.Parse()
	if *n < 1 {
		fmt.Fprintln(os.Stderr, "gencatalog: -n must be at least 1")
		os.Exit(2)
	}
	if _, err := os.Stdout.Write(gencatalog.Generate(*n)); err != nil {
		fmt.Fprintln(os.Stderr, "gencatalog:", err)
		os.Exit(2)
	}
}
