//! The built-in `field_errors` detail shape: validation failures
//! aggregated by field. Its node (`{fieldErrors: {FIELD: [MESSAGE…]…},
//! totalErrors: N}`) is in the catalog's facts, and so in the tables of a
//! crate whose catalog uses it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::node::Details;

/// The built-in `field_errors` details: the messages of each invalid field
/// and their number.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldErrors {
    /// Messages for each invalid field.
    #[serde(rename = "fieldErrors")]
    pub field_errors: BTreeMap<String, Vec<String>>,
    /// Number of messages in `field_errors`.
    #[serde(rename = "totalErrors")]
    pub total_errors: i64,
}

impl FieldErrors {
    const FIELD_ERRORS: &'static str = "fieldErrors";
    const TOTAL_ERRORS: &'static str = "totalErrors";

    /// Returns empty field errors.
    pub fn new() -> FieldErrors {
        FieldErrors::default()
    }

    /// Records one message for a field.
    pub fn add(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.field_errors
            .entry(field.into())
            .or_default()
            .push(message.into());
        self.total_errors += 1;
    }

    /// The number of messages.
    pub fn len(&self) -> usize {
        self.total_errors.max(0) as usize
    }

    /// Reports whether no message is recorded.
    pub fn is_empty(&self) -> bool {
        self.total_errors <= 0
    }
}

impl Details for FieldErrors {
    const FIELDS: &'static [&'static str] = &[FieldErrors::FIELD_ERRORS, FieldErrors::TOTAL_ERRORS];
}
