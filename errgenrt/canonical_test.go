package errgenrt

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"
)

// The shared number form is ECMAScript's Number.prototype.toString, which
// every errgen runtime writes (the conformance vectors hold them to it).
func TestFloatForm(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{0, "0"}, {math.Copysign(0, -1), "0"}, {1, "1"}, {-1.5, "-1.5"}, {0.1, "0.1"},
		{1234567.5, "1234567.5"}, {1e20, "100000000000000000000"}, {1e21, "1e+21"}, {1.5e300, "1.5e+300"},
		{0.000001, "0.000001"}, {0.00000123, "0.00000123"}, {9.9e-7, "9.9e-7"}, {1e-7, "1e-7"}, {1e-10, "1e-10"},
		{5e-324, "5e-324"}, {math.MaxFloat64, "1.7976931348623157e+308"},
		{math.NaN(), "0"}, {math.Inf(1), "1.7976931348623157e+308"}, {math.Inf(-1), "-1.7976931348623157e+308"},
		{123456789012345680000, "123456789012345680000"}, {0.30000000000000004, "0.30000000000000004"},
	} {
		if got := string(appendFloat(nil, tc.v)); got != tc.want {
			t.Errorf("appendFloat(%v) = %s, want %s", tc.v, got, tc.want)
		}
	}
}

// encoding/json writes floats as ECMAScript does, save -0: the two agree on
// every other finite number.
func TestFloatFormAgreesWithEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		v := math.Float64frombits(r.Uint64())
		if math.IsNaN(v) || math.IsInf(v, 0) || v == 0 {
			continue
		}
		want, _ := json.Marshal(v)
		if got := appendFloat(nil, v); string(got) != string(want) {
			t.Fatalf("appendFloat(%v) = %s, encoding/json %s", v, got, want)
		}
	}
}

// Untyped numbers are doubles, as every JSON reader reads them: digits
// past what a double holds are rounded, past the largest double infinite.
func TestNumberForm(t *testing.T) {
	for in, want := range map[string]string{
		"0": "0", "-0": "0", "12": "12", "-7": "-7", "1.0": "1", "1e3": "1000", "-0.0": "0", "1E21": "1e+21",
		"123456789012345678901234567890": "1.2345678901234568e+29", "9007199254740993": "9007199254740992",
		"1e400": "1.7976931348623157e+308", "-1e400": "-1.7976931348623157e+308", "1e-400": "0", "-1e-400": "0",
		"0.5": "0.5", "x": "0", "01": "0",
	} {
		if got := string(appendNumber(nil, in)); got != want {
			t.Errorf("appendNumber(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestSanitizeURIText(t *testing.T) {
	for in, want := range map[string]string{
		"no url here":                                      "no url here",
		"https://example.com/a?b=1":                        "https://example.com/a?b=1",
		"https://user:hunter2@example.com/x":               "https://user:redacted@example.com/x",
		"https://user@example.com/x":                       "https://user@example.com/x",
		"https://u:p@q@host":                               "https://u:redacted@host",
		"see https://h/p?z=1&api_key=abc&Token=x#frag ok":  "see https://h/p?z=1&api_key=redacted&Token=redacted#frag ok",
		"https://h/?password&pass=1&passes=2&code=9&codex": "https://h/?password=redacted&pass=redacted&passes=2&code=redacted&codex",
		"https://h/?sig=a&signature=b&sigma=c":             "https://h/?sig=redacted&signature=redacted&sigma=c",
		"https://h/?authorization=a&session_id=b&pwd=c":    "https://h/?authorization=redacted&session_id=redacted&pwd=redacted",
		"https://h/?t%6Fken=a&my+secret=b&x=%zz":           "https://h/?t%6Fken=redacted&my+secret=redacted&x=%zz",
		"https://h/?credential=a&credentials=b&cred=c":     "https://h/?credential=redacted&credentials=redacted&cred=c",
		"a ftp://x:y@h/?key=1, then https://ok/":           "a ftp://x:redacted@h/?key=redacted then https://ok/",
		`"https://u:p@h/?key=1"`:                           `"https://u:redacted@h/?key=redacted"`,
		"https://h/#?key=1":                                "https://h/#?key=1",
	} {
		if got := SanitizeURIText(in); got != want {
			t.Errorf("SanitizeURIText(%q)\n = %q\nwant %q", in, got, want)
		}
	}
}

// The token rule of the text sanitizer (docs/guide/conformance.md,
// "Sanitizing"; test/sanitize measures it).
func TestSanitizeFreeTextTokens(t *testing.T) {
	r := Redacted
	for in, want := range map[string]string{
		"ghp_0123456789abcdefABCDEFghijklmnopqrstu":                             r,                                             // prefixed token: the whole run
		"key dGhpcyBpcyBhIHNlY3JldC+rZXkgZm9y/IHRlc3Rz0A== ok":                  "key " + r + "== ok",                          // base64: = ends the run
		"abcdefghijklmnopqrstuvwxyzabcdefgh":                                    r,                                             // letters only, 34
		"abcdefghijklmnopqrstuvwxyzabcde":                                       "abcdefghijklmnopqrstuvwxyzabcde",             // 31: kept
		"01234567890123456789012345678901":                                      r,                                             // digits only, 32
		"a/b/c/0123456789012345678901234567890123":                              "a/b/c/" + r,                                  // marks past 1 in 8: the stretch
		"SOME_CONSTANT_NAME_THAT_IS_VERY_LONG_INDEED":                           "SOME_CONSTANT_NAME_THAT_IS_VERY_LONG_INDEED", // no stretch of 32
		"550e8400-e29b-41d4-a716-446655440000":                                  "550e8400-e29b-41d4-a716-446655440000",        // a UUID: no upper case
		"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.x": "eyJhbGciOiJIUzI1NiJ9." + r + ".x",
		"version 1.2.3-rc.4+build.5678":                                         "version 1.2.3-rc.4+build.5678",
	} {
		if got := SanitizeFreeText(in); got != want {
			t.Errorf("SanitizeFreeText(%q) = %q, want %q", in, got, want)
		}
	}
}
