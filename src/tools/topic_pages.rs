//! `search_wlo_topic_pages`: find or list topic pages (Themenseiten) and
//! their audience variants.

use std::fmt::Write;

use serde_json::{Value, json};

use super::messages::{German, nav_warnings};
use super::result_list::UnresolvedView;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::params::{Choice, Choices, Flag, OptionalNodeId, Output, Paging, Text};
use super::{Format, ToolResponse};
use crate::app::App;
use crate::card::one_line;
use crate::navigation::topic_pages::{self, Mode, Sort, TopicPage, TopicPages, TopicPagesQuery};

pub const NAME: &str = "search_wlo_topic_pages";
pub const TITLE: &str = "WLO-Themenseiten";
pub const DESCRIPTION: &str = "Find WLO topic pages (Themenseiten: curated collection pages in variants for Lehrkräfte / Lernende / Allgemein). Modes: collectionId checks one collection; query searches collections and portals with a topic page; neither lists all. One card per collection with its variants (mergeVariants=false: one per variant). targetGroup and educationalContext exclude only variants with a different value. sort: relevance (default with query) or alpha.";

/// The arguments of `search_wlo_topic_pages`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Params {
    /// Topic to search for (Mode B), e.g. "Klimawandel".
    #[serde(default)]
    query: Text<200>,
    /// Audience of the variant.
    #[serde(default)]
    target_group: Choice<TargetGroup>,
    /// Bildungsstufe (label, alias or URI), e.g. "Sekundarstufe I".
    #[serde(default)]
    educational_context: Text<200>,
    /// nodeId (UUID) of one collection to check (Mode A); wins over query.
    #[serde(default)]
    collection_id: OptionalNodeId,
    /// One card per collection with all its variants.
    #[serde(default)]
    merge_variants: Flag<true>,
    /// relevance (default with a query) or alpha (default otherwise; German alphabetical).
    #[serde(default)]
    sort: Choice<Sort>,
    #[serde(flatten)]
    paging: Paging<20, 5>,
    #[serde(flatten)]
    output: Output<false>,
}

/// `targetGroup`: the audience of a topic page variant.
#[derive(Debug, Clone, Copy)]
pub(super) struct TargetGroup(pub(super) &'static str);

impl Choices for TargetGroup {
    fn names() -> &'static [&'static str] {
        &["teacher", "learner", "general"]
    }

    fn from_index(index: usize) -> Self {
        TargetGroup(Self::names()[index])
    }
}

impl Choices for Sort {
    fn names() -> &'static [&'static str] {
        &["alpha", "relevance"]
    }

    fn from_index(index: usize) -> Self {
        [Sort::Alpha, Sort::Relevance][index]
    }
}

pub(super) async fn call(app: &App, params: Params) -> ToolResponse {
    let query = TopicPagesQuery {
        query: params.query.0,
        collection_id: params.collection_id.0,
        target_group: params.target_group.0.map(|group| group.0.to_string()),
        educational_context: params.educational_context.0,
        merge_variants: params.merge_variants.get(),
        sort: params.sort.0,
        max_results: params.paging.max_results(),
    };
    let format = params.output.format();
    match topic_pages::search(app, &query).await {
        Ok(result) => match format {
            Format::Json => ToolResponse::json(to_json(&result)),
            Format::Markdown => ToolResponse::text(to_markdown(&result, &query)),
        }
        .found(result.pages.len()),
        Err(error) => ToolResponse::error(error.german()),
    }
}

/// The JSON answer, in documented key order.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PagesView<'a> {
    total: usize,
    results: Vec<PageView<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    unresolved_filters: Vec<UnresolvedView<'a>>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    warnings: &'a [String],
}

/// One entry; `collectionId` is the first key (clients take the first UUID).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PageView<'a> {
    collection_id: &'a str,
    title: &'a str,
    topic_page_url: &'a str,
    educational_contexts: &'a [String],
    variants: Vec<VariantView<'a>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct VariantView<'a> {
    variant_id: &'a str,
    target_group: &'a str,
    target_group_label: &'a str,
    topic_page_url: &'a str,
    is_default: bool,
}

fn page_view(page: &TopicPage) -> PageView<'_> {
    PageView {
        collection_id: &page.collection_id,
        title: &page.title,
        topic_page_url: &page.topic_page_url,
        educational_contexts: &page.educational_contexts,
        variants: page
            .variants
            .iter()
            .map(|v| VariantView {
                variant_id: &v.variant_id,
                target_group: &v.target_group,
                target_group_label: &v.target_group_label,
                topic_page_url: &v.topic_page_url,
                is_default: v.is_default,
            })
            .collect(),
    }
}

fn to_json(result: &TopicPages) -> Value {
    json!(PagesView {
        total: result.total,
        results: result.pages.iter().map(page_view).collect(),
        unresolved_filters: UnresolvedView::list(&result.unresolved),
        warnings: &nav_warnings(&result.warnings),
    })
}

fn to_markdown(result: &TopicPages, query: &TopicPagesQuery) -> String {
    let mut out = String::new();
    if result.pages.is_empty() {
        out.push_str(&empty_text(result, query));
    } else {
        let _ = write!(out, "Gefundene Themenseiten: {}", result.total);
        if result.pages.len() < result.total {
            let _ = write!(out, " (angezeigt: {})", result.pages.len());
        }
    }
    for filter in &result.unresolved {
        let _ = write!(out, "\n⚠ {}", filter.german());
    }
    for warning in nav_warnings(&result.warnings) {
        let _ = write!(out, "\n⚠ {warning}");
    }
    for page in &result.pages {
        let _ = write!(out, "\n\n## {}", one_line(&page.title));
        let _ = write!(out, "\nSammlung-nodeId: {}", page.collection_id);
        if !page.educational_contexts.is_empty() {
            let _ = write!(
                out,
                "\nBildungsstufe: {}",
                one_line(&page.educational_contexts.join(", "))
            );
        }
        let _ = write!(out, "\nThemenseite: {}", page.topic_page_url);
        for v in &page.variants {
            let _ = write!(
                out,
                "\n- Variante: Zielgruppe {}{} – nodeId: {}",
                v.target_group_label,
                if v.is_default { " (Standard)" } else { "" },
                v.variant_id
            );
        }
    }
    out
}

fn empty_text(result: &TopicPages, query: &TopicPagesQuery) -> String {
    match result.mode {
        Mode::Keyword => format!(
            "Keine Themenseiten für „{}“ gefunden. Themenseiten gibt es nur für Sammlungen mit ccm:page_config_ref; search_wlo_collections findet Sammlungen ohne Themenseite.",
            one_line(query.query.as_deref().unwrap_or(""))
        ),
        Mode::Collection => match &result.collection {
            Some((id, title)) if !title.is_empty() => {
                format!(
                    "Keine Themenseiten gefunden. Die Sammlung „{}“ ({id}) hat keine passende Themenseite.",
                    one_line(title)
                )
            }
            Some((id, _)) => format!("Keine Themenseiten gefunden. Die Sammlung {id} hat keine passende Themenseite."),
            None => "Keine Themenseiten gefunden.".to_string(),
        },
        Mode::All => "Keine Themenseiten gefunden.".to_string(),
    }
}
