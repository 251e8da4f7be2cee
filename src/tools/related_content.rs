//! `get_related_content`: materials on the same topic as one material
//! ("mehr davon"), within its subject and educational level.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::messages::{German, related_error, unresolved_hint};
use super::params::{FilterValue, NodeIdArg, Output, Paging, VocabFilters};
use super::result_list::{UnresolvedView, cards, quoted};
use super::view::ViewCard;
use super::{Format, NodeRef, ToolResponse};
use crate::app::App;
use crate::card::{FormattedNode, one_line};
use crate::search::related::{RelatedSearch, related_content};

pub const NAME: &str = "get_related_content";
pub const TITLE: &str = "Ähnliche Materialien";
pub const DESCRIPTION: &str = "Material like one material (\"mehr davon\"): same topic first, then same Fach and Bildungsstufe; never the material itself or its copies.";

/// The arguments of `get_related_content`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Params {
    /// A material's nodeId.
    node_id: NodeIdArg,
    #[serde(flatten)]
    paging: Paging<20, 5>,
    #[serde(flatten)]
    filters: VocabFilters,
    #[serde(flatten)]
    output: Output<false>,
}

pub(super) async fn call(app: &App, params: Params) -> ToolResponse {
    let node_id = params.node_id.0;
    let filters = FilterValue::resolve(params.filters.entries());
    let max_results = params.paging.max_results();
    let criteria = filters.criteria();
    let search = RelatedSearch {
        node_id: &node_id,
        filters: &criteria,
        max_results,
    };
    let outcome = match related_content(app, search).await {
        Ok(outcome) => outcome,
        Err(error) => return ToolResponse::error(related_error(&node_id, &error)),
    };

    let results: Vec<FormattedNode> = outcome.nodes.iter().map(|n| app.card(n)).collect();
    let warnings: Vec<String> = outcome.warnings.iter().map(German::german).collect();
    let seed_title = outcome.seed.display_title();
    let topic_matches = results.len() - outcome.filled;
    let found = results.len();
    let response = match params.output.format() {
        Format::Json => ToolResponse::json(json!(RelatedView {
            seed: NodeRef {
                node_id: outcome.seed.id(),
                title: seed_title,
            },
            topic: outcome.plan.topic.as_deref(),
            count: results.len(),
            topic_matches,
            results: &results,
            unresolved_filters: UnresolvedView::list(&filters.unresolved),
            warnings: &warnings,
        })),
        Format::Markdown => {
            let mut lines = vec![match &outcome.plan.topic {
                Some(topic) => format!(
                    "Ähnliche Materialien zu {} (Thema: {}): {}",
                    quoted(seed_title),
                    quoted(topic),
                    results.len()
                ),
                None => format!("Ähnliche Materialien zu {}: {}", quoted(seed_title), results.len()),
            }];
            lines.extend(filters.unresolved.iter().map(unresolved_hint));
            lines.extend(warnings.iter().map(|w| format!("⚠ {}", one_line(w))));
            let mut out = lines.join("\n");
            out.push_str("\n\n");
            let (topic_cards, fill_cards) = results.split_at(topic_matches);
            let mut parts = Vec::new();
            if !topic_cards.is_empty() {
                parts.push(cards(topic_cards));
            }
            if !fill_cards.is_empty() {
                parts.push(FILL_LINE.to_string());
                parts.push(cards(fill_cards));
            }
            if parts.is_empty() {
                parts.push(if outcome.plan.is_empty() {
                    "Das Material hat weder Schlagworte noch Fach oder Bildungsstufe; ähnliche Materialien lassen sich nicht bestimmen.".to_string()
                } else {
                    "Keine ähnlichen Materialien gefunden.".to_string()
                });
            }
            out.push_str(&parts.join("\n\n"));
            ToolResponse::text(out).with_view(json!({
                "seed": NodeRef {
                    node_id: outcome.seed.id(),
                    title: seed_title,
                },
                "results": ViewCard::list(&results),
            }))
        }
    };
    response.found(found)
}

/// Introduces the materials of the same subject and level after the topic matches.
const FILL_LINE: &str = "Weitere Materialien aus demselben Fach und derselben Bildungsstufe:";

/// The JSON answer, in documented key order.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RelatedView<'a> {
    seed: NodeRef<'a>,
    topic: Option<&'a str>,
    count: usize,
    /// How many results (from the start) are on the seed's topic; the rest
    /// are of the same subject and level.
    topic_matches: usize,
    results: &'a [FormattedNode],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    unresolved_filters: Vec<UnresolvedView<'a>>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    warnings: &'a [String],
}
