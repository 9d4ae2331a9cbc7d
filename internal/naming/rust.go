package naming

import "strings"

// Rust returns the Rust type-name form of s: Pascal case, acronyms as
// words ("request_id" → "RequestId", "HTTPError" → "HttpError"), as the
// Rust API guidelines write them.
func Rust(s string) string { return pascal(s, false) }

// RustSnake returns s in snake case: its words, lower case, joined by _
// ("configSource" → "config_source"); "x" when s has no word, and x_
// before a leading digit.
func RustSnake(s string) string {
	name := strings.Join(Words(s), "_")
	switch {
	case name == "":
		return "x"
	case name[0] >= '0' && name[0] <= '9':
		return "x_" + name
	}
	return name
}

// RustScreaming returns s in screaming snake case ("file_too_large" →
// "FILE_TOO_LARGE"), for constants.
func RustScreaming(s string) string { return strings.ToUpper(RustSnake(s)) }

// RustIdent returns a snake-case name as a Rust identifier: a keyword
// becomes a raw identifier (r#type), or takes an underscore where Rust
// allows no raw form (self_, super_, crate_).
func RustIdent(snake string) string {
	switch {
	case rustNoRaw[snake]:
		return snake + "_"
	case rustKeywords[snake]:
		return "r#" + snake
	}
	return snake
}

// RustVariant returns the name of the enum variant of s: [Rust], except
// that Self, which Rust reserves, is SelfValue.
func RustVariant(s string) string {
	if v := Rust(s); v != "Self" {
		return v
	}
	return "SelfValue"
}

// rustKeywords are Rust's strict and reserved keywords (of every edition)
// that are lower case.
var rustKeywords = map[string]bool{
	"as": true, "break": true, "const": true, "continue": true, "crate": true, "else": true,
	"enum": true, "extern": true, "false": true, "fn": true, "for": true, "if": true, "impl": true,
	"in": true, "let": true, "loop": true, "match": true, "mod": true, "move": true, "mut": true,
	"pub": true, "ref": true, "return": true, "self": true, "static": true, "struct": true,
	"super": true, "trait": true, "true": true, "type": true, "unsafe": true, "use": true,
	"where": true, "while": true, "async": true, "await": true, "dyn": true, "abstract": true,
	"become": true, "box": true, "do": true, "final": true, "macro": true, "override": true,
	"priv": true, "typeof": true, "unsized": true, "virtual": true, "yield": true, "try": true,
	"gen": true,
}

// rustNoRaw are the keywords Rust has no raw identifier for.
var rustNoRaw = map[string]bool{"self": true, "super": true, "crate": true}

// RustReserved are the type names a generated Rust crate uses itself in
// the modules where it declares the catalog's types: its own types and
// the standard prelude's it names. A detail type named so takes a
// "Details" suffix.
var RustReserved = map[string]bool{
	"Error": true, "ErrorCode": true, "Options": true, "FieldErrors": true, "ErrorContext": true,
	"DebugInfo": true, "Serialize": true, "Deserialize": true, "Self": true, "Option": true,
	"Some": true, "None": true, "Result": true, "Ok": true, "Err": true, "String": true,
	"Vec": true, "Box": true, "From": true, "Into": true,
}

// RustTypeName returns the Rust type name of a detail type whose name
// would be name: name, or with a "Details" suffix when the crate reserves
// it.
func RustTypeName(name string) string {
	for RustReserved[name] {
		name += "Details"
	}
	return name
}
