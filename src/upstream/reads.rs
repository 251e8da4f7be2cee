//! The typed reads, one per edu-sharing endpoint the tools use, and what
//! each asks for (`propertyFilter`, paging, cache class).

use std::sync::Arc;

use super::answers::{ListTotal, NodeEntry, NodeList, NodeText, StoredText, TitleList, UsageList};
use super::facet_list::FacetList;
use super::request::{CacheClass, Criterion, Request};
use super::{EduSharing, UpstreamError};
use crate::ids::NodeId;
use crate::node::Node;
use crate::urls::EduUrl;

/// The curated property list plus the licence version, requested on every
/// search, children and bulk read (the authors too: cards name them).
pub const DISPLAY_PROPS: &[&str] = &[
    "cclom:title",
    "cm:title",
    "cm:name",
    "cclom:general_description",
    "cclom:general_keyword",
    "ccm:taxonid",
    "ccm:taxonid_DISPLAYNAME",
    "ccm:educationalcontext",
    "ccm:educationalcontext_DISPLAYNAME",
    "ccm:educationalintendedenduserrole",
    "ccm:educationalintendedenduserrole_DISPLAYNAME",
    "ccm:oeh_lrt_aggregated",
    "ccm:oeh_lrt_aggregated_DISPLAYNAME",
    "ccm:oeh_lrt",
    "ccm:oeh_lrt_DISPLAYNAME",
    "ccm:wwwurl",
    "ccm:commonlicense_key",
    "ccm:oeh_publisher_combined",
    "ccm:replicationsource",
    "ccm:replicationsource_DISPLAYNAME",
    "ccm:author_freetext",
    "ccm:lifecyclecontributer_authorFN",
    "ccm:page_config_ref",
    "sys:node-uuid",
    "virtual:primaryparent_nodeid",
    "ccm:commonlicense_cc_version",
];

/// DISPLAY_PROPS plus the page-variant keys.
pub const TOPIC_PAGE_PROPS: &[&str] = &[
    "ccm:page_variant_is_template",
    "ccm:page_variant_profiling_target_group",
    "ccm:page_variant_config",
];

/// Bytes read beyond what the text itself needs (see [`EduSharing::text_content`]).
const TEXT_MARGIN: usize = 16 * 1024;

/// What a names-only read asks for (see [`Node::display_title`]).
const TITLE_KEYS: &[&str] = &["cclom:title", "cm:title", "cm:name"];

/// What a count read asks for: one small property (the answer's node is skipped).
const COUNT_KEYS: &[&str] = &["cm:name"];

/// Which properties a read asks for (`propertyFilter`, once per key).
#[derive(Debug, Clone, Copy)]
pub enum Props {
    /// `-all-` (about 59 keys).
    All,
    /// [`DISPLAY_PROPS`].
    Display,
    /// [`DISPLAY_PROPS`] + [`TOPIC_PAGE_PROPS`].
    TopicPage,
    /// A narrow projection.
    Keys(&'static [&'static str]),
}

impl Props {
    fn keys(self) -> Vec<&'static str> {
        match self {
            Props::All => vec!["-all-"],
            Props::Display => DISPLAY_PROPS.to_vec(),
            Props::TopicPage => DISPLAY_PROPS.iter().chain(TOPIC_PAGE_PROPS).copied().collect(),
            Props::Keys(keys) => keys.to_vec(),
        }
    }
}

/// The id of a node the repository listed, for a read of that node. The
/// repository's ids are UUIDs; a text that is not one names no node that
/// could be read.
pub fn listed_id(raw: &str) -> Result<NodeId, UpstreamError> {
    NodeId::parse(raw).ok_or(UpstreamError::NotFound)
}

/// `filter` of a children listing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChildFilter {
    Files,
    Folders,
    Both,
}

impl EduSharing {
    /// Full-text content search (`ngsearch`, `contentType=FILES`).
    pub async fn ngsearch(
        &self,
        criteria: &[Criterion],
        max_items: u32,
        skip_count: u32,
        props: Props,
    ) -> Result<Arc<NodeList>, UpstreamError> {
        let url = self.search_url("ngsearch", "FILES", max_items, skip_count, props);
        let body = serde_json::json!({ "criteria": criteria });
        self.fetch_json(Request::post(url, body), CacheClass::Search).await
    }

    /// ngsearch with facets: the value counts of `properties` over every hit
    /// of `criteria`, up to 5 × `limit` values each (see `search::facets`).
    /// It reads a single node.
    pub async fn facets(
        &self,
        criteria: &[Criterion],
        properties: &[&str],
        limit: u32,
    ) -> Result<Arc<FacetList>, UpstreamError> {
        let url = self.search_url("ngsearch", "FILES", 1, 0, Props::Keys(COUNT_KEYS));
        let facets: Vec<serde_json::Value> = properties
            .iter()
            .map(|p| serde_json::json!({ "property": p }))
            .collect();
        let body = serde_json::json!({
            "criteria": criteria,
            "facets": facets,
            "facetLimit": limit,
            "facetMinCount": 1,
        });
        self.fetch_json(Request::post(url, body), CacheClass::Search).await
    }

    /// Collection keyword search (never returns the subject portals).
    pub async fn collection_search(
        &self,
        query: &str,
        max_items: u32,
        props: Props,
    ) -> Result<Arc<NodeList>, UpstreamError> {
        self.fetch_json(self.collection_request(query, max_items, 0, props), CacheClass::Search)
            .await
    }

    /// One page of the collection search: `max_items` hits from `skip_count`.
    pub async fn collection_page(
        &self,
        query: &str,
        max_items: u32,
        skip_count: u32,
        props: Props,
    ) -> Result<Arc<NodeList>, UpstreamError> {
        let request = self.collection_request(query, max_items, skip_count, props);
        self.fetch_json(request, CacheClass::Search).await
    }

    fn collection_request(&self, query: &str, max_items: u32, skip_count: u32, props: Props) -> Request {
        let url = self.search_url("collections", "COLLECTIONS", max_items, skip_count, props);
        let body = serde_json::json!({ "criteria": [Criterion::one("ngsearchword", query)] });
        Request::post(url, body)
    }

    /// Non-template page variants, optionally below one collection.
    pub async fn page_variants(
        &self,
        below: Option<&str>,
        max_items: u32,
        props: Props,
    ) -> Result<Arc<NodeList>, UpstreamError> {
        let url = self.search_url("page_variant", "ALL", max_items, 0, props);
        let mut criteria = vec![Criterion::one("ccm:page_variant_is_template", "false")];
        if let Some(id) = below {
            criteria.push(Criterion::one("virtual:parent_recursive", id));
        }
        let body = serde_json::json!({ "criteria": criteria });
        self.fetch_json(Request::post(url, body), CacheClass::Search).await
    }

    /// Children of a node; `pagination.total` is the full count.
    pub async fn children(
        &self,
        node_id: &NodeId,
        filter: ChildFilter,
        max_items: u32,
        skip_count: u32,
        props: Props,
    ) -> Result<Arc<NodeList>, UpstreamError> {
        let url = self.children_url(node_id, filter, max_items, skip_count, props);
        self.fetch_json(Request::get(url), CacheClass::Tree).await
    }

    /// Children for names only: each child's title fields, the rest skipped.
    pub async fn child_titles(
        &self,
        node_id: &NodeId,
        filter: ChildFilter,
        max_items: u32,
        skip_count: u32,
    ) -> Result<Arc<TitleList>, UpstreamError> {
        let url = self.children_url(node_id, filter, max_items, skip_count, Props::Keys(TITLE_KEYS));
        self.fetch_json(Request::get(url), CacheClass::Tree).await
    }

    /// How many children of one kind a node has (`pagination.total` of a
    /// one-item page).
    pub async fn child_count(&self, node_id: &NodeId, filter: ChildFilter) -> Result<u64, UpstreamError> {
        let url = self.children_url(node_id, filter, 1, 0, Props::Keys(COUNT_KEYS));
        let total: Arc<ListTotal> = self.fetch_json(Request::get(url), CacheClass::Tree).await?;
        Ok(total.pagination.total)
    }

    /// One node's metadata. 404 → [`UpstreamError::NotFound`].
    pub async fn metadata(&self, node_id: &NodeId, props: Props) -> Result<Arc<Node>, UpstreamError> {
        self.metadata_with(node_id, props, CacheClass::Tree).await
    }

    /// Metadata without the cache (the health check must really ask).
    pub async fn metadata_uncached(&self, node_id: &NodeId, props: Props) -> Result<Arc<Node>, UpstreamError> {
        self.metadata_with(node_id, props, CacheClass::Never).await
    }

    async fn metadata_with(
        &self,
        node_id: &NodeId,
        props: Props,
        class: CacheClass,
    ) -> Result<Arc<Node>, UpstreamError> {
        let url = with_props(self.node_url(node_id, "metadata"), props);
        self.fetch_with(Request::get(url.into()), class, |body| {
            let entry: NodeEntry = super::send::parse_json(body)?;
            entry
                .node
                .ok_or_else(|| UpstreamError::Malformed("metadata answer without a node".into()))
        })
        .await
    }

    /// The ancestor chain, self first (content nodes: an empty list, in
    /// older releases a 500; config folders: 500).
    pub async fn parents(&self, node_id: &NodeId, props: Props) -> Result<Arc<NodeList>, UpstreamError> {
        let url = with_props(self.node_url(node_id, "parents"), props);
        self.fetch_json(Request::get(url.into()), CacheClass::Tree).await
    }

    /// The collections that list a node (`/usage/v1/usages/node/<id>/collections`).
    /// Ask with the original's id: a reference answers `[]`, an unknown id a
    /// 500. A body that is not a JSON array is [`UpstreamError::Malformed`],
    /// never "in no collection".
    pub async fn collection_usages(&self, original_id: &NodeId) -> Result<Arc<UsageList>, UpstreamError> {
        let url = EduUrl::new(
            &self.rest_base,
            &["usage", "v1", "usages", "node", original_id, "collections"],
        );
        self.fetch_json(Request::get(url.into()), CacheClass::Tree).await
    }

    /// Stored full text; `None` when the node has none. Never cached. Read
    /// only as far as `max_chars` characters can reach (and at most the
    /// per-read cap), then cut: a long text is shown from its beginning,
    /// never failed.
    pub async fn text_content(&self, node_id: &NodeId, max_chars: usize) -> Result<Option<StoredText>, UpstreamError> {
        let url = self.node_url(node_id, "textContent");
        // In JSON a character takes at most 6 bytes (`\uXXXX`); the margin
        // covers the keys and short fields before the text.
        let bytes = max_chars.saturating_mul(6).saturating_add(TEXT_MARGIN);
        self.fetch_prefix(Request::get(url.into()).cut_at(bytes), |body, cut| {
            if cut {
                let text = super::cut_text::text_of_prefix(body)?;
                return Ok(text.map(|(text, cut)| StoredText { text, cut }));
            }
            let text: NodeText = super::send::parse_json(body)?;
            Ok(text.into_text().map(|text| StoredText { text, cut: false }))
        })
        .await
    }

    /// `…/search/v1/queries/-home-/mds_oeh/<query>?contentType=…&maxItems=…&skipCount=…&propertyFilter=…`.
    fn search_url(&self, query: &str, content_type: &str, max_items: u32, skip_count: u32, props: Props) -> String {
        let url = EduUrl::new(
            &self.rest_base,
            &["search", "v1", "queries", "-home-", "mds_oeh", query],
        )
        .query("contentType", content_type)
        .query("maxItems", &max_items.to_string())
        .query("skipCount", &skip_count.to_string());
        with_props(url, props).into()
    }

    /// `…/node/v1/nodes/-home-/<id>/children?maxItems=…&skipCount=…[&filter=…]&propertyFilter=…`.
    fn children_url(
        &self,
        node_id: &NodeId,
        filter: ChildFilter,
        max_items: u32,
        skip_count: u32,
        props: Props,
    ) -> String {
        let mut url = self
            .node_url(node_id, "children")
            .query("maxItems", &max_items.to_string())
            .query("skipCount", &skip_count.to_string());
        match filter {
            ChildFilter::Files => url = url.query("filter", "files"),
            ChildFilter::Folders => url = url.query("filter", "folders"),
            ChildFilter::Both => {}
        }
        with_props(url, props).into()
    }

    /// `…/node/v1/nodes/-home-/<id>/<what>`.
    fn node_url(&self, node_id: &NodeId, what: &str) -> EduUrl {
        EduUrl::new(&self.rest_base, &["node", "v1", "nodes", "-home-", node_id, what])
    }
}

fn with_props(url: EduUrl, props: Props) -> EduUrl {
    url.query_all("propertyFilter", props.keys())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    fn client() -> EduSharing {
        EduSharing::new(&Config::from_lookup(|_| None).unwrap())
    }

    #[test]
    fn property_filter_is_repeated() {
        let url: String = with_props(
            EduUrl::new("https://r.example/rest", &["x"]).query("maxItems", "5"),
            Props::Keys(&["a:b", "c"]),
        )
        .into();
        assert_eq!(
            url,
            "https://r.example/rest/x?maxItems=5&propertyFilter=a%3Ab&propertyFilter=c"
        );
        // The fixed lists: every key, in order.
        let url: String = with_props(EduUrl::new("https://r.example/rest", &["y"]), Props::TopicPage).into();
        let keys: Vec<String> = DISPLAY_PROPS
            .iter()
            .chain(TOPIC_PAGE_PROPS)
            .map(|k| format!("propertyFilter={}", k.replace(':', "%3A")))
            .collect();
        assert_eq!(url, format!("https://r.example/rest/y?{}", keys.join("&")));
    }

    #[test]
    fn read_urls() {
        let client = client();
        let base = client.rest_base.clone();
        let id = &NodeId::parse("5e40e372-735c-4b17-bbf7-e827a5702b57").unwrap();
        assert_eq!(
            client.children_url(id, ChildFilter::Folders, 7, 20, Props::Keys(COUNT_KEYS)),
            format!(
                "{base}/node/v1/nodes/-home-/{id}/children?maxItems=7&skipCount=20&filter=folders&propertyFilter=cm%3Aname"
            )
        );
        assert_eq!(
            client.children_url(id, ChildFilter::Both, 1, 0, Props::All),
            format!("{base}/node/v1/nodes/-home-/{id}/children?maxItems=1&skipCount=0&propertyFilter=-all-")
        );
        assert_eq!(
            String::from(client.node_url(id, "textContent")),
            format!("{base}/node/v1/nodes/-home-/{id}/textContent")
        );
        assert_eq!(
            client.search_url("ngsearch", "FILES", 25, 50, Props::Keys(TITLE_KEYS)),
            format!(
                "{base}/search/v1/queries/-home-/mds_oeh/ngsearch?contentType=FILES&maxItems=25&skipCount=50&propertyFilter=cclom%3Atitle&propertyFilter=cm%3Atitle&propertyFilter=cm%3Aname"
            )
        );
    }

    #[test]
    fn only_a_uuid_is_read() {
        for raw in ["../x?y=1#z", "Mathematik", ""] {
            assert_eq!(listed_id(raw), Err(UpstreamError::NotFound), "{raw}");
        }
        let id = listed_id(" workspace://SpacesStore/5E40E372-735C-4B17-BBF7-E827A5702B57").unwrap();
        assert_eq!(id.as_str(), "5e40e372-735c-4b17-bbf7-e827a5702b57");
    }
}
