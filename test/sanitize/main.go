// Command sanitize measures candidate token rules of the text sanitizer on
// a labelled corpus: secrets in the formats real credentials have, drawn
// from a seeded cryptographic generator, bare and inside messages; and
// strings that are not secrets, read from this machine (Go's standard
// library source, the repository's node_modules, go.sum and
// package-lock.json files, .sql and .jar files under -extra).
//
// For each rule and category it prints, as a Markdown table, how many
// secrets were caught (no 16-byte piece of the secret is left after the
// text sanitizer's path, uri and e-mail steps and the rule) and how many
// other strings the rule changed. Run from the repository root:
//
//	go run ./test/sanitize
package main

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// seedBytes derives the ChaCha8 seed of one purpose from -seed.
func seedBytes(seed uint64, purpose string) [32]byte {
	return sha256.Sum256([]byte(fmt.Sprintf("%d/%s", seed, purpose)))
}

// goEnv returns the value of a go env variable, or "".
func goEnv(name string) string {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// pieceLen is the length of the pieces of a secret that must not survive
// for the secret to count as caught.
const pieceLen = 16

// caught reports whether no piece of secret of pieceLen bytes is in out.
func caught(out, secret string) bool {
	for i := 0; i+pieceLen <= len(secret); i++ {
		if strings.Contains(out, secret[i:i+pieceLen]) {
			return false
		}
	}
	return true
}

// row is one line of the table: a category and its count per rule.
type row struct {
	group, n int
	name     string
	// of is how many strings the category had before sampling.
	of   int
	hits []int
	// misses keeps, per rule, a few strings the rule got wrong.
	misses [][]string
}

func main() {
	seed := flag.Uint64("seed", 1, "seed of the secrets and of the samples of real text")
	perFormat := flag.Int("n", 250, "secrets drawn per format (each is measured bare and in a message)")
	perCategory := flag.Int("max", 2000, "real strings sampled per category at most")
	extra := flag.String("extra", "/usr/share", "comma-separated directories searched for .sql and .jar files")
	examples := flag.Int("examples", 0, "print up to this many misses per rule and category")
	flag.IntVar(&sepRatio, "ratio", sepRatio, "R5, R6, R7: least bytes per separator (_ + / -) of a run redacted whole")
	flag.Parse()

	repo, err := filepath.Abs(".")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	src := sources{goroot: goEnv("GOROOT"), repo: repo, modcache: goEnv("GOMODCACHE")}
	for _, d := range strings.Split(*extra, ",") {
		if d != "" {
			src.extra = append(src.extra, d)
		}
	}

	var rows []row
	g := newGen(*seed, "secrets")
	for _, f := range secretFormats {
		cases := secretCorpus(g, f, *perFormat)
		r := row{group: groupSecret, name: f.name, n: len(cases), of: len(cases)}
		for _, ru := range rules {
			hits, misses := 0, []string(nil)
			for _, c := range cases {
				if caught(ru.apply(preSteps(c.text)), c.secret) {
					hits++
				} else if len(misses) < *examples {
					misses = append(misses, c.text)
				}
			}
			r.hits, r.misses = append(r.hits, hits), append(r.misses, misses)
		}
		rows = append(rows, r)
	}
	h := collect(src)
	for _, c := range realCategories {
		strs := sample(h[c.name], *perCategory, newGen(*seed, "sample/"+c.name))
		r := row{group: c.group, name: c.name, n: len(strs), of: len(h[c.name])}
		for _, ru := range rules {
			hits, misses := 0, []string(nil)
			for _, s := range strs {
				pre := preSteps(s)
				if ru.apply(pre) != pre {
					hits++
					if len(misses) < *examples {
						misses = append(misses, s)
					}
				}
			}
			r.hits, r.misses = append(r.hits, hits), append(r.misses, misses)
		}
		rows = append(rows, r)
	}
	printTable(rows, *seed, *perFormat, *perCategory)
	if *examples > 0 {
		printMisses(rows)
	}
}

var groupNames = []string{"secret: caught", "not secret: changed", "acceptable: changed"}

// cell formats a count out of n with its rate.
func cell(k, n int) string {
	if n == 0 {
		return "–"
	}
	return fmt.Sprintf("%d (%.1f%%)", k, 100*float64(k)/float64(n))
}

// printTable prints the rows as a Markdown table, with a total per group.
func printTable(rows []row, seed uint64, perFormat, perCategory int) {
	fmt.Printf("%s, seed %d, %d secrets per format (each bare and in a message), up to %d real strings per category (n of all found), ratio %d\n\n", runtime.Version(), seed, perFormat, perCategory, sepRatio)
	head := "| group | category | n |"
	line := "|---|---|--:|"
	for _, ru := range rules {
		head += " " + ru.name + " |"
		line += "--:|"
	}
	fmt.Println(head)
	fmt.Println(line)
	for grp := range groupNames {
		total := row{name: "**all**", hits: make([]int, len(rules))}
		for _, r := range rows {
			if r.group != grp {
				continue
			}
			n := fmt.Sprint(r.n)
			if r.of != r.n {
				n += fmt.Sprintf(" of %d", r.of)
			}
			line := fmt.Sprintf("| %s | %s | %s |", groupNames[grp], r.name, n)
			for i, k := range r.hits {
				line += " " + cell(k, r.n) + " |"
				total.hits[i] += k
			}
			total.n += r.n
			fmt.Println(line)
		}
		line := fmt.Sprintf("| %s | %s | %d |", groupNames[grp], total.name, total.n)
		for _, k := range total.hits {
			line += " **" + cell(k, total.n) + "** |"
		}
		fmt.Println(line)
	}
	fmt.Println()
	for _, ru := range rules {
		fmt.Printf("- %s: %s\n", ru.name, ru.words)
	}
}

// printMisses prints, per rule and category, the strings it got wrong.
func printMisses(rows []row) {
	for i, ru := range rules {
		fmt.Printf("\n%s\n", ru.name)
		for _, r := range rows {
			for _, s := range r.misses[i] {
				fmt.Printf("  %-16s %q\n", r.name, s)
			}
		}
	}
}
