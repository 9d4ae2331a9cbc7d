//! The built-in `field_errors` detail shape: validation failures
//! aggregated by field.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::shape::{Details, Shape};

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
    pub(crate) const FIELD_ERRORS: &'static str = "fieldErrors";
    pub(crate) const TOTAL_ERRORS: &'static str = "totalErrors";

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

    /// The empty details: no map of messages (`null` in a message) and no
    /// messages.
    pub(crate) fn zero_value() -> Value {
        let mut m = Map::new();
        m.insert(Self::FIELD_ERRORS.to_owned(), Value::Null);
        m.insert(Self::TOTAL_ERRORS.to_owned(), Value::from(0));
        Value::Object(m)
    }

    /// Reads a JSON value as field errors: the messages of each field (a
    /// value that is no list of messages is an empty list, a message that
    /// is no string an empty one) and their number (an integer, else 0).
    pub(crate) fn normalize(v: &Value) -> Value {
        let mut out = Map::new();
        let fields = match v.get(Self::FIELD_ERRORS) {
            Some(Value::Object(fields)) => Value::Object(
                fields
                    .iter()
                    .map(|(k, list)| {
                        let msgs = match list {
                            Value::Array(items) => items
                                .iter()
                                .map(|m| Value::from(m.as_str().unwrap_or_default()))
                                .collect(),
                            _ => Vec::new(),
                        };
                        (k.clone(), Value::Array(msgs))
                    })
                    .collect(),
            ),
            _ => Value::Null,
        };
        out.insert(Self::FIELD_ERRORS.to_owned(), fields);
        let total = v
            .get(Self::TOTAL_ERRORS)
            .and_then(Value::as_i64)
            .unwrap_or(0);
        out.insert(Self::TOTAL_ERRORS.to_owned(), Value::from(total));
        Value::Object(out)
    }
}

impl Details for FieldErrors {
    fn shape() -> Shape {
        Shape::FieldErrors
    }
}
