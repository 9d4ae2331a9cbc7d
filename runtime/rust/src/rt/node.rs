//! The tables a generated crate declares from its catalog's facts: every
//! detail schema as a tree of [`Node`]s, each with its type, errgen's
//! keywords on it, the constraints the runtime checks before it writes a
//! value ([`Check`]) and, for a required property, the value it is written
//! as when it breaks them. The runtime writes every detail value by reading
//! it through these tables (see `write.rs`), in one way for every catalog,
//! as errgen's Go runtime does.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

/// How an `x-sanitize` value is scrubbed, unless sensitive values are
/// shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sanitize {
    /// No `x-sanitize`.
    None,
    /// `x-sanitize: path`: home directories become `~`.
    Path,
    /// `x-sanitize: uri`: URL passwords and secret query values are redacted.
    Uri,
    /// `x-sanitize: text`: paths, URL secrets, e-mail addresses and tokens.
    Text,
}

/// One node of a detail schema: what its values are, errgen's keywords on
/// it and what its schema requires of a value.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The JSON type of its values.
    pub kind: Kind,
    /// `x-sensitive`: written as the redaction marker unless sensitive
    /// values are shown (for a top-level property, the error's `sensitive`
    /// list adds to it: see [`Def::sensitive`](super::Def::sensitive)).
    pub sensitive: bool,
    /// `x-verbose`: written only in verbose mode (a property, or the other
    /// members of an object).
    pub verbose: bool,
    /// `x-sanitize`: how its strings (every string of an untyped value,
    /// and its object keys) are scrubbed unless sensitive values are shown.
    pub sanitize: Sanitize,
    /// `x-max-bytes`: the bound of its strings; 0 for the options'.
    pub max_bytes: usize,
    /// Its strings are written whole, never bounded nor shortened in a
    /// minimal payload, since its schema constrains them (a pattern, a
    /// format, an enum, a length bound…).
    pub exact: bool,
    /// What its schema requires of a value besides its type; `None`:
    /// nothing more.
    pub check: Option<&'static Check>,
    /// The JSON text of the value a required property of this node that
    /// breaks its checks is written as (one that keeps them); `None`: such
    /// a value makes its object fail in turn.
    pub replacement: Option<&'static str>,
}

impl Node {
    /// An untyped node without keywords, the base of the generated nodes.
    pub const ANY: Node = Node {
        kind: Kind::Any,
        sensitive: false,
        verbose: false,
        sanitize: Sanitize::None,
        max_bytes: 0,
        exact: false,
        check: None,
        replacement: None,
    };
    /// A string node without keywords.
    pub const STRING: Node = Node {
        kind: Kind::String,
        ..Node::ANY
    };
    /// An integer node without keywords.
    pub const INTEGER: Node = Node {
        kind: Kind::Integer,
        ..Node::ANY
    };
    /// A number node without keywords.
    pub const NUMBER: Node = Node {
        kind: Kind::Number,
        ..Node::ANY
    };
    /// A boolean node without keywords.
    pub const BOOLEAN: Node = Node {
        kind: Kind::Boolean,
        ..Node::ANY
    };
}

/// The JSON type of a node's values.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// Any JSON value (a schema without `type`).
    Any,
    /// A string.
    String,
    /// An integer: a number without fraction, within ±2^53.
    Integer,
    /// A number.
    Number,
    /// A boolean.
    Boolean,
    /// An array.
    Array {
        /// The node of its items.
        items: &'static Node,
        /// How many items a minimal payload keeps (the schema's
        /// `minItems`); `None`: all of them.
        keep: Option<usize>,
    },
    /// An object: its declared properties and, open, its other members.
    Object(&'static Object),
}

/// An object node's properties: the declared ones in order and, for an
/// object that admits others (`additionalProperties`), the node of its
/// other members.
#[derive(Clone, Copy)]
pub struct Object {
    /// The declared properties, in order.
    pub fields: &'static [Field],
    /// The node of the other members; `None`: no other member is written.
    pub extra: Option<&'static Node>,
    /// A minimal payload leaves its optional properties out (no keyword
    /// ties validity to which properties it has).
    pub trim: bool,
}

impl Object {
    /// Reports whether `name` is a declared property.
    pub fn declares(&self, name: &str) -> bool {
        self.fields.iter().any(|f| f.name == name)
    }

    /// The declared property named `name`.
    pub(crate) fn field(&self, name: &str) -> Option<&'static Field> {
        self.fields.iter().find(|f| f.name == name)
    }
}

impl fmt::Debug for Object {
    /// The names of the properties only: objects may contain themselves.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.fields.iter().map(|p| p.name).collect();
        f.debug_struct("Object")
            .field("fields", &names)
            .field("extra", &self.extra.is_some())
            .field("trim", &self.trim)
            .finish()
    }
}

/// One declared property of an object.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    /// Its name on the wire.
    pub name: &'static str,
    /// Whether the schema requires it: an absent required property is its
    /// node's empty value, an absent optional one is left out.
    pub required: bool,
    /// Its node.
    pub node: &'static Node,
}

/// What a node's schema requires of a value besides its type: the keywords
/// of JSON Schema 2020-12 the runtime checks, each applying to the values
/// of its type (`minimum` to numbers, `pattern` to strings, …). A value
/// that breaks one is not written as given.
#[derive(Clone, Copy, Debug)]
pub struct Check {
    /// The value is one of these strings (none: no `enum`).
    pub r#enum: &'static [&'static str],
    /// The JSON text of the value the value equals (numbers by value).
    pub r#const: Option<&'static str>,
    /// ECMAScript regular expressions a string matches somewhere.
    pub patterns: &'static [&'static str],
    /// The formats a string has (`date`, `uri`, `email`, …).
    pub formats: &'static [&'static str],
    /// The least number.
    pub minimum: Option<f64>,
    /// The greatest number.
    pub maximum: Option<f64>,
    /// The number is greater.
    pub exclusive_minimum: Option<f64>,
    /// The number is less.
    pub exclusive_maximum: Option<f64>,
    /// The number divided by it leaves no remainder.
    pub multiple_of: Option<f64>,
    /// The fewest characters (code points) of a string.
    pub min_length: Option<usize>,
    /// The most characters (code points) of a string.
    pub max_length: Option<usize>,
    /// The fewest items of an array.
    pub min_items: Option<usize>,
    /// The most items of an array.
    pub max_items: Option<usize>,
    /// No two items of an array are written alike.
    pub unique_items: bool,
}

impl Check {
    /// No constraint, the base of the generated checks.
    pub const NONE: Check = Check {
        r#enum: &[],
        r#const: None,
        patterns: &[],
        formats: &[],
        minimum: None,
        maximum: None,
        exclusive_minimum: None,
        exclusive_maximum: None,
        multiple_of: None,
        min_length: None,
        max_length: None,
        min_items: None,
        max_items: None,
        unique_items: false,
    };
}

/// A detail struct of the generated crate: its serde form (the wire names,
/// exactly), read by the runtime through the tables of its error.
pub trait Details: Serialize + DeserializeOwned {
    /// The wire names of the declared fields, in order: the other members
    /// of an open struct never take one of them (see [`serialize_extra`]).
    const FIELDS: &'static [&'static str];
}

/// The details an error takes: the object node of its tables, and a
/// conversion of a JSON value through its typed struct.
#[derive(Clone, Copy, Debug)]
pub struct DetailsType {
    /// The object of the details.
    pub object: &'static Object,
    /// Reads a JSON value into the typed struct and writes it back: the
    /// conformance runner reads details as the generated constructor takes
    /// them. See [`retype`].
    pub retype: fn(&Value) -> Result<Value, serde_json::Error>,
}

/// Reads a JSON value into struct `T` and writes it back as the runtime
/// reads details: the `retype` of [`DetailsType`].
pub fn retype<T: Details>(v: &Value) -> Result<Value, serde_json::Error> {
    super::value::to_value(&T::deserialize(v)?)
}

/// Serializes the other members of an open object, leaving out a key named
/// like one of its declared properties: the generated structs use it as
/// their `extra` field's `serialize_with`.
pub fn serialize_extra<T, V, S>(
    extra: &std::collections::BTreeMap<String, V>,
    s: S,
) -> Result<S::Ok, S::Error>
where
    T: Details,
    V: Serialize,
    S: serde::Serializer,
{
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(None)?;
    for (k, v) in extra {
        if !T::FIELDS.contains(&k.as_str()) {
            map.serialize_entry(k, v)?;
        }
    }
    map.end()
}

/// The `Debug` form of an optional sensitive value of a generated struct:
/// `Some(marker)` (the catalog's redaction marker) when it is set.
pub fn hidden<T>(value: &Option<T>, marker: &'static str) -> Option<&'static str> {
    value.as_ref().map(|_| marker)
}

/// The empty value of a node: the value an absent required property takes
/// (and `null` where a value of a type is expected): `""`, `0`, `false`,
/// `[]`, an object of its required properties, `null` when untyped.
pub(crate) fn empty_value(n: &Node) -> Value {
    match n.kind {
        Kind::String => Value::String(String::new()),
        Kind::Integer | Kind::Number => Value::from(0),
        Kind::Boolean => Value::Bool(false),
        Kind::Array { .. } => Value::Array(Vec::new()),
        Kind::Object(_) => Value::Object(serde_json::Map::new()),
        Kind::Any => Value::Null,
    }
}

/// A JSON text of the tables (a replacement, a const) as the runtime reads
/// it: its numbers doubles, as every runtime reads them.
pub(crate) fn table_value(text: &str) -> Value {
    fn doubles(v: Value) -> Value {
        match v {
            Value::Number(n) => super::value::float(n.as_f64().unwrap_or(0.0)),
            Value::Array(items) => Value::Array(items.into_iter().map(doubles).collect()),
            Value::Object(m) => {
                Value::Object(m.into_iter().map(|(k, v)| (k, doubles(v))).collect())
            }
            v => v,
        }
    }
    doubles(serde_json::from_str(text).unwrap_or(Value::Null))
}

/// Prepares a JSON value for a typed struct of object `o` as Go's JSON
/// decoder reads one, where serde's would refuse it: an absent or `null`
/// required member is its node's empty value (and an absent required
/// object one of its own required members), a `null` optional member is
/// absent, a `null` item or other member of a typed node its empty value.
/// Members of another type are left as they are (the struct refuses them).
pub(crate) fn fill(o: &Object, v: &Value) -> Value {
    match v {
        Value::Object(m) => fill_members(o, m),
        Value::Null => fill_members(o, &serde_json::Map::new()),
        v => v.clone(),
    }
}

fn fill_members(o: &Object, m: &serde_json::Map<String, Value>) -> Value {
    let mut out = serde_json::Map::new();
    for (k, x) in m {
        match o.field(k) {
            Some(f) if x.is_null() && !f.required => {}
            Some(f) => {
                out.insert(k.clone(), fill_value(f.node, x));
            }
            None => {
                let x = match o.extra {
                    Some(n) => fill_value(n, x),
                    None => x.clone(),
                };
                out.insert(k.clone(), x);
            }
        }
    }
    for f in o.fields {
        if f.required && !out.contains_key(f.name) {
            out.insert(f.name.to_owned(), fill_value(f.node, &Value::Null));
        }
    }
    Value::Object(out)
}

fn fill_value(n: &Node, v: &Value) -> Value {
    match (n.kind, v) {
        (Kind::Any, _) => v.clone(),
        (Kind::Object(o), Value::Null | Value::Object(_)) => fill(o, v),
        (Kind::Array { items, .. }, Value::Array(list)) => {
            Value::Array(list.iter().map(|it| fill_value(items, it)).collect())
        }
        (_, Value::Null) => empty_value(n),
        _ => v.clone(),
    }
}
