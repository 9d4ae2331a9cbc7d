package errgenrt

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Options steer rendering. The zero value is the safe default, and so is a
// nil *Options: not verbose, sensitive fields redacted, suggestions
// included, the catalog's limits. Every field's zero value is the safer
// setting; set one only to show more.
type Options struct {
	Verbose         bool // add verbose-only fields and debugInfo; no redaction or sanitizing
	ShowSensitive   bool // write sensitive fields in clear instead of Redacted
	OmitSuggestions bool // leave the catalog's suggestions out
	MaxDataBytes    int  // 0: the catalog's limit
	MaxStringBytes  int  // 0: the catalog's limit
	MaxSuggestions  int  // 0: the catalog's limit
	ServerVersion   string

	// Now and Instance replace the clock and the urn:uuid instance
	// generator, for reproducible output in tests.
	Now      func() time.Time
	Instance func() string

	// onViolation, when set, learns of this render's violations in place
	// of the catalog's OnViolation (the conformance runner's).
	onViolation func(Violation)
}

// DefaultOptions returns the defaults, which are the zero value: not
// verbose, redaction and suggestions on, the catalog's limits.
func DefaultOptions() Options { return Options{} }

var defaultOptions Options

// OptionsFromEnv reads options from environment variables named with the
// given prefix (e.g. "MCP_ERRORS" reads MCP_ERRORS_VERBOSE): VERBOSE,
// REDACT, SUGGESTIONS (booleans: 1/0, true/false, yes/no, on/off; VERBOSE
// also takes a positive number or "full" as true; REDACT=false sets
// ShowSensitive, SUGGESTIONS=false OmitSuggestions), MAX_DATA_BYTES,
// MAX_STRING_BYTES, MAX_SUGGESTIONS (integers) and SERVER_VERSION. Unset
// variables keep the defaults. getenv is os.Getenv when nil.
func OptionsFromEnv(prefix string, getenv func(string) string) (Options, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	o := DefaultOptions()
	var errs []string
	// boolean sets *dst to the variable's value, or to its negation when
	// negate is set (REDACT and SUGGESTIONS name the safe side).
	boolean := func(name string, dst *bool, negate, verbose bool) {
		v := strings.TrimSpace(getenv(prefix + "_" + name))
		switch strings.ToLower(v) {
		case "":
		case "1", "true", "yes", "on":
			*dst = !negate
		case "0", "false", "no", "off":
			*dst = negate
		default:
			if n, err := strconv.Atoi(v); verbose && (err == nil && n > 0 || strings.EqualFold(v, "full")) {
				*dst = true
				return
			}
			errs = append(errs, fmt.Sprintf("%s_%s=%q: want true or false", prefix, name, v))
		}
	}
	integer := func(name string, dst *int) {
		v := strings.TrimSpace(getenv(prefix + "_" + name))
		if v == "" {
			return
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			errs = append(errs, fmt.Sprintf("%s_%s=%q: want a non-negative integer", prefix, name, v))
			return
		}
		*dst = n
	}
	boolean("VERBOSE", &o.Verbose, false, true)
	boolean("REDACT", &o.ShowSensitive, true, false)
	boolean("SUGGESTIONS", &o.OmitSuggestions, true, false)
	integer("MAX_DATA_BYTES", &o.MaxDataBytes)
	integer("MAX_STRING_BYTES", &o.MaxStringBytes)
	integer("MAX_SUGGESTIONS", &o.MaxSuggestions)
	o.ServerVersion = getenv(prefix + "_SERVER_VERSION")
	if len(errs) > 0 {
		return o, fmt.Errorf("errgenrt: %s", strings.Join(errs, "; "))
	}
	return o, nil
}
