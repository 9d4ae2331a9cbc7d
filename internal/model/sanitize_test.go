package model

import (
	"github.com/errgen/errgen/errgenrt"
	"math/rand/v2"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// sanitizeValues are values of the formats some x-sanitize mode keeps,
// with what the rewrites scrub (home directories, URL passwords and secret
// parameters) put in wherever the format takes it.
var sanitizeValues = map[string][]string{
	"date-time":    {"2024-02-29T12:30:00Z", "2024-01-01t00:00:00.123456+05:30", "2016-12-31T23:59:60Z", "2024-01-01T12:00:00.5-08:00"},
	"date":         {"2024-02-29", "1999-12-31"},
	"time":         {"12:30:00Z", "23:59:60+00:00", "08:30:00.25-07:00"},
	"duration":     {"P1Y2M3DT4H5M6S", "PT0S", "P3W"},
	"uuid":         {"3f7e4c8a-9d2b-4e3a-8f1c-2b5d9e6a7c8f", "3F7E4C8A-9D2B-4E3A-8F1C-2B5D9E6A7C8F"},
	"ipv4":         {"192.0.2.1", "0.0.0.0"},
	"ipv6":         {"2001:db8::1", "::ffff:192.0.2.1", "::"},
	"hostname":     {"example.com", "a-b.example.", "localhost"},
	"idn-hostname": {"example.com"},
	"uri": {"https://svc:hunter2@api.example.com/v1?token=abc&page=2#top", "urn:svc:https://a:b@h.example?code=1",
		"http://u:p@h?token", "http://h/?Auth=x&SESSION_id=y&x=1", "http://h/p#?token=1", "mailto:http://a:b@c",
		"http://[::1]:8080/?key=v", "http://h/?%74oken=x&a=%41", "ftp://a:@h/", "http://a:b:c@h/", "x://a:b@h/x?y=1&pwd=2#f?token=3",
		"http://h/a://u:p@g?sig=1"},
	"uri-reference":         {"a/b://u:p@h?sig=1", "//h/x?code=2", "", "?token=x", "https://u:p@h/?apikey=1"},
	"iri":                   {"https://svc:hunter2@api.example.com/v1?token=abc", "http://ü:p@h/é?token=ö"},
	"iri-reference":         {"a/b://u:p@h?sig=1", "//h/é?code=2"},
	"json-pointer":          {"", "/a/https://u:pw@h/x?key=1", "/~0http://u:~1@h?token=~0", "/x://h?secret", "/a?b#c", "/x://h?token=a/b&c"},
	"relative-json-pointer": {"0/https://u:p@h", "1/x://h?token=a/b", "0#"},
}

// sanitizeBreaks are, for each mode, a value of each format the mode does
// not keep that one of the readers takes and takes no more once rewritten.
var sanitizeBreaks = map[string]map[string]string{
	"path": {
		"email":                 "x/home/alice@example.com",
		"uri":                   "http://h:80/home/alice",
		"uri-reference":         "//h:80/home/alice",
		"iri":                   "http://h:80/home/alice",
		"iri-reference":         "//h:80/home/alice",
		"uri-template":          "/home/a{/b}",
		"json-pointer":          "/home/alice",
		"relative-json-pointer": "0/home/alice",
		"regex":                 "[/home/a]",
	},
	"uri": {
		"email":        `"http://u:p@` + strings.Repeat("h", 51) + `"@example.com`, // a local part of 71 characters once scrubbed
		"uri-template": "http://{a:3}@h",
		"regex":        "[http://a:b]@h",
	},
	"text": {
		"date-time":             "2024-01-01T12:00:00.12345678901234567890123456789012Z",
		"time":                  "12:00:00.12345678901234567890123456789012Z",
		"duration":              "P12345678901234567890123456789012Y",
		"uuid":                  "3f7E4c8a-9d2b-4e3a-8f1c-2b5d9e6a7c8f", // mixed case: a token,
		"hostname":              "a1234567890123456789012345678901.example.com",
		"email":                 "alice@example.com",
		"uri":                   "http://h/?q=alice@example.com",
		"uri-reference":         "alice@example.com",
		"iri":                   "http://h:80/home/alice",
		"iri-reference":         "//h:80/home/alice",
		"uri-template":          "/home/a{/b}",
		"json-pointer":          "/home/alice",
		"relative-json-pointer": "0/home/alice",
		"regex":                 "[/home/a]",
	},
}

// readers are the checks of format f by each reader of the wire schema
// (santhosh-tekuri/jsonschema and ajv-formats; Go's and JavaScript's
// RegExp for regex), by name; none for a format no reader checks.
func readers(f string) map[string]func(string) bool {
	out := map[string]func(string) bool{}
	if f == "regex" {
		out["Go"] = func(s string) bool { _, err := regexp.Compile(s); return err == nil }
		out["JavaScript"] = func(s string) bool { return jsRegexp(s) == nil }
		return out
	}
	if santhoshSchema(f) != nil {
		out["santhosh-tekuri/jsonschema"] = func(s string) bool { return santhoshFormat(f, s) == nil }
	}
	if errgenrt.HasFormatCheck(f) {
		out["ajv-formats"] = func(s string) bool { return errgenrt.CheckFormat(f, s) }
	}
	return out
}

// TestSanitizeKeepsFormats holds sanitizeFormats to what the rewrites do:
// for each mode and each format it keeps, every value a reader takes —
// the values above, those another mode breaks, and hundreds of mutations
// of them — that reader still takes rewritten; for each format a mode does not keep, some reader takes
// a value it no longer takes rewritten (save the formats no reader checks,
// idn-email and idn-hostname, judged as email and hostname are).
func TestSanitizeKeepsFormats(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 30))
	formats := sortedList(knownFormats)
	for _, mode := range []string{"path", "uri", "text"} {
		scrub := sanitizers[mode]
		for _, f := range formats {
			rs := readers(f)
			if !sanitizeFormats[mode][f] {
				v, ok := sanitizeBreaks[mode][f]
				if len(rs) == 0 {
					continue
				}
				if !ok {
					t.Errorf("x-sanitize: %s refuses format %s, but no value shows a rewrite breaking it", mode, f)
					continue
				}
				broken := false
				for _, takes := range rs {
					broken = broken || takes(v) && !takes(scrub(v))
				}
				if !broken {
					t.Errorf("x-sanitize: %s, format %s: no reader takes %q but not %q", mode, f, v, scrub(v))
				}
				continue
			}
			seeds := append([]string(nil), sanitizeValues[f]...)
			for _, m := range []string{"path", "uri", "text"} {
				if v, ok := sanitizeBreaks[m][f]; ok {
					seeds = append(seeds, v) // what breaks under another mode
				}
			}
			values := append([]string(nil), seeds...)
			for i := 0; i < 300 && len(seeds) > 0; i++ {
				seed := seeds[rng.IntN(len(seeds))]
				values = append(values, mutate(rng, seed, []rune(rewriteAlphabet+seed)))
			}
			checked := 0
			for _, v := range values {
				for name, takes := range rs {
					if takes(v) {
						checked++
						if w := scrub(v); !takes(w) {
							t.Errorf("x-sanitize: %s keeps format %s, but %s takes %q and not its rewrite %q", mode, f, name, v, w)
						}
					}
				}
			}
			if len(rs) > 0 && checked < len(sanitizeValues[f]) {
				t.Errorf("format %s: only %d valid values checked", f, checked)
			}
		}
	}
}

// TestSanitizeFormatsKnown: every format a mode keeps is one JSON Schema
// defines, and every seed above is valid for its readers.
func TestSanitizeFormatsKnown(t *testing.T) {
	var bad []string
	for mode, keeps := range sanitizeFormats {
		for f := range keeps {
			if !knownFormats[f] {
				bad = append(bad, mode+": "+f)
			}
		}
	}
	sort.Strings(bad)
	if len(bad) > 0 {
		t.Errorf("unknown formats kept: %s", strings.Join(bad, ", "))
	}
	for f, vs := range sanitizeValues {
		for _, v := range vs {
			for name, takes := range readers(f) {
				if !takes(v) && !(f == "iri" || f == "iri-reference") {
					t.Errorf("seed %q of %s: %s refuses it", v, f, name)
				}
			}
		}
	}
}

// rewriteAlphabet is the characters the rewrites look for.
const rewriteAlphabet = "/~:@?#&=.-_0aZ\\%Tt rhomeUsrkn"

// mutate applies one to three random edits to s: delete, insert, replace
// or repeat a character, or swap two, the characters inserted drawn from
// alphabet.
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
