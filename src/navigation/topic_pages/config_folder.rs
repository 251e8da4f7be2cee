//! What all three modes share: a collection's config folder (its page config
//! and its variant children), the owner of a topic page, the variant filters,
//! and the rules for a usable variant and a placeholder title.

use std::sync::Arc;

use serde_json::Value;

use super::Variant;
use crate::app::App;
use crate::card;
use crate::ids;
use crate::navigation::{NavWarning, contains_uri};
use crate::node::strip_store_ref;
use crate::upstream::{ChildFilter, Node, NodeList, Props, UpstreamError, listed_id};
use crate::vocab::{self, Vocabulary};

/// Variants read from one config folder.
pub const MAX_VARIANTS_PER_FOLDER: u32 = 50;

/// What an owner read asks for.
pub(super) const OWNER_KEYS: &[&str] = &["ccm:page_config_ref", "cclom:title", "cm:name"];
const CONFIG_KEYS: &[&str] = &["ccm:page_config"];

/// Variant filters: a variant is excluded only when it HAS a different value.
#[derive(Debug, Clone, Default)]
pub(super) struct Filters {
    pub(super) target_group: Option<String>,
    pub(super) context: Option<String>,
}

impl Filters {
    pub(super) fn passes(&self, variant: &Node) -> bool {
        if let Some(wanted) = &self.target_group {
            let have = vocab::target_group_slug(variant.first("ccm:page_variant_profiling_target_group").unwrap_or(""));
            if !have.is_empty() && &have != wanted {
                return false;
            }
        }
        if let Some(uri) = &self.context {
            let have = variant.prop("ccm:educationalcontext");
            if have.iter().any(|v| !v.trim().is_empty()) && !contains_uri(have, uri) {
                return false;
            }
        }
        true
    }
}

/// The owning collection of a topic page.
#[derive(Debug, Clone)]
pub(super) struct Owner {
    pub(super) id: String,
    /// `cclom:title` → `cm:name` → name.
    pub(super) name: String,
    /// The active config folder.
    pub(super) config_ref: Option<String>,
}

impl Owner {
    pub(super) fn from_node(node: &Node, fallback_id: &str) -> Owner {
        let id = if node.id().is_empty() { fallback_id } else { node.id() };
        Owner {
            id: id.to_string(),
            name: node.display_title().trim().to_string(),
            config_ref: node.page_config_ref().map(str::to_string),
        }
    }
}

/// `ccm:page_config` of a config folder: `{"variants": [ref…], "default": ref}`.
#[derive(Debug, Clone, Default, PartialEq)]
pub(in crate::navigation) struct PageConfig {
    default: Option<String>,
    variants: Vec<String>,
}

impl PageConfig {
    /// Parse leniently: anything unreadable is an empty config (repository order).
    pub(in crate::navigation) fn of(folder: &Node) -> PageConfig {
        let Some(raw) = folder.first("ccm:page_config") else {
            return PageConfig::default();
        };
        let Ok(Value::Object(map)) = serde_json::from_str::<Value>(raw) else {
            return PageConfig::default();
        };
        let id = |v: &Value| {
            v.as_str()
                .map(strip_store_ref)
                .filter(|s| !s.is_empty())
                .map(str::to_string)
        };
        let variants = match map.get("variants") {
            Some(Value::Array(items)) => items.iter().filter_map(id).collect(),
            Some(single) => id(single).into_iter().collect(),
            None => Vec::new(),
        };
        PageConfig {
            default: map.get("default").and_then(id),
            variants,
        }
    }

    /// Position of a variant: the default first, then `variants[]`, then the rest.
    pub(in crate::navigation) fn rank(&self, variant_id: &str) -> usize {
        if self.default.as_deref() == Some(variant_id) {
            return 0;
        }
        match self.variants.iter().position(|v| v == variant_id) {
            Some(i) => i + 1,
            None => usize::MAX,
        }
    }
}

/// The page config of a folder read; a failed read orders by repository order.
/// Its warning is given once per failure (the tools layer drops failures
/// that read the same).
pub(super) fn page_config_of(read: &Result<Arc<Node>, UpstreamError>, warnings: &mut Vec<NavWarning>) -> PageConfig {
    match read {
        Ok(folder) => PageConfig::of(folder),
        Err(error) => {
            if error.is_repository_failure() {
                let warning = NavWarning::VariantOrderUnavailable(error.clone());
                if !warnings.contains(&warning) {
                    warnings.push(warning);
                }
            }
            PageConfig::default()
        }
    }
}

/// Children and page config of one config folder, read together.
pub(in crate::navigation) struct ConfigRead {
    pub(in crate::navigation) children: Result<Arc<NodeList>, UpstreamError>,
    pub(in crate::navigation) config: Result<Arc<Node>, UpstreamError>,
}

/// The metadata of a node the repository named (a listed node, a config
/// folder or owner from a page config).
pub(super) async fn read_listed(app: &App, id: &str, props: Props) -> Result<Arc<Node>, UpstreamError> {
    app.upstream.metadata(&listed_id(id)?, props).await
}

pub(in crate::navigation) async fn read_config(app: &App, config_id: &str) -> ConfigRead {
    let Ok(config_id) = listed_id(config_id) else {
        return ConfigRead {
            children: Err(UpstreamError::NotFound),
            config: Err(UpstreamError::NotFound),
        };
    };
    let config_id = &config_id;
    let (children, config) = futures::join!(
        app.upstream.children(
            config_id,
            ChildFilter::Folders,
            MAX_VARIANTS_PER_FOLDER,
            0,
            Props::TopicPage
        ),
        app.upstream.metadata(config_id, Props::Keys(CONFIG_KEYS)),
    );
    ConfigRead { children, config }
}

/// A variant is usable when its config is a JSON object (non-empty, parseable)
/// and it is not a template. A broken document makes it unusable, never an error.
pub fn is_usable(variant: &Node) -> bool {
    let template = variant
        .first("ccm:page_variant_is_template")
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("true"));
    !template
        && variant
            .first("ccm:page_variant_config")
            .is_some_and(|raw| matches!(serde_json::from_str::<Value>(raw), Ok(Value::Object(_))))
}

/// A technical or missing title: empty, `^page[_-]?variant` (case-insensitive) or a bare UUID.
pub fn is_placeholder_title(title: &str) -> bool {
    let title = title.trim();
    let lower = title.to_ascii_lowercase();
    let technical = lower
        .strip_prefix("page")
        .map(|rest| rest.strip_prefix(['_', '-']).unwrap_or(rest).starts_with("variant"))
        .unwrap_or(false);
    title.is_empty() || technical || ids::is_uuid(title)
}

/// The usable variants of one config folder in page order, then filtered.
/// `is_default` = first in page order AND the folder is the owner's active one.
pub(super) fn variants_of_folder(
    app: &App,
    owner: &Owner,
    folder_id: &str,
    nodes: Vec<Node>,
    page_config: &PageConfig,
    filters: &Filters,
) -> Vec<Variant> {
    let mut usable: Vec<(usize, Node)> = nodes
        .into_iter()
        .filter(|n| !n.id().is_empty() && is_usable(n))
        .enumerate()
        .collect();
    usable.sort_by_key(|(position, n)| (page_config.rank(n.id()), *position));
    let active = owner.config_ref.as_deref() == Some(folder_id);
    let topic_page_url = app.topic_page_url(&owner.id);
    usable
        .into_iter()
        .enumerate()
        .filter(|(_, (_, n))| filters.passes(n))
        .map(|(index, (_, n))| {
            let raw_group = n.first("ccm:page_variant_profiling_target_group").unwrap_or("");
            let title = n.first("cclom:title").unwrap_or("").trim();
            Variant {
                variant_id: n.id().to_string(),
                variant_name: n.first("cm:name").unwrap_or(n.name.as_str()).trim().to_string(),
                variant_title: if is_placeholder_title(title) {
                    String::new()
                } else {
                    title.to_string()
                },
                target_group: vocab::target_group_slug(raw_group),
                target_group_label: vocab::target_group_label(raw_group),
                educational_contexts: card::labels(&n, Vocabulary::EducationalContext, "ccm:educationalcontext"),
                collection_id: owner.id.clone(),
                collection_name: owner.name.clone(),
                topic_page_url: topic_page_url.clone(),
                is_default: active && index == 0,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn node(value: Value) -> Node {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn placeholder_titles() {
        for t in [
            "",
            "  ",
            "PAGE_VARIANT_abc",
            "page-variant x",
            "PageVariant",
            "5e40e372-735c-4b17-bbf7-e827a5702b57",
        ] {
            assert!(is_placeholder_title(t), "{t:?}");
        }
        for t in ["Mathematik", "Page turner", "Variante"] {
            assert!(!is_placeholder_title(t), "{t:?}");
        }
    }

    #[test]
    fn usable_variants() {
        let ok = node(json!({"properties": {"ccm:page_variant_config": ["{\"structure\":{}}"]}}));
        let template =
            node(json!({"properties": {"ccm:page_variant_config": ["{}"], "ccm:page_variant_is_template": ["true"]}}));
        let broken = node(json!({"properties": {"ccm:page_variant_config": ["{not json"]}}));
        let empty = node(json!({"properties": {"ccm:page_variant_config": [""]}}));
        let scalar = node(json!({"properties": {"ccm:page_variant_config": ["42"]}}));
        assert!(is_usable(&ok));
        assert!(!is_usable(&template) && !is_usable(&broken) && !is_usable(&empty) && !is_usable(&scalar));
        assert!(!is_usable(&node(json!({}))));
    }

    #[test]
    fn page_config_order() {
        let folder = node(json!({"properties": {"ccm:page_config": [
            "{\"variants\": [\"workspace://SpacesStore/b\", \"workspace://SpacesStore/a\", \"workspace://SpacesStore/gone\"], \"default\": \"workspace://SpacesStore/a\"}"
        ]}}));
        let cfg = PageConfig::of(&folder);
        assert_eq!(cfg.default.as_deref(), Some("a"));
        assert!(cfg.rank("a") < cfg.rank("b") && cfg.rank("b") < cfg.rank("c"));
        assert_eq!(
            PageConfig::of(&node(json!({"properties": {"ccm:page_config": ["{oops"]}}))),
            PageConfig::default()
        );
    }

    #[test]
    fn filters_exclude_only_different_values() {
        let f = Filters {
            target_group: Some("teacher".into()),
            context: Some("http://w3id.org/openeduhub/vocabs/educationalContext/sekundarstufe_1".into()),
        };
        let unset = node(json!({}));
        let teacher_uri =
            node(json!({"properties": {"ccm:page_variant_profiling_target_group": ["ccrep://x/teacher"]}}));
        let learner = node(json!({"properties": {"ccm:page_variant_profiling_target_group": ["learner"]}}));
        let other_ctx = node(
            json!({"properties": {"ccm:educationalcontext": ["http://w3id.org/openeduhub/vocabs/educationalContext/hochschule"]}}),
        );
        assert!(f.passes(&unset) && f.passes(&teacher_uri));
        assert!(!f.passes(&learner) && !f.passes(&other_ctx));
    }
}
