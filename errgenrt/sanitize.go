package errgenrt

import "strings"

// The tokens of free text, a rule every runtime shares
// (docs/guide/conformance.md, "Sanitizing"): runs of TokenRunBytes or more
// of A-Z a-z 0-9 _ + / - ([A-Za-z0-9_+/-]{32,}), and of letters and digits
// in them ([A-Za-z0-9]{32,}). Here they are found by reading each byte
// once (see replaceRuns): regexp kept a thread for each of the
// TokenRunBytes counts at every byte, which took a second on 5 MB of
// shorter runs. The other runtimes write these numbers as literals in
// their expressions and scanners; internal/facts's TestRuntimeLiterals
// holds each of them to these constants.
const (
	// TokenRunBytes is the shortest run of token bytes that free text's
	// scrubbing redacts, and the shortest stretch of letters and digits
	// in a run that it redacts when the run as a whole does not look like
	// a secret.
	TokenRunBytes = 32
	// TokenBytesPerMark: a run is redacted whole only when it has at most
	// one of _ + / - per TokenBytesPerMark bytes (and a digit, an
	// upper-case and a lower-case letter).
	TokenBytesPerMark = 8
)

func isTokenByte(c byte) bool { return isAlnum(c) || c == '_' || c == '+' || c == '/' || c == '-' }

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
}

// replaceRuns replaces each longest run of s of least or more bytes that in
// takes with f of it: the matches of [in]{least,}.
func replaceRuns(s string, in func(byte) bool, least int, f func(string) string) string {
	return replaceMatches(s, func(s string, from int) (int, int) {
		for i := from; i < len(s); {
			if !in(s[i]) {
				i++
				continue
			}
			start := i
			for i < len(s) && in(s[i]) {
				i++
			}
			if i-start >= least {
				return start, i
			}
		}
		return -1, -1
	}, f)
}

// Home paths, URLs and e-mail addresses are found by scanners that read
// each byte a constant number of times and find exactly the matches of
// the regular expressions they stand for under regexp's ReplaceAll
// (leftmost-first, greedy, not overlapping, the search going on at the
// end of each match; sanitize_scan_test.go holds them to the
// expressions). regexp kept a thread for each way a match could go on at
// every byte: 0.4 to 1 s for 5 MB of near-misses, where the scanners take
// a tenth of that (BenchmarkSanitizeFreeText). Every class below is of
// ASCII bytes or the complement of one: regexp reads a non-ASCII byte as
// part of a character or as U+FFFD, in every complement and in no class,
// so reading bytes is the same; and an ASCII byte is always a character
// of its own, so a match starts at no other byte for regexp than here.

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }

// isSchemeByte: [a-zA-Z0-9+.-]
func isSchemeByte(c byte) bool { return isAlnum(c) || c == '+' || c == '.' || c == '-' }

// isURLByte: [^\s"'<>], regexp's \s being [\t\n\f\r ]
func isURLByte(c byte) bool {
	switch c {
	case '\t', '\n', '\f', '\r', ' ', '"', '\'', '<', '>':
		return false
	}
	return true
}

// isLocalByte: [A-Za-z0-9._%+-]
func isLocalByte(c byte) bool { return isSchemeByte(c) || c == '_' || c == '%' }

// isDomainByte: [A-Za-z0-9.-]
func isDomainByte(c byte) bool { return isAlnum(c) || c == '.' || c == '-' }

// isHomeNameByte: [^/\s"']
func isHomeNameByte(c byte) bool {
	switch c {
	case '/', '\t', '\n', '\f', '\r', ' ', '"', '\'':
		return false
	}
	return true
}

// isUsersNameByte: [^\\\s"']
func isUsersNameByte(c byte) bool {
	switch c {
	case '\\', '\t', '\n', '\f', '\r', ' ', '"', '\'':
		return false
	}
	return true
}

// replaceMatches replaces each match next finds in s with f of it, as
// regexp's ReplaceAllStringFunc does: next(s, from) is the first match
// (start, end) starting at from or later, start -1 if none, and the search
// goes on at the end of each match (no match is empty). Each next reads
// the bytes from from to a little past the match it finds (see each), so
// the whole reads each byte a constant number of times.
func replaceMatches(s string, next func(s string, from int) (int, int), f func(string) string) string {
	var b strings.Builder
	done := 0 // s[:done] is in b
	for {
		start, end := next(s, done)
		if start < 0 {
			break
		}
		b.WriteString(s[done:start])
		b.WriteString(f(s[start:end]))
		done = end
	}
	if done == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
}

// nextHomePath finds the next match of
// (/home/[^/\s"']+|/Users/[^/\s"']+|/root|[A-Za-z]:\\Users\\[^\\\s"']+)
// at from or later. It tries each position in turn, as regexp does: the
// alternatives start with "/h", "/U", "/r" and a letter, so at most one
// of them can match at a position and their order does not matter; each
// name is the longest run of its bytes, as + is greedy and nothing
// follows it. A position that starts no match costs at most the nine
// bytes of a prefix; a name's run is the match.
func nextHomePath(s string, from int) (int, int) {
	for p := from; p < len(s); p++ {
		name, in := 0, isHomeNameByte
		switch c := s[p]; {
		case c == '/' && strings.HasPrefix(s[p:], "/home/"):
			name = p + len("/home/")
		case c == '/' && strings.HasPrefix(s[p:], "/Users/"):
			name = p + len("/Users/")
		case c == '/' && strings.HasPrefix(s[p:], "/root"):
			return p, p + len("/root")
		case isLetter(c) && strings.HasPrefix(s[p+1:], `:\Users\`):
			name, in = p+len(`c:\Users\`), isUsersNameByte
		default:
			continue
		}
		end := name
		for end < len(s) && in(s[end]) {
			end++
		}
		if end > name {
			return p, end
		}
	}
	return -1, -1
}

// nextURL finds the next match of [a-zA-Z][a-zA-Z0-9+.-]*://[^\s"'<>]+ at
// from or later. ':' is no scheme byte, so a match's scheme is the part
// from a letter on of the run of scheme bytes that ends at a "://" and
// the earliest such "://" gives the leftmost match, if any: a match with
// a later "://" starts after this one, since its run cannot hold the ':'.
// The match starts at the run's first letter at from or later (none: no
// match from this run), and takes the longest run of body bytes after
// "://", which must not be empty. The run is read back from "://" no
// further than from or the previous "://" (whose '/' ends it anyway), and
// the body only when it is the match, so each byte is read a constant
// number of times.
func nextURL(s string, from int) (int, int) {
	for i := from; ; {
		k := strings.Index(s[i:], "://")
		if k < 0 {
			return -1, -1
		}
		k += i
		start := -1 // the run's first letter
		for j := k - 1; j >= i && isSchemeByte(s[j]); j-- {
			if isLetter(s[j]) {
				start = j
			}
		}
		body := k + len("://")
		if start >= 0 && body < len(s) && isURLByte(s[body]) {
			end := body + 1
			for end < len(s) && isURLByte(s[end]) {
				end++
			}
			return start, end
		}
		i = body // "://" cannot start at k+1 or k+2, which are '/'
	}
}

// nextEmail finds the next match of
// [A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,} at from or later. '@' is
// no local byte, so a match's local part is the run of local bytes ending
// at an '@', from from on, and the first '@' with a local part and a
// domain gives the leftmost match (the run before a later '@' starts
// after this one). The domain lies in the run of domain bytes after the
// '@' (the '.' and letters of its end are domain bytes); the greedy
// [A-Za-z0-9.-]+ takes the longest prefix that \.[A-Za-z]{2,} can follow,
// so the domain ends at the last '.' of that run, past its first byte,
// followed by two letters or more, and then takes all the letters after
// that '.'. That '.' is found reading the run back from its end, counting
// the letters after each byte; none: no match at this '@' for any start,
// and the search goes on after it. The local part is read back no further
// than from or the previous '@', the domain's run (twice) only after a
// local part, and a later '@' is past that run, so each byte is read a
// constant number of times.
func nextEmail(s string, from int) (int, int) {
	for i := from; ; {
		at := strings.IndexByte(s[i:], '@')
		if at < 0 {
			return -1, -1
		}
		at += i
		start := at
		for start > i && isLocalByte(s[start-1]) {
			start--
		}
		if start < at {
			run := at + 1
			for run < len(s) && isDomainByte(s[run]) {
				run++
			}
			letters := 0 // the letters from j+1 on
			for j := run - 1; j >= at+2; j-- {
				if s[j] == '.' && letters >= 2 {
					return start, j + 1 + letters
				}
				if isLetter(s[j]) {
					letters++
				} else {
					letters = 0
				}
			}
		}
		i = at + 1
	}
}

// SanitizePathText replaces home-directory prefixes by ~
// (/home/alice/x → ~/x), for x-sanitize: path fields.
func SanitizePathText(s string) string {
	if !strings.Contains(s, "/home/") && !strings.Contains(s, "/Users/") && !strings.Contains(s, "/root") && !strings.Contains(s, `:\Users\`) {
		return s
	}
	return replaceMatches(s, nextHomePath, func(string) string { return "~" })
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
	return replaceMatches(s, nextURL, scrubURL)
}

// scrubURL scrubs one URL that nextURL found.
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
		s = replaceMatches(s, nextEmail, func(string) string { return "<email>" })
	}
	if run := tokenRunBytes(); len(s) >= run {
		s = replaceRuns(s, isTokenByte, run, redactToken)
	}
	return s
}

// redactToken scrubs one run of TokenRunBytes or more of A-Z a-z 0-9
// _ + / -: the whole run when it looks like a secret (a digit, an
// upper-case and a lower-case letter, and at most one of _ + / - per
// TokenBytesPerMark bytes: keys, base64, JWT parts, prefixed tokens), else
// each stretch of TokenRunBytes or more letters and digits in it (a
// letters-only or digits-only secret). test/sanitize measures the rule on
// secrets and on real text.
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
	few := TokenBytesPerMark*marks <= len(run)
	if otherReading(RuleSeparatorBoundary) {
		few = TokenBytesPerMark*marks < len(run)
	}
	if digit && upper && lower && few && !otherReading(RuleTokenRun) {
		return Redacted
	}
	return replaceRuns(run, isAlnum, tokenRunBytes(), func(string) string { return Redacted })
}

// tokenRunBytes is TokenRunBytes, or one less where RuleTokenLength is read
// the other way.
func tokenRunBytes() int {
	if otherReading(RuleTokenLength) {
		return TokenRunBytes - 1
	}
	return TokenRunBytes
}
