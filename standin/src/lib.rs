//! # wlo-standin: a local stand-in for WLO's edu-sharing REST API
//!
//! A real HTTP server (hyper, HTTP/1.1) that answers the edu-sharing routes
//! the WLO MCP server uses, over a deterministic, seed-generated German
//! corpus or WLO's real collection tree ([`CorpusKind`]). Use it in-process
//! from tests ([`StandIn::start`]) or as the `wlo-standin` binary.
//!
//! ## Routes (base URL `http://127.0.0.1:PORT/edu-sharing`)
//! * E1 `POST /rest/search/v1/queries/-home-/mds_oeh/ngsearch`: content
//!   search. `ngsearchword` ANDs lower-cased words (substring match over
//!   title, keywords, description, or whole words only: [`MatchMode`];
//!   `*` = all); hits are ordered by a term
//!   frequency score (title ×3, keywords ×2, description ×1), then id.
//!   `cclom:title`, `cclom:general_keyword`, vocabulary URIs,
//!   `ccm:oeh_publisher_combined`, `ccm:commonlicense_key` (family) are
//!   supported; criteria are ANDed. `virtual:parent_recursive` and
//!   `virtual:primaryparent_nodeid` → 400 (no search is scoped to a
//!   collection); `skipCount > 10000` → 500; `contentType=FOLDERS|COLLECTIONS`
//!   → 0 hits; collection references are not in the index. Facets: only the
//!   object form `{"property": …}`, counted per exact stored value over the
//!   whole hit set, up to 5 × `facetLimit` buckets, and only with
//!   `facetMinCount` (without it: zero buckets); a bare-string facet drops
//!   the `facets` block from the answer.
//! * E2 `POST …/mds_oeh/collections`: collection word search with a
//!   `collection` object; never returns the subject portals; any criterion
//!   other than `ngsearchword` → 400.
//! * E4 `POST …/mds_oeh/page_variant`: topic-page variants
//!   (`ccm:page_variant_is_template`, single-valued `virtual:parent_recursive`;
//!   `ngsearchword` → 0 hits).
//! * E5 `GET /rest/node/v1/nodes/-home-/{id}/children` (`filter=files|folders`),
//!   E6 `…/metadata` (no `collection` object; 404/403),
//!   E7 `…/parents` (self first; empty `nodes` for content, 500 for topic-page
//!   nodes),
//!   E8 `…/textContent` (`{text, content}`; 403/404; a node whose extraction is
//!   pending answers `{"text": null}` on its first read, then its text).
//! * E9 `GET /rest/usage/v1/usages/node/{id}/collections`: the collections
//!   that list a material, a bare array of `{collectionUsageType, collection}`
//!   (`[]` for references and collections, 500 for unknown ids; see
//!   [`listings`]).
//!
//! `propertyFilter` must be repeated: `-all-` returns everything, a list
//! returns exactly those keys (`*_DISPLAYNAME` only if listed), a single
//! comma-joined value (or no filter) returns an empty `properties` map.
//! Top-level node fields are always present; `size` is a string. Errors use
//! edu-sharing's `{error, message, logLevel, stacktraceArray}` shape.
//!
//! ## Corpus ([`Corpus`], [`WellKnown`])
//! Root "Portale" (`5e40e372-…`) → 14 subject portals in a fixed,
//! non-alphabetical order (Mathematik first; "Ökologie und Nachhaltigkeit"
//! exercises German collation) → topic collections two to three levels deep
//! (Mathematik has 15 × 11 = 165 level-2 collections) → several hundred
//! content nodes with German titles, vocabulary URIs and labels, licences,
//! publishers, previews, URLs and stored texts. Deliberate quirks: missing
//! `_DISPLAYNAME`s, vocabulary-root URIs, Hochschul disciplines, deleted
//! placeholders ranking high, a non-public node, an index-only node, hostile
//! titles and a `javascript:` URL, and topic pages with two variants,
//! templates, broken configs, a stale second config folder and a dangling
//! variant reference. Page variants name widget nodes (`WIDGET_…`, children
//! of the variant, `ccm:widget_config`) in their swimlanes: every widget
//! shape, broken settings, crowded and too many lanes ([`topic_widgets`]).
//! Same seed → identical corpus and byte-identical
//! responses. [`WellKnown`] names the ids tests need.
//!
//! `StandInOptions { corpus: CorpusKind::Wlo2023, .. }` (`--corpus wlo-2023`)
//! serves WLO's real collection tree instead ([`Corpus::wlo_2023`]): the
//! 29 portals and 3,180 collections of openeduhub's 2023 export with their
//! real ids, titles, keywords and disciplines, no descriptions, no materials,
//! no topic pages; collection-search hits answer `childReferencesCount: null`
//! as WLO does.
//!
//! ## Word matching ([`MatchMode`])
//! `substring` (default): a lower-cased query word matches anywhere
//! ("funktion" finds "Funktionen"). `whole-word` (`--match whole-word`,
//! [`StandInOptions::match_mode`], `matchMode` in `/_control/config`): query
//! and text are cut into tokens at non-alphanumeric characters and only
//! equal tokens match: no stemming, no substrings, no umlaut folding. It
//! applies to E1's and E2's `ngsearchword` and E1's `cclom:title`.
//!
//! ## Preview images
//! `GET /edu-sharing/preview?nodeId=<id>` (the `preview.url` of every node)
//! answers a small PNG derived from the id ([`preview`]), outside the request
//! log, the counters and the faults: browsers read it, never the server.
//!
//! ## Control
//! In-process: [`Control`] (latency/jitter, stragglers (a seeded share of
//! requests that take a fixed extra time), text delay, extraction delay (the
//! first `/textContent` of each node), [`Fault`]s, per-node
//! 403/404, counters, request log, reset). Over HTTP (never affected by
//! faults or latency): `GET /_control/stats`, `GET /_control/log`,
//! `GET|POST /_control/config` (`{latencyMs?, jitterMs?, textDelayMs?, extractionDelayMs?,
//! stragglerPermille?, stragglerMs?, fault?: "none"|"down"|"slow"|"error500"|"garbage"|"oversized"|"oversizedstream"|"gzipbomb",
//! nodeFaults?: {id: 403|404}, longTextBytes?, matchMode?: "substring"|"whole-word"}`; the oversized faults and
//! long texts are generated while sent, see [`oversized`];
//! `nodeFaults` replaces the map), `POST /_control/reset`,
//! `POST /_control/log/clear`, `GET /_control/ground-truth` (the [`Corpus`]
//! as JSON; [`Corpus::from_json`] reads it back).
//!
//! ## Recorded answers
//! [`Corpus::add_recorded`] hangs a collection recorded from WLO (its
//! sub-collections and materials as the repository answered them) into a
//! corpus, for tests of real records ([`recorded`]).

mod api;
mod compendia;
pub mod corpus;
mod corpus_data;
pub mod judged;
pub mod listings;
mod matching;
pub mod oversized;
pub mod preview;
pub mod recorded;
mod render;
pub mod rng;
mod server;
mod texts;
pub mod topic_widgets;
pub mod vocab;

pub use api::Route;
pub use corpus::{
    Corpus, CorpusCounts, CorpusKind, DEFAULT_SEED, NodeKind, NodeRecord, PreviewRecord, ROOT_ID, TopicPageRecord,
    WellKnown,
};
pub use listings::{ListingIds, UsageProposal};
pub use matching::MatchMode;
pub use recorded::{RecordedCollection, RecordedIds};
pub use render::PropFilter;
pub use server::{
    ConfigState, ConfigUpdate, Control, Fault, LogEntry, SLOW_HOLD, StandIn, StandInOptions, Stats, sequential_waves,
};
pub use topic_widgets::TopicContentIds;
