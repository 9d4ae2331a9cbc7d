//! Regular expressions: this crate's catalog checks no `pattern` and no
//! format, so the crate needs no regular expression engine (nor the regex
//! crate). errgen writes the runtime's own `regexp.rs` instead into a crate
//! whose catalog checks one.

/// This crate has no regular expression engine: it checks no pattern
/// and no format.
pub(crate) const ENGINE: bool = false;

/// Reports whether the ECMAScript regular expression `pattern` matches
/// somewhere in `s`: never asked here, since no detail value is checked
/// against one; `None`, as for an expression that does not compile.
pub(crate) fn is_match(_pattern: &'static str, _s: &str) -> Option<bool> {
    None
}
