//! What a catalog's detail schemas say about the wire, as values: the
//! generated crate declares, for every detail struct, the [`Object`] that
//! tells the runtime how to write it (its fields in order, their types and
//! the catalog's extension keywords). The runtime reads details as JSON
//! values through these descriptors, as errgen's Go runtime reads its
//! generated structs.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};

use super::fielderrors::FieldErrors;

/// How an `x-sanitize` field is scrubbed outside verbose mode.
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

/// One property of a detail object (or, unnamed, the other members of an
/// open object): its wire name, whether it is required, its type and the
/// catalog's extension keywords.
#[derive(Clone, Copy, Debug)]
pub struct Prop {
    /// The property's name on the wire.
    pub name: &'static str,
    /// Whether the schema requires it; an optional property is written
    /// only when present.
    pub required: bool,
    /// What its values are.
    pub ty: Type,
    /// `x-sensitive` (or the error's `sensitive`): `"<redacted>"` unless
    /// verbose or shown.
    pub sensitive: bool,
    /// `x-verbose`: written only in verbose mode.
    pub verbose: bool,
    /// `x-sanitize`.
    pub sanitize: Sanitize,
    /// `x-max-bytes`: the bound of its strings; 0 for the catalog's.
    pub max_bytes: usize,
    /// Its schema constrains its strings (a pattern, format, enum, length
    /// bound…): they are written whole, never cut.
    pub exact: bool,
}

impl Prop {
    /// A required untyped property without extension keywords, the base
    /// of the generated descriptors.
    pub const REQUIRED: Prop = Prop {
        name: "",
        required: true,
        ty: Type::Any,
        sensitive: false,
        verbose: false,
        sanitize: Sanitize::None,
        max_bytes: 0,
        exact: false,
    };

    /// An optional untyped property without extension keywords.
    pub const OPTIONAL: Prop = Prop {
        required: false,
        ..Prop::REQUIRED
    };
}

/// The type of a detail value.
#[derive(Clone, Copy, Debug)]
pub enum Type {
    /// Any JSON value (a schema without `type`).
    Any,
    /// A string.
    String,
    /// A string of an `enum`.
    Enum,
    /// An integer.
    Int,
    /// A number.
    Float,
    /// A boolean.
    Bool,
    /// An object without properties: any members, written as an untyped
    /// value.
    Map,
    /// An array.
    Array {
        /// The type of its items.
        items: &'static Type,
        /// How many items a minimal payload keeps: the schema's
        /// `minItems`, or -1 for all of them.
        keep: i64,
    },
    /// A detail struct.
    Struct {
        /// The struct's shape.
        shape: fn() -> Shape,
        /// Reached through `$ref` (its absence reads differently in a
        /// message, as Go's pointer does).
        by_ref: bool,
    },
}

/// The shape of a detail struct.
#[derive(Clone, Copy, Debug)]
pub enum Shape {
    /// A struct the catalog declares.
    Object(&'static Object),
    /// The built-in `field_errors`.
    FieldErrors,
}

/// A detail object: its properties in declaration order, and for an open
/// object (properties and `additionalProperties`) the rules of its other
/// members.
#[derive(Clone, Copy, Debug)]
pub struct Object {
    /// The declared properties, in order.
    pub props: &'static [Prop],
    /// A minimal payload may leave the optional properties out.
    pub trim: bool,
    /// The other members of an open object (an unnamed [`Prop`]); `None`
    /// for a closed object.
    pub extra: Option<Prop>,
}

impl Object {
    /// Reports whether `name` is a declared property.
    pub fn declares(&self, name: &str) -> bool {
        self.props.iter().any(|p| p.name == name)
    }
}

/// A detail struct of the generated crate: its serde form and its shape.
pub trait Details: Serialize + DeserializeOwned {
    /// How the runtime writes the struct.
    fn shape() -> Shape;

    /// The details of the errors that take this struct, for their
    /// definitions.
    const DETAILS: Option<DetailsType> = Some(DetailsType::of::<Self>());
}

/// The details type of an error: its shape and a conversion of a JSON
/// value through the typed struct.
#[derive(Clone, Copy, Debug)]
pub struct DetailsType {
    /// The shape of the details.
    pub shape: fn() -> Shape,
    /// Reads a JSON value into the struct and writes it back.
    pub retype: fn(&Value) -> Result<Value, serde_json::Error>,
}

impl DetailsType {
    /// The details type of struct `T`.
    pub const fn of<T: Details>() -> DetailsType {
        DetailsType {
            shape: T::shape,
            retype: retype::<T>,
        }
    }
}

fn retype<T: Details>(v: &Value) -> Result<Value, serde_json::Error> {
    serde_json::to_value(T::deserialize(v)?)
}

/// Serializes the other members of an open object, leaving out a key
/// named like one of its declared properties: the generated structs use it
/// as their `extra` field's `serialize_with`.
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
    let declared = match T::shape() {
        Shape::Object(o) => o.props,
        Shape::FieldErrors => &[],
    };
    let mut map = s.serialize_map(None)?;
    for (k, v) in extra {
        if !declared.iter().any(|p| p.name == k) {
            map.serialize_entry(k, v)?;
        }
    }
    map.end()
}

// Details as values. A details value is normalized once, when the error is
// made: every property as the generated Go struct would hold it after
// reading the value (a required property present with its type's empty
// value where it is missing, an optional one present only when set, the
// other members of an open object converted to their type), so that the
// writers below read it without checks. The empty value of a `$ref`
// struct, a map and an array is `null`: written as the empty object,
// `{}` and `[]`, but absent in a message.

impl Shape {
    /// The empty details of this shape: every required property at its
    /// type's empty value.
    pub fn zero(self) -> Value {
        match self {
            Shape::Object(o) => decode_object(o, None),
            Shape::FieldErrors => FieldErrors::zero_value(),
        }
    }

    /// Reads a JSON value into details of this shape (see the module
    /// documentation).
    pub fn normalize(self, v: &Value) -> Value {
        match self {
            Shape::Object(o) => decode_object(o, v.as_object()),
            Shape::FieldErrors => FieldErrors::normalize(v),
        }
    }

    /// The names of the top-level properties.
    pub fn fields(self) -> Vec<&'static str> {
        match self {
            Shape::Object(o) => o.props.iter().map(|p| p.name).collect(),
            Shape::FieldErrors => vec![FieldErrors::FIELD_ERRORS, FieldErrors::TOTAL_ERRORS],
        }
    }
}

pub(crate) fn decode_object(o: &Object, m: Option<&Map<String, Value>>) -> Value {
    let mut out = Map::new();
    for p in o.props {
        let (v, set) = decode(&p.ty, m.and_then(|m| m.get(p.name)), p.required);
        if set || p.required {
            out.insert(p.name.to_owned(), v);
        }
    }
    if let (Some(extra), Some(m)) = (&o.extra, m) {
        for (k, v) in m {
            if !o.declares(k) {
                out.insert(k.clone(), decode(&extra.ty, Some(v), true).0);
            }
        }
    }
    Value::Object(out)
}

/// Converts a JSON value to a property's value of type `ty`, and reports
/// whether it is set: a missing or null value, or one of another type, is
/// the type's empty value, not set.
fn decode(ty: &Type, v: Option<&Value>, required: bool) -> (Value, bool) {
    let v = match v {
        None | Some(Value::Null) => return (zero(ty, required), false),
        Some(v) => v,
    };
    let out = match (ty, v) {
        (Type::String | Type::Enum, Value::String(_)) => Some(v.clone()),
        (Type::Int, Value::Number(n)) => Some(Value::from(
            n.as_i64()
                .or_else(|| n.as_u64().map(|u| u.min(i64::MAX as u64) as i64))
                .unwrap_or_else(|| n.as_f64().unwrap_or(0.0) as i64),
        )),
        (Type::Float, Value::Number(n)) => Some(float(n.as_f64().unwrap_or(0.0))),
        (Type::Bool, Value::Bool(_)) => Some(v.clone()),
        (Type::Any, _) => Some(v.clone()),
        (Type::Map, Value::Object(_)) => Some(v.clone()),
        (Type::Array { items, .. }, Value::Array(list)) => Some(Value::Array(
            list.iter()
                .map(|it| decode(items, Some(it), true).0)
                .collect(),
        )),
        (Type::Struct { shape, .. }, _) => match shape() {
            Shape::FieldErrors => Some(FieldErrors::normalize(v)),
            Shape::Object(o) => v.as_object().map(|m| decode_object(o, Some(m))),
        },
        _ => None,
    };
    match out {
        Some(v) => (v, true),
        None => (zero(ty, required), false),
    }
}

/// A number value of `f`; a number JSON cannot hold is 0.
pub(crate) fn float(f: f64) -> Value {
    serde_json::Number::from_f64(f).map_or(Value::from(0), Value::Number)
}

/// The empty value of a property of type `ty`.
fn zero(ty: &Type, required: bool) -> Value {
    match ty {
        Type::String | Type::Enum => Value::from(""),
        Type::Int => Value::from(0),
        Type::Float => float(0.0),
        Type::Bool => Value::Bool(false),
        Type::Struct {
            shape,
            by_ref: false,
        } if required => match shape() {
            Shape::Object(o) => decode_object(o, None),
            Shape::FieldErrors => Value::Null,
        },
        _ => Value::Null,
    }
}
