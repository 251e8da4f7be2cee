//! The adapters: one type per kind of argument, each with its lenient
//! parser, its German messages (the field name is filled in by
//! [`super::decode`]) and its schema.

use schemars::{JsonSchema, json_schema};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use super::{KEY, adapter_schema, lenient};
use crate::ids;
use crate::ids::NodeId;
use crate::search::filters::{FilterField, Filters};
use crate::tools::Format;

/// Longest accepted free-text value that is not a query.
pub const MAX_TEXT: usize = 200;

/// An integer (also `5.0` or `"5"`), clamped into `MIN..=MAX`; `DEFAULT`
/// when not given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounded<const MIN: i64, const MAX: i64, const DEFAULT: i64>(pub i64);

impl<const MIN: i64, const MAX: i64, const DEFAULT: i64> Bounded<MIN, MAX, DEFAULT> {
    pub fn get(self) -> i64 {
        self.0
    }

    pub fn parse(value: &Value) -> Result<Self, String> {
        integer(value, MIN, MAX).map(|n| Bounded(n.unwrap_or(DEFAULT)))
    }
}

impl<const MIN: i64, const MAX: i64, const DEFAULT: i64> Default for Bounded<MIN, MAX, DEFAULT> {
    fn default() -> Self {
        Bounded(DEFAULT)
    }
}

impl<'de, const MIN: i64, const MAX: i64, const DEFAULT: i64> Deserialize<'de> for Bounded<MIN, MAX, DEFAULT> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        lenient(deserializer, Self::parse)
    }
}

impl<const MIN: i64, const MAX: i64, const DEFAULT: i64> JsonSchema for Bounded<MIN, MAX, DEFAULT> {
    adapter_schema!(format!("Bounded_{MIN}_{MAX}_{DEFAULT}"), |_g| json_schema!({
        "type": "integer", "minimum": MIN, "maximum": MAX, "default": DEFAULT
    }));
}

/// An integer in `min..=max` (clamped), `None` when not given; the message
/// template otherwise.
pub fn integer(value: &Value, min: i64, max: i64) -> Result<Option<i64>, String> {
    let number = match value {
        Value::Null => return Ok(None),
        Value::Number(n) => n.as_i64().or_else(|| n.as_f64().and_then(integral)),
        Value::String(s) => {
            let s = s.trim();
            s.parse::<i64>()
                .ok()
                .or_else(|| s.parse::<f64>().ok().and_then(integral))
        }
        _ => None,
    };
    match number {
        Some(n) => Ok(Some(n.clamp(min, max))),
        None => Err(format!(
            "Ungültiger Wert für {KEY}: {}. Erlaubt: eine ganze Zahl von {min} bis {max}.",
            describe(value)
        )),
    }
}

fn integral(f: f64) -> Option<i64> {
    (f.is_finite() && f.fract() == 0.0 && f.abs() < 1e15).then_some(f as i64)
}

/// A boolean (also `"true"` / `"false"`); `DEFAULT` when not given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flag<const DEFAULT: bool>(pub bool);

impl<const DEFAULT: bool> Flag<DEFAULT> {
    pub fn get(self) -> bool {
        self.0
    }

    pub fn parse(value: &Value) -> Result<Self, String> {
        match value {
            Value::Null => Ok(Flag(DEFAULT)),
            Value::Bool(b) => Ok(Flag(*b)),
            Value::String(s) if s.trim().eq_ignore_ascii_case("true") => Ok(Flag(true)),
            Value::String(s) if s.trim().eq_ignore_ascii_case("false") => Ok(Flag(false)),
            other => Err(format!(
                "Ungültiger Wert für {KEY}: {}. Erlaubt: true oder false.",
                describe(other)
            )),
        }
    }
}

impl<const DEFAULT: bool> Default for Flag<DEFAULT> {
    fn default() -> Self {
        Flag(DEFAULT)
    }
}

impl<'de, const DEFAULT: bool> Deserialize<'de> for Flag<DEFAULT> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        lenient(deserializer, Self::parse)
    }
}

impl<const DEFAULT: bool> JsonSchema for Flag<DEFAULT> {
    adapter_schema!(format!("Flag_{DEFAULT}"), |_g| json_schema!({
        "type": "boolean", "default": DEFAULT
    }));
}

/// Optional text of at most `MAX` characters after trimming; blank is "not
/// given", a number counts as its text. The schema states the length.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Text<const MAX: usize>(pub Option<String>);

impl<const MAX: usize> Text<MAX> {
    pub fn parse(value: &Value) -> Result<Self, String> {
        text(value, MAX).map(Text)
    }
}

impl<'de, const MAX: usize> Deserialize<'de> for Text<MAX> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        lenient(deserializer, Self::parse)
    }
}

impl<const MAX: usize> JsonSchema for Text<MAX> {
    adapter_schema!(format!("Text_{MAX}"), |_g| json_schema!({
        "type": "string", "maxLength": MAX
    }));
}

/// Required, non-blank text of at most `MAX` characters after trimming.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequiredText<const MAX: usize>(pub String);

impl<const MAX: usize> RequiredText<MAX> {
    pub fn parse(value: &Value) -> Result<Self, String> {
        text(value, MAX)?.map(RequiredText).ok_or_else(|| {
            format!("Fehlender Pflichtparameter {KEY}: Erlaubt ist ein nicht leerer Text mit höchstens {MAX} Zeichen.")
        })
    }
}

impl<'de, const MAX: usize> Deserialize<'de> for RequiredText<MAX> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        lenient(deserializer, Self::parse)
    }
}

impl<const MAX: usize> JsonSchema for RequiredText<MAX> {
    adapter_schema!(format!("RequiredText_{MAX}"), |_g| json_schema!({
        "type": "string", "maxLength": MAX
    }));
}

/// A filter value (a vocabulary label, synonym or URI, or a publisher): text
/// of at most [`MAX_TEXT`] characters whose schema is a plain string.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FilterValue(pub Option<String>);

impl FilterValue {
    pub fn parse(value: &Value) -> Result<Self, String> {
        text(value, MAX_TEXT).map(FilterValue)
    }
}

impl<'de> Deserialize<'de> for FilterValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        lenient(deserializer, Self::parse)
    }
}

impl JsonSchema for FilterValue {
    adapter_schema!("FilterValue".to_string(), |_g| json_schema!({ "type": "string" }));
}

impl FilterValue {
    /// The given filters, resolved against the vocabularies (unknown values
    /// end up in `unresolved`).
    pub fn resolve(values: impl IntoIterator<Item = (FilterField, FilterValue)>) -> Filters {
        let given: Vec<(FilterField, String)> = values
            .into_iter()
            .filter_map(|(field, value)| value.0.map(|value| (field, value)))
            .collect();
        Filters::resolve(&given)
    }
}

/// Optional text: trimmed, blank is `None`, a number is its text.
pub fn text(value: &Value, max_chars: usize) -> Result<Option<String>, String> {
    let text = match value {
        Value::Null => return Ok(None),
        Value::String(s) => s.trim().to_string(),
        Value::Number(n) => n.to_string(),
        other => {
            return Err(format!(
                "Ungültiger Wert für {KEY}: {}. Erlaubt: Text mit höchstens {max_chars} Zeichen.",
                describe(other)
            ));
        }
    };
    let length = text.chars().count();
    if length > max_chars {
        return Err(format!(
            "Ungültiger Wert für {KEY}: Der Text ist {length} Zeichen lang. Erlaubt: höchstens {max_chars} Zeichen."
        ));
    }
    Ok(Some(text).filter(|t| !t.is_empty()))
}

/// A required node id ([`NodeId`]: a UUID, `workspace://SpacesStore/`
/// stripped, lower-cased).
pub fn required_node_id(value: &Value) -> Result<NodeId, String> {
    node_id(value)?.ok_or_else(|| {
        format!(
            "Fehlender Pflichtparameter {KEY}: Erlaubt ist eine nodeId (UUID wie 5e40e372-735c-4b17-bbf7-e827a5702b57)."
        )
    })
}

/// A required node-id argument: the arguments' own type, so that the leaf
/// [`NodeId`] knows nothing of argument decoding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeIdArg(pub NodeId);

impl<'de> Deserialize<'de> for NodeIdArg {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        lenient(deserializer, |value| required_node_id(value).map(NodeIdArg))
    }
}

impl JsonSchema for NodeIdArg {
    adapter_schema!("NodeId".to_string(), |_g| json_schema!({ "type": "string" }));
}

/// An optional node id; a value that is not a UUID is an error.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OptionalNodeId(pub Option<NodeId>);

impl OptionalNodeId {
    pub fn parse(value: &Value) -> Result<Self, String> {
        node_id(value).map(OptionalNodeId)
    }
}

impl<'de> Deserialize<'de> for OptionalNodeId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        lenient(deserializer, Self::parse)
    }
}

impl JsonSchema for OptionalNodeId {
    adapter_schema!("OptionalNodeId".to_string(), |_g| json_schema!({ "type": "string" }));
}

fn node_id(value: &Value) -> Result<Option<NodeId>, String> {
    let not_an_id = || {
        let shown = if value.is_null() {
            "leer".to_string()
        } else {
            describe(value)
        };
        format!(
            "Ungültiger Wert für {KEY}: {shown}. Erlaubt: eine nodeId (UUID wie 5e40e372-735c-4b17-bbf7-e827a5702b57)."
        )
    };
    let Some(text) = text(value, 1000).map_err(|_| not_an_id())? else {
        return Ok(None);
    };
    NodeId::parse(&text).map(Some).ok_or_else(not_an_id)
}

/// The node ids of a batch: 1 to `MAX` entries, each as text (a non-string
/// entry becomes its JSON text, so it can be reported as failed), blanks
/// dropped. Not validated: the tool reports malformed ones per entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdEntries<const MAX: usize>(pub Vec<String>);

impl<const MAX: usize> IdEntries<MAX> {
    pub fn parse(value: &Value) -> Result<Self, String> {
        let allowed = format!("eine Liste von 1 bis {MAX} nodeIds");
        let entries: Vec<String> = list_items(value, MAX, &allowed)?
            .unwrap_or_default()
            .into_iter()
            .map(|item| match item {
                Value::String(s) => s.trim().chars().take(MAX_TEXT).collect::<String>(),
                other => other.to_string().chars().take(MAX_TEXT).collect(),
            })
            .filter(|s| !s.is_empty())
            .collect();
        if entries.is_empty() {
            return Err(format!("Fehlender Pflichtparameter {KEY}: Erlaubt ist {allowed}."));
        }
        Ok(IdEntries(entries))
    }
}

impl<'de, const MAX: usize> Deserialize<'de> for IdEntries<MAX> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        lenient(deserializer, Self::parse)
    }
}

impl<const MAX: usize> JsonSchema for IdEntries<MAX> {
    adapter_schema!(format!("IdEntries_{MAX}"), |_g| json_schema!({
        "type": "array", "items": { "type": "string" }, "maxItems": MAX
    }));
}

/// `excludeNodeIds`: nodeIds already shown. Malformed entries, strings or
/// not, are ignored (they never reach a URL); more than 500 entries, or a
/// value that is neither a list nor a string, is an error.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExcludeIds(pub Vec<String>);

impl ExcludeIds {
    pub const MAX: usize = 500;

    pub fn parse(value: &Value) -> Result<Self, String> {
        let items = list_items(value, Self::MAX, "eine Liste von nodeIds (höchstens 500)")?.unwrap_or_default();
        Ok(ExcludeIds(
            items
                .into_iter()
                .filter_map(Value::as_str)
                .filter_map(ids::normalize_node_id)
                .collect(),
        ))
    }
}

impl<'de> Deserialize<'de> for ExcludeIds {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        lenient(deserializer, Self::parse)
    }
}

impl JsonSchema for ExcludeIds {
    adapter_schema!("ExcludeIds".to_string(), |_g| json_schema!({
        "type": "array", "items": { "type": "string" }, "maxItems": ExcludeIds::MAX
    }));
}

/// The entries of a list argument (a single string counts as a one-element
/// list); `None` when not given. More than `max_items` entries, or a value
/// that is neither a list nor a string, is an error that says `allowed`.
pub fn list_items<'v>(value: &'v Value, max_items: usize, allowed: &str) -> Result<Option<Vec<&'v Value>>, String> {
    let items: Vec<&Value> = match value {
        Value::Null => return Ok(None),
        Value::Array(items) => items.iter().collect(),
        v @ Value::String(_) => vec![v],
        other => {
            return Err(format!(
                "Ungültiger Wert für {KEY}: {}. Erlaubt: {allowed}.",
                describe(other)
            ));
        }
    };
    if items.len() > max_items {
        return Err(format!(
            "Ungültiger Wert für {KEY}: {} Einträge. Erlaubt: höchstens {max_items}.",
            items.len()
        ));
    }
    Ok(Some(items))
}

/// A list of texts (a single string counts as a one-element list), at most
/// `max_items` entries, each trimmed and cut to [`MAX_TEXT`] characters.
pub fn text_list(value: &Value, max_items: usize) -> Result<Vec<String>, String> {
    let allowed = format!("eine Liste von Texten (höchstens {max_items})");
    let Some(items) = list_items(value, max_items, &allowed)? else {
        return Ok(Vec::new());
    };
    items
        .into_iter()
        .map(|item| match item {
            Value::String(s) => Ok(s.trim().chars().take(MAX_TEXT).collect()),
            other => Err(format!(
                "Ungültiger Eintrag in {KEY}: {}. Erlaubt: Texte.",
                describe(other)
            )),
        })
        .collect()
}

/// The values of a closed set of words (an enum of the schema).
pub trait Choices: Sized + Copy + 'static {
    /// The canonical spellings, in schema order.
    fn names() -> &'static [&'static str];
    /// The value of `names()[index]`.
    fn from_index(index: usize) -> Self;
    /// The default the schema states, if any.
    fn default_name() -> Option<&'static str> {
        None
    }
}

/// One of `E`'s words (case-insensitive, trimmed); blank is "not given".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice<E>(pub Option<E>);

impl<E> Default for Choice<E> {
    fn default() -> Self {
        Choice(None)
    }
}

impl<E: Choices> Choice<E> {
    pub fn parse(value: &Value) -> Result<Self, String> {
        choice(value, E::names()).map(|found| Choice(found.map(E::from_index)))
    }
}

impl<'de, E: Choices> Deserialize<'de> for Choice<E> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        lenient(deserializer, Self::parse)
    }
}

impl<E: Choices> JsonSchema for Choice<E> {
    adapter_schema!(format!("Choice_{}", E::names().join("_")), |_g| {
        let mut schema = json_schema!({ "type": "string", "enum": E::names() });
        if let Some(default) = E::default_name() {
            schema.insert("default".into(), default.into());
        }
        schema
    });
}

/// One of `E`'s words, required: missing or blank is an error listing them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequiredChoice<E>(pub E);

impl<E: Choices> RequiredChoice<E> {
    pub fn parse(value: &Value) -> Result<Self, String> {
        match choice(value, E::names())? {
            Some(index) => Ok(RequiredChoice(E::from_index(index))),
            None => Err(format!(
                "Fehlender Pflichtparameter {KEY}. Erlaubt: {}.",
                E::names().join(", ")
            )),
        }
    }
}

impl<'de, E: Choices> Deserialize<'de> for RequiredChoice<E> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        lenient(deserializer, Self::parse)
    }
}

impl<E: Choices> JsonSchema for RequiredChoice<E> {
    adapter_schema!(format!("RequiredChoice_{}", E::names().join("_")), |_g| {
        json_schema!({ "type": "string", "enum": E::names() })
    });
}

/// The index of the word in `allowed` that `value` names (case-insensitive,
/// trimmed); `None` when not given or blank.
pub fn choice(value: &Value, allowed: &[&str]) -> Result<Option<usize>, String> {
    let found = match value {
        Value::Null => return Ok(None),
        Value::String(s) if s.trim().is_empty() => return Ok(None),
        Value::String(s) => allowed.iter().position(|a| a.eq_ignore_ascii_case(s.trim())),
        _ => None,
    };
    found.map(Some).ok_or_else(|| {
        format!(
            "Ungültiger Wert für {KEY}: {}. Erlaubt: {}.",
            describe(value),
            allowed.join(", ")
        )
    })
}

/// `outputFormat`: markdown cards or one JSON document; JSON by default when
/// `JSON_DEFAULT`. Carries its own description (the same in every tool).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutputFormat<const JSON_DEFAULT: bool>(pub Format);

impl<const JSON_DEFAULT: bool> OutputFormat<JSON_DEFAULT> {
    const NAMES: [&'static str; 2] = ["markdown", "json"];

    pub fn get(self) -> Format {
        self.0
    }

    pub fn parse(value: &Value) -> Result<Self, String> {
        Ok(OutputFormat(match choice(value, &Self::NAMES)? {
            Some(1) => Format::Json,
            Some(_) => Format::Markdown,
            None if JSON_DEFAULT => Format::Json,
            None => Format::Markdown,
        }))
    }
}

impl<const JSON_DEFAULT: bool> Default for OutputFormat<JSON_DEFAULT> {
    fn default() -> Self {
        OutputFormat(if JSON_DEFAULT { Format::Json } else { Format::Markdown })
    }
}

impl<'de, const JSON_DEFAULT: bool> Deserialize<'de> for OutputFormat<JSON_DEFAULT> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        lenient(deserializer, Self::parse)
    }
}

impl<const JSON_DEFAULT: bool> JsonSchema for OutputFormat<JSON_DEFAULT> {
    adapter_schema!(format!("OutputFormat_{JSON_DEFAULT}"), |_g| json_schema!({
        "type": "string",
        "description": "markdown cards or one JSON document.",
        "enum": Self::NAMES,
        "default": if JSON_DEFAULT { "json" } else { "markdown" },
    }));
}

/// A short, safe rendering of a bad value for an error message.
pub fn describe(value: &Value) -> String {
    match value {
        Value::String(s) => {
            format!("\"{}\"", crate::card::echo(s, 60))
        }
        Value::Array(_) => "eine Liste".into(),
        Value::Object(_) => "ein Objekt".into(),
        other => other.to_string(),
    }
}
