//! The decoder and the schema transform, on sample parameter structs.

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
    node_id: OptionalNodeId,
}

/// A required id behind `Option`: the schema must still be the plain
/// type. (Schema only: under `decode` every field is an adapter, which
/// has its own "not given".)
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct Nullable {
    /// One id.
    #[serde(default)]
    node_id: Option<NodeIdField>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(transparent)]
struct NodeIdField(NodeIdArg);

/// Groups flattened between own fields, one of them nested.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct Grouped {
    /// The query.
    query: RequiredText<20>,
    #[serde(flatten)]
    filters: VocabFilters,
    /// Anbieter.
    #[serde(default)]
    publisher: FilterValue,
    #[serde(flatten)]
    paging: Paging<20, 8>,
    /// Shown already.
    #[serde(default)]
    exclude_node_ids: ExcludeIds,
    #[serde(flatten)]
    output: Output<true>,
}

const ID: &str = "5e40e372-735c-4b17-bbf7-e827a5702b57";

fn message<P: DeserializeOwned + JsonSchema + std::fmt::Debug>(value: Value) -> String {
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
    let error = decode::<Sample>(&args(sent)).unwrap_err();
    assert_eq!(error.key, "count");
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
    assert_eq!(p.node_id.0.as_deref(), Some(ID));
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
    assert_eq!(
        input_schema::<Nullable>().to_string(),
        json!({
            "type": "object",
            "properties": {"nodeId": {"type": "string", "description": "One id."}},
            "additionalProperties": false
        })
        .to_string()
    );
    let p: Nullable = serde_json::from_value(json!({"nodeId": ID})).unwrap();
    assert_eq!(p.node_id.map(|id| id.0.0.to_string()).as_deref(), Some(ID));
}

#[test]
fn field_names_follow_the_declaration() {
    assert_eq!(
        field_names::<Grouped>(),
        [
            "query",
            "educationalContext",
            "discipline",
            "userRole",
            "learningResourceType",
            "publisher",
            "maxResults",
            "excludeNodeIds",
            "outputFormat"
        ]
    );
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

#[test]
fn flattened_groups_decode_in_place() {
    let p: Grouped = decode(&args(json!({
        "query": "Bruch", "discipline": " Mathe ", "learningResourceType": "Video",
        "maxResults": "3", "outputFormat": "markdown"
    })))
    .unwrap();
    assert_eq!(p.filters.context.discipline.0.as_deref(), Some("Mathe"));
    assert_eq!(p.filters.learning_resource_type.0.as_deref(), Some("Video"));
    assert_eq!((p.filters.context.user_role.0, p.publisher.0), (None, None));
    assert_eq!((p.query.0.as_str(), p.exclude_node_ids.0.len()), ("Bruch", 0));
    assert_eq!((p.paging.max_results(), p.output.format()), (3, Format::Markdown));
    let p: Grouped = decode(&args(json!({"query": "Bruch"}))).unwrap();
    assert_eq!((p.paging.max_results(), p.output.format()), (8, Format::Json));
}

#[test]
fn a_bad_grouped_field_is_named_and_reported_in_declaration_order() {
    // Every pair of bad fields: the one declared first is reported,
    // whether it sits in a group (nested or not) or not.
    let fields = field_names::<Grouped>();
    for (i, first) in fields.iter().enumerate() {
        for second in &fields[i + 1..] {
            let mut sent = json!({"query": "q"});
            sent[first] = json!({});
            sent[second] = json!({});
            let error = decode::<Grouped>(&args(sent)).unwrap_err();
            assert_eq!(&error.key, first, "{first} before {second}");
            assert!(error.error.0.contains(&format!(" {first}:")), "{}", error.error.0);
        }
    }
    assert_eq!(
        message::<Grouped>(json!({"query": "q", "userRole": ["a"]})),
        "Ungültiger Wert für userRole: eine Liste. Erlaubt: Text mit höchstens 200 Zeichen."
    );
}

/// A required field after a group: when it fails, the group's fields may not
/// have been checked yet, so the decoder refuses the layout (in debug builds).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
struct RequiredAfterGroup {
    #[serde(flatten)]
    paging: Paging<20, 8>,
    /// The query.
    query: RequiredText<20>,
}

#[test]
#[should_panic(expected = "a required field comes after a field that is not required")]
fn a_required_field_after_a_group_is_refused() {
    let _ = decode::<RequiredAfterGroup>(&args(json!({})));
}
