package endtoend

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/model"
	sjs "github.com/santhosh-tekuri/jsonschema/v6"
)

// formatSeeds are values of each format the wire schema keeps, valid and
// nearly so, including those on which santhosh-tekuri/jsonschema and
// ajv-formats disagree; TestFormatsAgreeWithAjv mutates them further.
var formatSeeds = map[string][]string{
	"date-time": {"2024-02-29T12:30:00Z", "2023-02-29T12:30:00Z", "2024-01-01t00:00:00.123456+05:30", "2024-01-01 12:00:00Z",
		"2024-01-01T12:00:00", "2024-01-01T23:59:60Z", "2024-01-01T12:00:00+0530", "2024-01-01T12:00:00+05",
		"2024-01-01\u00a012:00:00Z", "2024-13-01T00:00:00Z", "2024-01-01T00:00:00.Z", "2024-01-01T15:59:60-08:00"},
	"date":     {"2024-02-29", "2023-02-29", "2024-04-31", "2024-1-01", "0000-01-01", "2024-12-31"},
	"time":     {"12:30:00Z", "12:30:00", "23:59:60Z", "12:59:60Z", "23:59:60+00:00", "08:30:00.5-07:00", "12:30:00+0530", "24:00:00Z"},
	"duration": {"P1Y2M3DT4H5M6S", "PT", "P", "P1W", "P1Y1W", "PT1M1H", "P1DT", "PT0S", "P1.5Y"},
	"uri": {"https://example.com/a?b=c#d", "http://a/b c", "urn:uuid:3f7e4c8a-9d2b-4e3a-8f1c-2b5d9e6a7c8f", "mailto:x@y.example", "a:b",
		"http://[::1]:8080/", "http://[::1/", "http://user:pw@host:80/p", "//host/path", "relative/path", "http://ex\u00e9mple.com/",
		"http://a/%zz", "file:///home/alice/x", "http://a/b?c=\"d\"", "http://a/\u212a", "x:"},
	"uri-reference": {"../a/b?c#d", "", "#frag", "http://a/b c", "a\\b", "//host", "http://a/\"q\"", "%41", "%zz", "\u00e9"},
	"uri-template":  {"http://example.com/{id}", "/users{/id}{?q,lang}", "{", "}", "{a:3}", "{a*}", "{\u212a}", "http://a/{b}{c", "a b", "\u00e9{x}"},
	"email": {"alice@example.com", "a.b+c@sub.example.org", "\"a b\"@example.com", "a..b@example.com", ".a@example.com", "a@b", "a@[127.0.0.1]",
		"a@-b.com", "\u00e9@example.com", "a@\u212a.com", "a@example.com."},
	"hostname": {"example.com", "a-b.example", "-a.com", "a_b.com", "example.com.", strings.Repeat("a", 63) + ".com", strings.Repeat("a", 64) + ".com",
		strings.Repeat("a.", 126) + "a", strings.Repeat("a.", 127), "", "\u212a.com", "xn--bcher-kva.example"},
	"ipv4":                  {"192.168.0.1", "256.1.1.1", "01.1.1.1", "1.1.1", "0.0.0.0", "1.1.1.1.1", "١.1.1.1"},
	"ipv6":                  {"::1", "2001:db8::1", "::ffff:192.168.0.1", "fe80::1%eth0", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8:9", "::", "12345::1", "FE80::A"},
	"uuid":                  {"3f7e4c8a-9d2b-4e3a-8f1c-2b5d9e6a7c8f", "urn:uuid:3f7e4c8a-9d2b-4e3a-8f1c-2b5d9e6a7c8f", "3F7E4C8A-9D2B-4E3A-8F1C-2B5D9E6A7C8F", "3f7e4c8a9d2b4e3a8f1c2b5d9e6a7c8f", "3f7e4c8a-9d2b-4e3a-8f1c-2b5d9e6a7c8g"},
	"json-pointer":          {"", "/a/b", "/a~0b~1c", "/a~2", "a/b", "/", "/~", "/\u00e9"},
	"relative-json-pointer": {"0", "1/a", "0#", "01/a", "-1", "2/a~1b", "1#/a"},
	"regex": {"^[a-z]+$", "(?i)abc", "(?i:abc)", "(?P<n>a)", "(?<n>a)", "(?<1n>a)", "^*", "a$?", `\b+`, `x\B{2}`, `\Z`, `a\\Z`, "[^]", "[]a]",
		"[](?i)]", "(?=a)", "a{,2}", "^{2}", "^{,2}", `\d+(\.\d+)?`, "[[:alpha:]]", "(a)(?U)b", "a**", "", `\pL`, `[\^]*`, `\[^*`,
		`^\-x$`, "a]b", `\p{L}+`, `[\d-z]`, `\u{1F600}`, `\cJ\0`, `[\b-]`, `(a)\1`, `x{,3}`},
}

// TestFormatsAgreeWithAjv holds the formats check asserts (model.FormatError:
// examples, empty details) to the strictest readers of the wire schema:
// for each format the wire schema keeps, a value check takes is one both
// santhosh-tekuri/jsonschema and Ajv with ajv-formats take, and check
// takes every value both take — over seeds on which the two disagree and
// thousands of mutations of them. For regex, whose check is a JavaScript
// RegExp, check takes exactly what Go's regexp compiles and JavaScript
// does (without flags, as ajv-formats reads it). A pattern check takes is
// one Ajv compiles (with the u flag); one it refuses that both Ajv and
// Go's regexp compile it refuses for errgen's sake (a property escape \p{…},
// which not every runtime carries the tables of).
func TestFormatsAgreeWithAjv(t *testing.T) {
	root := repoRoot(t)
	if _, err := os.Stat(filepath.Join(root, "node_modules", "ajv-formats")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("ajv-formats is not installed (run npm ci): %v", err)
		}
		t.Skip("ajv-formats is not installed; make test installs it")
	}
	type fcase struct {
		Format string `json:"format"`
		Value  string `json:"value"`
	}
	var cases []fcase
	formats := make([]string, 0, len(formatSeeds))
	for f := range formatSeeds {
		formats = append(formats, f)
	}
	sort.Strings(formats)
	rng := rand.New(rand.NewPCG(30, 2))
	for _, f := range formats {
		seen := map[string]bool{}
		add := func(v string) {
			if !seen[v] {
				seen[v] = true
				cases = append(cases, fcase{f, v})
			}
		}
		alphabet := []rune("09aAzZtTP:/.-_@%~#?[]{}()*+,^$\\\" é\u212a\u00a0")
		for _, s := range formatSeeds[f] {
			add(s)
			alphabet = append(alphabet, []rune(s)...)
		}
		for i := 0; i < 400; i++ {
			add(mutate(rng, formatSeeds[f][rng.IntN(len(formatSeeds[f]))], alphabet))
		}
		if f == "regex" {
			for _, c := range cases {
				if c.Format == "regex" {
					cases = append(cases, fcase{"pattern", c.Value})
				}
			}
		}
	}
	file := filepath.Join(t.TempDir(), "formats.json")
	data, _ := json.Marshal(cases)
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", filepath.Join(root, "test", "schema", "formats.mjs"), file)
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("formats.mjs: %v\n%s", err, out)
	}
	var ajv []bool
	if err := json.Unmarshal(out, &ajv); err != nil || len(ajv) != len(cases) {
		t.Fatalf("formats.mjs printed %d verdicts for %d cases: %v", len(ajv), len(cases), err)
	}
	bad := 0
	for i, c := range cases {
		if bad > 20 {
			t.Fatal("too many disagreements")
		}
		if c.Format == "pattern" {
			_, goErr := regexp.Compile(c.Value)
			_, err := model.RegexpEngine(c.Value)
			switch {
			case err == nil && !ajv[i]:
				t.Errorf("check takes pattern %q, which Ajv cannot compile", c.Value)
				bad++
			case err != nil && ajv[i] && goErr == nil && !strings.Contains(err.Error(), " is not supported"):
				t.Errorf("check refuses pattern %q (%v), which Ajv and Go's regexp compile", c.Value, err)
				bad++
			}
			continue
		}
		checker := model.FormatError(c.Format, c.Value) == nil
		var want bool
		if c.Format == "regex" {
			_, goErr := regexp.Compile(c.Value)
			want = goErr == nil && ajv[i]
		} else {
			want = santhoshTakes(t, c.Format, c.Value) && ajv[i]
		}
		if checker != want {
			t.Errorf("format %s, %q: check takes it %t, want %t (Ajv %t)", c.Format, c.Value, checker, want, ajv[i])
			bad++
		}
	}
	t.Logf("%d values", len(cases))
}

// santhoshTakes reports whether santhosh-tekuri/jsonschema, asserting
// formats, takes v as format f.
func santhoshTakes(t *testing.T, f, v string) bool {
	sch := santhoshFormats[f]
	if sch == nil {
		c := sjs.NewCompiler()
		c.AssertFormat()
		u := "test:///" + f + ".json"
		if err := c.AddResource(u, map[string]any{"format": f}); err != nil {
			t.Fatal(err)
		}
		var err error
		if sch, err = c.Compile(u); err != nil {
			t.Fatal(err)
		}
		santhoshFormats[f] = sch
	}
	return sch.Validate(v) == nil
}

var santhoshFormats = map[string]*sjs.Schema{}

// mutate applies one to three random edits to s: delete, insert, replace
// or repeat a character, or swap two.
func mutate(rng *rand.Rand, s string, alphabet []rune) string {
	r := []rune(s)
	for n := 1 + rng.IntN(3); n > 0; n-- {
		i := 0
		if len(r) > 0 {
			i = rng.IntN(len(r))
		}
		c := alphabet[rng.IntN(len(alphabet))]
		switch op := rng.IntN(5); {
		case len(r) == 0 || op == 0:
			r = append(r[:i], append([]rune{c}, r[i:]...)...)
		case op == 1:
			r = append(r[:i], r[i+1:]...)
		case op == 2:
			r[i] = c
		case op == 3:
			r = append(r[:i], append([]rune{r[i]}, r[i:]...)...)
		default:
			if i+1 < len(r) {
				r[i], r[i+1] = r[i+1], r[i]
			}
		}
	}
	return string(r)
}
