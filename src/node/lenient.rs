//! Lenient decoding of repository bodies.
//!
//! The rule: a body that is not JSON fails as a whole; a JSON body is read
//! field by field, and a field of the wrong JSON type is absent (its
//! default) instead of failing the body, so one odd node never hides the
//! other twenty. An element of a node list that is not a node is skipped.
//!
//! Fields name their reader with `deserialize_with`: [`value`] and
//! [`optional`] for strings, flags and counts, [`object`] and
//! [`object_or_default`] for nested objects, [`list`] for node lists,
//! [`properties`] and [`size`] for the two shapes of their own. Each reads
//! its value once, straight into the typed field, and skips a value of the
//! wrong type where it stands: nothing is first copied into a tree of JSON
//! values, so decoding a body costs the memory of the nodes it yields (a
//! burst of calls decodes many bodies at once).

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{self, DeserializeOwned, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};

use super::PropertyMap;
use super::text::{decode_owned, is_text_property};

/// Decode a body: first checked to be JSON at all, then read leniently.
/// The check comes first because a lenient field swallows any error inside
/// its value, a syntax error included, and a truncated body must fail.
pub fn decode<T: DeserializeOwned>(body: &[u8]) -> Result<T, serde_json::Error> {
    serde_json::from_slice::<IgnoredAny>(body)?;
    serde_json::from_slice(body)
}

/// One JSON value as a field sees it: a scalar, or `Nested` for an array
/// or object, which is read to its end and dropped.
pub enum Json<'de> {
    Null,
    Bool(bool),
    Unsigned(u64),
    Signed(i64),
    Float(f64),
    Text(Cow<'de, str>),
    Nested,
}

/// The scalar types a field can hold: a value of another JSON type is the
/// field's default (`""`, `false`, `0`, `None`).
pub trait Scalar: Sized {
    fn from_json(value: Json<'_>) -> Option<Self>;
}

impl Scalar for String {
    fn from_json(value: Json<'_>) -> Option<Self> {
        match value {
            Json::Text(s) => Some(s.into_owned()),
            _ => None,
        }
    }
}

impl Scalar for bool {
    fn from_json(value: Json<'_>) -> Option<Self> {
        match value {
            Json::Bool(b) => Some(b),
            _ => None,
        }
    }
}

/// A non-negative integer; `-1`, `1.5` and `"9"` are no count.
impl Scalar for u64 {
    fn from_json(value: Json<'_>) -> Option<Self> {
        match value {
            Json::Unsigned(n) => Some(n),
            Json::Signed(n) => u64::try_from(n).ok(),
            _ => None,
        }
    }
}

/// A string, flag or count; its default for a value of another type.
pub fn value<'de, D: Deserializer<'de>, T: Scalar + Default>(deserializer: D) -> Result<T, D::Error> {
    optional(deserializer).map(Option::unwrap_or_default)
}

/// Text a person reads (a title, a name): a string, with its HTML entities
/// decoded ([`super::text`]); `""` for a value of another type.
pub fn text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    value(deserializer).map(decode_owned)
}

/// As [`text`], `None` for `null` or a value of another type.
pub fn optional_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    optional(deserializer).map(|text: Option<String>| text.map(decode_owned))
}

/// A string, flag or count; `None` for `null` or a value of another type.
pub fn optional<'de, D: Deserializer<'de>, T: Scalar>(deserializer: D) -> Result<Option<T>, D::Error> {
    // An error here is a number beyond f64 or a string that is not UTF-8:
    // either is read to its end, so the fields after it still decode.
    Ok(Json::deserialize(deserializer).ok().and_then(T::from_json))
}

/// A list of strings, such as `aspects`; one element of another type voids
/// the list, as does a value that is no list.
pub fn strings<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    let strings = deserializer.deserialize_any(StringsVisitor);
    Ok(strings.ok().flatten().unwrap_or_default())
}

/// `size` arrives as a string (`"12345"`, maybe padded), sometimes as a
/// number; anything else is 0.
pub fn size<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    Ok(match Json::deserialize(deserializer)? {
        Json::Text(s) => s.trim().parse().unwrap_or(0),
        other => u64::from_json(other).unwrap_or(0),
    })
}

/// Properties are `{key: [string]}`. An array keeps its scalar elements
/// (numbers and booleans as their JSON text), a lone scalar becomes a
/// one-element list, `null` or an object an empty one. A `properties` that
/// is not an object is an empty map; a repeated key keeps its last value.
/// The values of a text property have their HTML entities decoded
/// ([`super::text`]); URLs, ids and URIs are kept as sent.
pub fn properties<'de, D: Deserializer<'de>>(deserializer: D) -> Result<PropertyMap, D::Error> {
    deserializer.deserialize_any(PropertiesVisitor)
}

/// A nested object read as `T`, or `None`: for `null`, for a value of
/// another type, and for an object `T` refuses (a repeated field).
pub fn object<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<Option<T>, D::Error> {
    deserializer.deserialize_any(ObjectVisitor(PhantomData))
}

/// As [`object`], with `T`'s default for `None`.
pub fn object_or_default<'de, D: Deserializer<'de>, T: Deserialize<'de> + Default>(
    deserializer: D,
) -> Result<T, D::Error> {
    object(deserializer).map(Option::unwrap_or_default)
}

/// A list of objects read as `T`; an element that is no `T` is skipped, a
/// value that is no list is an empty one.
pub fn list<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<Vec<T>, D::Error> {
    deserializer.deserialize_any(ListVisitor {
        strict: false,
        element: PhantomData,
    })
}

/// As [`list`], but a value that is no list fails.
pub fn array<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<Vec<T>, D::Error> {
    deserializer.deserialize_any(ListVisitor {
        strict: true,
        element: PhantomData,
    })
}

/// The visitor methods of the scalar JSON types, for a visitor that reads
/// only arrays or objects: each scalar is the value's default.
macro_rules! scalars_are_default {
    () => {
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_u64<E: de::Error>(self, _: u64) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_i64<E: de::Error>(self, _: i64) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_str<E: de::Error>(self, _: &str) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
    };
}

impl<'de> Deserialize<'de> for Json<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_unit<E: de::Error>(self) -> Result<Json<'de>, E> {
        Ok(Json::Null)
    }
    fn visit_bool<E: de::Error>(self, b: bool) -> Result<Json<'de>, E> {
        Ok(Json::Bool(b))
    }
    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Json<'de>, E> {
        Ok(Json::Unsigned(n))
    }
    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Json<'de>, E> {
        Ok(Json::Signed(n))
    }
    fn visit_f64<E: de::Error>(self, n: f64) -> Result<Json<'de>, E> {
        Ok(Json::Float(n))
    }
    fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Json<'de>, E> {
        Ok(Json::Text(Cow::Borrowed(s)))
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<Json<'de>, E> {
        Ok(Json::Text(Cow::Owned(s.to_owned())))
    }
    fn visit_string<E: de::Error>(self, s: String) -> Result<Json<'de>, E> {
        Ok(Json::Text(Cow::Owned(s)))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Json<'de>, A::Error> {
        IgnoredAny.visit_seq(seq).map(|_| Json::Nested)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Json<'de>, A::Error> {
        IgnoredAny.visit_map(map).map(|_| Json::Nested)
    }
}

/// `None` when an element is no string.
struct StringsVisitor;

impl<'de> Visitor<'de> for StringsVisitor {
    type Value = Option<Vec<String>>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of strings")
    }
    scalars_are_default!();
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut strings = Some(Vec::new());
        while let Some(element) = seq.next_element::<Json>()? {
            match (String::from_json(element), &mut strings) {
                (Some(s), Some(list)) => list.push(s),
                _ => strings = None,
            }
        }
        Ok(strings.map(|mut list| {
            list.shrink_to_fit();
            list
        }))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        IgnoredAny.visit_map(map).map(|_| None)
    }
}

struct PropertiesVisitor;

impl<'de> Visitor<'de> for PropertiesVisitor {
    type Value = PropertyMap;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object of properties")
    }
    scalars_are_default!();
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<PropertyMap, A::Error> {
        IgnoredAny.visit_seq(seq).map(|_| PropertyMap::new())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<PropertyMap, A::Error> {
        let mut properties = PropertyMap::new();
        while let Some((key, PropertyValues(mut values))) = map.next_entry::<String, PropertyValues>()? {
            if is_text_property(&key) {
                values = values.into_iter().map(decode_owned).collect();
            }
            properties.insert(key, values);
        }
        Ok(properties)
    }
}

/// The values of one property (see [`properties`]).
struct PropertyValues(Vec<String>);

impl<'de> Deserialize<'de> for PropertyValues {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(PropertyValuesVisitor)
    }
}

struct PropertyValuesVisitor;

impl PropertyValuesVisitor {
    fn one<E>(value: Json<'_>) -> Result<PropertyValues, E> {
        Ok(PropertyValues(scalar_text(value).into_iter().collect()))
    }
}

impl<'de> Visitor<'de> for PropertyValuesVisitor {
    type Value = PropertyValues;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("property values")
    }
    fn visit_unit<E: de::Error>(self) -> Result<PropertyValues, E> {
        Self::one(Json::Null)
    }
    fn visit_bool<E: de::Error>(self, b: bool) -> Result<PropertyValues, E> {
        Self::one(Json::Bool(b))
    }
    fn visit_u64<E: de::Error>(self, n: u64) -> Result<PropertyValues, E> {
        Self::one(Json::Unsigned(n))
    }
    fn visit_i64<E: de::Error>(self, n: i64) -> Result<PropertyValues, E> {
        Self::one(Json::Signed(n))
    }
    fn visit_f64<E: de::Error>(self, n: f64) -> Result<PropertyValues, E> {
        Self::one(Json::Float(n))
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<PropertyValues, E> {
        Ok(PropertyValues(vec![s.to_owned()]))
    }
    fn visit_string<E: de::Error>(self, s: String) -> Result<PropertyValues, E> {
        Ok(PropertyValues(vec![s]))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<PropertyValues, A::Error> {
        let mut values = Vec::new();
        while let Some(element) = seq.next_element::<Json>()? {
            values.extend(scalar_text(element));
        }
        // Most properties hold one value, and a decoded node lives as long
        // as the call (or the cache entry): no room kept for more.
        values.shrink_to_fit();
        Ok(PropertyValues(values))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<PropertyValues, A::Error> {
        IgnoredAny.visit_map(map).map(|_| PropertyValues(Vec::new()))
    }
}

/// A scalar property value as text: numbers as serde_json writes them.
fn scalar_text(value: Json<'_>) -> Option<String> {
    match value {
        Json::Text(s) => Some(s.into_owned()),
        Json::Unsigned(n) => Some(n.to_string()),
        Json::Signed(n) => Some(n.to_string()),
        Json::Float(n) => serde_json::Number::from_f64(n).map(|n| n.to_string()),
        Json::Bool(b) => Some(b.to_string()),
        Json::Null | Json::Nested => None,
    }
}

/// The reader of [`object`] and of a list element.
struct ObjectVisitor<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectVisitor<T> {
    type Value = Option<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object")
    }
    scalars_are_default!();
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<T>, A::Error> {
        let mut entries = Entries {
            map: &mut map,
            value_unread: false,
        };
        match T::deserialize(MapAccessDeserializer::new(&mut entries)) {
            Ok(value) => Ok(Some(value)),
            Err(_) => {
                // T gave up midway: skip the rest of the object.
                if entries.value_unread {
                    map.next_value::<IgnoredAny>()?;
                }
                IgnoredAny.visit_map(map).map(|_| None)
            }
        }
    }
    /// serde reads a struct from an array too, field by field in order; an
    /// array longer than the struct is none.
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Option<T>, A::Error> {
        let value = T::deserialize(SeqAccessDeserializer::new(&mut seq)).ok();
        let more = seq.next_element::<IgnoredAny>()?.is_some();
        IgnoredAny.visit_seq(seq)?;
        Ok(value.filter(|_| !more))
    }
}

/// An object's entries, remembering whether the last key's value is still
/// unread, so that an object its struct refused can be skipped to its end.
struct Entries<'a, A> {
    map: &'a mut A,
    value_unread: bool,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Entries<'_, A> {
    type Error = A::Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, A::Error> {
        let key = self.map.next_key_seed(seed)?;
        self.value_unread = key.is_some();
        Ok(key)
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        self.value_unread = false;
        self.map.next_value_seed(seed)
    }
}

/// A list element read by [`ObjectVisitor`].
struct Element<T>(Option<T>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Element<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ObjectVisitor(PhantomData)).map(Element)
    }
}

struct ListVisitor<T> {
    /// A value that is no list fails instead of being an empty list.
    strict: bool,
    element: PhantomData<T>,
}

impl<T> ListVisitor<T> {
    fn not_a_list<E: de::Error>(&self, unexpected: de::Unexpected) -> Result<Vec<T>, E> {
        if self.strict {
            Err(E::invalid_type(unexpected, &"a sequence"))
        } else {
            Ok(Vec::new())
        }
    }
}

impl<'de, T: Deserialize<'de>> Visitor<'de> for ListVisitor<T> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut list = Vec::new();
        while let Some(Element(element)) = seq.next_element()? {
            list.extend(element);
        }
        list.shrink_to_fit();
        Ok(list)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Vec<T>, A::Error> {
        self.not_a_list(de::Unexpected::Map)?;
        IgnoredAny.visit_map(map).map(|_| Vec::new())
    }
    fn visit_unit<E: de::Error>(self) -> Result<Vec<T>, E> {
        self.not_a_list(de::Unexpected::Unit)
    }
    fn visit_bool<E: de::Error>(self, b: bool) -> Result<Vec<T>, E> {
        self.not_a_list(de::Unexpected::Bool(b))
    }
    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Vec<T>, E> {
        self.not_a_list(de::Unexpected::Unsigned(n))
    }
    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Vec<T>, E> {
        self.not_a_list(de::Unexpected::Signed(n))
    }
    fn visit_f64<E: de::Error>(self, n: f64) -> Result<Vec<T>, E> {
        self.not_a_list(de::Unexpected::Float(n))
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<Vec<T>, E> {
        self.not_a_list(de::Unexpected::Str(s))
    }
}
