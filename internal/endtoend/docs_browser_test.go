package endtoend

import (
	"encoding/json"
	"flag"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen/markdown"
	"github.com/errgen/errgen/internal/model"
)

var docsBrowser = flag.Bool("docs-browser", false, "build the docs sites and drive them in Chromium (make docs-site)")

// guideOrigin is where the guide (docs/guide) is published, which the
// error reference's config links (docs/.vitepress/config.mjs).
const guideOrigin = "https://errgen.dev"

// browserArtifacts is where TestDocsBrowser keeps its screenshots, from
// the repo's root (gitignored; CI keeps them as artifacts).
const browserArtifacts = ".artifacts/docs-browser"

// browserSite is a built site in the manifest of test/docs-browser/run.mjs.
type browserSite struct {
	Name    string         `json:"name"`
	Dist    string         `json:"dist"`   // the built site
	Origin  string         `json:"origin"` // where it is published
	Base    string         `json:"base"`   // its path there
	Strict  bool           `json:"strict"` // an error reference: no box may hide overflow
	Favicon bool           `json:"favicon"`
	Errors  []browserError `json:"errors,omitempty"`
	Retired []browserError `json:"retired,omitempty"`
}

// browserError is what the catalog says of an error (or a retired one)
// that the site must show.
type browserError struct {
	Code       any    `json:"code,omitempty"` // a number; "" for a retired error without one
	Symbol     string `json:"symbol,omitempty"`
	Type       string `json:"type,omitempty"`
	WireCode   string `json:"wireCode,omitempty"`
	URI        string `json:"uri,omitempty"`  // its problem type URI, when it is http(s)
	Page       string `json:"page,omitempty"` // its page, from the site's base: "/file-too-large"
	Deprecated bool   `json:"deprecated,omitempty"`
	Retired    bool   `json:"retired,omitempty"`
}

// catalogSite returns what the site of m's docs must show, published at
// the origin and base of its problem_base.
func catalogSite(t *testing.T, name, dist string, m *model.Catalog) browserSite {
	t.Helper()
	u, err := url.Parse(m.ProblemBase)
	if err != nil || u.Scheme != "https" && u.Scheme != "http" {
		t.Fatalf("%s: problem_base %q is no http(s) URL: its type URIs lead to no site", name, m.ProblemBase)
	}
	s := browserSite{Name: name, Dist: dist, Origin: u.Scheme + "://" + u.Host, Base: markdown.SiteBase(m), Strict: true}
	page := func(path string) string {
		path = strings.TrimSuffix(path, ".md")
		path = strings.TrimSuffix(path, "index")
		return "/" + path
	}
	for _, e := range m.Errors {
		be := browserError{Code: e.Code, Symbol: e.Symbol, Type: e.Type, Page: page(markdown.ErrorPath(e)), Deprecated: e.Deprecated != nil}
		if e.WireCode != e.Code && m.Uses(model.FormatJSONRPC) {
			be.WireCode = strconv.FormatInt(e.WireCode, 10)
		}
		if strings.HasPrefix(e.ProblemType, s.Origin+s.Base) {
			be.URI = e.ProblemType
		}
		s.Errors = append(s.Errors, be)
	}
	for _, r := range m.Retired {
		if r.Slug == "" || m.ByType(r.Type) != nil {
			continue // no page of its own
		}
		p := r.Slug + ".md"
		if r.Slug == "index" {
			p = "index/index.md"
		}
		be := browserError{Symbol: r.Symbol, Page: page(p), Retired: true}
		if r.HasCode {
			be.Code = r.Code
		}
		if strings.HasPrefix(r.ProblemType, s.Origin+s.Base) {
			be.URI = r.ProblemType
		}
		s.Retired = append(s.Retired, be)
	}
	return s
}

// TestDocsBrowser builds the docs sites — the repo's error reference
// (docs/errors, config docs/.vitepress), the guide (docs/guide), and the
// sites errgen generate -docs writes, starter config and theme included,
// for two catalogs the pages were not made on: the hostile catalog of the
// emitter's tests (text that breaks naive pages, a retired error, an error
// at the slug "index", a problem_base below its host's root) and the
// golden catalog "kinds" — and drives them in Chromium
// (test/docs-browser/run.mjs), each served on 127.0.0.1 at its base path:
// every type URI and every retired one lands on its error's page, search
// by code and by symbol lists the error first, no page scrolls sideways
// at 390 px, no table is wider than its column at 390 or 1280 px, no
// heading breaks inside a symbol, and following every link meets no 404,
// no missing anchor and no console error. Screenshots of one error page
// at 390 and 1280 px go to .artifacts/docs-browser (gitignored; CI keeps
// it as artifacts).
//
// It needs node_modules (npm ci, for VitePress and playwright-core) and
// Debian's Chromium (chromium on PATH, or CHROMIUM naming one), and runs
// with -docs-browser, which make docs-site passes (installing chromium
// when it is missing). A few minutes.
func TestDocsBrowser(t *testing.T) {
	if !*docsBrowser {
		t.Skip("builds the docs sites and drives them in Chromium (a few minutes); run with -docs-browser, as make docs-site does")
	}
	start := time.Now()
	root := repoRoot(t)
	vitepress := filepath.Join(root, "node_modules", "vitepress", "bin", "vitepress.js")
	if _, err := os.Stat(vitepress); err != nil {
		t.Fatalf("VitePress is not installed (run npm ci): %v", err)
	}
	browser := os.Getenv("CHROMIUM")
	if browser == "" {
		var err error
		if browser, err = exec.LookPath("chromium"); err != nil {
			t.Fatal("no chromium on PATH (apt-get install chromium, as make docs-site does), and CHROMIUM names none")
		}
	}
	if cfg, err := os.ReadFile(filepath.Join(root, "docs", ".vitepress", "config.mjs")); err != nil || !strings.Contains(string(cfg), "'"+guideOrigin+"/'") {
		t.Fatalf("docs/.vitepress/config.mjs does not link the guide at %s/ (%v)", guideOrigin, err)
	}
	// ERRGEN_DOCS_BROWSER_DIR keeps the sites there, built once, for
	// working on the browser test itself
	dir, reuse := os.Getenv("ERRGEN_DOCS_BROWSER_DIR"), true
	if dir == "" {
		dir, reuse = t.TempDir(), false
	}

	// the sites of catalogs the pages were not made on, exactly as errgen
	// generate -docs writes them for a new catalog (the docs, the sidebar,
	// errgen's site files, the starter config and theme), with
	// node_modules (Vite resolves vue and the default theme from the
	// site's)
	heldOut := func(name, catalogPath string) (string, *model.Catalog) {
		src, err := os.ReadFile(catalogPath)
		if err != nil {
			t.Fatal(err)
		}
		work := filepath.Join(dir, name)
		if reuse {
			if err := os.RemoveAll(work); err != nil {
				t.Fatal(err)
			}
		}
		errgentest.WriteFile(t, work, "catalog/errors.yaml", string(src))
		if stdout, stderr, code := runCLI(t, work, "generate", "-docs", "docs"); code != 0 {
			t.Fatalf("generate -docs for %s: exit %d\n%s%s", name, code, stdout, stderr)
		}
		site := filepath.Join(work, "docs")
		for _, p := range []string{markdown.ConfigPath, markdown.ThemePath} {
			if _, err := os.Stat(filepath.Join(site, filepath.FromSlash(p))); err != nil {
				t.Fatalf("generate wrote no starter %s for %s: %v", p, name, err)
			}
		}
		if err := os.Symlink(filepath.Join(root, "node_modules"), filepath.Join(site, "node_modules")); err != nil {
			t.Fatal(err)
		}
		return site, errgentest.Model(t, catalog.OSFS{}, filepath.Join(work, "catalog", "errors.yaml"))
	}
	hostileDir, hostile := heldOut("hostile", filepath.Join(root, "internal", "gen", "markdown", "testdata", "hostile.yaml"))
	kindsDir, kinds := heldOut("kinds", filepath.Join(root, "internal", "endtoend", "testdata", "golden", "kinds", "errors.yaml"))

	type build struct{ root, out string }
	builds := []build{
		{filepath.Join(root, "docs"), filepath.Join(dir, "dist", "errors")},
		{filepath.Join(root, "docs", "guide"), filepath.Join(dir, "dist", "guide")},
		{hostileDir, filepath.Join(dir, "dist", "hostile")},
		{kindsDir, filepath.Join(dir, "dist", "kinds")},
	}
	var wg sync.WaitGroup
	fails := make([]string, len(builds))
	sem := make(chan struct{}, 2) // two builds at a time: the machine's cores
	for i, b := range builds {
		if _, err := os.Stat(filepath.Join(b.out, "index.html")); reuse && err == nil {
			continue
		}
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			cmd := exec.Command("node", vitepress, "build", b.root, "--outDir", b.out)
			cmd.Dir = root
			if out, err := cmd.CombinedOutput(); err != nil {
				fails[i] = "vitepress build " + b.root + ": " + err.Error() + "\n" + string(out)
			}
		})
	}
	wg.Wait()
	for _, f := range fails {
		if f != "" {
			t.Fatal(f)
		}
	}
	built := time.Since(start)

	repo := errgentest.Model(t, catalog.OSFS{}, filepath.Join(root, "catalog", "errors.yaml"))
	errorsSite := catalogSite(t, "errors", builds[0].out, repo)
	errorsSite.Favicon = true
	manifest := map[string]any{
		"chromium": browser,
		"out":      filepath.Join(root, filepath.FromSlash(browserArtifacts)),
		"sites": []browserSite{
			errorsSite,
			{Name: "guide", Dist: builds[1].out, Origin: guideOrigin, Base: "/", Favicon: true},
			catalogSite(t, "hostile", builds[2].out, hostile),
			catalogSite(t, "kinds", builds[3].out, kinds),
		},
		"screenshots": []map[string]string{{"site": "errors", "page": "/network-fs-denied"}},
	}
	data, err := json.MarshalIndent(manifest, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "manifest.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", filepath.Join(root, "test", "docs-browser", "run.mjs"), path)
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	t.Logf("sites built in %s; browser run:\n%s", built.Round(time.Second), out)
	if err != nil {
		t.Fatalf("the browser test failed: %v", err)
	}
	t.Logf("TestDocsBrowser took %s", time.Since(start).Round(time.Second))
}
