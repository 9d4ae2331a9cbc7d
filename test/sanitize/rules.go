package main

import (
	"regexp"
	"strings"
)

// The steps of the text sanitizer that come before the token rule. The path
// and e-mail steps are errgenrt's own expressions; the uri step is
// approximated: it redacts a URL's password and the value of its secret
// query parameters as errgenrt does, but compares parameter names without
// decoding their %XX escapes.
var (
	homePathRE = regexp.MustCompile(`(/home/[^/\s"']+|/Users/[^/\s"']+|/root|[A-Za-z]:\\Users\\[^\\\s"']+)`)
	urlRE      = regexp.MustCompile(`[a-zA-Z][a-zA-Z0-9+.-]*://[^\s"'<>]+`)
	emailRE    = regexp.MustCompile(`[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}`)
)

// redacted replaces a token.
const redacted = "<redacted>"

// preSteps applies the path, uri and e-mail steps of the text sanitizer.
func preSteps(s string) string {
	s = homePathRE.ReplaceAllString(s, "~")
	s = urlRE.ReplaceAllStringFunc(s, scrubURL)
	return emailRE.ReplaceAllString(s, "<email>")
}

// scrubURL redacts the password and the secret query parameters of u.
func scrubURL(u string) string {
	i := strings.Index(u, "://") + 3
	rest := u[i:]
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	auth := rest[:end]
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		if colon := strings.IndexByte(auth[:at], ':'); colon >= 0 {
			auth = auth[:colon+1] + "redacted" + auth[at:]
		}
	}
	head, tail := u[:i]+auth, rest[end:]
	q := strings.IndexByte(tail, '?')
	if q < 0 || strings.IndexByte(tail[:q], '#') >= 0 {
		return head + tail
	}
	query, fragment := tail[q+1:], ""
	if h := strings.IndexByte(query, '#'); h >= 0 {
		query, fragment = query[:h], query[h:]
	}
	params := strings.Split(query, "&")
	for k, p := range params {
		name, _, _ := strings.Cut(p, "=")
		n := strings.ToLower(name)
		switch {
		case n == "pass", n == "password", n == "pwd", n == "code", n == "credential", n == "credentials", n == "sig", n == "signature",
			strings.Contains(n, "token"), strings.Contains(n, "key"), strings.Contains(n, "secret"),
			strings.HasPrefix(n, "auth"), strings.HasPrefix(n, "session"):
			params[k] = name + "=redacted"
		}
	}
	return head + tail[:q+1] + strings.Join(params, "&") + fragment
}

// A class is a set of ASCII bytes.
type class [128]bool

// newClass returns the class of the bytes of chars, where x-y stands for
// the range from x to y and a - at the end for itself.
func newClass(chars string) *class {
	var c class
	for i := 0; i < len(chars); i++ {
		if i+2 < len(chars) && chars[i+1] == '-' {
			for b := chars[i]; b <= chars[i+2]; b++ {
				c[b] = true
			}
			i += 2
			continue
		}
		c[chars[i]] = true
	}
	return &c
}

func (c *class) has(b byte) bool { return b < 128 && c[b] }

// count returns how many bytes of s are in c.
func (c *class) count(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if c.has(s[i]) {
			n++
		}
	}
	return n
}

// A rule is a token rule: it looks at every maximal run of bytes of its
// class (a run is never a part of a longer run) and replaces it by what
// redact returns.
type rule struct {
	name string
	// words says what the rule redacts, for the legend.
	words  string
	class  *class
	redact func(run string) string
}

// apply returns s with the runs of the rule's class replaced.
func (r *rule) apply(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if !r.class.has(s[i]) {
			b.WriteByte(s[i])
			i++
			continue
		}
		j := i
		for j < len(s) && r.class.has(s[j]) {
			j++
		}
		b.WriteString(r.redact(s[i:j]))
		i = j
	}
	return b.String()
}

// minRun is the length from which a run may be redacted.
const minRun = 32

// whole returns the redact function of a rule that replaces a run of
// minRun or more bytes whole when cond (nil: always) accepts it.
func whole(cond func(run string) bool) func(string) string {
	return func(run string) string {
		if len(run) >= minRun && (cond == nil || cond(run)) {
			return redacted
		}
		return run
	}
}

var (
	classSep   = newClass("_+/-") // the separators of base64, base64url, paths, names
	classDigit = newClass("0-9")
	classUpper = newClass("A-Z")
	classLower = newClass("a-z")
	classAlpha = newClass("A-Za-z")
)

// The candidate rules, in the order of the table.
var (
	r0 = &rule{
		name:  "R0",
		words: "current: runs of 32+ of `[A-Za-z0-9_\\-+/=.]` holding no `/`, a digit, and a letter or `_`",
		class: newClass("A-Za-z0-9_+/=.-"),
		redact: whole(func(run string) bool {
			return !strings.Contains(run, "/") && classDigit.count(run) > 0 && (classAlpha.count(run) > 0 || strings.Contains(run, "_"))
		}),
	}
	r1 = &rule{
		name:   "R1",
		words:  "design document: runs of 32+ of `[A-Za-z0-9]`",
		class:  newClass("A-Za-z0-9"),
		redact: whole(nil),
	}
	r2 = &rule{
		name:   "R2",
		words:  "runs of 32+ of `[A-Za-z0-9_\\-+/=.]` holding no `/`",
		class:  r0.class,
		redact: whole(func(run string) bool { return !strings.Contains(run, "/") }),
	}
	r3 = &rule{
		name:  "R3",
		words: "R2, and the run holds a digit or is 40+ long",
		class: r0.class,
		redact: whole(func(run string) bool {
			return !strings.Contains(run, "/") && (classDigit.count(run) > 0 || len(run) >= 40)
		}),
	}
	r4 = &rule{
		name:   "R4",
		words:  "runs of 32+ of `[A-Za-z0-9_\\-+=]` (`/` and `.` end a run)",
		class:  newClass("A-Za-z0-9_+=-"),
		redact: whole(nil),
	}
	r5 = &rule{
		name:   "R5",
		words:  "runs of 32+ of `[A-Za-z0-9_+/-]` (`.` and `=` end a run) holding at most one of `_ + / -` per *ratio* bytes",
		class:  newClass("A-Za-z0-9_+/-"),
		redact: whole(sparseSeparators),
	}
	r6 = &rule{
		name:   "R6",
		words:  "recommended: R5's runs that also hold a digit, an upper-case and a lower-case letter; in other runs, R1",
		class:  r5.class,
		redact: func(run string) string { return recommended(run, false) },
	}
	r7 = &rule{
		name:   "R7",
		words:  "R6, but a stretch of letters alone needs a quarter of upper-case and a quarter of lower-case letters",
		class:  r5.class,
		redact: func(run string) string { return recommended(run, true) },
	}
	rules = []*rule{r0, r1, r2, r3, r4, r5, r6, r7}
)

// sepRatio is the least number of bytes per separator of a run that R5,
// R6 and R7 redact whole (-ratio).
var sepRatio = 8

// sparseSeparators reports whether a run holds at most one separator
// (`_ + / -`) per sepRatio bytes: random base64 or base64url holds one per
// 32 on average, words joined into a path or a name one per 5 to 10.
func sparseSeparators(run string) bool {
	return sepRatio*classSep.count(run) <= len(run)
}

// recommended is the redact function of R6 (and of R7 with caseMix): a run
// of 32+ bytes holding a digit, an upper-case letter, a lower-case letter
// and sparse separators is replaced whole; in any other run, every stretch
// of 32+ letters and digits is replaced, as the design document's
// [A-Za-z0-9]{32,} does.
func recommended(run string, caseMix bool) string {
	if len(run) >= minRun && classDigit.count(run) > 0 && classUpper.count(run) > 0 && classLower.count(run) > 0 && sparseSeparators(run) {
		return redacted
	}
	stretch := r1
	if caseMix {
		stretch = r7stretch
	}
	return stretch.apply(run)
}

// r7stretch is R1 less the stretches of letters alone that look like words
// (CamelCase, SCREAMING or lower case): it redacts one of letters alone
// only if at least a quarter of them are upper-case and a quarter
// lower-case, as in random text.
var r7stretch = &rule{
	class: r1.class,
	redact: whole(func(run string) bool {
		return classDigit.count(run) > 0 || 4*classUpper.count(run) >= len(run) && 4*classLower.count(run) >= len(run)
	}),
}
