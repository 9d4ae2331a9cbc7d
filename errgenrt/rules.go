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
	RuleNeedsDetails        Rule = "a definition is the fallback exactly when the facts say needsDetails"   // other: when its empty details fail to render
	RuleKeepAbsent          Rule = "an array without keep keeps no item in a minimal payload"               // other: every item
	RuleInstanceWhole       Rule = "instance is never bounded, in a minimal payload neither"                // other: bounded like the strings
	RuleReplacementNode     Rule = "a replacement is written through its node"                              // other: as given
	RuleViolationEntry      Rule = "details that fail add their own entry to the fallback's chain"          // other: the error is the cause itself
	RuleViolationText       Rule = "a catalog error's text in a chain is that of what the wire carries"     // other: its own message
	RuleFallbackMembers     Rule = "the fallback keeps none of the occurrence's members"                    // other: request id, data, extensions kept
	RuleDeclaredName        Rule = "an extension named like a declared detail field is dropped"             // other: only one written
	RuleVerboseFirst        Rule = "a verbose field is left out before it is checked"                       // other: checked outside verbose mode too
	RuleMembersTyped        Rule = "every member of an input is type-checked whatever its kind"             // other: only those the kind reads
	RuleEntryRefused        Rule = "a data or extension entry without a string key is refused"              // other: skipped
	RuleTokenLength         Rule = "a token run is 32 bytes or more"                                        // other: 31
	RuleSeparatorBoundary   Rule = "a run is a secret with at most one separator per 8 bytes"               // other: fewer than one
	RuleChainScrubbed       Rule = "the error chain is scrubbed under showSensitive too"                    // other: in clear
	RulePlainNotation       Rule = "numbers below 1e21 are written in plain notation"                       // other: below 1e20
)

// Rules lists every rule a test can switch.
var Rules = []Rule{
	RuleKeyOrder, RuleUntypedDepth, RuleUntypedKeyBound, RuleUntypedKeyOnce, RuleScrubNested,
	RuleFallbackInstance, RuleRedactedNull, RuleSensitiveList, RuleTokenRun, RuleEmptyUnset,
	RuleNullAbsent, RuleMinimalBound, RuleNegativeZero, RuleHTMLEscape, RuleLineSeparators,
	RuleCutAtCharacter, RuleFirstMemberWins, RuleDetailNameDropped, RuleNumberAsDouble,
	RuleSafeInteger, RulePlaceholderNull, RuleQuotientBound, RuleRetryRoundUp, RuleRetryOnlyAfterDelay,
	RuleNeedsDetails, RuleKeepAbsent, RuleInstanceWhole, RuleReplacementNode, RuleViolationEntry,
	RuleViolationText, RuleFallbackMembers, RuleDeclaredName, RuleVerboseFirst, RuleMembersTyped,
	RuleEntryRefused, RuleTokenLength, RuleSeparatorBoundary, RuleChainScrubbed, RulePlainNotation,
}
