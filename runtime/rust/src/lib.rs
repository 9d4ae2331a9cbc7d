//! errgen's runtime rules for Rust, as a crate of their own so that they
//! are built, linted and tested alone. errgen writes the module [`rt`]
//! into every crate it generates; nothing depends on this crate.

pub mod rt;
