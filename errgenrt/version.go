package errgenrt

// EnforceVersion holds the generated code and this runtime to each other
// at compile time, as protobuf-go's protoimpl.EnforceVersion does. Every
// generated package declares
//
//	const (
//		_ = errgenrt.EnforceVersion(GEN - errgenrt.MinVersion)
//		_ = errgenrt.EnforceVersion(errgenrt.MaxVersion - GEN)
//	)
//
// with GEN the [GenVersion] of the errgen that wrote it. A package older than
// this runtime supports makes the first constant negative, a package newer
// than this runtime makes the second one negative, and a negative constant
// does not convert to an unsigned type: the package does not compile, and
// the error points at the line. Regenerate the package with the errgen of
// the same module version as the errgenrt it builds against.
type EnforceVersion uint

// The versions of generated code this runtime accepts. GenVersion is what
// errgen writes today; it grows when generated code needs something of the
// runtime that an older one lacks (MaxVersion follows it), and MinVersion
// grows when the runtime drops something older generated code uses.
//
// Version 1: definitions as composite literals of [Def], templates as their
// catalog text, placeholders rendered by field name (Placeholders).
// Version 2: details described by tables ([Node], [Object]) and read
// through [Details].ErrgenField; the runtime writes them.
// Version 3: retry classes and delays ([Def].Retry, RetryAfterMs,
// Throttling).
const (
	GenVersion = 3
	MinVersion = 2
	MaxVersion = GenVersion
)
