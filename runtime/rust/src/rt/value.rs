//! Typed details to a JSON value, as `serde_json::to_value` makes them,
//! save the floats JSON has no number for.

use serde::ser::{self, Serialize};
use serde_json::value::Serializer as JsonValue;
use serde_json::{Error, Map, Value};

/// Returns `v` as `serde_json::to_value` does, except for the floats JSON
/// cannot hold: serde_json makes them `null`, which a number field reads
/// as 0, where the Go and TypeScript runtimes write NaN as 0 and the
/// infinities as the largest finite numbers. So does this.
pub(crate) fn to_value<T: Serialize + ?Sized>(v: &T) -> Result<Value, Error> {
    v.serialize(Finite)
}

/// A number value of `f` (the float the wire writes for it, see
/// [`finite`]).
pub(crate) fn float(f: f64) -> Value {
    serde_json::Number::from_f64(finite(f)).map_or(Value::from(0), Value::Number)
}

/// The float the wire writes for `v`.
pub(crate) fn finite(v: f64) -> f64 {
    if v.is_nan() {
        0.0
    } else {
        v.clamp(f64::MIN, f64::MAX)
    }
}

/// A serializer into a [`Value`] that writes every float finite and is
/// serde_json's own for every other value.
struct Finite;

impl ser::Serializer for Finite {
    type Ok = Value;
    type Error = Error;
    type SerializeSeq = Seq;
    type SerializeTuple = Seq;
    type SerializeTupleStruct = Seq;
    type SerializeTupleVariant = Variant<Seq>;
    type SerializeMap = Obj;
    type SerializeStruct = Obj;
    type SerializeStructVariant = Variant<Obj>;

    fn serialize_f32(self, v: f32) -> Result<Value, Error> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<Value, Error> {
        JsonValue.serialize_f64(finite(v))
    }
    fn serialize_bool(self, v: bool) -> Result<Value, Error> {
        JsonValue.serialize_bool(v)
    }
    fn serialize_i8(self, v: i8) -> Result<Value, Error> {
        JsonValue.serialize_i8(v)
    }
    fn serialize_i16(self, v: i16) -> Result<Value, Error> {
        JsonValue.serialize_i16(v)
    }
    fn serialize_i32(self, v: i32) -> Result<Value, Error> {
        JsonValue.serialize_i32(v)
    }
    fn serialize_i64(self, v: i64) -> Result<Value, Error> {
        JsonValue.serialize_i64(v)
    }
    fn serialize_i128(self, v: i128) -> Result<Value, Error> {
        JsonValue.serialize_i128(v)
    }
    fn serialize_u8(self, v: u8) -> Result<Value, Error> {
        JsonValue.serialize_u8(v)
    }
    fn serialize_u16(self, v: u16) -> Result<Value, Error> {
        JsonValue.serialize_u16(v)
    }
    fn serialize_u32(self, v: u32) -> Result<Value, Error> {
        JsonValue.serialize_u32(v)
    }
    fn serialize_u64(self, v: u64) -> Result<Value, Error> {
        JsonValue.serialize_u64(v)
    }
    fn serialize_u128(self, v: u128) -> Result<Value, Error> {
        JsonValue.serialize_u128(v)
    }
    fn serialize_char(self, v: char) -> Result<Value, Error> {
        JsonValue.serialize_char(v)
    }
    fn serialize_str(self, v: &str) -> Result<Value, Error> {
        JsonValue.serialize_str(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Value, Error> {
        JsonValue.serialize_bytes(v)
    }
    fn serialize_none(self) -> Result<Value, Error> {
        JsonValue.serialize_none()
    }
    fn serialize_unit(self) -> Result<Value, Error> {
        JsonValue.serialize_unit()
    }
    fn serialize_unit_struct(self, name: &'static str) -> Result<Value, Error> {
        JsonValue.serialize_unit_struct(name)
    }
    fn serialize_unit_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
    ) -> Result<Value, Error> {
        JsonValue.serialize_unit_variant(name, index, variant)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<Value, Error> {
        v.serialize(self)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        v: &T,
    ) -> Result<Value, Error> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        v: &T,
    ) -> Result<Value, Error> {
        let mut m = Map::new();
        m.insert(variant.to_owned(), v.serialize(self)?);
        Ok(Value::Object(m))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Seq, Error> {
        Ok(Seq(Vec::with_capacity(len.unwrap_or(0))))
    }
    fn serialize_tuple(self, len: usize) -> Result<Seq, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Seq, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Variant<Seq>, Error> {
        Ok(Variant(variant, Seq(Vec::with_capacity(len))))
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Obj, Error> {
        Ok(Obj(Map::new(), None))
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Obj, Error> {
        Ok(Obj(Map::new(), None))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Variant<Obj>, Error> {
        Ok(Variant(variant, Obj(Map::new(), None)))
    }
}

/// The items of an array.
struct Seq(Vec<Value>);

/// The members of an object, with the key of the member being written.
struct Obj(Map<String, Value>, Option<String>);

/// An enum variant holding an array or an object: `{"variant": …}`.
struct Variant<T>(&'static str, T);

impl ser::SerializeSeq for Seq {
    type Ok = Value;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        self.0.push(v.serialize(Finite)?);
        Ok(())
    }
    fn end(self) -> Result<Value, Error> {
        Ok(Value::Array(self.0))
    }
}

impl ser::SerializeTuple for Seq {
    type Ok = Value;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, v)
    }
    fn end(self) -> Result<Value, Error> {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleStruct for Seq {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, v)
    }
    fn end(self) -> Result<Value, Error> {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleVariant for Variant<Seq> {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(&mut self.1, v)
    }
    fn end(self) -> Result<Value, Error> {
        let mut m = Map::new();
        m.insert(self.0.to_owned(), Value::Array(self.1 .0));
        Ok(Value::Object(m))
    }
}

impl ser::SerializeMap for Obj {
    type Ok = Value;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        // a key is a string, or a number or bool written as one, as serde_json takes keys
        self.1 = Some(match key.serialize(JsonValue)? {
            Value::String(s) => s,
            Value::Number(n) => n.to_string(),
            Value::Bool(b) => b.to_string(),
            _ => return Err(ser::Error::custom("key must be a string")),
        });
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        let key = self
            .1
            .take()
            .ok_or_else(|| <Error as ser::Error>::custom("a map value without its key"))?;
        self.0.insert(key, v.serialize(Finite)?);
        Ok(())
    }
    fn end(self) -> Result<Value, Error> {
        Ok(Value::Object(self.0))
    }
}

impl ser::SerializeStruct for Obj {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        self.0.insert(key.to_owned(), v.serialize(Finite)?);
        Ok(())
    }
    fn end(self) -> Result<Value, Error> {
        Ok(Value::Object(self.0))
    }
}

impl ser::SerializeStructVariant for Variant<Obj> {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        ser::SerializeStruct::serialize_field(&mut self.1, key, v)
    }
    fn end(self) -> Result<Value, Error> {
        let mut m = Map::new();
        m.insert(self.0.to_owned(), Value::Object(self.1 .0));
        Ok(Value::Object(m))
    }
}
