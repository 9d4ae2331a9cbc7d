package difffuzz

import "strings"

// The pools the generator draws its hostile values from.

// numberTokens are number tokens at and past every limit the page names,
// written as they are: -0, exponents, the safe-integer bounds, digits past
// a double, the largest and smallest doubles and past them.
var numberTokens = []string{
	"0", "-0", "1.0", "1e3", "1E3", "1.5", "-1", "0.1", "4.35", "0.30000000000000004",
	"9007199254740991", "9007199254740992", "9007199254740993", "-9007199254740991", "-9007199254740993",
	"123456789012345678901234567890", "1e21", "1e+21", "100000000000000000000", "1e-7", "1e-6", "0.000001", "2.5e-7",
	"5e-324", "2e-323", "1.7976931348623157e308", "1.7976931348623157e309", "1e400", "-1e400", "1e-400", "-1e-400",
	"1486382262.8810139", "-0.0", "0e10", "12345678.9", "1e300", "-2147483649", "4294967296", "18446744073709551616",
	"9223372036854775807", "9223372036854775808", "-9223372036854775809",
}

// integerTokens are number tokens without a fraction (after reading as a
// double), valid for an integer node's type: in the safe range and past it.
var integerTokens = []string{
	"0", "-0", "1.0", "1e3", "1E3", "-1", "7", "2147483648", "9007199254740991", "9007199254740992",
	"9007199254740993", "-9007199254740991", "-9007199254740993", "123456789012345678901234567890", "1e21",
	"1e-400", "-1e-400", "1e300", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
	"18446744073709551616", "100.000",
}

// notIntegerTokens are numbers an integer node refuses: a fraction, or
// past the largest double.
var notIntegerTokens = []string{"1.5", "1e400", "-1e400", "1e-7", "5e-324", "0.1", "-2.5"}

// badNumberTokens are not JSON numbers: a line holding one is unreadable.
// retryDelays are retry delays as a conformance input gives them, in
// milliseconds: whole, fractional, at and past the bound (a day), a
// double's extremes and past them, negative and -0.
var retryDelays = []string{
	"0", "1", "30000", "2500.5", "0.001", "1e-7", "5e-324", "1e-400", "-0", "-0.0", "-1", "-0.5", "-1e400",
	"86399999.5", "86400000", "86400000.0001", "86400001", "1e12", "9007199254740993", "1.7976931348623157e308", "1e400",
	"1E3", "999.999", "1000.0000000001",
}

var badNumberTokens = []string{"01", "+1", ".5", "1.", "NaN", "Infinity", "-Infinity", "0x10", "-", "1e", "1e+", "--1", "1_000"}

// words are plain texts.
var words = []string{
	"a", "x", "file.txt", "read", "users", "The quick brown fox", "GET", "PATCH", "tools/call", "prod", "42",
	"hello world", "résumé", "naïve café", "日本語", "Ωmega", "x-y_z", "value", "",
}

// hostileStrings are strings a runtime must write byte for byte alike:
// escapes, HTML, separators, controls, emoji, text the sanitizers act on.
var hostileStrings = []string{
	"`backtick` ${template} \"quote\" \\ backslash '",
	"</script><script>alert(1)</script> & <b>",
	"a<b>c&d",
	"line\u2028separator\u2029paragraph",
	"nul\x00byte",
	"ctl\x01\x02\x07\x08\x0b\x0c\x0e\x1f\x7f end",
	"tab\there\nnew\rline",
	"\ufeffbom \u202eright-to-left\u202c",
	"😀👍🏽 ∑ e\u0301 \U0001F468\u200d\U0001F469\u200d\U0001F467",
	"/home/alice/notes.txt",
	"open /Users/bob/Library/Keychains/login.keychain: denied",
	"/root/.ssh/id_rsa",
	`C:\Users\carol\Documents\secret.docx`,
	"c:\\Users\\",
	"/home//x /home/ /rootkit",
	"https://bob:hunter2@api.example.com/v1/items?token=abc123&page=2#top",
	"postgres://admin:s3cr3t@db.internal:5432/app?sslmode=require&password=pw",
	"https://h.example/?api_key=k&Session_Id=1&authz=2&ok=3&T%6Fken=4&pass+word=5",
	"http://a:b:c@d@e/f?sig=1#?key=2",
	"HTTPS://H/?PASSWORD=x&code=1&credentials=2",
	"mail alice@example.com or bob.smith+tag@mail.example.org now",
	"x@@y.zz a@b.c é@x.com @x.com",
	"ghp_0123456789abcdefABCDEFghijklmnopqrstu",
	"xoxb-123456789012-123456789012-abcdefghijklmnopqrstuvwx",
	"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
	"AKIAIOSFODNN7EXAMPLE wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
	"a/b/c/0123456789012345678901234567890123",
	"___________________________________1",
	"{field} {{literal}} %s %d ${x}",
	"\u00a0\u2007\u200b\u3000 spaces",
	"\U000F0000 plane 15 \U0010F7FF",
	"",
}

// runs are runs of letters and digits of 31, 32 and 33 bytes, with and
// without the separators the token rule counts.
func runs() []string {
	alnum := "aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xYz"
	letters := "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ"
	digits := "012345678901234567890123456789012345"
	var out []string
	for _, n := range []int{31, 32, 33} {
		out = append(out, alnum[:n], letters[:n], digits[:n], strings.ToLower(alnum[:n]),
			alnum[:n/2]+"_"+alnum[n/2:n], alnum[:8]+"-"+alnum[8:16]+"/"+alnum[16:n]+"+x",
			"key="+alnum[:n]+".", "é"+alnum[:n]+"é")
	}
	return out
}

var runStrings = runs()

// hostileKeys are member names of open maps, untyped values, legacy data
// and extensions: names the payloads write themselves, names JavaScript
// objects hold, names that sort differently by UTF-16 unit and code
// point, names that bound alike, the empty name.
var hostileKeys = []string{
	"__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "__defineGetter__",
	"type", "title", "status", "detail", "instance", "timestamp", "symbol", "retryable", "retry", "retryAfterMs", "userMessage",
	"suggestions", "debugInfo", "domain", "context", "code", "message", "data", "details", "error",
	"", " ", "1", "01", "-1", "10", "2", "1.5", "a", "A", "b", "B", "é", "e\u0301", "\uffff", "\U0001F600", "\ue000",
	"<script>", "a\"b", "a\\b", "a\u2028b", "nul\x00", "\x7f", "k`k", "${x}",
	"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk1", "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk2",
	"kkkkkkkkkkkkk😀", "kkkkkkkkkkkkkkkk", "/home/alice/k", "https://u:p@h/?token=1", "aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xYz",
}

// badNow are clocks a runner refuses.
var badNow = []string{
	"2026-02-30T00:00:00Z", "2026-01-02T03:04:05.5Z", "2026-01-02T03:04:05+01:00", "2026-01-02t03:04:05z",
	"2026-01-02T24:00:00Z", "2026-01-02T23:59:60Z", "2026-13-01T00:00:00Z", "2026-1-2T3:4:5Z", "2026-01-02 03:04:05Z",
	"", "now", "2025-02-29T00:00:00Z", "+2026-01-02T03:04:05Z", "２026-01-02T03:04:05Z", "2026-01-02T03:04:05Z ",
}

// goodNow are clocks every runner takes.
var goodNow = []string{
	"2026-01-02T03:04:05Z", "2024-02-29T23:59:59Z", "1970-01-01T00:00:00Z", "0001-01-01T00:00:00Z",
	"9999-12-31T23:59:59Z", "2000-12-31T12:00:00Z", "1969-12-31T23:59:59Z", "0000-01-01T00:00:00Z", "0099-12-31T23:59:59Z",
}

// formatSamples are values of each format the runtimes check.
var formatSamples = map[string][]string{
	"date":                  {"2026-01-02", "2024-02-29", "2026-02-30", "26-01-02"},
	"time":                  {"03:04:05Z", "23:59:60Z", "03:04:05.123+01:00", "03:04:05"},
	"date-time":             {"2026-01-02T03:04:05Z", "2026-01-02t03:04:05.5+01:00", "2026-01-02 03:04:05Z", "2026-01-02T03:04:05"},
	"duration":              {"P1D", "PT1H30M", "P1W", "P", "1D"},
	"uri":                   {"https://example.com/a?b=c", "urn:isbn:0451450523", "https://u:p@h/?token=x", "not a uri", "/relative"},
	"uri-reference":         {"/relative/path", "https://example.com", "#frag", "a b"},
	"uri-template":          {"https://example.com/{id}", "/x/{a,b}", "{"},
	"email":                 {"alice@example.com", "a.b+c@d-e.example.org", "not-an-email", "é@x.com"},
	"hostname":              {"example.com", "a-b.c", "-bad-.com", "localhost"},
	"ipv4":                  {"127.0.0.1", "255.255.255.255", "256.0.0.1", "1.2.3"},
	"ipv6":                  {"::1", "2001:db8::8a2e:370:7334", "::ffff:1.2.3.4", "gggg::1"},
	"uuid":                  {"3f7e4c8a-9d2b-4e3a-8f1c-2b5d9e6a7c8f", "urn:uuid:3f7e4c8a-9d2b-4e3a-8f1c-2b5d9e6a7c8f", "3f7e4c8a9d2b4e3a8f1c2b5d9e6a7c8f", "x"},
	"json-pointer":          {"/a/b", "", "/a~1b/~0c", "a/b", "/~2"},
	"relative-json-pointer": {"0", "1/a", "2#", "-1", "01"},
}

// patternSamples are strings tried against a pattern, for a value that
// keeps it.
var patternSamples = []string{
	"ABCDE", "42000", "P0001", "abc", "ABC", "abc-123", "a_b", "x", "0", "123", "E_CODE", "foo.bar", "v1.2.3",
	"2026-01-02", "a@b.co", "HY000", "08006", "22P02", "1", "A", "aaaa", "ab12", "/path", "https://x",
}
