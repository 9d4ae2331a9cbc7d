package model

import (
	_ "embed"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/errgen/errgen/internal/catalog"
)

// pkg checks the catalog's `package`, the publishing metadata of the
// generated packages, and sets m.Package. Each value is held to what every
// registry the packages go to takes (npm, the Rust registry, PyPI), so
// that a package errgen writes publishes without a warning.
func (b *builder) pkg() {
	r, p := b.raw.Package, &b.m.Package
	p.Version = b.m.Version
	if v := r.Version; v.Set {
		b.semver(v, "package.version")
		if i := strings.IndexByte(v.Value, '+'); i >= 0 && SemverRE.MatchString(v.Value) {
			pos, where := b.at(v, i)
			b.diags.Errorf(pos, "package.version %s has build metadata (%s), which npm drops and PyPI refuses: leave it out%s", v.Value, v.Value[i:], where)
		} else if SemverRE.MatchString(v.Value) && SemverRE.MatchString(b.m.Version) && compareSemver(v.Value, b.m.Version) < 0 {
			b.diags.Errorf(v.Pos, "package.version %s is behind the catalog's version %s: a package never goes back; raise it, or leave it out to publish the catalog's version", v.Value, b.m.Version)
		} else {
			p.Version = v.Value
		}
	}
	if l := r.License; l.Set {
		if off, msg := checkSPDX(l.Value); msg != "" {
			pos, where := b.at(l, off)
			b.diags.Errorf(pos, "package.license %q is not an SPDX license expression: %s%s", l.Value, msg, where)
		} else {
			p.License = l.Value
		}
	}
	for _, u := range []struct {
		s    catalog.Str
		what string
		dst  *string
	}{{r.Repository, "package.repository", &p.Repository}, {r.Homepage, "package.homepage", &p.Homepage}} {
		if !u.s.Set {
			continue
		}
		if why := webURL(u.s.Value); why != "" {
			b.diags.Errorf(u.s.Pos, "%s %q is not a web address: %s (want https://…)", u.what, u.s.Value, why)
			continue
		}
		*u.dst = u.s.Value
	}
	for _, a := range r.Authors {
		if !AuthorRE.MatchString(a.Value) {
			b.diags.Errorf(a.Pos, "package.authors entry %q is not an author: want \"Name\" or \"Name <email>\"", a.Value)
			continue
		}
		p.Authors = append(p.Authors, a.Value)
	}
	seen := map[string]bool{}
	for i, k := range r.Keywords {
		switch {
		case i == maxKeywords:
			b.diags.Errorf(k.Pos, "package.keywords has %d keywords: the Rust registry takes at most %d", len(r.Keywords), maxKeywords)
		case !KeywordRE.MatchString(k.Value):
			b.diags.Errorf(k.Pos, "package.keywords entry %q is not a keyword: want at most 20 ASCII letters, digits, -, _ and +, starting with a letter (as the Rust registry takes them)", k.Value)
		case seen[k.Value]:
			b.diags.Errorf(k.Pos, "package.keywords lists %q twice", k.Value)
		default:
			seen[k.Value] = true
			p.Keywords = append(p.Keywords, k.Value)
			continue
		}
		if i == maxKeywords {
			break
		}
	}
}

var (
	// AuthorRE matches a package author: a name, and an email in angle
	// brackets or none.
	AuthorRE = regexp.MustCompile(`^[^<>\s](?:[^<>\n\r]*[^<>\s])?(?: <[^<>\s@]+@[^<>\s@]+>)?$`)
	// KeywordRE matches a package keyword as the Rust registry takes it.
	KeywordRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_+-]{0,19}$`)
)

// maxKeywords is the number of keywords the Rust registry takes.
const maxKeywords = 5

// webURL returns why s is not an http(s) address with a host, or "".
func webURL(s string) string {
	if !strings.Contains(s, "://") {
		return "it is not an http(s) URL"
	}
	if why := absoluteURI(s); why != "" {
		return why
	}
	u, _ := url.Parse(s)
	switch {
	case u.Scheme != "https" && u.Scheme != "http":
		return "its scheme is " + u.Scheme
	case u.Host == "":
		return "it has no host"
	}
	return ""
}

//go:embed spdx.txt
var spdxList string

// spdxLicenses and spdxExceptions are the identifiers of spdx.txt.
var spdxLicenses, spdxExceptions = func() (map[string]bool, map[string]bool) {
	licenses, exceptions := map[string]bool{}, map[string]bool{}
	into := licenses
	for _, line := range strings.Split(spdxList, "\n") {
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case line == "exceptions:":
			into = exceptions
		default:
			into[line] = true
		}
	}
	return licenses, exceptions
}()

// spdxFolded maps each license identifier, lower-cased, to its spelling
// (the first in the list, should two differ only in case).
var spdxFolded = func() map[string]string {
	m := map[string]string{}
	for _, line := range strings.Split(spdxList, "\n") {
		if line == "exceptions:" {
			break
		}
		if k := strings.ToLower(line); line != "" && !strings.HasPrefix(line, "#") && m[k] == "" {
			m[k] = line
		}
	}
	return m
}()

// spdxRef matches a license of one's own: LicenseRef-NAME, or
// DocumentRef-DOC:LicenseRef-NAME.
var spdxRef = regexp.MustCompile(`^(DocumentRef-[A-Za-z0-9.-]+:)?LicenseRef-[A-Za-z0-9.-]+$`)

// checkSPDX returns "" when s is an SPDX license expression (SPDX 2.3,
// annex D) whose identifiers are on the SPDX License List, else the byte
// offset in s of what is wrong and why.
func checkSPDX(s string) (int, string) {
	type token struct {
		text string
		off  int
	}
	var toks []token
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == ' ':
			i++
		case c == '(' || c == ')':
			toks = append(toks, token{s[i : i+1], i})
			i++
		default:
			j := i
			for j < len(s) && s[j] != ' ' && s[j] != '(' && s[j] != ')' {
				j++
			}
			toks = append(toks, token{s[i:j], i})
			i = j
		}
	}
	if len(toks) == 0 {
		return 0, "it is empty (want one like MIT, or Apache-2.0 OR MIT)"
	}
	pos := 0
	at := func() (token, bool) {
		if pos < len(toks) {
			return toks[pos], true
		}
		return token{off: len(s)}, false
	}
	var expr func() (int, string)
	simple := func() (int, string) {
		t, ok := at()
		if !ok {
			return t.off, "it ends where a license identifier should follow"
		}
		pos++
		id := strings.TrimSuffix(t.text, "+")
		switch {
		case spdxLicenses[id] || spdxRef.MatchString(t.text):
			return 0, ""
		case isOperator(t.text):
			return t.off, "an identifier should come before " + t.text
		case isOperator(strings.ToUpper(t.text)):
			return t.off, "write the operator " + strings.ToUpper(t.text) + " in upper case"
		}
		if strings.Contains(t.text, "/") {
			return t.off, strconv.Quote(t.text) + ": write " + strings.ReplaceAll(t.text, "/", " OR ") + " (SPDX joins licenses with OR, not /)"
		}
		if known, ok := spdxFolded[strings.ToLower(id)]; ok {
			return t.off, strconv.Quote(t.text) + " is spelt " + strconv.Quote(known+t.text[len(id):])
		}
		return t.off, strconv.Quote(t.text) + " is not on the SPDX License List (spdx.org/licenses); name a license of your own LicenseRef-NAME"
	}
	primary := func() (int, string) {
		if t, ok := at(); ok && t.text == "(" {
			pos++
			if off, msg := expr(); msg != "" {
				return off, msg
			}
			if t, ok := at(); !ok || t.text != ")" {
				if msg := unexpected(t.text); ok && msg != "" {
					return t.off, msg
				}
				return t.off, "a ) is missing"
			}
			pos++
			return 0, ""
		}
		if off, msg := simple(); msg != "" {
			return off, msg
		}
		if t, ok := at(); ok && t.text == "WITH" {
			pos++
			e, ok := at()
			if !ok {
				return e.off, "it ends where an exception identifier should follow WITH"
			}
			pos++
			if !spdxExceptions[e.text] {
				return e.off, strconv.Quote(e.text) + " is not an SPDX license exception (spdx.org/licenses/exceptions-index.html)"
			}
		}
		return 0, ""
	}
	binary := func(op string, operand func() (int, string)) func() (int, string) {
		return func() (int, string) {
			for {
				if off, msg := operand(); msg != "" {
					return off, msg
				}
				if t, ok := at(); !ok || t.text != op {
					return 0, ""
				}
				pos++
			}
		}
	}
	and := binary("AND", primary)
	expr = binary("OR", and)
	if off, msg := expr(); msg != "" {
		return off, msg
	}
	if t, ok := at(); ok {
		if msg := unexpected(t.text); msg != "" {
			return t.off, msg
		}
		return t.off, "unexpected " + strconv.Quote(t.text) + ": join licenses with AND or OR"
	}
	return 0, ""
}

// unexpected says what is wrong with a token where an operator or the
// end should be, when it is an operator in lower case.
func unexpected(tok string) string {
	if isOperator(strings.ToUpper(tok)) {
		return "write the operator " + strings.ToUpper(tok) + " in upper case"
	}
	return ""
}

func isOperator(s string) bool { return s == "AND" || s == "OR" || s == "WITH" }

// compareSemver compares two semantic versions by precedence (build
// metadata aside): -1, 0 or +1.
func compareSemver(a, b string) int {
	split := func(v string) (core []string, pre []string) {
		v, _, _ = strings.Cut(v, "+")
		c, p, hasPre := strings.Cut(v, "-")
		core = strings.Split(c, ".")
		if hasPre {
			pre = strings.Split(p, ".")
		}
		return core, pre
	}
	num := func(x, y string) int {
		if len(x) != len(y) {
			return cmpInt(len(x), len(y))
		}
		return strings.Compare(x, y)
	}
	ac, ap := split(a)
	bc, bp := split(b)
	for i := range 3 {
		if c := num(ac[i], bc[i]); c != 0 {
			return c
		}
	}
	switch {
	case ap == nil && bp == nil:
		return 0
	case ap == nil:
		return 1
	case bp == nil:
		return -1
	}
	for i := 0; i < len(ap) && i < len(bp); i++ {
		x, y := ap[i], bp[i]
		xn, yn := isDigits(x), isDigits(y)
		var c int
		switch {
		case xn && yn:
			c = num(x, y)
		case xn:
			c = -1
		case yn:
			c = 1
		default:
			c = strings.Compare(x, y)
		}
		if c != 0 {
			return c
		}
	}
	return cmpInt(len(ap), len(bp))
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
