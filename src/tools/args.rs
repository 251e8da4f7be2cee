//! Lenient, explicit argument parsing for every tool.
//!
//! Real clients are sloppy: they send `"5"` or `5.0` for numbers, `"true"`
//! for booleans and keys from older versions. Unknown keys are ignored,
//! numbers are clamped into their documented range, and anything that cannot
//! be understood is an [`ArgError`]: one German sentence that names the field
//! and says what is allowed. `null` counts as "not given".

use serde_json::{Map, Value};

use crate::ids;

/// A bad argument, as a German message for the model and the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArgError(pub String);

impl std::fmt::Display for ArgError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// `outputFormat`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Markdown,
    Json,
}

/// Longest accepted free-text value that is not a query.
pub const MAX_TEXT: usize = 200;
/// Longest entry of an id list.
pub const MAX_IDS: usize = 50;

/// The `arguments` object of one tool call.
#[derive(Debug, Clone, Default)]
pub struct Args(Map<String, Value>);

impl Args {
    pub fn new(map: Map<String, Value>) -> Args {
        Args(map)
    }

    /// The value of `key` as sent (`null` included).
    pub fn get_raw(&self, key: &str) -> Option<&Value> {
        self.0.get(key)
    }

    fn get(&self, key: &str) -> Option<&Value> {
        self.0.get(key).filter(|v| !v.is_null())
    }

    /// A required, non-blank string of at most `max_chars` characters (after trimming).
    pub fn required_text(&self, key: &str, max_chars: usize) -> Result<String, ArgError> {
        match self.optional_text(key, max_chars)? {
            Some(text) => Ok(text),
            None => Err(ArgError(format!(
                "Fehlender Pflichtparameter {key}: Erlaubt ist ein nicht leerer Text mit höchstens {max_chars} Zeichen."
            ))),
        }
    }

    /// An optional string; blank counts as absent.
    pub fn optional_text(&self, key: &str, max_chars: usize) -> Result<Option<String>, ArgError> {
        let Some(value) = self.get(key) else { return Ok(None) };
        let text = match value {
            Value::String(s) => s.trim().to_string(),
            Value::Number(n) => n.to_string(),
            other => {
                return Err(ArgError(format!(
                    "Ungültiger Wert für {key}: {}. Erlaubt: Text mit höchstens {max_chars} Zeichen.",
                    describe(other)
                )));
            }
        };
        if text.chars().count() > max_chars {
            return Err(ArgError(format!(
                "Ungültiger Wert für {key}: Der Text ist {} Zeichen lang. Erlaubt: höchstens {max_chars} Zeichen.",
                text.chars().count()
            )));
        }
        Ok(Some(text).filter(|t| !t.is_empty()))
    }

    /// An integer (also `5.0` or `"5"`), clamped into `min..=max`.
    pub fn integer(&self, key: &str, min: i64, max: i64, default: i64) -> Result<i64, ArgError> {
        let Some(value) = self.get(key) else { return Ok(default) };
        let bad = || {
            ArgError(format!(
                "Ungültiger Wert für {key}: {}. Erlaubt: eine ganze Zahl von {min} bis {max}.",
                describe(value)
            ))
        };
        let number = match value {
            Value::Number(n) => n.as_i64().or_else(|| n.as_f64().and_then(integral)),
            Value::String(s) => {
                let s = s.trim();
                s.parse::<i64>()
                    .ok()
                    .or_else(|| s.parse::<f64>().ok().and_then(integral))
            }
            _ => None,
        }
        .ok_or_else(bad)?;
        Ok(number.clamp(min, max))
    }

    /// A boolean (also `"true"` / `"false"`).
    pub fn boolean(&self, key: &str, default: bool) -> Result<bool, ArgError> {
        match self.get(key) {
            None => Ok(default),
            Some(Value::Bool(b)) => Ok(*b),
            Some(Value::String(s)) if s.trim().eq_ignore_ascii_case("true") => Ok(true),
            Some(Value::String(s)) if s.trim().eq_ignore_ascii_case("false") => Ok(false),
            Some(other) => Err(ArgError(format!(
                "Ungültiger Wert für {key}: {}. Erlaubt: true oder false.",
                describe(other)
            ))),
        }
    }

    /// One of `allowed` (case-insensitive); returns the canonical spelling.
    pub fn choice(&self, key: &str, allowed: &[&'static str]) -> Result<Option<&'static str>, ArgError> {
        let Some(value) = self.get(key) else { return Ok(None) };
        let found = match value {
            Value::String(s) if s.trim().is_empty() => return Ok(None),
            Value::String(s) => allowed.iter().find(|a| a.eq_ignore_ascii_case(s.trim())),
            _ => None,
        };
        found.copied().map(Some).ok_or_else(|| {
            ArgError(format!(
                "Ungültiger Wert für {key}: {}. Erlaubt: {}.",
                describe(value),
                allowed.join(", ")
            ))
        })
    }

    /// `outputFormat`: markdown or json.
    pub fn format(&self, default: Format) -> Result<Format, ArgError> {
        Ok(match self.choice("outputFormat", &["markdown", "json"])? {
            Some("json") => Format::Json,
            Some(_) => Format::Markdown,
            None => default,
        })
    }

    /// A required node id (UUID, `workspace://SpacesStore/` stripped, lower-cased).
    pub fn node_id(&self, key: &str) -> Result<String, ArgError> {
        match self.optional_node_id(key)? {
            Some(id) => Ok(id),
            None => Err(ArgError(format!(
                "Fehlender Pflichtparameter {key}: Erlaubt ist eine nodeId (UUID wie 5e40e372-735c-4b17-bbf7-e827a5702b57)."
            ))),
        }
    }

    /// An optional node id; a value that is not a UUID is an error naming the field.
    pub fn optional_node_id(&self, key: &str) -> Result<Option<String>, ArgError> {
        let Some(text) = self
            .optional_text(key, 1000)
            .map_err(|_| not_an_id(key, self.get(key)))?
        else {
            return Ok(None);
        };
        ids::normalize_node_id(&text)
            .map(Some)
            .ok_or_else(|| not_an_id(key, self.get(key)))
    }

    /// The entries of a list argument (a single string counts as a one-element
    /// list); `None` when absent. More than `max_items` entries, or a value that
    /// is neither a list nor a string, is an error that says `allowed`.
    fn list_items(&self, key: &str, max_items: usize, allowed: &str) -> Result<Option<Vec<&Value>>, ArgError> {
        let items: Vec<&Value> = match self.get(key) {
            None => return Ok(None),
            Some(Value::Array(items)) => items.iter().collect(),
            Some(v @ Value::String(_)) => vec![v],
            Some(other) => {
                return Err(ArgError(format!(
                    "Ungültiger Wert für {key}: {}. Erlaubt: {allowed}.",
                    describe(other)
                )));
            }
        };
        if items.len() > max_items {
            return Err(ArgError(format!(
                "Ungültiger Wert für {key}: {} Einträge. Erlaubt: höchstens {max_items}.",
                items.len()
            )));
        }
        Ok(Some(items))
    }

    /// A list of strings (a single string counts as a one-element list), at most `max_items` entries.
    pub fn string_list(&self, key: &str, max_items: usize) -> Result<Vec<String>, ArgError> {
        let allowed = format!("eine Liste von Texten (höchstens {max_items})");
        let Some(items) = self.list_items(key, max_items, &allowed)? else {
            return Ok(Vec::new());
        };
        items
            .into_iter()
            .map(|item| match item {
                Value::String(s) => Ok(s.trim().chars().take(MAX_TEXT).collect()),
                other => Err(ArgError(format!(
                    "Ungültiger Eintrag in {key}: {}. Erlaubt: Texte.",
                    describe(other)
                ))),
            })
            .collect()
    }

    /// A list of id entries for a batch: every entry as text (a non-string
    /// entry becomes its JSON text, so it can be reported as failed), blanks
    /// dropped, at most `max_items` entries.
    pub fn id_entries(&self, key: &str, max_items: usize) -> Result<Vec<String>, ArgError> {
        let allowed = format!("eine Liste von 1 bis {max_items} nodeIds");
        let Some(items) = self.list_items(key, max_items, &allowed)? else {
            return Ok(Vec::new());
        };
        Ok(items
            .into_iter()
            .map(|item| match item {
                Value::String(s) => s.trim().chars().take(MAX_TEXT).collect::<String>(),
                other => other.to_string().chars().take(MAX_TEXT).collect(),
            })
            .filter(|s| !s.is_empty())
            .collect())
    }

    /// `excludeNodeIds`: malformed entries, strings or not, are ignored (they
    /// never reach a URL). More than 500 entries, or a value that is neither a
    /// list nor a string, is an error.
    pub fn exclude_ids(&self) -> Result<Vec<String>, ArgError> {
        let Some(items) = self.list_items("excludeNodeIds", 500, "eine Liste von nodeIds (höchstens 500)")? else {
            return Ok(Vec::new());
        };
        Ok(items
            .into_iter()
            .filter_map(Value::as_str)
            .filter_map(ids::normalize_node_id)
            .collect())
    }
}

fn not_an_id(key: &str, value: Option<&Value>) -> ArgError {
    ArgError(format!(
        "Ungültiger Wert für {key}: {}. Erlaubt: eine nodeId (UUID wie 5e40e372-735c-4b17-bbf7-e827a5702b57).",
        value.map(describe).unwrap_or_else(|| "leer".into())
    ))
}

fn integral(f: f64) -> Option<i64> {
    (f.is_finite() && f.fract() == 0.0 && f.abs() < 1e15).then_some(f as i64)
}

/// A short, safe rendering of a bad value for an error message.
fn describe(value: &Value) -> String {
    match value {
        Value::String(s) => {
            let shown: String = s.chars().filter(|c| !c.is_control()).take(60).collect();
            if s.chars().count() > 60 {
                format!("\"{shown}…\"")
            } else {
                format!("\"{shown}\"")
            }
        }
        Value::Array(_) => "eine Liste".into(),
        Value::Object(_) => "ein Objekt".into(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn args(v: Value) -> Args {
        Args::new(v.as_object().cloned().unwrap_or_default())
    }

    #[test]
    fn numbers_are_lenient_and_clamped() {
        let a = args(json!({"a": 5, "b": 5.0, "c": "7", "d": 500, "e": -3, "f": " 2.0 ", "n": null}));
        assert_eq!(a.integer("a", 1, 20, 8), Ok(5));
        assert_eq!(a.integer("b", 1, 20, 8), Ok(5));
        assert_eq!(a.integer("c", 1, 20, 8), Ok(7));
        assert_eq!(a.integer("d", 1, 20, 8), Ok(20));
        assert_eq!(a.integer("e", 1, 20, 8), Ok(1));
        assert_eq!(a.integer("f", 1, 20, 8), Ok(2));
        assert_eq!(a.integer("n", 1, 20, 8), Ok(8));
        assert_eq!(a.integer("missing", 1, 20, 8), Ok(8));
        for bad in [
            json!({"x": 5.5}),
            json!({"x": "abc"}),
            json!({"x": true}),
            json!({"x": [1]}),
        ] {
            let err = args(bad).integer("x", 1, 20, 8).unwrap_err();
            assert!(err.0.contains("Ungültiger Wert für x"), "{err}");
            assert!(err.0.contains("1 bis 20"), "{err}");
        }
    }

    #[test]
    fn booleans_accept_strings() {
        let a = args(json!({"a": true, "b": "false", "c": "TRUE", "d": 1}));
        assert_eq!(a.boolean("a", false), Ok(true));
        assert_eq!(a.boolean("b", true), Ok(false));
        assert_eq!(a.boolean("c", false), Ok(true));
        assert!(a.boolean("d", false).unwrap_err().0.contains("d"));
        assert_eq!(a.boolean("zzz", true), Ok(true));
    }

    #[test]
    fn texts() {
        let a = args(json!({"q": "  Bruch  ", "blank": "   ", "long": "x".repeat(201), "obj": {}}));
        assert_eq!(a.required_text("q", 200), Ok("Bruch".into()));
        assert!(
            a.required_text("blank", 200)
                .unwrap_err()
                .0
                .contains("Fehlender Pflichtparameter blank")
        );
        assert!(a.required_text("long", 200).unwrap_err().0.contains("höchstens 200"));
        assert!(a.required_text("obj", 200).unwrap_err().0.contains("obj"));
        assert_eq!(a.optional_text("blank", 200), Ok(None));
    }

    #[test]
    fn choices_and_format() {
        let a = args(json!({"outputFormat": "JSON", "sort": "nope"}));
        assert_eq!(a.format(Format::Markdown), Ok(Format::Json));
        let err = a.choice("sort", &["alpha", "relevance"]).unwrap_err();
        assert!(err.0.contains("sort") && err.0.contains("alpha, relevance"), "{err}");
        assert_eq!(args(json!({})).format(Format::Json), Ok(Format::Json));
    }

    #[test]
    fn node_ids() {
        let id = "5e40e372-735c-4b17-bbf7-e827a5702b57";
        let a = args(json!({"a": id.to_uppercase(), "b": "../etc/passwd", "c": "Informatik"}));
        assert_eq!(a.node_id("a"), Ok(id.to_string()));
        assert!(a.node_id("b").unwrap_err().0.contains("Ungültiger Wert für b"));
        assert!(
            a.node_id("missing")
                .unwrap_err()
                .0
                .contains("Fehlender Pflichtparameter missing")
        );
        assert_eq!(a.optional_node_id("missing"), Ok(None));
    }

    #[test]
    fn lists() {
        let a = args(json!({"l": ["a", " b "], "s": "x", "bad": [1], "many": vec!["x"; 51]}));
        assert_eq!(a.string_list("l", 50), Ok(vec!["a".into(), "b".into()]));
        assert_eq!(a.string_list("s", 50), Ok(vec!["x".into()]));
        assert!(a.string_list("bad", 50).is_err());
        assert!(a.string_list("many", 50).unwrap_err().0.contains("höchstens 50"));
    }
}
