//go:build errgen_rules

package errgenrt

// switched is the rule read the other way, "" for none.
var switched Rule

// SwitchRule reads rule r the other way until the next call ("" for
// none). Test builds only (build tag errgen_rules); not safe for
// concurrent use.
func SwitchRule(r Rule) { switched = r }

func otherReading(r Rule) bool { return r != "" && r == switched }
