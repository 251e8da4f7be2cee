//! The `arguments` object of one tool call, and the German [`ArgError`].
//!
//! Tools decode their arguments into a typed `Params` struct
//! ([`super::decode`]). The keyed accessors of [`Args`] read one argument
//! with the same adapters, for code that has no struct: the tests and
//! fuzzing. Only debug builds (which `cargo test` makes) and the cargo feature
//! `testing` (which `fuzz/` turns on) have them, so the deployed release
//! binaries do not. A feature alone would make `cargo test` compile the
//! library a second time, beside the build `cargo run` made.

use serde_json::{Map, Value};

#[cfg(any(test, debug_assertions, feature = "testing"))]
use super::{ExcludeIds, FieldError, Flag, OptionalNodeId, OutputFormat};

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
}

/// The keyed accessors (tests and fuzzing only; see the module docs).
#[cfg(any(test, debug_assertions, feature = "testing"))]
impl Args {
    /// A required, non-blank string of at most `max_chars` characters (after trimming).
    pub fn required_text(&self, key: &str, max_chars: usize) -> Result<String, ArgError> {
        let text = self.optional_text(key, max_chars)?;
        text.ok_or_else(|| {
            ArgError(format!(
                "Fehlender Pflichtparameter {key}: Erlaubt ist ein nicht leerer Text mit höchstens {max_chars} Zeichen."
            ))
        })
    }

    /// An optional string; blank counts as absent.
    pub fn optional_text(&self, key: &str, max_chars: usize) -> Result<Option<String>, ArgError> {
        read(self, key, |v| super::text(v, max_chars))
    }

    /// An integer (also `5.0` or `"5"`), clamped into `min..=max`.
    pub fn integer(&self, key: &str, min: i64, max: i64, default: i64) -> Result<i64, ArgError> {
        read(self, key, |v| super::integer(v, min, max)).map(|n| n.unwrap_or(default))
    }

    /// A boolean (also `"true"` / `"false"`).
    pub fn boolean(&self, key: &str, default: bool) -> Result<bool, ArgError> {
        match self.get_raw(key) {
            None | Some(Value::Null) => Ok(default),
            Some(_) => read(self, key, Flag::<false>::parse).map(Flag::get),
        }
    }

    /// One of `allowed` (case-insensitive); returns the canonical spelling.
    pub fn choice(&self, key: &str, allowed: &[&'static str]) -> Result<Option<&'static str>, ArgError> {
        read(self, key, |v| super::choice(v, allowed)).map(|found| found.map(|i| allowed[i]))
    }

    /// `outputFormat`: markdown or json.
    pub fn format(&self, default: Format) -> Result<Format, ArgError> {
        match self.get_raw("outputFormat") {
            None | Some(Value::Null) => Ok(default),
            Some(_) => read(self, "outputFormat", OutputFormat::<false>::parse).map(OutputFormat::get),
        }
    }

    /// A required node id (UUID, `workspace://SpacesStore/` stripped, lower-cased).
    pub fn node_id(&self, key: &str) -> Result<String, ArgError> {
        read(self, key, super::required_node_id).map(String::from)
    }

    /// An optional node id; a value that is not a UUID is an error naming the field.
    pub fn optional_node_id(&self, key: &str) -> Result<Option<String>, ArgError> {
        read(self, key, OptionalNodeId::parse).map(|id| id.0.map(String::from))
    }

    /// A list of strings (a single string counts as a one-element list), at most `max_items` entries.
    pub fn string_list(&self, key: &str, max_items: usize) -> Result<Vec<String>, ArgError> {
        read(self, key, |v| super::text_list(v, max_items))
    }

    /// `excludeNodeIds`: valid node ids only, at most 500 entries.
    pub fn exclude_ids(&self) -> Result<Vec<String>, ArgError> {
        read(self, "excludeNodeIds", ExcludeIds::parse).map(|ids| ids.0)
    }
}

#[cfg(any(test, debug_assertions, feature = "testing"))]
fn read<T>(args: &Args, key: &str, parse: impl FnOnce(&Value) -> Result<T, String>) -> Result<T, ArgError> {
    super::field(args, key, parse).map_err(|FieldError { error, .. }| error)
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
