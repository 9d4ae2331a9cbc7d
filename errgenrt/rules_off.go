//go:build !errgen_rules

package errgenrt

// otherReading reports whether rule r is switched to its other reading:
// never, outside a test build (see [Rule]).
func otherReading(Rule) bool { return false }
