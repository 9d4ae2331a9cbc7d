package errgenrt

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The expressions the scanners of sanitize.go stand for, as the oracle
// they are held to.
var (
	homePathRE = regexp.MustCompile(`(/home/[^/\s"']+|/Users/[^/\s"']+|/root|[A-Za-z]:\\Users\\[^\\\s"']+)`)
	urlRE      = regexp.MustCompile(`[a-zA-Z][a-zA-Z0-9+.-]*://[^\s"'<>]+`)
	emailRE    = regexp.MustCompile(`[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}`)
)

var scanners = []struct {
	name string
	re   *regexp.Regexp
	next func(string, int) (int, int)
}{{"home", homePathRE, nextHomePath}, {"url", urlRE, nextURL}, {"email", emailRE, nextEmail}}

// matches are the matches of next in s, one after the other.
func matches(s string, next func(string, int) (int, int)) [][]int {
	var all [][]int
	for from := 0; ; {
		start, end := next(s, from)
		if start < 0 {
			return all
		}
		all = append(all, []int{start, end})
		from = end
	}
}

// disagreement tells how the scanners, and the sanitizers built on them,
// differ from the expressions on s, or is "".
func disagreement(s string) string {
	for _, sc := range scanners {
		if got, want := matches(s, sc.next), sc.re.FindAllStringIndex(s, -1); !slices.EqualFunc(got, want, slices.Equal) {
			return fmt.Sprintf("%s matches of %q: %v, want %v", sc.name, s, got, want)
		}
	}
	for _, c := range []struct{ name, got, want string }{
		{"SanitizePathText", SanitizePathText(s), homePathRE.ReplaceAllString(s, "~")},
		{"SanitizeURIText", SanitizeURIText(s), urlRE.ReplaceAllStringFunc(s, scrubURL)},
		{"SanitizeFreeText", SanitizeFreeText(s), freeTextByRegexps(s)},
	} {
		if c.got != c.want {
			return fmt.Sprintf("%s(%q)\n = %q\nwant %q", c.name, s, c.got, c.want)
		}
	}
	return ""
}

// freeTextByRegexps is SanitizeFreeText as it was, with the expressions
// in place of the scanners.
func freeTextByRegexps(s string) string {
	if strings.Contains(s, "/home/") || strings.Contains(s, "/Users/") || strings.Contains(s, "/root") || strings.Contains(s, `:\Users\`) {
		s = homePathRE.ReplaceAllString(s, "~")
	}
	if strings.Contains(s, "://") {
		s = urlRE.ReplaceAllStringFunc(s, scrubURL)
	}
	if strings.Contains(s, "@") {
		s = emailRE.ReplaceAllString(s, "<email>")
	}
	if len(s) >= TokenRunBytes {
		s = replaceRuns(s, isTokenByte, TokenRunBytes, redactToken)
	}
	return s
}

// TestScannerEdges states the matches where a scan could go wrong, and
// holds them to the expressions too.
func TestScannerEdges(t *testing.T) {
	type m = [][]int
	for _, c := range []struct {
		in            string
		home, url, em m
	}{
		{in: "1://x"},
		{in: "12ab://x", url: m{{2, 8}}},
		{in: "+.-://y"},
		{in: "+a.-://y", url: m{{1, 8}}},
		{in: "ab:// x"},
		{in: "ab://"},
		{in: "://x"},
		{in: "a://b://c", url: m{{0, 9}}},
		{in: "a:// b://c", url: m{{5, 10}}},
		{in: "1://1://a://x", url: m{{8, 13}}},
		{in: "x<a://b>", url: m{{2, 7}}},
		{in: "é1a://x\xff y", url: m{{3, 9}}},
		{in: "a@b.cc1@d.ee", em: m{{0, 6}, {6, 12}}},
		{in: "x@y.zz9", em: m{{0, 6}}},
		{in: "a@b.c"},
		{in: "a@.cc"},
		{in: "@b.cc"},
		{in: "a@b.cc.d1", em: m{{0, 6}}},
		{in: "a@b.cc.dd.e", em: m{{0, 9}}},
		{in: "a@b..cc", em: m{{0, 7}}},
		{in: "x@@y.zz"},
		{in: "x@y.z@b.cc", em: m{{2, 10}}},
		{in: "x@y.c1@b.cc", em: m{{2, 11}}},
		{in: "a@b.cc@d.ee", em: m{{0, 6}}},
		{in: "é@x.com"},
		{in: "/home//"},
		{in: "/home/a/b", home: m{{0, 7}}},
		{in: "/home//root", home: m{{6, 11}}},
		{in: "/rootkit", home: m{{0, 5}}},
		{in: "/Users/bob's", home: m{{0, 10}}},
		{in: `c:\Users\`},
		{in: `C:\Users\x/y\z`, home: m{{0, 12}}},
		{in: `1:\Users\x`},
		{in: "/home/\xff\xc3(", home: m{{0, 9}}},
	} {
		for _, sc := range []struct {
			name string
			next func(string, int) (int, int)
			want m
		}{{"home", nextHomePath, c.home}, {"url", nextURL, c.url}, {"email", nextEmail, c.em}} {
			if got := matches(c.in, sc.next); !slices.EqualFunc(got, sc.want, slices.Equal) {
				t.Errorf("%s matches of %q: %v, want %v", sc.name, c.in, got, sc.want)
			}
		}
		if d := disagreement(c.in); d != "" {
			t.Error(d)
		}
	}
}

// scanBytes are the single bytes and short pieces the second kind of
// random text is made of, so that every byte class meets every other.
var scanBytes = []string{
	"a", "Z", "c", "C", "9", ".", "-", "+", "%", "_", "@", ":", "/", `\`, " ", "\t", "\n", "\f", "\r", "\v", "\"", "'", "<", ">", "!", "?", "#", "=", "&",
	"\xff", "\x80", "\xc3", "é", "😀", "\x00",
	"://", "/home/", "/Users/", "/root", `:\Users\`, "home", "Users", `Users\`, "ab", ".cc", "xyz",
}

// TestScannersAgreeWithRegexps holds the scanners, and the sanitizers
// built on them, to the expressions on random texts: of fragments, and of
// single bytes of every class.
func TestScannersAgreeWithRegexps(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	n := 40000
	if testing.Short() {
		n = 4000
	}
	fails := 0
	for i := 0; i < n && fails < 10; i++ {
		var s strings.Builder
		if i%2 == 0 {
			for k := r.IntN(8) + 1; k > 0; k-- {
				s.WriteString(scanFragments[r.IntN(len(scanFragments))])
			}
		} else {
			for k := r.IntN(24) + 1; k > 0; k-- {
				s.WriteString(scanBytes[r.IntN(len(scanBytes))])
			}
		}
		if d := disagreement(s.String()); d != "" {
			t.Error(d)
			fails++
		}
	}
}

// FuzzSanitizeScanners holds the scanners to the expressions on any text.
func FuzzSanitizeScanners(f *testing.F) {
	for _, s := range scanFragments {
		f.Add(s)
	}
	f.Add(`a@b.cc1@d.ee /home//root 12ab://x?token=1 C:\Users\x é@x.com 1://a://b`)
	f.Fuzz(func(t *testing.T, s string) {
		if d := disagreement(s); d != "" {
			t.Error(d)
		}
	})
}

// nearMisses are 5 MB texts that kept regexp's threads alive at every
// byte: letters then "!://", letters then @ then letters, "/home/"
// repeated, and random text of the sanitizers' fragments.
func nearMisses() []struct{ name, text string } {
	const size = 5 << 20
	r := rand.New(rand.NewPCG(5, 5))
	var mixed strings.Builder
	for mixed.Len() < size {
		mixed.WriteString(scanFragments[r.IntN(len(scanFragments))])
	}
	return []struct{ name, text string }{
		{"scheme", strings.Repeat("a", size) + "!://"},
		{"email", strings.Repeat("a", size/2) + "@" + strings.Repeat("b", size/2)},
		{"home", strings.Repeat("/home/", size/6)},
		{"mixed", mixed.String()},
	}
}

// BenchmarkSanitizeFreeText measures the text sanitizer on 5 MB
// near-misses, with its scanners and, as it was, with the expressions
// (go test -run '^$' -bench SanitizeFreeText ./errgenrt/).
func BenchmarkSanitizeFreeText(b *testing.B) {
	for _, nm := range nearMisses() {
		for _, way := range []struct {
			name string
			f    func(string) string
		}{{"scan", SanitizeFreeText}, {"regexp", freeTextByRegexps}} {
			b.Run(nm.name+"/"+way.name, func(b *testing.B) {
				b.SetBytes(int64(len(nm.text)))
				for i := 0; i < b.N; i++ {
					way.f(nm.text)
				}
			})
		}
	}
}

// scanFragments are the pieces the random texts are made of: what each
// sanitizer acts on (runtime/fixtures' sanitized), the edges of a match's
// start and end, invalid UTF-8 and single bytes.
var scanFragments = []string{
	"/home/alice/x", "/home/", "/home//", "/Users/bob's", "/root", "/rootkit", `C:\Users\carol\doc`, `c:\Users\`, "x:/Users/d",
	"https://u:p@h.example/p?q=1&token=abc#f", "ftp://h", "a1+b.c-d://x", "://x", "http://", "http://<x>", "https://h/?key",
	"https://h/?T%6Fken=1&ok=2", "https://u@h/?a=1#?key=2", "http://a:b:c@d@e/f", "HTTPS://H/?PASSWORD=x",
	"a@b.co", "a.b+c@d-e.example.org", "@x.com", "a@b.c", "a@b.cc.d1", "x@@y.zz", "é@x.com",
	"ghp_0123456789abcdefABCDEFghijklmnopqrstu", "0123456789012345678901234567890123", "abcdefghijklmnopqrstuvwxyzabcdefgh",
	"a/b/c/0123456789012345678901234567890123", "___________________________________1",
	"ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJ", "dGhpcyBpcyBhIHNlY3JldC+rZXkgZm9y/IHRlc3Rz0A==", "xoxb-1234567890-abcdefGHIJKLmnop",
	"a_b_c_d_e_f_g_h_i_j_k_l_m_n_o_p_1A", "550e8400-e29b-41d4-a716-446655440000", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0",
	" ", "\t", "\n", "\f", "\r", "\v", "\"", "'", "<", ">", "é", "😀", "日本", ".", ":", "/", `\`, "?", "#", "&", "=", "%", "+", "@", "-", "_",
	"1://", "12ab://x", "+.-://y", "ab:// x", "b.cc1@d.ee", "x@y.zz9", "a1a1", "1a", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "0000000000000000000000000000000",
	"://", "@", ".", "a", "Z", "9", "ab", "x@y", ".zz", ".z", "-.", "a.b", "/home", "/Users", "/roo", "home/", "Users/", `:\Users\`, `\Users\`, "C:", "c",
	"\xff", "\xe6\x97", "\x80", "\xc3", "\xed\xa0\x80", "\xf0\x9f\x98", "\x00",
}
