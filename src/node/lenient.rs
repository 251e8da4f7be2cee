//! Lenient decoding of repository bodies.
//!
//! The rule: a body that is not JSON fails as a whole; a JSON body is read
//! field by field, and a field of the wrong JSON type is absent (its
//! default) instead of failing the body, so one odd node never hides the
//! other twenty. Fields say so with serde_with's `DefaultOnError`, node lists
//! with `VecSkipError` (an element that is not a node is skipped). The
//! helpers here cover the two shapes serde_with has no adapter for.

use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use super::PropertyMap;

/// Decode a body: first checked to be JSON at all, then read leniently.
/// The check comes first because a lenient field swallows any error inside
/// its value, a syntax error included, and a truncated body must fail.
pub fn decode<T: DeserializeOwned>(body: &[u8]) -> Result<T, serde_json::Error> {
    serde_json::from_slice::<IgnoredAny>(body)?;
    serde_json::from_slice(body)
}

/// `size` arrives as a string (`"12345"`, maybe padded), sometimes as a
/// number; anything else is 0.
pub fn size<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    Ok(match Value::deserialize(deserializer)? {
        Value::String(s) => s.trim().parse().unwrap_or(0),
        Value::Number(n) => n.as_u64().unwrap_or(0),
        _ => 0,
    })
}

/// Properties are `{key: [string]}`. An array keeps its scalar elements
/// (numbers and booleans as their JSON text), a lone scalar becomes a
/// one-element list, `null` or an object an empty one. A `properties` that
/// is not an object is an empty map.
pub fn properties<'de, D: Deserializer<'de>>(deserializer: D) -> Result<PropertyMap, D::Error> {
    let Value::Object(map) = Value::deserialize(deserializer)? else {
        return Ok(PropertyMap::new());
    };
    Ok(map
        .into_iter()
        .map(|(key, value)| {
            let values = match value {
                Value::Array(items) => items.into_iter().filter_map(scalar_text).collect(),
                other => scalar_text(other).into_iter().collect(),
            };
            (key, values)
        })
        .collect())
}

fn scalar_text(value: Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}
