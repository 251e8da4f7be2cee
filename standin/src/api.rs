//! The edu-sharing REST routes (E1, E2, E4–E8) over the corpus.
//!
//! Everything here is synchronous and pure: it maps a parsed request to a
//! status code and a JSON body. Latency, faults and counters live in
//! `server.rs`.

use crate::corpus::{Corpus, CorpusKind, NodeKind, NodeRecord, STORE_REF_PREFIX};
use crate::matching::{MatchMode, Tokens, count_equal};
use crate::render::{CollectionOut, NodeView, PropFilter};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// Named upstream routes (the keys of the per-route counters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Route {
    Ngsearch,
    Collections,
    PageVariant,
    Children,
    Metadata,
    Parents,
    TextContent,
    Usages,
    Other,
}

impl Route {
    pub const ALL: [Route; 9] = [
        Route::Ngsearch,
        Route::Collections,
        Route::PageVariant,
        Route::Children,
        Route::Metadata,
        Route::Parents,
        Route::TextContent,
        Route::Usages,
        Route::Other,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Route::Ngsearch => "ngsearch",
            Route::Collections => "collections",
            Route::PageVariant => "page_variant",
            Route::Children => "children",
            Route::Metadata => "metadata",
            Route::Parents => "parents",
            Route::TextContent => "textContent",
            Route::Usages => "usages",
            Route::Other => "other",
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A finished JSON response.
#[derive(Debug)]
pub struct ApiResponse {
    pub status: u16,
    pub body: Vec<u8>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ErrorOut<'a> {
    error: &'a str,
    message: &'a str,
    log_level: &'a str,
    stacktrace_array: [&'a str; 0],
}

/// An edu-sharing `ErrorResponse`.
pub fn error(status: u16, error: &str, message: &str) -> ApiResponse {
    let log_level = if status >= 500 { "error" } else { "info" };
    let body = serde_json::to_vec(&ErrorOut {
        error,
        message,
        log_level,
        stacktrace_array: [],
    })
    .unwrap_or_else(|_| b"{}".to_vec());
    ApiResponse { status, body }
}

pub fn bad_request(message: &str) -> ApiResponse {
    error(400, "org.edu_sharing.restservices.DAOValidationException", message)
}
pub fn not_found() -> ApiResponse {
    missing("Node does not exist")
}
/// A 404 `DAOMissingException` (node, repository or metadata set).
fn missing(what: &str) -> ApiResponse {
    error(404, "org.edu_sharing.restservices.DAOMissingException", what)
}
pub fn forbidden() -> ApiResponse {
    error(
        403,
        "org.edu_sharing.restservices.DAOSecurityException",
        "Access denied: the current user has no permission to read this node",
    )
}
pub fn access_denied_500() -> ApiResponse {
    error(
        500,
        "org.alfresco.repo.security.permissions.AccessDeniedException",
        "Access Denied.  You do not have the appropriate permissions to perform this operation.",
    )
}
pub fn server_error(message: &str) -> ApiResponse {
    error(500, "org.edu_sharing.restservices.DAOException", message)
}
/// The fault key that makes every search asking for facets fail (see
/// `Control::set_facet_fault`); node ids are UUIDs, so it names no node.
pub const FACET_FAULT: &str = "facets";

/// The error body for a configured per-node fault.
pub fn node_fault(status: u16) -> ApiResponse {
    match status {
        403 => forbidden(),
        404 => not_found(),
        s => error(s, "org.edu_sharing.restservices.DAOException", "Simulated node fault"),
    }
}

fn ok<T: Serialize>(v: &T) -> ApiResponse {
    match serde_json::to_vec(v) {
        Ok(body) => ApiResponse { status: 200, body },
        Err(_) => server_error("serialisation failed"),
    }
}

// ---------------------------------------------------------------------------
// Request parsing helpers
// ---------------------------------------------------------------------------

fn hex(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Percent-decode; `plus_space` turns `+` into a space (query strings).
pub fn percent_decode(s: &str, plus_space: bool) -> Result<String, ApiResponse> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                let hi = b.get(i + 1).copied().and_then(hex);
                let lo = b.get(i + 2).copied().and_then(hex);
                match (hi, lo) {
                    (Some(h), Some(l)) => {
                        out.push(h * 16 + l);
                        i += 3;
                    }
                    _ => return Err(bad_request("malformed percent-encoding")),
                }
            }
            b'+' if plus_space => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| bad_request("invalid UTF-8 in request"))
}

/// Parse a raw query string, keeping repeated keys in order.
pub fn parse_query(q: Option<&str>) -> Result<Vec<(String, String)>, ApiResponse> {
    let mut out = Vec::new();
    for part in q.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
        let (k, v) = part.split_once('=').unwrap_or((part, ""));
        out.push((percent_decode(k, true)?, percent_decode(v, true)?));
    }
    Ok(out)
}

struct Params(Vec<(String, String)>);

impl Params {
    fn one(&self, key: &str) -> Option<&str> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }
    fn all(&self, key: &str) -> Vec<String> {
        self.0
            .iter()
            .filter(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
            .collect()
    }
    fn int(&self, key: &str, default: usize) -> Result<usize, ApiResponse> {
        match self.one(key) {
            None => Ok(default),
            Some(v) if v.trim().is_empty() => Ok(default),
            Some(v) => match v.trim().parse::<i64>() {
                Ok(n) if n >= 0 => Ok(n as usize),
                Ok(_) => Err(bad_request(&format!("{key} must not be negative"))),
                Err(_) => Err(bad_request(&format!("{key} is not a number: {v}"))),
            },
        }
    }
    fn prop_filter(&self) -> PropFilter {
        PropFilter::from_values(&self.all("propertyFilter"))
    }
}

#[derive(Serialize)]
struct Pagination {
    total: usize,
    from: usize,
    count: usize,
}

#[derive(Serialize)]
struct FacetValue {
    value: String,
    count: usize,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FacetOut {
    property: String,
    values: Vec<FacetValue>,
    sum_other_doc_count: usize,
}

#[derive(Serialize)]
struct SearchOut<'a> {
    nodes: Vec<NodeView<'a>>,
    pagination: Pagination,
    /// Absent when the request named a facet as a bare string.
    #[serde(skip_serializing_if = "Option::is_none")]
    facets: Option<Vec<FacetOut>>,
}

#[derive(Serialize)]
struct EntriesOut<'a> {
    nodes: Vec<NodeView<'a>>,
    pagination: Pagination,
}

#[derive(Serialize)]
struct EntryOut<'a> {
    node: NodeView<'a>,
}

#[derive(Serialize)]
struct ParentsOut<'a> {
    scope: &'static str,
    nodes: Vec<NodeView<'a>>,
    pagination: Pagination,
}

/// One entry of the E9 answer.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct UsageOut<'a> {
    app_id: &'static str,
    node_id: &'a str,
    collection_usage_type: &'a str,
    created: &'a str,
    collection: NodeView<'a>,
}

#[derive(Serialize)]
struct TextOut<'a> {
    text: Option<&'a str>,
    content: Option<&'a str>,
}

// ---------------------------------------------------------------------------
// Search criteria
// ---------------------------------------------------------------------------

struct Body {
    criteria: Vec<(String, Vec<String>)>,
    facets: Facets,
    facet_limit: usize,
    /// Without it edu-sharing answers every facet with zero buckets.
    facet_min_count: Option<usize>,
}

/// What the request's `facets` asks for, as edu-sharing reads it.
enum Facets {
    /// Object form `{"property": …}` (possibly none at all).
    Properties(Vec<String>),
    /// A bare string among them: the answer has no `facets` block.
    Ignored,
}

fn parse_body(bytes: &[u8]) -> Result<Body, ApiResponse> {
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(bad_request("request body (SearchParameters) is required"));
    }
    let v: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|e| bad_request(&format!("request body is not valid JSON: {e}")))?;
    let obj = v
        .as_object()
        .ok_or_else(|| bad_request("request body must be a JSON object"))?;
    let mut criteria = Vec::new();
    match obj.get("criteria") {
        None | Some(serde_json::Value::Null) => {}
        Some(serde_json::Value::Array(items)) => {
            for c in items {
                let property = c
                    .get("property")
                    .and_then(|p| p.as_str())
                    .ok_or_else(|| bad_request("every criterion needs a string 'property'"))?;
                let values = match c.get("values") {
                    None | Some(serde_json::Value::Null) => Vec::new(),
                    Some(serde_json::Value::Array(vs)) => vs
                        .iter()
                        .map(|x| x.as_str().map(str::to_string))
                        .collect::<Option<Vec<_>>>()
                        .ok_or_else(|| bad_request("criterion values must be strings"))?,
                    Some(_) => return Err(bad_request("criterion 'values' must be an array")),
                };
                criteria.push((property.to_string(), values));
            }
        }
        Some(_) => return Err(bad_request("'criteria' must be an array")),
    }
    let mut facets = Facets::Properties(Vec::new());
    match obj.get("facets") {
        None | Some(serde_json::Value::Null) => {}
        Some(serde_json::Value::Array(items)) => {
            let mut properties = Vec::new();
            for f in items {
                if f.is_string() {
                    facets = Facets::Ignored;
                    break;
                }
                let p = f
                    .get("property")
                    .and_then(|p| p.as_str())
                    .ok_or_else(|| bad_request("facets must be {property} objects"))?;
                if p == "ccm:commonlicense_cc_version" {
                    return Err(bad_request(&format!("{p} is not facetable")));
                }
                properties.push(p.to_string());
            }
            if let Facets::Properties(list) = &mut facets {
                *list = properties;
            }
        }
        Some(_) => return Err(bad_request("'facets' must be an array")),
    }
    let num = |key: &str, default: usize| -> Result<usize, ApiResponse> {
        match obj.get(key) {
            None | Some(serde_json::Value::Null) => Ok(default),
            Some(v) => v
                .as_u64()
                .map(|n| n as usize)
                .ok_or_else(|| bad_request(&format!("'{key}' must be a non-negative integer"))),
        }
    };
    let facet_min_count = match obj.get("facetMinCount") {
        None | Some(serde_json::Value::Null) => None,
        Some(_) => Some(num("facetMinCount", 0)?),
    };
    Ok(Body {
        criteria,
        facets,
        facet_limit: num("facetLimit", 10)?,
        facet_min_count,
    })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Ngsearch,
    Collections,
    PageVariant,
}

enum Cond {
    /// AND of words over title/keywords/description (empty = everything).
    Words(Vec<String>),
    /// Matches nothing.
    Never,
    /// Any value: all its words occur in the title.
    Title(Vec<Vec<String>>),
    /// Any value equals one of the keywords (case-insensitive).
    Keyword(Vec<String>),
    /// URI membership (exact).
    Exact(String, Vec<String>),
    /// Case-insensitive substring of the publisher.
    Publisher(Vec<String>),
    /// Direct children of one of these ids.
    Parent(Vec<String>),
    /// Licence family: the key equals the value or starts with `value_`.
    License(String),
    /// Case-insensitive membership on any other property.
    Generic(String, Vec<String>),
    /// Descendant of this id.
    ParentRecursive(String),
}

fn strip_ref(s: &str) -> &str {
    s.trim().trim_start_matches(STORE_REF_PREFIX)
}

fn build_conds(criteria: &[(String, Vec<String>)], mode: Mode, matching: MatchMode) -> Result<Vec<Cond>, ApiResponse> {
    let mut out = Vec::new();
    for (prop, values) in criteria {
        let values: Vec<String> = values.iter().filter(|v| !v.trim().is_empty()).cloned().collect();
        if mode == Mode::Collections && prop != "ngsearchword" {
            return Err(bad_request(&format!(
                "{prop} is not a valid criterion for query collections"
            )));
        }
        match prop.as_str() {
            "ngsearchword" => {
                if mode == Mode::PageVariant {
                    out.push(Cond::Never);
                } else {
                    out.push(Cond::Words(matching.query_words(&values)));
                }
            }
            "virtual:parent_recursive" => match mode {
                Mode::Ngsearch => {
                    return Err(bad_request("virtual:parent_recursive is not allowed for this query"));
                }
                _ => {
                    if values.len() != 1 {
                        return Err(bad_request(
                            "InvalidParameterException: virtual:parent_recursive is a non-multivalue field",
                        ));
                    }
                    out.push(Cond::ParentRecursive(strip_ref(&values[0]).to_string()));
                }
            },
            "virtual:license" | "ccm:license" | "ccm:price" | "ccm:containsAdvertisement" if mode == Mode::Ngsearch => {
                return Err(bad_request(&format!("{prop} is not a valid criterion for this query")));
            }
            _ if values.is_empty() => {}
            "cclom:title" => out.push(Cond::Title(
                values
                    .iter()
                    .map(|v| matching.query_words(std::slice::from_ref(v)))
                    .collect(),
            )),
            "cclom:general_keyword" => {
                out.push(Cond::Keyword(values.iter().map(|v| v.trim().to_lowercase()).collect()))
            }
            "ccm:taxonid"
            | "ccm:educationalcontext"
            | "ccm:educationalintendedenduserrole"
            | "ccm:oeh_lrt_aggregated"
            | "ccm:oeh_lrt" => out.push(Cond::Exact(
                prop.clone(),
                values.iter().map(|v| v.trim().to_string()).collect(),
            )),
            "ccm:oeh_publisher_combined" => out.push(Cond::Publisher(
                values.iter().map(|v| v.trim().to_lowercase()).collect(),
            )),
            // No content search scoped to a collection exists.
            "virtual:primaryparent_nodeid" if mode == Mode::Ngsearch => {
                return Err(bad_request(&format!("{prop} is not allowed for this query")));
            }
            "virtual:primaryparent_nodeid" => {
                out.push(Cond::Parent(values.iter().map(|v| strip_ref(v).to_string()).collect()))
            }
            "ccm:commonlicense_key" if mode == Mode::Ngsearch => {
                if values.len() > 1 {
                    return Err(bad_request("ccm:commonlicense_key accepts only one value"));
                }
                out.push(Cond::License(values[0].trim().to_uppercase()));
            }
            _ => out.push(Cond::Generic(
                prop.clone(),
                values.iter().map(|v| v.trim().to_lowercase()).collect(),
            )),
        }
    }
    Ok(out)
}

/// Lower-cased searchable text of a node.
struct Lc {
    title: String,
    keywords: Vec<String>,
    description: String,
    publisher: Vec<String>,
}

// ---------------------------------------------------------------------------
// The API
// ---------------------------------------------------------------------------

/// A request as the API sees it.
pub struct Req<'a> {
    pub method: &'a str,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub body: &'a [u8],
    /// The first `/textContent` of this node since start or reset.
    pub first_text_read: bool,
    /// How the keyword searches match words.
    pub match_mode: MatchMode,
}

pub struct Api {
    pub corpus: Arc<Corpus>,
    pub base: String,
    lc: Vec<Lc>,
    /// The searchable text as tokens, cut on the first whole-word search.
    tokens: OnceLock<Vec<Tokens>>,
    child_collections: Vec<usize>,
    child_refs: Vec<usize>,
}

const REST: &str = "/edu-sharing/rest/";

/// Classify a path into a route name (for counters), without validating it.
pub fn classify(path: &str) -> Route {
    let Some(rest) = path.strip_prefix(REST) else {
        return Route::Other;
    };
    let seg: Vec<&str> = rest.split('/').collect();
    match seg.as_slice() {
        ["search", "v1", "queries", _, _, q] => match *q {
            "ngsearch" => Route::Ngsearch,
            "collections" => Route::Collections,
            "page_variant" => Route::PageVariant,
            _ => Route::Other,
        },
        ["node", "v1", "nodes", _, _, op] => match *op {
            "children" => Route::Children,
            "metadata" => Route::Metadata,
            "parents" => Route::Parents,
            "textContent" => Route::TextContent,
            _ => Route::Other,
        },
        ["usage", "v1", "usages", "node", _, "collections"] => Route::Usages,
        _ => Route::Other,
    }
}

impl Api {
    pub fn new(corpus: Arc<Corpus>, base: String) -> Api {
        let lc = corpus
            .nodes
            .iter()
            .map(|n| Lc {
                title: n.title.to_lowercase(),
                keywords: n.keywords.iter().map(|k| k.to_lowercase()).collect(),
                description: n.description.to_lowercase(),
                publisher: n
                    .properties
                    .get("ccm:oeh_publisher_combined")
                    .map(|v| v.iter().map(|p| p.to_lowercase()).collect())
                    .unwrap_or_default(),
            })
            .collect();
        let mut child_collections = vec![0; corpus.nodes.len()];
        let mut child_refs = vec![0; corpus.nodes.len()];
        for (i, n) in corpus.nodes.iter().enumerate() {
            for c in corpus.children_idx(&n.id) {
                match corpus.nodes[*c].kind {
                    NodeKind::Collection => child_collections[i] += 1,
                    NodeKind::Content if !corpus.nodes[*c].index_only => child_refs[i] += 1,
                    _ => {}
                }
            }
        }
        Api {
            corpus,
            base,
            lc,
            tokens: OnceLock::new(),
            child_collections,
            child_refs,
        }
    }

    /// Handle one request. `fault_of` returns a configured per-node fault.
    pub fn handle(&self, req: &Req, fault_of: &dyn Fn(&str) -> Option<u16>) -> ApiResponse {
        let Some(rest) = req.path.strip_prefix(REST) else {
            return error(404, "javax.ws.rs.NotFoundException", "HTTP 404 Not Found");
        };
        let params = match parse_query(req.query) {
            Ok(p) => Params(p),
            Err(e) => return e,
        };
        let seg: Vec<&str> = rest.split('/').collect();
        let method_not_allowed = || error(405, "javax.ws.rs.NotAllowedException", "HTTP 405 Method Not Allowed");
        match seg.as_slice() {
            ["search", "v1", "queries", repo, mds, query] => {
                if req.method != "POST" {
                    return method_not_allowed();
                }
                if *repo != "-home-" {
                    return missing("Repository does not exist");
                }
                if *mds != "mds_oeh" && *mds != "-default-" {
                    return missing("Metadata set does not exist");
                }
                let mode = match *query {
                    "ngsearch" => Mode::Ngsearch,
                    "collections" => Mode::Collections,
                    "page_variant" => Mode::PageVariant,
                    other => {
                        return bad_request(&format!("query {other} is not defined in metadata set mds_oeh"));
                    }
                };
                self.search(mode, &params, req, fault_of)
            }
            ["node", "v1", "nodes", repo, id, op] => {
                if req.method != "GET" {
                    return method_not_allowed();
                }
                if *repo != "-home-" {
                    return missing("Repository does not exist");
                }
                let id = match percent_decode(id, false) {
                    Ok(id) => id,
                    Err(e) => return e,
                };
                if !matches!(*op, "children" | "metadata" | "parents" | "textContent") {
                    return error(404, "javax.ws.rs.NotFoundException", "HTTP 404 Not Found");
                }
                if let Some(status) = fault_of(&id) {
                    return node_fault(status);
                }
                let Some(idx) = self.corpus.index_of(&id).filter(|i| !self.corpus.nodes[*i].index_only) else {
                    return not_found();
                };
                let rec = &self.corpus.nodes[idx];
                if !rec.is_public {
                    return forbidden();
                }
                match *op {
                    "children" => self.children(rec, &params),
                    "metadata" => {
                        let filter = params.prop_filter();
                        ok(&EntryOut {
                            node: self.view(rec, &filter, false),
                        })
                    }
                    "parents" => self.parents(rec, &params),
                    _ => self.text_content(rec, req.first_text_read),
                }
            }
            ["usage", "v1", "usages", "node", id, "collections"] => {
                if req.method != "GET" {
                    return method_not_allowed();
                }
                let id = match percent_decode(id, false) {
                    Ok(id) => id,
                    Err(e) => return e,
                };
                if let Some(status) = fault_of(&id) {
                    return node_fault(status);
                }
                self.usages(&id)
            }
            _ => error(404, "javax.ws.rs.NotFoundException", "HTTP 404 Not Found"),
        }
    }

    /// E9: a bare array of the collections that list a material.
    fn usages(&self, id: &str) -> ApiResponse {
        let Some(usages) = self.corpus.usages(id) else {
            // edu-sharing fails inside the usage service for an unknown node.
            return server_error(&format!("java.lang.NullPointerException: node {id} has no usages"));
        };
        let filter = PropFilter::All;
        let out: Vec<UsageOut> = usages
            .into_iter()
            .map(|(kind, collection)| UsageOut {
                app_id: "-home-",
                node_id: id,
                collection_usage_type: kind,
                created: &collection.modified_at,
                collection: self.view(collection, &filter, true),
            })
            .collect();
        match serde_json::to_vec(&out) {
            Ok(body) => ApiResponse { status: 200, body },
            Err(_) => server_error("serialisation failed"),
        }
    }

    fn view<'a>(&'a self, rec: &'a NodeRecord, filter: &'a PropFilter, with_collection: bool) -> NodeView<'a> {
        let collection = if with_collection && rec.kind.is_collection() {
            let i = self.corpus.index_of(&rec.id).unwrap_or(0);
            Some(CollectionOut {
                title: &rec.title,
                description: &rec.description,
                type_: "EDITORIAL",
                viewtype: "ICONS",
                scope: "EDU_ALL",
                from_user: false,
                pinned: false,
                color: "#759CB7",
                child_collections_count: self.child_collections[i],
                // WLO answers `null` on its real collections.
                child_references_count: match self.corpus.kind {
                    CorpusKind::Generated => Some(self.child_refs[i]),
                    CorpusKind::Wlo2023 => None,
                },
            })
        } else {
            None
        };
        NodeView {
            rec,
            base: &self.base,
            filter,
            collection,
        }
    }

    /// The searchable text of every node as tokens (cut once, on first use:
    /// most stand-ins never search whole words).
    fn tokens(&self) -> &[Tokens] {
        self.tokens.get_or_init(|| {
            self.corpus
                .nodes
                .iter()
                .map(|n| Tokens::new(&n.title, &n.keywords, &n.description))
                .collect()
        })
    }

    /// How often `word` occurs in node `i`'s title, keywords and description.
    fn occurrences(&self, i: usize, word: &str, matching: MatchMode) -> (u64, u64, u64) {
        match matching {
            MatchMode::Substring => {
                let lc = &self.lc[i];
                (
                    lc.title.matches(word).count() as u64,
                    lc.keywords.iter().map(|k| k.matches(word).count() as u64).sum(),
                    lc.description.matches(word).count() as u64,
                )
            }
            MatchMode::WholeWord => {
                let t = &self.tokens()[i];
                (
                    count_equal(&t.title, word),
                    count_equal(&t.keywords, word),
                    count_equal(&t.description, word),
                )
            }
        }
    }

    fn matches(&self, i: usize, conds: &[Cond], matching: MatchMode) -> Option<u64> {
        let n = &self.corpus.nodes[i];
        let lc = &self.lc[i];
        let mut score = 0u64;
        for c in conds {
            let pass = match c {
                Cond::Never => false,
                Cond::Words(words) => {
                    for w in words {
                        let (t, k, d) = self.occurrences(i, w, matching);
                        if t + k + d == 0 {
                            return None;
                        }
                        score += 3 * t + 2 * k + d;
                    }
                    true
                }
                Cond::Title(values) => values
                    .iter()
                    .any(|ws| !ws.is_empty() && ws.iter().all(|w| self.occurrences(i, w, matching).0 > 0)),
                Cond::Keyword(values) => values.iter().any(|v| lc.keywords.iter().any(|k| k == v)),
                Cond::Exact(prop, values) => n
                    .properties
                    .get(prop)
                    .is_some_and(|have| have.iter().any(|h| values.iter().any(|v| v == h))),
                Cond::Publisher(values) => values
                    .iter()
                    .any(|v| lc.publisher.iter().any(|p| p.contains(v.as_str()))),
                Cond::Parent(ids) => n.parent_id.as_deref().is_some_and(|p| ids.iter().any(|i| i == p)),
                Cond::License(family) => n.license_key.as_deref().is_some_and(|k| {
                    k == family || (k.starts_with(family.as_str()) && k[family.len()..].starts_with('_'))
                }),
                Cond::Generic(prop, values) => n
                    .properties
                    .get(prop)
                    .is_some_and(|have| have.iter().any(|h| values.iter().any(|v| *v == h.to_lowercase()))),
                Cond::ParentRecursive(anc) => self.corpus.is_descendant_of(&n.id, anc),
            };
            if !pass {
                return None;
            }
        }
        Some(score)
    }

    fn search(&self, mode: Mode, params: &Params, req: &Req, fault_of: &dyn Fn(&str) -> Option<u16>) -> ApiResponse {
        let content_type = params.one("contentType").unwrap_or(match mode {
            Mode::Ngsearch => "FILES",
            Mode::Collections => "COLLECTIONS",
            Mode::PageVariant => "ALL",
        });
        let ct = content_type.to_ascii_uppercase();
        if !matches!(
            ct.as_str(),
            "FILES" | "FILES_AND_FOLDERS" | "FOLDERS" | "COLLECTIONS" | "ALL" | "COLLECTION_PROPOSALS"
        ) {
            return bad_request(&format!("unknown contentType {content_type}"));
        }
        let max = match params.int("maxItems", 10) {
            Ok(v) => v,
            Err(e) => return e,
        };
        let skip = match params.int("skipCount", 0) {
            Ok(v) => v,
            Err(e) => return e,
        };
        if skip > 10_000 {
            return server_error("Result window is too large, from + size must be less than or equal to: [10000]");
        }
        let filter = params.prop_filter();
        let body = match parse_body(req.body) {
            Ok(b) => b,
            Err(e) => return e,
        };
        if matches!(&body.facets, Facets::Properties(list) if !list.is_empty())
            && let Some(status) = fault_of(FACET_FAULT)
        {
            return node_fault(status);
        }
        let conds = match build_conds(&body.criteria, mode, req.match_mode) {
            Ok(c) => c,
            Err(e) => return e,
        };
        let kind_ok = |k: NodeKind| match mode {
            Mode::Ngsearch => k == NodeKind::Content && matches!(ct.as_str(), "FILES" | "FILES_AND_FOLDERS" | "ALL"),
            Mode::Collections => k == NodeKind::Collection,
            Mode::PageVariant => k == NodeKind::Variant,
        };
        let mut hits: Vec<(u64, usize)> = Vec::new();
        for (i, n) in self.corpus.nodes.iter().enumerate() {
            if !kind_ok(n.kind) || n.original_id.is_some() {
                continue;
            }
            if let Some(s) = self.matches(i, &conds, req.match_mode) {
                hits.push((s, i));
            }
        }
        if mode != Mode::PageVariant {
            let nodes = &self.corpus.nodes;
            hits.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| nodes[a.1].id.cmp(&nodes[b.1].id)));
        }
        let facets = match (&body.facets, mode) {
            (Facets::Ignored, _) => None,
            (Facets::Properties(properties), Mode::Ngsearch) => Some(self.facets(&hits, properties, &body)),
            (Facets::Properties(_), _) => Some(Vec::new()),
        };
        let total = hits.len();
        let page: Vec<NodeView> = hits
            .iter()
            .skip(skip)
            .take(max)
            .map(|(_, i)| self.view(&self.corpus.nodes[*i], &filter, mode == Mode::Collections))
            .collect();
        let count = page.len();
        ok(&SearchOut {
            nodes: page,
            pagination: Pagination {
                total,
                from: skip,
                count,
            },
            facets,
        })
    }

    /// Exact stored values counted over the whole hit set; without
    /// `facetMinCount` every facet has zero buckets.
    fn facets(&self, hits: &[(u64, usize)], properties: &[String], body: &Body) -> Vec<FacetOut> {
        let mut out = Vec::new();
        for prop in properties {
            let Some(min_count) = body.facet_min_count else {
                out.push(FacetOut {
                    property: prop.clone(),
                    values: Vec::new(),
                    sum_other_doc_count: 0,
                });
                continue;
            };
            let mut counts: HashMap<&str, usize> = HashMap::new();
            for (_, i) in hits {
                if let Some(vals) = self.corpus.nodes[*i].properties.get(prop) {
                    let mut seen: Vec<&str> = Vec::new();
                    for v in vals {
                        if !seen.contains(&v.as_str()) {
                            seen.push(v);
                            *counts.entry(v.as_str()).or_default() += 1;
                        }
                    }
                }
            }
            let mut buckets: Vec<(&str, usize)> = counts.into_iter().filter(|(_, c)| *c >= min_count.max(1)).collect();
            buckets.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
            // edu-sharing answers with up to 5 × facetLimit buckets (per-shard limit).
            let limit = body.facet_limit.saturating_mul(5);
            let other: usize = buckets.iter().skip(limit).map(|b| b.1).sum();
            buckets.truncate(limit);
            out.push(FacetOut {
                property: prop.clone(),
                values: buckets
                    .into_iter()
                    .map(|(v, c)| FacetValue {
                        value: v.to_string(),
                        count: c,
                    })
                    .collect(),
                sum_other_doc_count: other,
            });
        }
        out
    }

    fn children(&self, rec: &NodeRecord, params: &Params) -> ApiResponse {
        let mut files = false;
        let mut folders = false;
        for f in params.all("filter") {
            for part in f.split(',') {
                match part.trim() {
                    "files" => files = true,
                    "folders" => folders = true,
                    _ => {}
                }
            }
        }
        if !files && !folders {
            files = true;
            folders = true;
        }
        let max = match params.int("maxItems", 500) {
            Ok(v) => v,
            Err(e) => return e,
        };
        let skip = match params.int("skipCount", 0) {
            Ok(v) => v,
            Err(e) => return e,
        };
        let filter = params.prop_filter();
        let list: Vec<&NodeRecord> = self
            .corpus
            .children_idx(&rec.id)
            .iter()
            .map(|i| &self.corpus.nodes[*i])
            .filter(|n| n.is_public && !n.index_only)
            .filter(|n| if n.kind == NodeKind::Content { files } else { folders })
            .collect();
        let total = list.len();
        let nodes: Vec<NodeView> = list
            .into_iter()
            .skip(skip)
            .take(max)
            .map(|n| self.view(n, &filter, false))
            .collect();
        let count = nodes.len();
        ok(&EntriesOut {
            nodes,
            pagination: Pagination {
                total,
                from: skip,
                count,
            },
        })
    }

    fn parents(&self, rec: &NodeRecord, params: &Params) -> ApiResponse {
        // Anonymous callers get 500 for anything inside a page-config folder
        // (the folder itself, its variants and their widgets), and no chain for content.
        if matches!(rec.kind, NodeKind::ConfigFolder | NodeKind::Variant | NodeKind::Widget) {
            return access_denied_500();
        }
        let filter = params.prop_filter();
        let chain = if rec.kind == NodeKind::Content {
            Vec::new()
        } else {
            self.corpus.chain(&rec.id)
        };
        let nodes: Vec<NodeView> = chain.into_iter().map(|n| self.view(n, &filter, false)).collect();
        let total = nodes.len();
        ok(&ParentsOut {
            scope: "COLLECTION",
            nodes,
            pagination: Pagination {
                total,
                from: 0,
                count: total,
            },
        })
    }

    fn text_content(&self, rec: &NodeRecord, first_read: bool) -> ApiResponse {
        if rec.text_content_forbidden {
            return forbidden();
        }
        // A pending extraction answers "no text yet" once, then the text.
        let t = rec
            .text_content
            .as_deref()
            .filter(|_| !(rec.text_pending && first_read));
        ok(&TextOut { text: t, content: t })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_parsing_keeps_repeats() {
        let q = parse_query(Some("propertyFilter=cclom%3Atitle&propertyFilter=ccm:taxonid&a=b+c"))
            .ok()
            .unwrap_or_default();
        assert_eq!(q.len(), 3);
        assert_eq!(q[0], ("propertyFilter".into(), "cclom:title".into()));
        assert_eq!(q[2].1, "b c");
        assert!(parse_query(Some("x=%zz")).is_err());
        assert!(parse_query(Some("x=%ff")).is_err());
    }

    #[test]
    fn classify_routes() {
        assert_eq!(
            classify("/edu-sharing/rest/search/v1/queries/-home-/mds_oeh/ngsearch"),
            Route::Ngsearch
        );
        assert_eq!(
            classify("/edu-sharing/rest/node/v1/nodes/-home-/x/textContent"),
            Route::TextContent
        );
        assert_eq!(classify("/edu-sharing/rest/node/v1/nodes/-home-/x"), Route::Other);
    }
}
