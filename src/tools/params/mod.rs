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
//!
//! Parameter structs do not use `#[serde(flatten)]`: serde buffers flattened
//! entries and decodes them after all other fields, outside the error path,
//! so a message could neither name the field nor keep the checking order.
//! What tools share is shared as adapter types instead: [`FilterValue`] (and
//! [`FilterValue::resolve`]) for the vocabulary filters, [`OutputFormat`]
//! with its one description, [`ExcludeIds`], [`Bounded`] for paging. Each
//! tool keeps its own field descriptions, which differ from tool to tool.
//!
//! Decoding stays in our own dispatch (not rmcp's `Parameters<T>`): a bad
//! argument is a tool result with `isError: true`, never a JSON-RPC error.

mod adapters;

pub use adapters::*;

use schemars::{JsonSchema, generate::SchemaSettings};
use serde::de::{DeserializeOwned, Error as _, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value, json};

use super::args::{ArgError, Args};

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
/// in declaration order: when several are bad, the first one is reported.
pub fn decode<P: DeserializeOwned>(args: &Args) -> Result<P, FieldError> {
    decode_in_order(args, &[])
}

/// [`decode`], checking the fields named in `order` first (then the rest in
/// declaration order), so a tool can keep the order in which it reports bad
/// arguments independent of the order of its schema.
pub fn decode_in_order<P: DeserializeOwned>(args: &Args, order: &[&str]) -> Result<P, FieldError> {
    // Every known field is present (absent ones as null, which every adapter
    // reads as "not given"), in checking order: serde reads a map entry by
    // entry and stops at the first bad one. Unknown keys are not passed on.
    let fields = field_names::<P>();
    debug_assert!(
        order.iter().all(|key| fields.contains(key)),
        "check order names unknown fields: {order:?}"
    );
    let mut map = Map::new();
    for key in order.iter().copied().chain(fields.iter().copied()) {
        if !map.contains_key(key) {
            map.insert(key.to_string(), args.get_raw(key).cloned().unwrap_or(Value::Null));
        }
    }
    serde_path_to_error::deserialize(Value::Object(map)).map_err(|error| {
        let key = match error.path().iter().next() {
            Some(serde_path_to_error::Segment::Map { key }) => key.clone(),
            _ => String::new(),
        };
        let message = error.inner().to_string().replacen(KEY, &key, 1);
        FieldError {
            key,
            error: ArgError(message),
        }
    })
}

/// One argument read on its own with an adapter's parser.
pub fn field<T>(args: &Args, key: &str, parse: impl FnOnce(&Value) -> Result<T, String>) -> Result<T, FieldError> {
    parse(args.get_raw(key).unwrap_or(&Value::Null)).map_err(|message| FieldError {
        key: key.to_string(),
        error: ArgError(message.replacen(KEY, key, 1)),
    })
}

/// The field names of a struct deriving `Deserialize`, in declaration order
/// (serde passes them to `deserialize_struct`).
pub fn field_names<P: DeserializeOwned>() -> &'static [&'static str] {
    struct Names<'a>(&'a mut &'static [&'static str]);
    impl<'de> Deserializer<'de> for Names<'_> {
        type Error = serde::de::value::Error;
        fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Self::Error> {
            Err(Self::Error::custom("not a struct"))
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _name: &'static str,
            fields: &'static [&'static str],
            _visitor: V,
        ) -> Result<V::Value, Self::Error> {
            *self.0 = fields;
            Err(Self::Error::custom("field names read"))
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
            option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
        }
    }
    let mut names: &'static [&'static str] = &[];
    let _ = P::deserialize(Names(&mut names));
    names
}

/// Run an adapter's parser on the raw value; its message names no field yet.
pub fn lenient<'de, D, T>(deserializer: D, parse: impl FnOnce(&Value) -> Result<T, String>) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
{
    let value = Value::deserialize(deserializer)?;
    parse(&value).map_err(D::Error::custom)
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
mod tests {
    use super::*;
    use crate::tools::Format;

    fn args(value: Value) -> Args {
        Args::new(value.as_object().cloned().unwrap_or_default())
    }

    /// One field of every kind, in this (schema and checking) order.
    #[derive(Debug, Deserialize, JsonSchema)]
    #[serde(rename_all = "camelCase")]
    struct Sample {
        /// The query.
        query: RequiredText<20>,
        /// A count.
        #[serde(default)]
        count: Bounded<1, 20, 8>,
        /// A flag.
        #[serde(default)]
        flag: Flag<true>,
        /// A note.
        #[serde(default)]
        note: Text<10>,
        /// A filter.
        #[serde(default)]
        filter: FilterValue,
        /// An id.
        #[serde(default)]
        parent: OptionalNodeId,
        /// Shown already.
        #[serde(default)]
        exclude_node_ids: ExcludeIds,
        /// The order.
        #[serde(default)]
        sort: Choice<Order>,
        #[serde(default)]
        output_format: OutputFormat<false>,
    }

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Order {
        Alpha,
        Relevance,
    }

    impl Choices for Order {
        fn names() -> &'static [&'static str] {
            &["alpha", "relevance"]
        }
        fn from_index(index: usize) -> Self {
            [Order::Alpha, Order::Relevance][index]
        }
        fn default_name() -> Option<&'static str> {
            Some("alpha")
        }
    }

    #[derive(Debug, Deserialize, JsonSchema)]
    #[serde(rename_all = "camelCase")]
    struct Batch {
        /// Ids.
        node_ids: IdEntries<3>,
        /// One id.
        #[serde(default)]
        node_id: Option<NodeIdField>,
    }

    /// A required id behind `Option`: the schema must still be the plain type.
    #[derive(Debug, Deserialize, JsonSchema)]
    #[serde(transparent)]
    struct NodeIdField(NodeId);

    const ID: &str = "5e40e372-735c-4b17-bbf7-e827a5702b57";

    fn message<P: DeserializeOwned + std::fmt::Debug>(value: Value) -> String {
        decode::<P>(&args(value)).unwrap_err().error.0
    }

    #[test]
    fn defaults_and_lenient_values() {
        let p: Sample = decode(&args(json!({"query": "  Bruch  "}))).unwrap();
        assert_eq!(p.query.0, "Bruch");
        assert_eq!((p.count.get(), p.flag.get()), (8, true));
        assert_eq!((p.note.0, p.filter.0, p.parent.0), (None, None, None));
        assert!(p.exclude_node_ids.0.is_empty());
        assert_eq!((p.sort.0, p.output_format.get()), (None, Format::Markdown));

        let p: Sample = decode(&args(json!({
            "query": 42, "count": "7", "flag": "FALSE", "note": "   ", "filter": null,
            "parent": format!("workspace://SpacesStore/{}", ID.to_uppercase()),
            "excludeNodeIds": ID, "sort": " Relevance ", "outputFormat": "JSON", "unknown": {"x": 1}
        })))
        .unwrap();
        assert_eq!(p.query.0, "42");
        assert_eq!((p.count.get(), p.flag.get()), (7, false));
        assert_eq!((p.note.0, p.parent.0.as_deref()), (None, Some(ID)));
        assert_eq!(p.exclude_node_ids.0, vec![ID.to_string()]);
        assert_eq!(
            (p.sort.0, p.output_format.get()),
            (Some(Order::Relevance), Format::Json)
        );
    }

    #[test]
    fn integers_are_clamped_or_rejected_with_the_range() {
        for (sent, got) in [
            (json!(5.0), 5),
            (json!(" 2.0 "), 2),
            (json!(500), 20),
            (json!(-3), 1),
            (json!("1e9"), 20),
        ] {
            let p: Sample = decode(&args(json!({"query": "q", "count": sent}))).unwrap();
            assert_eq!(p.count.get(), got, "{sent}");
        }
        for bad in [
            json!(5.5),
            json!("abc"),
            json!(true),
            json!([1]),
            json!({}),
            json!(1e300),
        ] {
            let shown = describe(&bad);
            assert_eq!(
                message::<Sample>(json!({"query": "q", "count": bad})),
                format!("Ungültiger Wert für count: {shown}. Erlaubt: eine ganze Zahl von 1 bis 20.")
            );
        }
    }

    #[test]
    fn messages_name_the_field_and_say_what_is_allowed() {
        let cases = [
            (
                json!({}),
                "Fehlender Pflichtparameter query: Erlaubt ist ein nicht leerer Text mit höchstens 20 Zeichen.",
            ),
            (
                json!({"query": "  "}),
                "Fehlender Pflichtparameter query: Erlaubt ist ein nicht leerer Text mit höchstens 20 Zeichen.",
            ),
            (
                json!({"query": "x".repeat(21)}),
                "Ungültiger Wert für query: Der Text ist 21 Zeichen lang. Erlaubt: höchstens 20 Zeichen.",
            ),
            (
                json!({"query": ["q"]}),
                "Ungültiger Wert für query: eine Liste. Erlaubt: Text mit höchstens 20 Zeichen.",
            ),
            (
                json!({"query": "q", "flag": 1}),
                "Ungültiger Wert für flag: 1. Erlaubt: true oder false.",
            ),
            (
                json!({"query": "q", "note": {}}),
                "Ungültiger Wert für note: ein Objekt. Erlaubt: Text mit höchstens 10 Zeichen.",
            ),
            (
                json!({"query": "q", "filter": "x".repeat(201)}),
                "Ungültiger Wert für filter: Der Text ist 201 Zeichen lang. Erlaubt: höchstens 200 Zeichen.",
            ),
            (
                json!({"query": "q", "parent": "../etc/passwd"}),
                "Ungültiger Wert für parent: \"../etc/passwd\". Erlaubt: eine nodeId (UUID wie 5e40e372-735c-4b17-bbf7-e827a5702b57).",
            ),
            (
                json!({"query": "q", "excludeNodeIds": 5}),
                "Ungültiger Wert für excludeNodeIds: 5. Erlaubt: eine Liste von nodeIds (höchstens 500).",
            ),
            (
                json!({"query": "q", "excludeNodeIds": vec![ID; 501]}),
                "Ungültiger Wert für excludeNodeIds: 501 Einträge. Erlaubt: höchstens 500.",
            ),
            (
                json!({"query": "q", "sort": "nope"}),
                "Ungültiger Wert für sort: \"nope\". Erlaubt: alpha, relevance.",
            ),
            (
                json!({"query": "q", "outputFormat": "xml"}),
                "Ungültiger Wert für outputFormat: \"xml\". Erlaubt: markdown, json.",
            ),
        ];
        for (sent, expected) in cases {
            assert_eq!(message::<Sample>(sent.clone()), expected, "{sent}");
        }
        // A long value is cut, control characters never shown.
        let long = format!("\u{1}{}", "y".repeat(80));
        let text = message::<Sample>(json!({"query": "q", "sort": long}));
        assert!(
            text.starts_with(&format!("Ungültiger Wert für sort: \"{}…\".", "y".repeat(60))),
            "{text}"
        );
    }

    #[test]
    fn the_first_bad_field_is_reported_whatever_the_key_order() {
        let sent = json!({"outputFormat": "xml", "sort": "nope", "count": "x", "query": "q"});
        let error = decode::<Sample>(&args(sent.clone())).unwrap_err();
        assert_eq!(error.key, "count");
        let error = decode_in_order::<Sample>(&args(sent), &["sort"]).unwrap_err();
        assert_eq!(error.key, "sort");
        // A missing required field comes first when it is declared first.
        let error = decode::<Sample>(&args(json!({"count": "x"}))).unwrap_err();
        assert_eq!(error.key, "query");
    }

    #[test]
    fn id_entries_keep_malformed_entries_but_need_one() {
        let p: Batch = decode(&args(json!({"nodeIds": [" a ", 7, ""]}))).unwrap();
        assert_eq!(p.node_ids.0, vec!["a".to_string(), "7".into()]);
        let p: Batch = decode(&args(json!({"nodeIds": ID, "nodeId": ID.to_uppercase()}))).unwrap();
        assert_eq!(p.node_ids.0, vec![ID.to_string()]);
        assert_eq!(p.node_id.map(|id| id.0.0).as_deref(), Some(ID));
        for empty in [json!({}), json!({"nodeIds": []}), json!({"nodeIds": ["  "]})] {
            assert_eq!(
                message::<Batch>(empty),
                "Fehlender Pflichtparameter nodeIds: Erlaubt ist eine Liste von 1 bis 3 nodeIds."
            );
        }
        assert_eq!(
            message::<Batch>(json!({"nodeIds": ["a", "b", "c", "d"]})),
            "Ungültiger Wert für nodeIds: 4 Einträge. Erlaubt: höchstens 3."
        );
    }

    #[test]
    fn text_lists() {
        assert_eq!(
            text_list(&json!(["a", " b "]), 5),
            Ok(vec!["a".to_string(), "b".into()])
        );
        assert_eq!(text_list(&json!("x"), 5), Ok(vec!["x".to_string()]));
        assert_eq!(text_list(&Value::Null, 5), Ok(Vec::new()));
        assert_eq!(
            text_list(&json!([1]), 5).unwrap_err().replacen(KEY, "k", 1),
            "Ungültiger Eintrag in k: 1. Erlaubt: Texte."
        );
        assert_eq!(
            text_list(&json!(true), 5).unwrap_err().replacen(KEY, "k", 1),
            "Ungültiger Wert für k: true. Erlaubt: eine Liste von Texten (höchstens 5)."
        );
    }

    #[test]
    fn the_schema_is_plain_closed_and_ordered() {
        let schema = input_schema::<Sample>();
        let expected = json!({
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "The query.", "maxLength": 20},
                "count": {"type": "integer", "description": "A count.", "minimum": 1, "maximum": 20, "default": 8},
                "flag": {"type": "boolean", "description": "A flag.", "default": true},
                "note": {"type": "string", "description": "A note.", "maxLength": 10},
                "filter": {"type": "string", "description": "A filter."},
                "parent": {"type": "string", "description": "An id."},
                "excludeNodeIds": {"type": "array", "description": "Shown already.", "items": {"type": "string"}, "maxItems": 500},
                "sort": {"type": "string", "description": "The order.", "enum": ["alpha", "relevance"], "default": "alpha"},
                "outputFormat": {"type": "string", "description": "markdown cards or one JSON document.", "enum": ["markdown", "json"], "default": "markdown"}
            },
            "required": ["query"],
            "additionalProperties": false
        });
        // Compared as text: the key order is part of the contract.
        assert_eq!(schema.to_string(), expected.to_string());

        let batch = input_schema::<Batch>();
        assert_eq!(
            batch.to_string(),
            json!({
                "type": "object",
                "properties": {
                    "nodeIds": {"type": "array", "description": "Ids.", "items": {"type": "string"}, "maxItems": 3},
                    "nodeId": {"type": "string", "description": "One id."}
                },
                "required": ["nodeIds"],
                "additionalProperties": false
            })
            .to_string()
        );
    }

    #[test]
    fn field_names_follow_the_declaration() {
        assert_eq!(
            field_names::<Sample>(),
            [
                "query",
                "count",
                "flag",
                "note",
                "filter",
                "parent",
                "excludeNodeIds",
                "sort",
                "outputFormat"
            ]
        );
    }
}
