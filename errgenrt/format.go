package errgenrt

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"sync"
)

// The checks of a node's constraints (Check) and of the formats of JSON
// Schema 2020-12 that the wire schema keeps.
//
// A string has a format when ajv-formats (MIT licence; its "full" mode,
// which Ajv clients add by default) takes it: its regular expressions,
// taken as they are where Go's RE2 reads them as JavaScript does (the
// input ASCII where a JavaScript /i expression can match only ASCII, the
// lookaheads RE2 lacks spelled out), and its date and time functions.
// errgen check also asks santhosh-tekuri/jsonschema of catalog examples.

// CheckFormat reports whether s has the format named format; a format the
// runtime has no check of (idn-email, idn-hostname, iri, iri-reference,
// regex, which the wire schema leaves out) takes every string.
func CheckFormat(format, s string) bool {
	f := formatChecks[format]
	return f == nil || f(s)
}

// HasFormatCheck reports whether the runtime checks format.
func HasFormatCheck(format string) bool { return formatChecks[format] != nil }

// ajvFormats are ajv-formats' full-mode checks of the formats JSON Schema
// 2020-12 defines and the wire schema keeps, but regex (see RegexpEngine).
var formatChecks = map[string]func(string) bool{
	"date":                  ajvDate,
	"time":                  ajvTime,
	"date-time":             ajvDateTime,
	"duration":              ajvDuration,
	"uri":                   func(s string) bool { return strings.ContainsAny(s, "/:") && ascii(s) && ajvURI().MatchString(s) },
	"uri-reference":         func(s string) bool { return ascii(s) && ajvURIReference().MatchString(s) },
	"uri-template":          func(s string) bool { return ajvURITemplate().MatchString(s) },
	"email":                 func(s string) bool { return ascii(s) && ajvEmail().MatchString(s) },
	"hostname":              ajvHostname,
	"ipv4":                  func(s string) bool { return ajvIPv4().MatchString(s) },
	"ipv6":                  func(s string) bool { return ascii(s) && ajvIPv6().MatchString(s) },
	"uuid":                  func(s string) bool { return ascii(s) && ajvUUID().MatchString(s) },
	"json-pointer":          func(s string) bool { return ajvJSONPointer().MatchString(s) },
	"relative-json-pointer": func(s string) bool { return ajvRelativeJSONPointer().MatchString(s) },
}

// The expressions of ajv-formats, as they are, matched by [Pattern]; those
// JavaScript compiles with the i flag fold ASCII letters alone, as
// JavaScript's /i without u does (K, the Kelvin sign, matches no [a-z]),
// and take only ASCII input, which is all their classes hold.
var (
	ajvURI                 = lazyPattern(true, `^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$`)
	ajvURIReference        = lazyPattern(true, `^(?:[a-z][a-z0-9+\-.]*:)?(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'"()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?(?:\?(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?$`)
	ajvEmail               = lazyPattern(true, `^[a-z0-9!#$%&'*+/=?^_`+"`"+`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`+"`"+`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$`)
	ajvIPv4                = lazyPattern(false, `^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$`)
	ajvIPv6                = lazyPattern(true, `^((([0-9a-f]{1,4}:){7}([0-9a-f]{1,4}|:))|(([0-9a-f]{1,4}:){6}(:[0-9a-f]{1,4}|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){5}(((:[0-9a-f]{1,4}){1,2})|:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){4}(((:[0-9a-f]{1,4}){1,3})|((:[0-9a-f]{1,4})?:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){3}(((:[0-9a-f]{1,4}){1,4})|((:[0-9a-f]{1,4}){0,2}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){2}(((:[0-9a-f]{1,4}){1,5})|((:[0-9a-f]{1,4}){0,3}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){1}(((:[0-9a-f]{1,4}){1,6})|((:[0-9a-f]{1,4}){0,4}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(:(((:[0-9a-f]{1,4}){1,7})|((:[0-9a-f]{1,4}){0,5}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:)))$`)
	ajvUUID                = lazyPattern(true, `^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$`)
	ajvJSONPointer         = lazyPattern(false, `^(?:\/(?:[^~/]|~0|~1)*)*$`)
	ajvRelativeJSONPointer = lazyPattern(false, `^(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~0|~1)*)*)$`)
	// uri-template matches other characters than ASCII (its negated
	// class), so its i flag is spelled out in its classes instead.
	ajvURITemplate = lazyPattern(false, `^(?:(?:[^\x00-\x20"'<>%\\^`+"`"+`{|}]|%[0-9a-fA-F]{2})|\{[+#./;?&=,!@|]?(?:[a-zA-Z0-9_]|%[0-9a-fA-F]{2})+(?::[1-9][0-9]{0,3}|\*)?(?:,(?:[a-zA-Z0-9_]|%[0-9a-fA-F]{2})+(?::[1-9][0-9]{0,3}|\*)?)*\})*$`)
	// hostname without its lookahead (?=.{1,253}\.?$): see ajvHostname.
	ajvHostnameRE = lazyPattern(true, `^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\.?$`)
	// duration without its lookaheads P(?!$) and T(?=\d): see ajvDuration.
	ajvDurationRE = lazyPattern(false, `^P((\d+Y)?(\d+M)?(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?|(\d+W)?)$`)
	ajvDateRE     = lazyPattern(false, `^(\d\d\d\d)-(\d\d)-(\d\d)$`)
	ajvTimeRE     = lazyPattern(false, `^(\d\d):(\d\d):(\d\d(?:\.\d+)?)([zZ]|([+-])(\d\d)(?::?(\d\d))?)?$`)
)

// lazyPattern compiles expr (with the i flag when ignoreCase) on its first
// use, once: a catalog asserts few formats, if any, and compiling all of
// the expressions (the two URI ones most) took a millisecond of the start
// of every errgen run. Every expression is matched as patterns are, in
// time linear in the value (see [Pattern]).
func lazyPattern(ignoreCase bool, expr string) func() *Pattern {
	return sync.OnceValue(func() *Pattern { return MustPattern(expr, ignoreCase) })
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// ajvHostname: 1 to 253 characters, and one more when that is a final dot.
func ajvHostname(s string) bool {
	n := len(s)
	return ascii(s) && (n >= 1 && n <= 253 || n == 254 && s[253] == '.') && ajvHostnameRE().MatchString(s)
}

// ajvDuration: something after P, and a digit after T (which, the
// expression matching, is T not being last).
func ajvDuration(s string) bool {
	return s != "P" && !strings.HasSuffix(s, "T") && ajvDurationRE().MatchString(s)
}

var daysIn = [...]int{0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}

func ajvDate(s string) bool {
	if !ajvDateRE().MatchString(s) {
		return false
	}
	// YYYY-MM-DD, as matched
	year, _ := strconv.Atoi(s[0:4])
	month, _ := strconv.Atoi(s[5:7])
	day, _ := strconv.Atoi(s[8:10])
	if month < 1 || month > 12 || day < 1 {
		return false
	}
	if month == 2 && year%4 == 0 && (year%100 != 0 || year%400 == 0) {
		return day <= 29
	}
	return day <= daysIn[month]
}

// ajvTime is ajv-formats' time with a time zone required (its
// strictTimeZone), a leap second allowed only at 23:59 UTC.
func ajvTime(s string) bool {
	if !ajvTimeRE().MatchString(s) {
		return false
	}
	// HH:MM:SS[.fraction] then the zone, as matched
	hr, _ := strconv.Atoi(s[0:2])
	mins, _ := strconv.Atoi(s[3:5])
	end := 8
	if end < len(s) && s[end] == '.' {
		end++
		for end < len(s) && s[end] >= '0' && s[end] <= '9' {
			end++
		}
	}
	sec, _ := strconv.ParseFloat(s[6:end], 64)
	zone := s[end:]
	if zone == "" {
		return false // strictTimeZone
	}
	sign := 1
	if zone[0] == '-' {
		sign = -1
	}
	tzH, tzM := 0, 0 // Z, or ±HH, ±HHMM, ±HH:MM
	if zone[0] == '+' || zone[0] == '-' {
		tzH, _ = strconv.Atoi(zone[1:3])
		if m := strings.TrimPrefix(zone[3:], ":"); m != "" {
			tzM, _ = strconv.Atoi(m)
		}
	}
	if tzH > 23 || tzM > 59 {
		return false
	}
	if hr <= 23 && mins <= 59 && sec < 60 {
		return true
	}
	utcMin := mins - tzM*sign
	utcHr := hr - tzH*sign
	if utcMin < 0 {
		utcHr--
	}
	return (utcHr == 23 || utcHr == -1) && (utcMin == 59 || utcMin == -1) && sec < 61
}

// ajvDateTime splits at each t, T or white space (JavaScript's \s, as
// String.prototype.split does: empty parts kept) and wants a date and a
// time.
func ajvDateTime(s string) bool {
	var parts []string
	start := 0
	for i, r := range s {
		if r == 't' || r == 'T' || jsSpace(r) {
			parts = append(parts, s[start:i])
			start = i + len(string(r))
		}
	}
	parts = append(parts, s[start:])
	return len(parts) == 2 && ajvDate(parts[0]) && ajvTime(parts[1])
}

// jsSpace reports whether JavaScript's \s matches r: white space and line
// terminators.
func jsSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// checkString returns the first keyword of c that the string s breaks
// (enum, const, minLength, maxLength, pattern, format), "" when it keeps
// them all. A nil c keeps every string.
func (c *Check) checkString(s string) string {
	if c == nil {
		return ""
	}
	if last := lastChecked.Load(); last != nil && last.c == c && last.s == s {
		return last.kw
	}
	kw := c.checkStringOnce(s)
	if len(s) >= longValue {
		lastChecked.Store(&checked{c, s, kw})
	}
	return kw
}

// checkStringOnce is checkString, without the last verdict remembered.
func (c *Check) checkStringOnce(s string) string {
	s = validUTF8(s) // what is written
	if len(c.Enum) > 0 && !contains(c.Enum, s) {
		return "enum"
	}
	if c.HasConst && !jsonEqual(c.Const, s) {
		return "const"
	}
	if c.MinLength != nil || c.MaxLength != nil {
		n := codePoints(s)
		if c.MinLength != nil && n < *c.MinLength {
			return "minLength"
		}
		if c.MaxLength != nil && n > *c.MaxLength {
			return "maxLength"
		}
	}
	for _, re := range c.patterns() {
		if re == nil || !re.MatchString(s) {
			return "pattern"
		}
	}
	for _, f := range c.Formats {
		if !CheckFormat(f, s) {
			return "format"
		}
	}
	return ""
}

// checkNumber returns the first keyword of c that the number f breaks
// (minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf,
// enum, const), "" when it keeps them all.
func (c *Check) checkNumber(f float64) string {
	if c == nil {
		return ""
	}
	switch {
	case len(c.Enum) > 0:
		return "enum" // enum lists strings
	case c.HasConst && !jsonEqual(c.Const, f):
		return "const"
	case c.Minimum != nil && f < *c.Minimum:
		return "minimum"
	case c.Maximum != nil && f > *c.Maximum:
		return "maximum"
	case c.ExclusiveMinimum != nil && f <= *c.ExclusiveMinimum:
		return "exclusiveMinimum"
	case c.ExclusiveMaximum != nil && f >= *c.ExclusiveMaximum:
		return "exclusiveMaximum"
	case c.MultipleOf > 0 && (math.Mod(f, c.MultipleOf) != 0 || math.Abs(f/c.MultipleOf) >= 1e21 && !otherReading(RuleQuotientBound)):
		// a quotient past 1e21 is one Ajv's check (x/m === parseInt(x/m))
		// refuses, reading it in exponent notation
		return "multipleOf"
	}
	return ""
}

// checkAny returns the first keyword of c that the untyped value x
// breaks, each keyword applying to the values of its type.
func (c *Check) checkAny(x any) string {
	if c == nil {
		return ""
	}
	switch v := x.(type) {
	case string:
		return c.checkString(v)
	case float64:
		return c.checkNumber(v)
	case json.Number:
		f, _ := parseNumber(string(v))
		return c.checkNumber(f)
	case []any:
		switch {
		case c.MinItems != nil && len(v) < *c.MinItems:
			return "minItems"
		case c.MaxItems != nil && len(v) > *c.MaxItems:
			return "maxItems"
		}
	}
	if _, ok := x.(string); !ok && len(c.Enum) > 0 {
		return "enum"
	}
	if c.HasConst && !jsonEqual(c.Const, x) {
		return "const"
	}
	return ""
}

// jsonEqual reports whether two JSON values are equal as JSON Schema
// compares them (numbers by value).
func jsonEqual(a, b any) bool {
	switch x := a.(type) {
	case json.Number, float64, int, int64:
		fa, okA := toFloat(x)
		fb, okB := toFloat(b)
		return okA && okB && fa == fb
	case string:
		y, ok := b.(string)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case nil:
		return b == nil
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !jsonEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !jsonEqual(v, w) {
				return false
			}
		}
		return true
	}
	return false
}

func toFloat(x any) (float64, bool) {
	switch v := x.(type) {
	case float64:
		return v, true
	case json.Number:
		return parseNumber(string(v))
	case int:
		return float64(v), true
	case int64:
		return float64(v), true
	}
	return 0, false
}
