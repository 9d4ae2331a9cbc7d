package errgenrt

// Rule names one rule of the wire that docs/guide/conformance.md states
// and this package implements in one place. A test build (build tag
// errgen_rules) can switch one rule at a time to its other reading — the
// reading a runtime written from a vague page could pick — and show that
// some conformance vector then fails (internal/endtoend's
// TestRuleSwitches). In every other build otherReading is the constant
// false and the switches compile away.
type Rule string

// The rules a test can switch, each with the other reading it stands
// against.
const (
	RuleKeyOrder            Rule = "keys sorted in code point order"                                        // other: UTF-16 code units (JavaScript's sort)
	RuleUntypedDepth        Rule = "an untyped field's own value is level 1"                                // other: level 0, so null one level deeper
	RuleUntypedKeyBound     Rule = "untyped object keys are bounded like strings"                           // other: keys written whole
	RuleUntypedKeyOnce      Rule = "of keys written alike, only the first is written"                       // other: every member written
	RuleScrubNested         Rule = "every string of an untyped value is scrubbed"                           // other: only a top-level string
	RuleFallbackInstance    Rule = "the fallback drops the occurrence's instance"                           // other: keeps it
	RuleRedactedNull        Rule = "a sensitive null stays null"                                            // other: "<redacted>"
	RuleSensitiveList       Rule = "an error's sensitive list is its own"                                   // other: every error sharing the shape
	RuleTokenRun            Rule = "a run that looks like a secret is redacted whole"                       // other: only its stretches of letters and digits
	RuleEmptyUnset          Rule = "an empty request id or server version is unset"                         // other: written empty
	RuleNullAbsent          Rule = "a member given null is absent"                                          // other: its type's empty value
	RuleMinimalBound        Rule = "a minimal string keeps the smaller of its bound and 64"                 // other: 64
	RuleNegativeZero        Rule = "-0 is written 0"                                                        // other: -0
	RuleHTMLEscape          Rule = "<, > and & are escaped"                                                 // other: written as they are
	RuleLineSeparators      Rule = "U+2028 and U+2029 are escaped"                                          // other: written as they are
	RuleCutAtCharacter      Rule = "a cut moves back to the start of its character"                         // other: cut inside it
	RuleFirstMemberWins     Rule = "of legacy data or extension members added twice, the first wins"        // other: the last
	RuleDetailNameDropped   Rule = "an extension named like a detail field is dropped"                      // other: written
	RuleNumberAsDouble      Rule = "an untyped number is written as the double it reads as"                 // other: its digits as given
	RuleSafeInteger         Rule = "an integer is within ±(2^53 − 1)"                                       // other: any int64
	RulePlaceholderNull     Rule = "a null item of a placeholder's array is written null"                   // other: empty text
	RuleQuotientBound       Rule = "a multiple whose quotient is 1e21 or more breaks multipleOf"            // other: keeps it
	RuleRetryRoundUp        Rule = "a retry delay is rounded up to whole milliseconds"                      // other: down
	RuleRetryOnlyAfterDelay Rule = "an occurrence's retry delay counts only where it retries after a delay" // other: always written
)

// Rules lists every rule a test can switch.
var Rules = []Rule{
	RuleKeyOrder, RuleUntypedDepth, RuleUntypedKeyBound, RuleUntypedKeyOnce, RuleScrubNested,
	RuleFallbackInstance, RuleRedactedNull, RuleSensitiveList, RuleTokenRun, RuleEmptyUnset,
	RuleNullAbsent, RuleMinimalBound, RuleNegativeZero, RuleHTMLEscape, RuleLineSeparators,
	RuleCutAtCharacter, RuleFirstMemberWins, RuleDetailNameDropped, RuleNumberAsDouble,
	RuleSafeInteger, RulePlaceholderNull, RuleQuotientBound, RuleRetryRoundUp, RuleRetryOnlyAfterDelay,
}
