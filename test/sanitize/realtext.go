package main

import (
	"archive/zip"
	"bufio"
	"go/parser"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Groups of the strings that are not secrets.
const (
	groupSecret     = iota // a credential: should be redacted
	groupNotSecret         // should be kept
	groupAcceptable        // not a secret, but redacting it does no harm
)

// minRealLen is the least length of a harvested string: shorter ones are
// changed by no candidate and would only dilute the rates.
const minRealLen = 20

// Categories of real text, in the order of the table.
var realCategories = []struct {
	name  string
	group int
	from  string
}{
	{"go-identifier", groupNotSecret, "exported identifiers of Go's standard library source"},
	{"ts-identifier", groupNotSecret, "declared names (types, functions, members) of the .d.ts files of node_modules"},
	{"SCREAMING_SNAKE", groupNotSecret, "upper-case constants of both"},
	{"java-class", groupNotSecret, "dotted class names listed in .jar files of -extra"},
	{"dotted-name", groupNotSecret, "a.b.c chains of the .d.ts files"},
	{"module-path", groupNotSecret, "Go import and module paths (source, go.sum), npm package names"},
	{"file-path", groupNotSecret, "paths of the files under GOROOT and node_modules"},
	{"url", groupNotSecret, "URLs of comments in Go, .js and .d.ts source; npm tarball URLs"},
	{"error-message", groupNotSecret, "errors.New / fmt.Errorf strings of Go source, new Error(...) of .js"},
	{"sql-identifier", groupNotSecret, "identifiers and schema.name pairs of .sql files of -extra"},
	{"english", groupNotSecret, "lower-case words and hyphenated compounds of .md files"},
	{"timestamp", groupNotSecret, "ISO 8601 timestamps in text, and file times as RFC 3339"},
	{"version", groupNotSecret, "npm and Go versions (pseudo-versions too), module@version"},
	{"uuid", groupNotSecret, "UUIDs found in source and text"},
	{"lock-hash", groupAcceptable, "integrity of package-lock.json, h1: sums of go.sum"},
	{"git-sha", groupAcceptable, "40-hex commit ids (gitHead of package.json, source)"},
}

var (
	tsDeclRE    = regexp.MustCompile(`(?:interface|class|type|function|const|let|var|enum|namespace)\s+([A-Za-z_$][\w$]*)|(?m)^\s*(?:readonly\s+|static\s+)*([A-Za-z_$][\w$]*)\??\s*[:(<]`)
	snakeRE     = regexp.MustCompile(`^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$`)
	dottedRE    = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*){2,}`)
	urlTextRE   = regexp.MustCompile(`https?://[^\s"'<>()\[\]{}\x60\\]+`)
	goErrRE     = regexp.MustCompile(`(?:errors\.New|fmt\.Errorf)\(\s*("(?:[^"\\\n]|\\.)*")`)
	jsErrRE     = regexp.MustCompile(`new [A-Za-z]*Error\(\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|\x60([^\x60\\]*)\x60)`)
	sqlIdentRE  = regexp.MustCompile(`[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?`)
	englishRE   = regexp.MustCompile(`(?:^|[\s(])([a-z]+(?:-[a-z]+)*)[\s.,;:)]`)
	timestampRE = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?`)
	uuidRE      = regexp.MustCompile(`\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b`)
	gitSHARE    = regexp.MustCompile(`"gitHead":\s*"([0-9a-f]{40})"|/commit/([0-9a-f]{40})\b`)
	lockKeyRE   = regexp.MustCompile(`"(?:[^"]*/)?node_modules/((?:@[^/"]+/)?[^/"]+)":`)
	lockValRE   = regexp.MustCompile(`"(version|integrity|resolved)":\s*"([^"]+)"`)
)

// harvest collects the real strings of each category, by category name.
type harvest map[string]map[string]bool

func (h harvest) add(cat, s string) {
	if len(s) < minRealLen || strings.ContainsAny(s, "\n\r") {
		return
	}
	if h[cat] == nil {
		h[cat] = map[string]bool{}
	}
	h[cat][s] = true
}

// sources are the places real text is read from.
type sources struct {
	goroot, repo, modcache string
	extra                  []string
}

// collect reads every source; a missing one only leaves its categories
// smaller.
func collect(src sources) harvest {
	h := harvest{}
	walk(filepath.Join(src.goroot, "src"), func(path string, d fs.DirEntry) {
		if strings.HasSuffix(path, ".go") {
			h.goFile(path)
		}
	})
	walk(src.goroot, func(path string, d fs.DirEntry) {
		h.add("file-path", path)
		h.fileTime(d)
	})
	nm := filepath.Join(src.repo, "node_modules")
	walk(nm, func(path string, d fs.DirEntry) {
		h.add("file-path", path)
		h.fileTime(d)
		switch {
		case strings.HasSuffix(path, ".d.ts"):
			h.dtsFile(path)
		case strings.HasSuffix(path, ".js"):
			h.jsFile(path)
		case strings.HasSuffix(path, ".md"):
			h.mdFile(path)
		case d.Name() == "package.json":
			h.textFile(path)
		}
	})
	h.packageLock(filepath.Join(src.repo, "package-lock.json"))
	sums := []string{filepath.Join(src.repo, "go.sum"), filepath.Join(src.goroot, "src", "go.sum"), filepath.Join(src.goroot, "src", "cmd", "go.sum")}
	if src.modcache != "" {
		walk(src.modcache, func(path string, d fs.DirEntry) {
			if d.Name() == "go.sum" {
				sums = append(sums, path)
			}
		})
	}
	for _, s := range sums {
		h.goSum(s)
	}
	for _, dir := range src.extra {
		walk(dir, func(path string, d fs.DirEntry) {
			switch {
			case strings.HasSuffix(path, ".sql"):
				h.sqlFile(path)
			case strings.HasSuffix(path, ".jar"):
				h.jarFile(path)
			}
		})
	}
	return h
}

// walk calls f for each regular file under root, in lexical order.
func walk(root string, f func(path string, d fs.DirEntry)) {
	if root == "" {
		return
	}
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			f(path, d)
		}
		return nil
	})
}

func read(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	return string(b)
}

// fileTime adds the modification time of a file.
func (h harvest) fileTime(d fs.DirEntry) {
	if info, err := d.Info(); err == nil {
		h.add("timestamp", info.ModTime().UTC().Format(time.RFC3339Nano))
	}
}

// textFile adds what any text holds: UUIDs, timestamps, commit ids.
func (h harvest) textFile(path string) {
	h.text(read(path))
}

func (h harvest) text(s string) {
	for _, u := range uuidRE.FindAllString(s, -1) {
		h.add("uuid", u)
	}
	for _, t := range timestampRE.FindAllString(s, -1) {
		h.add("timestamp", t)
	}
	for _, m := range gitSHARE.FindAllStringSubmatch(s, -1) {
		h.add("git-sha", m[1]+m[2])
	}
}

// identifier files an identifier of source code in its category.
func (h harvest) identifier(cat, id string) {
	if snakeRE.MatchString(id) {
		h.add("SCREAMING_SNAKE", id)
	} else {
		h.add(cat, id)
	}
}

// comment adds the URLs of a comment.
func (h harvest) comment(c string) {
	for _, u := range urlTextRE.FindAllString(c, -1) {
		h.add("url", strings.TrimRight(u, ".,;:!?*"))
	}
}

// goFile reads a Go source file: exported identifiers, URLs of comments,
// error messages, import paths, and what any text holds.
func (h harvest) goFile(path string) {
	src := read(path)
	fset := token.NewFileSet()
	file := fset.AddFile(path, -1, len(src))
	var sc scanner.Scanner
	sc.Init(file, []byte(src), nil, scanner.ScanComments)
	for {
		_, tok, lit := sc.Scan()
		if tok == token.EOF {
			break
		}
		switch tok {
		case token.IDENT:
			if unicode.IsUpper(rune(lit[0])) {
				h.identifier("go-identifier", lit)
			}
		case token.COMMENT:
			h.comment(lit)
		}
	}
	for _, m := range goErrRE.FindAllStringSubmatch(src, -1) {
		if msg, err := strconv.Unquote(m[1]); err == nil {
			h.add("error-message", msg)
		}
	}
	if f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ImportsOnly); err == nil {
		for _, imp := range f.Imports {
			if p, err := strconv.Unquote(imp.Path.Value); err == nil {
				h.add("module-path", p)
			}
		}
	}
	h.text(src)
}

// comments returns the comment lines of JavaScript or TypeScript source.
func comments(src string) []string {
	var out []string
	for _, line := range strings.Split(src, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "//") || strings.HasPrefix(t, "*") || strings.HasPrefix(t, "/*") {
			out = append(out, t)
		}
	}
	return out
}

// dtsFile reads a TypeScript declaration file: identifiers, dotted chains,
// URLs of comments.
func (h harvest) dtsFile(path string) {
	src := read(path)
	for _, m := range tsDeclRE.FindAllStringSubmatch(src, -1) {
		if id := m[1] + m[2]; !strings.Contains(id, "$") {
			h.identifier("ts-identifier", id)
		}
	}
	for _, d := range dottedRE.FindAllString(src, -1) {
		h.add("dotted-name", d)
	}
	for _, c := range comments(src) {
		h.comment(c)
	}
	h.text(src)
}

// jsFile reads JavaScript: error messages, URLs of comments.
func (h harvest) jsFile(path string) {
	src := read(path)
	for _, m := range jsErrRE.FindAllStringSubmatch(src, -1) {
		h.add("error-message", m[1]+m[2]+m[3])
	}
	for _, c := range comments(src) {
		h.comment(c)
	}
	h.text(src)
}

// mdFile reads Markdown: long lower-case words and compounds.
func (h harvest) mdFile(path string) {
	src := read(path)
	for _, m := range englishRE.FindAllStringSubmatch(src, -1) {
		h.add("english", m[1])
	}
	h.text(src)
}

// packageLock reads package-lock.json: package names, versions, integrity
// hashes, tarball URLs.
func (h harvest) packageLock(path string) {
	src := read(path)
	for _, m := range lockKeyRE.FindAllStringSubmatch(src, -1) {
		h.add("module-path", m[1])
	}
	name := ""
	for _, line := range strings.Split(src, "\n") {
		if m := lockKeyRE.FindStringSubmatch(line); m != nil {
			name = m[1]
		}
		m := lockValRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		switch m[1] {
		case "version":
			h.add("version", m[2])
			h.add("version", name+"@"+m[2])
		case "integrity":
			h.add("lock-hash", m[2])
		case "resolved":
			h.add("url", m[2])
		}
	}
}

// goSum reads a go.sum: module paths, versions, module@version, h1: sums.
func (h harvest) goSum(path string) {
	sc := bufio.NewScanner(strings.NewReader(read(path)))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 3 {
			continue
		}
		v := strings.TrimSuffix(f[1], "/go.mod")
		h.add("module-path", f[0])
		h.add("version", v)
		h.add("version", f[0]+"@"+v)
		h.add("lock-hash", f[2])
	}
}

// sqlFile reads SQL: identifiers and schema.name pairs.
func (h harvest) sqlFile(path string) {
	for _, id := range sqlIdentRE.FindAllString(strings.ToLower(read(path)), -1) {
		h.add("sql-identifier", id)
	}
}

// jarFile lists the classes of a .jar as Java names, nested classes aside.
func (h harvest) jarFile(path string) {
	r, err := zip.OpenReader(path)
	if err != nil {
		return
	}
	defer r.Close()
	for _, f := range r.File {
		if n, ok := strings.CutSuffix(f.Name, ".class"); ok && !strings.Contains(n, "$") && !strings.HasPrefix(n, "META-INF") {
			h.add("java-class", strings.ReplaceAll(n, "/", "."))
		}
	}
}

// sample returns up to n strings of the set, the same ones for the same
// seed: sorted, shuffled, cut.
func sample(set map[string]bool, n int, g *gen) []string {
	all := make([]string, 0, len(set))
	for s := range set {
		all = append(all, s)
	}
	slices.Sort(all)
	g.r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	return all[:min(n, len(all))]
}
