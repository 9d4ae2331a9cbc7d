package errgenrt

import (
	"regexp"
	"strings"
)

var (
	homePathRE = regexp.MustCompile(`(/home/[^/\s"']+|/Users/[^/\s"']+|/root|[A-Za-z]:\\Users\\[^\\\s"']+)`)
	urlRE      = regexp.MustCompile(`[a-zA-Z][a-zA-Z0-9+.-]*://[^\s"'<>]+`)
	emailRE    = regexp.MustCompile(`[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}`)
)

// The tokens of free text: runs of 32 or more of A-Z a-z 0-9 _ + / -
// ([A-Za-z0-9_+/-]{32,}), and of letters and digits in them
// ([A-Za-z0-9]{32,}), found by reading each byte once (see replaceRuns);
// regexp kept a thread for each of the 32 counts at every byte, which took
// a second on 5 MB of shorter runs.
const tokenMin = 32

func isTokenByte(c byte) bool { return isAlnum(c) || c == '_' || c == '+' || c == '/' || c == '-' }

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
}

// replaceRuns replaces each longest run of s of least or more bytes that in
// takes with f of it: the matches of [in]{least,}.
func replaceRuns(s string, in func(byte) bool, least int, f func(string) string) string {
	var b strings.Builder
	done := 0 // s[:done] is in b
	for i := 0; i < len(s); {
		if !in(s[i]) {
			i++
			continue
		}
		start := i
		for i < len(s) && in(s[i]) {
			i++
		}
		if i-start >= least {
			b.WriteString(s[done:start])
			b.WriteString(f(s[start:i]))
			done = i
		}
	}
	if done == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
}

// SanitizePathText replaces home-directory prefixes by ~
// (/home/alice/x → ~/x), for x-sanitize: path fields.
func SanitizePathText(s string) string {
	if !strings.Contains(s, "/home/") && !strings.Contains(s, "/Users/") && !strings.Contains(s, "/root") && !strings.Contains(s, `:\Users\`) {
		return s
	}
	return homePathRE.ReplaceAllString(s, "~")
}

// SanitizeURIText redacts, in every URL of s (scheme://…, up to white
// space, a quote, < or >), the password of its user information and the
// value of each query parameter whose name is secret (see secretParam),
// each replaced by "redacted"; everything else of the URL is kept byte for
// byte, for x-sanitize: uri fields.
func SanitizeURIText(s string) string {
	if !strings.Contains(s, "://") {
		return s
	}
	return urlRE.ReplaceAllStringFunc(s, scrubURL)
}

// scrubURL scrubs one URL that urlRE matched.
func scrubURL(u string) string {
	i := strings.Index(u, "://") + 3
	var b strings.Builder
	b.WriteString(u[:i])
	rest := u[i:]
	// the authority runs to the first /, ? or #; its user information to
	// the last @ in it, and the password from the first : in that
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
	b.WriteString(auth)
	rest = rest[end:]
	// the query runs from the first ? (before any #) to the first # after
	// it; its parameters are separated by &
	q := strings.IndexByte(rest, '?')
	if q < 0 || strings.IndexByte(rest[:q], '#') >= 0 {
		b.WriteString(rest)
		return b.String()
	}
	b.WriteString(rest[:q+1])
	query, fragment := rest[q+1:], ""
	if h := strings.IndexByte(query, '#'); h >= 0 {
		query, fragment = query[:h], query[h:]
	}
	for k, param := range strings.Split(query, "&") {
		if k > 0 {
			b.WriteByte('&')
		}
		name, _, _ := strings.Cut(param, "=")
		if secretParam(name) {
			param = name + "=redacted"
		}
		b.WriteString(param)
	}
	b.WriteString(fragment)
	return b.String()
}

// secretParam reports whether a URL query parameter name (as written, its
// %XX escapes and + decoded here) names a secret: ASCII case aside, it
// contains "token", "key" or "secret", starts with "auth" or "session", or
// is "pass", "password", "pwd", "code", "credential", "credentials", "sig"
// or "signature".
func secretParam(name string) bool {
	n := strings.ToLower(unescapeQuery(name))
	switch n {
	case "pass", "password", "pwd", "code", "credential", "credentials", "sig", "signature":
		return true
	}
	return strings.Contains(n, "token") || strings.Contains(n, "key") || strings.Contains(n, "secret") ||
		strings.HasPrefix(n, "auth") || strings.HasPrefix(n, "session")
}

// unescapeQuery decodes + and the %XX escapes of a query component; a %
// not followed by two hex digits stays as it is.
func unescapeQuery(s string) string {
	if !strings.ContainsAny(s, "%+") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '+':
			b = append(b, ' ')
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// SanitizeFreeText scrubs free text: home paths, URL secrets, e-mail
// addresses and long tokens. It is applied to x-sanitize: text fields and
// always to the text of non-catalog errors.
func SanitizeFreeText(s string) string {
	s = SanitizeURIText(SanitizePathText(s))
	if strings.Contains(s, "@") {
		s = emailRE.ReplaceAllString(s, "<email>")
	}
	if len(s) >= tokenMin {
		s = replaceRuns(s, isTokenByte, tokenMin, redactToken)
	}
	return s
}

// redactToken scrubs one run of 32 or more of A-Z a-z 0-9 _ + / -: the
// whole run when it looks like a secret (a digit, an upper-case and a
// lower-case letter, and at most one of _ + / - per 8 bytes: keys, base64,
// JWT parts, prefixed tokens), else each stretch of 32 or more letters and
// digits in it (a letters-only or digits-only secret). test/sanitize
// measures the rule on secrets and on real text.
func redactToken(run string) string {
	digit, upper, lower, marks := false, false, false, 0
	for i := 0; i < len(run); i++ {
		switch c := run[i]; {
		case c >= '0' && c <= '9':
			digit = true
		case c >= 'A' && c <= 'Z':
			upper = true
		case c >= 'a' && c <= 'z':
			lower = true
		default:
			marks++
		}
	}
	if digit && upper && lower && 8*marks <= len(run) && !otherReading(RuleTokenRun) {
		return Redacted
	}
	return replaceRuns(run, isAlnum, tokenMin, func(string) string { return Redacted })
}
