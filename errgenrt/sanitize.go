package errgenrt

import (
	"net/url"
	"regexp"
	"strings"
)

var (
	homePathRE  = regexp.MustCompile(`(/home/[^/\s"']+|/Users/[^/\s"']+|/root|[A-Za-z]:\\Users\\[^\\\s"']+)`)
	urlRE       = regexp.MustCompile(`[a-zA-Z][a-zA-Z0-9+.-]*://[^\s"'<>]+`)
	emailRE     = regexp.MustCompile(`[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}`)
	tokenRE     = regexp.MustCompile(`[A-Za-z0-9_\-+/=.]{32,}`)
	secretParam = regexp.MustCompile(`(?i)^(.*token.*|.*key.*|.*secret.*|pass(word)?|pwd|auth.*|sig(nature)?|session.*|code|credentials?)$`)
)

// SanitizePathText replaces home-directory prefixes by ~
// (/home/alice/x → ~/x), for x-sanitize: path fields.
func SanitizePathText(s string) string {
	if !strings.Contains(s, "/home/") && !strings.Contains(s, "/Users/") && !strings.Contains(s, "/root") && !strings.Contains(s, `:\Users\`) {
		return s
	}
	return homePathRE.ReplaceAllString(s, "~")
}

// SanitizeURIText redacts user-info passwords and sensitive query
// parameters (tokens, keys, secrets, passwords, signatures, sessions) of
// every URL in s, for x-sanitize: uri fields.
func SanitizeURIText(s string) string {
	if !strings.Contains(s, "://") {
		return s
	}
	return urlRE.ReplaceAllStringFunc(s, func(raw string) string {
		u, err := url.Parse(raw)
		if err != nil {
			return raw
		}
		changed := false
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), "redacted")
			changed = true
		}
		q := u.Query()
		for k := range q {
			if secretParam.MatchString(k) {
				q.Set(k, "redacted")
				changed = true
			}
		}
		if !changed {
			return raw
		}
		u.RawQuery = q.Encode()
		return u.String()
	})
}

// SanitizeFreeText scrubs free text: home paths, URL secrets, e-mail
// addresses and long tokens. It is applied to x-sanitize: text fields and
// always to the text of non-catalog errors.
func SanitizeFreeText(s string) string {
	s = SanitizeURIText(SanitizePathText(s))
	if strings.Contains(s, "@") {
		s = emailRE.ReplaceAllString(s, "<email>")
	}
	if len(s) >= 32 {
		s = tokenRE.ReplaceAllStringFunc(s, func(tok string) string {
			if strings.ContainsAny(tok, "0123456789") && strings.IndexFunc(tok, func(r rune) bool { return r >= 'A' && r <= 'z' }) >= 0 && !strings.Contains(tok, "/") {
				return Redacted
			}
			return tok
		})
	}
	return s
}
