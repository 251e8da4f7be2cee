//! Typed tool parameters: one struct per tool, built from the adapters here.
//!
//! A tool declares its arguments once, as a struct deriving
//! `serde::Deserialize` and `schemars::JsonSchema` whose fields are the
//! adapter types of this module. The same struct gives
//!
//! - the input schema of `tools/list` ([`input_schema`]): every field's doc
//!   comment is its description, the adapter adds type, range, default and
//!   length; one transform closes every object (`"additionalProperties":
//!   false`, so strict function calling takes the schema as it is), inlines
//!   everything and keeps the key order plain JSON Schema readers expect;
//! - the decoded arguments of `tools/call` ([`decode`]): the adapters are
//!   lenient the way real clients need. They take `"5"` and `5.0` for an
//!   integer and clamp it into its range, `"true"` for a boolean, one string
//!   for a list, and treat `null` and blank text as "not given"; unknown keys
//!   are ignored. Anything they cannot understand is an [`ArgError`]: one
//!   German sentence that names the field and says what is allowed.
//!
//! A field is optional when it carries `#[serde(default)]`; without it the
//! schema lists it as required and its adapter says when it is missing.
//! Every field is an adapter or a group: an adapter has its own "not given",
//! so `Option<_>` is not needed (and [`decode`] does not support it).
//!
//! Arguments several tools share are groups (`groups.rs`: the vocabulary
//! filters, paging, the output format), one struct each, embedded with
//! `#[serde(flatten)]`. serde decodes flattened fields after all others and
//! outside the error path, so [`decode`] does not rely on serde's order or
//! path: it tags every value with its key, an adapter's failure carries that
//! key in its error, [`decode`] sets the failed field to "not given" and
//! decodes again, and the failure earliest in the struct's field order (the
//! schema's property order) is reported. A required field cannot go on (it
//! has no "not given" value), so required fields are declared first; a
//! debug assertion holds structs to that.
//!
//! Decoding stays in our own dispatch (not rmcp's `Parameters<T>`): a bad
//! argument is a tool result with `isError: true`, never a JSON-RPC error.

mod adapters;
pub mod args;
mod groups;

pub use adapters::*;
pub use groups::*;

use schemars::{JsonSchema, generate::SchemaSettings};
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value, json};

use args::{ArgError, Args};

/// Stands for the field name in an adapter's message until [`decode`] knows
/// which field failed. A control character: [`describe`] never shows one.
pub const KEY: &str = "\u{1}";

// ---------------------------------------------------------------------------
// Decoding

/// A bad argument: the field it concerns and the German message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub key: String,
    pub error: ArgError,
}

impl From<FieldError> for ArgError {
    fn from(error: FieldError) -> ArgError {
        error.error
    }
}

impl From<FieldError> for super::ToolResponse {
    fn from(error: FieldError) -> Self {
        error.error.into()
    }
}

/// Decode a tool's arguments into its parameter struct, checking the fields
/// in declaration order (flattened groups where they are declared): when
/// several are bad, the first one is reported. The order of the checks is
/// the order of the schema's properties; no tool has an order of its own.
///
/// serde stops at the first failure in its own order (own fields, then the
/// groups), so a failed field is set to "not given" and the struct decoded
/// again until nothing fails or a required field (which has no "not given")
/// does; of the failures seen, the first in declaration order is reported.
pub fn decode<P: DeserializeOwned + JsonSchema>(args: &Args) -> Result<P, FieldError> {
    let schema = input_schema::<P>();
    let fields: Vec<String> = match schema.get("properties") {
        Some(Value::Object(properties)) => properties.keys().cloned().collect(),
        _ => Vec::new(),
    };
    let required: Vec<&str> = match schema.get("required") {
        Some(Value::Array(keys)) => keys.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    // A required field that fails ends decoding before the groups are read:
    // it must come before every field that is not required.
    debug_assert!(
        fields
            .iter()
            .skip_while(|f| required.contains(&f.as_str()))
            .all(|f| !required.contains(&f.as_str())),
        "a required field comes after a field that is not required (a flattened group) in {fields:?}"
    );
    // Every known field is present (absent ones as null, which every adapter
    // reads as "not given"), tagged with its key; unknown keys are not passed on.
    let mut values: Vec<(String, Value)> = fields
        .iter()
        .map(|key| (key.clone(), args.get_raw(key).cloned().unwrap_or(Value::Null)))
        .collect();
    let mut failures: Vec<FieldError> = Vec::new();
    let decoded = loop {
        let map: Map<String, Value> = values
            .iter()
            .map(|(key, raw)| (key.clone(), json!({ TAG_KEY: key, TAG_VALUE: raw })))
            .collect();
        let error = match serde_path_to_error::deserialize::<_, P>(Value::Object(map)) {
            Ok(decoded) => break Ok(decoded),
            Err(error) => error,
        };
        let Some(failure) = FieldError::from_tagged(&error.inner().to_string()) else {
            break Err(Some(error));
        };
        let given = values
            .iter_mut()
            .find(|(key, raw)| *key == failure.key && !raw.is_null());
        failures.push(failure);
        match given {
            // Go on with the field not given.
            Some((_, raw)) => *raw = Value::Null,
            // A required field: nothing to go on with.
            None => break Err(None),
        }
    };
    let position = |key: &str| fields.iter().position(|k| k == key).unwrap_or(usize::MAX);
    if let Some(first) = failures.into_iter().min_by_key(|failure| position(&failure.key)) {
        return Err(first);
    }
    // `None` (stopped at a required field) always comes with a failure.
    decoded.map_err(|error| {
        let Some(error) = error else {
            return FieldError {
                key: String::new(),
                error: ArgError(String::new()),
            };
        };
        // Not an adapter's failure (a field type without one): serde's message.
        let key = match error.path().iter().next() {
            Some(serde_path_to_error::Segment::Map { key }) => key.clone(),
            _ => String::new(),
        };
        FieldError {
            error: ArgError(error.inner().to_string().replacen(KEY, &key, 1)),
            key,
        }
    })
}

/// The keys of a tagged value (control characters: no argument is named so).
const TAG_KEY: &str = "\u{1}key";
const TAG_VALUE: &str = "\u{1}value";
/// Opens an adapter's failure under [`decode`]: `<TAGGED><key><TAGGED><message>`.
const TAGGED: char = '\u{2}';

impl FieldError {
    /// An adapter's failure of a tagged value, as its error message carries it.
    fn tagged(key: &str, message: &str) -> String {
        format!("{TAGGED}{key}{TAGGED}{}", message.replacen(KEY, key, 1))
    }

    /// The failure [`FieldError::tagged`] wrote, if the message is one.
    fn from_tagged(message: &str) -> Option<FieldError> {
        let (key, message) = message.strip_prefix(TAGGED)?.split_once(TAGGED)?;
        Some(FieldError {
            key: key.to_string(),
            error: ArgError(message.to_string()),
        })
    }
}

/// One argument read on its own with an adapter's parser.
pub fn field<T>(args: &Args, key: &str, parse: impl FnOnce(&Value) -> Result<T, String>) -> Result<T, FieldError> {
    parse(args.get_raw(key).unwrap_or(&Value::Null)).map_err(|message| FieldError {
        key: key.to_string(),
        error: ArgError(message.replacen(KEY, key, 1)),
    })
}

/// The field names of a parameter struct in declaration order, flattened
/// groups included: the properties of its input schema.
pub fn field_names<P: JsonSchema>() -> Vec<String> {
    match input_schema::<P>().get("properties") {
        Some(Value::Object(properties)) => properties.keys().cloned().collect(),
        _ => Vec::new(),
    }
}

/// Run an adapter's parser on the raw value. Under [`decode`] the value comes
/// tagged with its key and a failure carries that key in its error; otherwise
/// the message names no field yet.
pub fn lenient<'de, D, T>(deserializer: D, parse: impl Fn(&Value) -> Result<T, String>) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
{
    let value = Value::deserialize(deserializer)?;
    match untag(&value) {
        Some((key, raw)) => parse(raw).map_err(|message| D::Error::custom(FieldError::tagged(key, &message))),
        None => parse(&value).map_err(D::Error::custom),
    }
}

fn untag(value: &Value) -> Option<(&str, &Value)> {
    let map = value.as_object().filter(|map| map.len() == 2)?;
    Some((map.get(TAG_KEY)?.as_str()?, map.get(TAG_VALUE)?))
}

// ---------------------------------------------------------------------------
// The input schema

/// The input schema of a parameter struct, as `tools/list` shows it.
pub fn input_schema<P: JsonSchema>() -> Value {
    let settings = SchemaSettings::draft07().with(|s| {
        s.inline_subschemas = true;
        s.meta_schema = None;
    });
    let mut schema = settings.into_generator().into_root_schema_for::<P>().to_value();
    if let Value::Object(root) = &mut schema {
        for key in ["$schema", "title", "description", "definitions", "$defs"] {
            root.remove(key);
        }
        root.entry("properties").or_insert_with(|| json!({}));
    }
    tidy(&mut schema);
    schema
}

/// The order of keys in every schema object, unknown keys last.
const KEY_ORDER: [&str; 13] = [
    "type",
    "description",
    "properties",
    "required",
    "additionalProperties",
    "enum",
    "maxLength",
    "minimum",
    "maximum",
    "default",
    "items",
    "maxItems",
    "anyOf",
];

/// Close objects, flatten nullable unions to the plain type, order the keys.
fn tidy(schema: &mut Value) {
    let Value::Object(map) = schema else { return };
    // `Option<T>`: `anyOf [T, null]` or `type: [T, "null"]` → T.
    if let Some(Value::Array(variants)) = map.get("anyOf") {
        let plain: Vec<&Value> = variants
            .iter()
            .filter(|v| v.get("type") != Some(&json!("null")))
            .collect();
        if plain.len() == 1 {
            let mut inner = plain[0].clone();
            map.remove("anyOf");
            if let Value::Object(inner_map) = &mut inner {
                for (key, value) in std::mem::take(map) {
                    inner_map.entry(key).or_insert(value);
                }
            }
            *schema = inner;
            return tidy(schema);
        }
    }
    if let Some(Value::Array(types)) = map.get("type") {
        let plain: Vec<&Value> = types.iter().filter(|t| *t != "null").collect();
        if plain.len() == 1 {
            let plain = plain[0].clone();
            map.insert("type".into(), plain);
        }
    }
    map.remove("title");
    map.remove("format");
    if map.get("type") == Some(&json!("object")) {
        map.insert("additionalProperties".into(), Value::Bool(false));
    }
    if let Some(Value::Object(properties)) = map.get_mut("properties") {
        properties.values_mut().for_each(tidy);
    }
    if let Some(items) = map.get_mut("items") {
        tidy(items);
    }
    let mut entries: Vec<(String, Value)> = std::mem::take(map).into_iter().collect();
    entries.sort_by_key(|(key, _)| KEY_ORDER.iter().position(|k| k == key).unwrap_or(KEY_ORDER.len()));
    map.extend(entries);
}

/// `JsonSchema` for an adapter: always inlined, named by its parameters.
macro_rules! adapter_schema {
    ($name:expr, |$generator:ident| $schema:expr) => {
        fn inline_schema() -> bool {
            true
        }
        fn schema_name() -> std::borrow::Cow<'static, str> {
            std::borrow::Cow::Owned($name)
        }
        fn json_schema($generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
            $schema
        }
    };
}
pub(crate) use adapter_schema;

#[cfg(test)]
mod tests;
