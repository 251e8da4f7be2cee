//! Nodes by id: the reads behind `get_node_details` (one node with what was
//! asked for), `get_nodes_details` (many at once), `fetch` (a node as a
//! document) and `wlo_health_check` (the root collection, uncached).

use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::app::App;
use crate::ids::NodeId;
use crate::navigation::listed_in::{self, ListedCollections};
use crate::upstream::{CallScope, Node, Props, SharedHealth, StoredText, UpstreamError};

/// The property holding a collection's editorial (compendium) text.
pub const COMPENDIUM_PROPERTY: &str = "ccm:oeh_collection_compendium_text";
/// At most this many parent collections are shown.
const MAX_PARENTS: usize = 20;

/// What one node's details include beside its metadata.
#[derive(Debug, Clone, Copy, Default)]
pub struct DetailsQuery {
    /// The stored full text, read up to this many characters (a collection:
    /// its compendium text instead).
    pub text: Option<usize>,
    /// The parent collections.
    pub parents: bool,
    /// A material's listing collections.
    pub collections: bool,
}

/// Why there are no details.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DetailsError {
    /// The node's own metadata read failed.
    Node(UpstreamError),
    /// The read of the collections that list the material failed: an answer
    /// without them would read as "in no collection".
    Listing(UpstreamError),
}

/// What the details could not fully read; the tools layer words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DetailsWarning {
    /// Listing collections were asked for a collection.
    CollectionsOfCollection,
    /// The path of one listing collection could not be read.
    PathFailed { title: String, error: UpstreamError },
    /// The stored full text could not be read.
    TextFailed(UpstreamError),
    /// Parents were asked for a material (the repository has no chain for it).
    ParentsOfMaterial,
    /// The parent chain could not be read.
    ParentsFailed(UpstreamError),
}

/// One node with what was asked for.
#[derive(Debug, Clone)]
pub struct Details {
    pub node: Arc<Node>,
    /// A collection's compendium text, when the text was asked for and it has one.
    pub compendium: Option<String>,
    /// The stored full text (empty when there is none) and whether the read
    /// stopped inside it, when asked for and there is no compendium text.
    pub text: Option<StoredText>,
    /// `(id, title)` of the parents, nearest first, when asked for.
    pub parents: Option<Vec<(String, String)>>,
    /// The collections that list a material, when asked for.
    pub listing: Option<ListedCollections>,
    /// In the order the parts are shown: listing, text, parents.
    pub warnings: Vec<DetailsWarning>,
}

/// One node's metadata and, read together with it, its text and parents;
/// then, for a material, the collections that list it.
pub async fn node_details(app: &App, node_id: &NodeId, query: DetailsQuery) -> Result<Details, DetailsError> {
    let metadata = app.upstream.metadata(node_id, Props::All);
    let text = async {
        match query.text {
            Some(max_chars) => Some(app.upstream.text_content(node_id, max_chars).await),
            None => None,
        }
    };
    let parents = async {
        if query.parents {
            Some(
                app.upstream
                    .parents(node_id, Props::Keys(&["cclom:title", "cm:name"]))
                    .await,
            )
        } else {
            None
        }
    };
    let (metadata, text, parents) = futures::join!(metadata, text, parents);
    let node = metadata.map_err(DetailsError::Node)?;

    let mut warnings = Vec::new();
    // A material's collections: E9 after E6, then one wave of E7.
    let listing = match (query.collections, node.is_collection()) {
        (false, _) => None,
        (true, true) => {
            warnings.push(DetailsWarning::CollectionsOfCollection);
            None
        }
        (true, false) => Some(
            listed_in::collections_of(app, &node)
                .await
                .map_err(DetailsError::Listing)?,
        ),
    };
    if let Some(listing) = &listing {
        warnings.extend(
            listing
                .path_failures
                .iter()
                .map(|(title, error)| DetailsWarning::PathFailed {
                    title: title.clone(),
                    error: error.clone(),
                }),
        );
    }
    // A collection's text is its editorial compendium (read with E6).
    let compendium = node
        .first(COMPENDIUM_PROPERTY)
        .filter(|_| query.text.is_some() && node.is_collection())
        .map(str::to_string);
    let text = if compendium.is_some() { None } else { text };
    let text = match text {
        None => None,
        Some(Ok(text)) => Some(text.unwrap_or_default()),
        Some(Err(UpstreamError::NotFound | UpstreamError::Forbidden)) => Some(StoredText::default()),
        Some(Err(error)) => {
            warnings.push(DetailsWarning::TextFailed(error));
            Some(StoredText::default())
        }
    };
    // A material has no chain (WLO answers an empty list or a 500): say so
    // instead of showing "no parents".
    let parents = match parents {
        None => None,
        Some(_) if !node.is_collection() => {
            warnings.push(DetailsWarning::ParentsOfMaterial);
            Some(Vec::new())
        }
        Some(Ok(list)) => Some(parent_list(node_id.as_str(), &list.nodes)),
        Some(Err(UpstreamError::NotFound)) => Some(Vec::new()),
        Some(Err(error)) => {
            warnings.push(DetailsWarning::ParentsFailed(error));
            Some(Vec::new())
        }
    };
    Ok(Details {
        node,
        compendium,
        text,
        parents,
        listing,
        warnings,
    })
}

/// `[(id, title)]` nearest first, without the node itself, at most [`MAX_PARENTS`].
fn parent_list(node_id: &str, chain: &[Node]) -> Vec<(String, String)> {
    let mut seen = HashSet::new();
    chain
        .iter()
        .filter(|n| n.id() != node_id && !n.id().is_empty())
        .filter(|n| seen.insert(n.id().to_string()))
        .take(MAX_PARENTS)
        .map(|n| (n.id().to_string(), n.display_title().to_string()))
        .collect()
}

/// Many nodes' metadata, read in parallel.
#[derive(Debug, Clone, Default)]
pub struct Batch {
    /// Distinct entries asked for (well-formed and malformed).
    pub requested: usize,
    /// Distinct well-formed ids, each read once.
    pub wanted: usize,
    /// The nodes read, in request order.
    pub found: Vec<(NodeId, Arc<Node>)>,
    /// Malformed entries, then ids that could not be read, in request order.
    pub failed: Vec<String>,
    /// The repository failures among the reads, in id order (404 and 403 are
    /// missing nodes, not failures).
    pub repository_failures: Vec<UpstreamError>,
}

/// The metadata of every id among `entries`: normalised and de-duplicated in
/// order; malformed ids are never requested.
pub async fn nodes_details(app: &App, entries: &[String]) -> Batch {
    let mut wanted: Vec<NodeId> = Vec::new();
    let mut failed: Vec<String> = Vec::new();
    for entry in entries.iter().filter(|s| !s.is_empty()) {
        match NodeId::parse(entry) {
            Some(id) if !wanted.contains(&id) => wanted.push(id),
            Some(_) => {}
            None if !failed.contains(entry) => failed.push(entry.clone()),
            None => {}
        }
    }
    let requested = wanted.len() + failed.len();
    let reads = futures::future::join_all(wanted.iter().map(|id| app.upstream.metadata(id, Props::All))).await;
    let mut found = Vec::new();
    let mut repository_failures = Vec::new();
    let count = wanted.len();
    for (id, read) in wanted.into_iter().zip(reads) {
        match read {
            Ok(node) => found.push((id, node)),
            Err(error) => {
                if error.is_repository_failure() {
                    repository_failures.push(error);
                }
                failed.push(id.to_string());
            }
        }
    }
    Batch {
        requested,
        wanted: count,
        found,
        failed,
        repository_failures,
    }
}

/// Where a document's text came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextSource {
    Compendium,
    Fulltext,
    Description,
}

/// A node as a document: its metadata and its best text.
#[derive(Debug, Clone)]
pub struct Document {
    pub node: Arc<Node>,
    /// Untrimmed; at most `WLO_FETCH_MAX_CHARS` characters of a stored text.
    pub text: String,
    pub source: TextSource,
    /// The read stopped inside a long stored text.
    pub cut: bool,
}

/// Time kept back from a document's text read to answer within the deadline:
/// at most this, and at most a quarter of the deadline.
const ANSWER_RESERVE: Duration = Duration::from_millis(1000);

/// A node as a document: the collection's editorial compendium, else the
/// material's stored full text, else its description.
///
/// The metadata and the full-text read go out together. The repository
/// extracts a text on its first read, which can take seconds, so the text
/// read gets only what is left of the call's deadline minus a reserve for
/// answering; a text that has not arrived by then is replaced by the
/// description, never turned into an error.
pub async fn document(app: &App, id: &NodeId) -> Result<Document, UpstreamError> {
    let deadline = app.config.tool_deadline;
    let text_budget = CallScope::current().map_or(deadline, |scope| scope.remaining());
    let text_budget = text_budget.saturating_sub(ANSWER_RESERVE.min(deadline / 4));
    let text = async {
        // Past the budget the read is dropped: no answer, not a failure.
        let read = app.upstream.text_content(id, app.config.fetch_max_chars);
        match tokio::time::timeout(text_budget, read).await {
            Ok(Ok(text)) => text,
            Ok(Err(_)) | Err(_) => None,
        }
    };
    let (metadata, text) = futures::join!(app.upstream.metadata(id, Props::All), text);
    let node = metadata?;
    let compendium = node
        .first(COMPENDIUM_PROPERTY)
        .filter(|text| node.is_collection() && !text.trim().is_empty());
    let (text, source, cut) = match (compendium, text.filter(|t| !t.text.trim().is_empty())) {
        (Some(compendium), _) => (compendium.to_string(), TextSource::Compendium, false),
        (None, Some(full)) => (full.text, TextSource::Fulltext, full.cut),
        (None, None) => (node.description().to_string(), TextSource::Description, false),
    };
    Ok(Document {
        node,
        text,
        source,
        cut,
    })
}

/// What `wlo_health_check` reports.
#[derive(Debug, Clone)]
pub struct RootCheck {
    /// The root collection's title, or why it could not be read.
    pub root: Result<String, UpstreamError>,
    /// How long the root read took.
    pub latency: Duration,
    /// The shared cache tier's state, when one is configured.
    pub shared: Option<SharedHealth>,
}

/// One uncached read of the root collection, timed; then the shared cache
/// tier's state, when one is configured.
pub async fn root_check(app: &App) -> RootCheck {
    let started = Instant::now();
    let result = app
        .upstream
        .metadata_uncached(&app.config.root_collection_id, Props::All)
        .await;
    let latency = started.elapsed();
    let shared = match app.upstream.shared() {
        Some(tier) => Some(tier.health().await),
        None => None,
    };
    RootCheck {
        root: result.map(|node| node.display_title().to_string()),
        latency,
        shared,
    }
}
