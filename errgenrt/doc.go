// Package errgenrt is the small runtime that errgen's generated Go code
// imports. One [*Error] value renders into the three wire formats of an
// errgen catalog:
//
//   - the JSON-RPC error object with data.context ([Error.AppendJSONRPC]),
//   - the RFC 9457 problem document ([Error.AppendProblem],
//     [Catalog.WriteProblem], [Error.AppendToolResult]),
//   - the plain {error, code, message, details} response
//     ([Error.AppendResponse]).
//
// Every renderer appends JSON to a caller's buffer without reflection,
// escapes every string, truncates strings at UTF-8 boundaries, redacts
// sensitive fields, keeps verbose-only fields and debug information out
// unless verbose mode is on, and bounds the payload by the catalog's
// max_data_bytes. An error's text ([Error.Error], fmt's %v) is the message
// as the wire carries it by default, never the cause; the verbose form is
// for server logs ([Error.VerboseError], [Error.LogValue]). The zero
// [Options] are the safe defaults. It depends on the standard library only.
package errgenrt
