// Package naming holds the identifier rules of errgen's emitters, so that
// model.Build can compute every generated name once and report clashes with
// positions before any emitter runs.
package naming

import (
	"strings"
)

// Words splits s into lower-case ASCII words at every character that is not
// a letter or digit and at lower-to-upper case changes: "fooBar_baz-1" gives
// foo, bar, baz, 1. Letters outside ASCII are dropped.
func Words(s string) []string {
	var words []string
	var cur []byte
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		isLower := c >= 'a' && c <= 'z'
		isUpper := c >= 'A' && c <= 'Z'
		isDigit := c >= '0' && c <= '9'
		if !isLower && !isUpper && !isDigit {
			flush()
			continue
		}
		if isUpper && len(cur) > 0 {
			prev := cur[len(cur)-1]
			prevLower := prev >= 'a' && prev <= 'z' || prev >= '0' && prev <= '9'
			nextLower := i+1 < len(s) && s[i+1] >= 'a' && s[i+1] <= 'z'
			prevUpper := prev >= 'A' && prev <= 'Z'
			if prevLower || prevUpper && nextLower {
				flush()
			}
		}
		cur = append(cur, c)
	}
	flush()
	return words
}

// initialisms are written in upper case in Go names (Go's naming convention).
var initialisms = map[string]bool{
	"acl": true, "api": true, "ascii": true, "cpu": true, "css": true, "dns": true,
	"eof": true, "guid": true, "html": true, "http": true, "https": true, "id": true,
	"io": true, "ip": true, "json": true, "jwt": true, "rpc": true, "sql": true,
	"ssh": true, "tcp": true, "tls": true, "ttl": true, "udp": true, "ui": true,
	"uri": true, "url": true, "utf8": true, "uuid": true, "xml": true,
}

func pascal(s string, upperInitialisms bool) string {
	var b strings.Builder
	for _, w := range Words(s) {
		if upperInitialisms && initialisms[w] {
			b.WriteString(strings.ToUpper(w))
			continue
		}
		b.WriteString(strings.ToUpper(w[:1]))
		b.WriteString(w[1:])
	}
	name := b.String()
	if name == "" || name[0] >= '0' && name[0] <= '9' {
		name = "X" + name
	}
	return name
}

// Go returns the exported Go identifier for s: Pascal case with Go's common
// initialisms upper-cased ("request_id" → "RequestID").
func Go(s string) string { return pascal(s, true) }

// TS returns the TypeScript type-name form of s: plain Pascal case
// ("request_id" → "RequestId").
func TS(s string) string { return pascal(s, false) }

// Kebab returns s in kebab case ("file_too_large" → "file-too-large").
func Kebab(s string) string { return strings.Join(Words(s), "-") }

// GoErrorIdents returns the package-level Go identifiers the Go emitter
// declares for the error whose Go base name is base.
func GoErrorIdents(base string) []string {
	return []string{"Code" + base, "Err" + base, "New" + base, "Symbol" + base, "Type" + base}
}

// GoAlias returns the Go base name of an alias of an error: its symbol
// without a leading E_ in Pascal case, as a symbol's default type makes it
// ("E_FS_OLD_NAME" → "FsOldName").
func GoAlias(symbol string) string { return Go(strings.ToLower(strings.TrimPrefix(symbol, "E_"))) }

// GoAliasIdents returns the package-level Go identifiers the Go emitter
// declares for an alias whose Go base name is base: its symbol constant
// and its definition (the error's own).
func GoAliasIdents(base string) []string { return []string{"Symbol" + base, "Err" + base} }

// TSErrorIdents returns the type names the TypeScript emitter declares for
// the error whose TypeScript base name is base.
func TSErrorIdents(base string) []string {
	return []string{base + "Context", base + "RpcError", base + "Problem", base + "Response"}
}

// GoInlineDetails is the Go type name of an error's inline detail shape.
func GoInlineDetails(base string) string { return base + "Details" }

// GoEnumType is the Go type name of a string enum field of a struct.
func GoEnumType(structName, field string) string { return structName + field }

// GoEnumConst is the Go constant name of one enum value.
func GoEnumConst(enumType, value string) string { return enumType + Go(value) }

// GoDomainConst is the Go constant name of a domain.
func GoDomainConst(domain string) string { return "Domain" + Go(domain) }

// GoReserved are the package-level identifiers every generated Go package
// declares whatever the catalog holds.
var GoReserved = map[string]bool{
	"Code": true, "Symbol": true, "Domain": true, "Type": true, "Error": true,
	"Catalog": true, "Runtime": true, "Option": true, "Options": true,
	"Lookup": true, "ByCode": true, "BySymbol": true, "ByType": true, "All": true,
	"From": true, "Metrics": true, "FieldErrors": true,
}

// GoReservedFields are the method names generated detail structs declare,
// which no field may take.
var GoReservedFields = map[string]bool{"ErrgenField": true, "MarshalJSON": true, "UnmarshalJSON": true}

// GoExtraField is the field of the generated struct of an open object
// (properties and additionalProperties) that holds its other members.
const GoExtraField = "Extra"

// GoOpenReserved are the names the struct of an open object declares
// besides its fields: its Extra field and its JSON methods.
var GoOpenReserved = map[string]bool{GoExtraField: true, "ExtraMembers": true}

// TSReserved are the type names every generated TypeScript package declares.
var TSReserved = map[string]bool{
	"ErrorCode": true, "ErrorSymbol": true, "ErrorType": true, "ErrorDomain": true,
	"ErrorContext": true, "JsonRpcError": true, "ProblemDetails": true,
	"ErrorResponse": true, "FieldErrors": true, "DebugInfo": true, "CATALOG": true,
}
