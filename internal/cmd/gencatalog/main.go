// Command gencatalog prints a synthetic catalog of N errors (100 domains, 20
// detail shapes) for benchmarks and scale tests, or with -hostile the
// hostile catalog (every string a hazard to some output), or with
// -random SEED the random catalog of that seed (the differential test's):
//
//	go run ./internal/cmd/gencatalog -n 10000 > /tmp/big.yaml
//	go run ./internal/cmd/gencatalog -hostile > /tmp/hostile.yaml
//	go run ./internal/cmd/gencatalog -random 37000111 > /tmp/random.yaml
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/errgen/errgen/internal/gencatalog"
)

func main() {
	n := flag.Int("n", 10000, "number of errors")
	hostile := flag.Bool("hostile", false, "print the hostile catalog instead")
	random := flag.Uint64("random", 0, "print the random catalog of this seed instead")
	flag.Parse()
	if *n < 1 {
		fmt.Fprintln(os.Stderr, "gencatalog: -n must be at least 1")
		os.Exit(2)
	}
	out := gencatalog.Generate
	if *hostile {
		out = func(int) []byte { return gencatalog.HostileCatalog() }
	}
	if *random != 0 {
		out = func(int) []byte { return gencatalog.Random(*random) }
	}
	if _, err := os.Stdout.Write(out(*n)); err != nil {
		fmt.Fprintln(os.Stderr, "gencatalog:", err)
		os.Exit(2)
	}
}
