//! Collection search: one function for every search of collections
//! (`search_wlo_collections`, the collection and topic-page pots of
//! `search_wlo_all` and `search`, `search_wlo_topic_pages` by topic).
//!
//! **By keyword** (no `parentNodeId`), in at most three sequential waves:
//! 1. the keyword searches (E2) of the query — its topic words together and
//!    alone, their other forms and spellings, for an index that matches
//!    whole words as written (`query::keyword_searches`) — ‖ the subject
//!    portals (the root's sub-collections; the keyword search never returns
//!    them). The portals that match the query join the keyword hits, and
//!    everything is ranked as a teacher reads the tree
//!    ([`TreeRanking`]: tiers, the subject's collections first, the topic
//!    guard).
//! 2. Only when no title is the topic (its words and no others, in the
//!    subject the query names: the keyword search returns its first hits
//!    only, and such a title may be beyond them), and only when the caller
//!    allows it: the tree index
//!    ([`tree_index`]: every collection, read once and cached) matched
//!    locally — the collections whose title, keywords or description name
//!    every topic word in some form, spelling or as a compound's part,
//!    those whose title names some of them and whose ancestors' titles the
//!    rest ("Standardmodell" below "Teilchenphysik"), and the portals'
//!    sub-collections that name one of them.
//! 3. Only if still no title names it: the keyword searches of the query
//!    with its compounds split against the index's dictionary (not when a
//!    part is unknown and the known ones are short: "Vogel|grippe" is no
//!    bird, "Trinkwasser|aufbereitung" is about drinking water), else corrected, else
//!    with its topic words continued by the dictionary's words that start
//!    with them ("Vulkane" → "Vulkanismus": a whole-word index finds no
//!    derivation), and the index matched against it (`rescue.rs`). It
//!    answers when it names more of its topic than the query as typed, or
//!    as much when it fixed a slip in a word the whole tree lacks to a
//!    word a first collection writes ("Demokartie im alten Athen"); when
//!    it split off a compound's short, concrete last part, which makes
//!    another topic of the first ("Tier|spuren", "Sonnen|brand"), only if
//!    a first collection names that part. An answer from such a query
//!    says so (`relaxed_query`).
//!
//! **Below a collection** (`parentNodeId`): a walk of its subtree, three
//! levels in three waves (its sub-collections, theirs, and those below the
//! ones that name the most topic words), matched locally; no keyword
//! search. **Without a
//! query**: the portals, or the parent's sub-collections, in repository
//! order.
//!
//! The vocabulary filters are applied locally and what no list may show
//! never appears.

use std::collections::BTreeSet;
use std::sync::Arc;

mod rescue;

use self::rescue::{
    Rescue, names_a_fixed_slip_beside, names_concrete_heads, names_keyword_heads, rescue, titles_a_correction,
    titles_a_fixed_slip,
};
use super::SearchWarning;
use super::filters::Filters;
use super::pool::Visibility;
use super::pool::collections::{keyword_wave, portals, sub_collection_wave, sub_collections};
use super::pool::index::tree_index;
use super::query::{Query, fold, keyword_searches, tokens};
use super::ranking::{Coverage, TreeRanking};
use crate::app::App;
use crate::ids::NodeId;
use crate::upstream::{Node, NodeList, UpstreamError};

/// Level-1 listing size (below a parent).
const LEVEL1_MAX: u32 = 100;
/// Parents whose sub-collections form level 2, and their listing size.
const LEVEL2_PARENTS: usize = 25;
const LEVEL2_MAX: u32 = 50;
/// Parents whose sub-collections form level 3, and their listing size.
const LEVEL3_PARENTS: usize = 15;
const LEVEL3_MAX: u32 = 30;
/// Hits per keyword search at least (they are ranked locally).
const KEYWORD_MIN: usize = 25;
/// Extra keyword hits at most, to make up for excluded ids.
const MAX_EXCLUDE_EXTRA: usize = 200;

/// One collection search.
#[derive(Debug, Clone, Copy)]
pub struct CollectionSearch<'a> {
    pub query: &'a Query,
    /// Search below this collection instead of the root (no keyword search).
    pub parent: Option<&'a NodeId>,
    pub filters: &'a Filters,
    pub max_results: usize,
    pub exclude: &'a [String],
    /// Match the tree index (and rescue a misspelt query) when the first
    /// wave finds no title that names the topic. `search_wlo_all` answers from the first wave alone
    /// (its content search runs beside it and rescues the query).
    pub walk: bool,
}

impl<'a> CollectionSearch<'a> {
    /// A search by keyword over the whole tree: no parent, no filters, no
    /// exclusions, with the walk.
    pub fn by_keyword(query: &'a Query, max_results: usize) -> CollectionSearch<'a> {
        static NO_FILTERS: std::sync::LazyLock<Filters> = std::sync::LazyLock::new(Filters::default);
        CollectionSearch {
            query,
            parent: None,
            filters: &NO_FILTERS,
            max_results,
            exclude: &[],
            walk: true,
        }
    }

    fn keyword_max(&self) -> u32 {
        (self.max_results + self.exclude.len().min(MAX_EXCLUDE_EXTRA)).max(KEYWORD_MIN) as u32
    }
}

/// What a collection search found.
#[derive(Debug, Clone, Default)]
pub struct CollectionOutcome {
    /// The number of collections kept (before slicing).
    pub total: usize,
    /// Ranked, at most `max_results`.
    pub nodes: Vec<Node>,
    /// `keyword_collections`, `collection_children` or `tree_traversal`.
    pub query_type: &'static str,
    pub warnings: Vec<SearchWarning>,
    /// The corrected or relaxed query the answer rests on, when it is not
    /// the query as typed.
    pub relaxed_query: Option<String>,
}

/// Run the collection search (see the module docs). `Err` when the stage that
/// decides the answer could not be read at all (a missing `parentNodeId` is
/// [`UpstreamError::NotFound`]).
pub async fn search_collections(app: &App, search: CollectionSearch<'_>) -> Result<CollectionOutcome, UpstreamError> {
    match search.parent {
        Some(parent) => below(app, &search, parent).await,
        None if search.query.is_blank() => {
            let listing = portals(app).await?;
            let kept = visible(std::slice::from_ref(&listing))
                .filter(|n| keeps(&search, n))
                .cloned()
                .collect();
            Ok(finish(kept, &search, "collection_children", Vec::new()))
        }
        None => by_keyword(app, &search).await,
    }
}

/// The search by keyword (see the module docs).
async fn by_keyword(app: &App, search: &CollectionSearch<'_>) -> Result<CollectionOutcome, UpstreamError> {
    let searches = keyword_searches(search.query);
    let ((lists, failure), portal_list) =
        futures::join!(keyword_wave(app, &searches, search.keyword_max()), portals(app));
    let mut warnings = Vec::new();
    let portal_list = match (failure, portal_list) {
        (Some(failure), Err(error)) if failure.is_total() => {
            return Err(if failure.error.is_repository_failure() {
                failure.error
            } else {
                error
            });
        }
        (failure, portal_list) => {
            warnings.extend(failure.map(|f| match f.is_total() {
                true => SearchWarning::KeywordSearchFailed(f.error),
                false => SearchWarning::VariantsFailed(f),
            }));
            portal_list
                .map_err(|e| warnings.push(SearchWarning::PortalsFailed(e)))
                .ok()
        }
    };
    let portal_nodes: Vec<&Node> = portal_list
        .iter()
        .flat_map(|list| visible(std::slice::from_ref(list)))
        .collect();
    let shown_portals: Vec<&Node> = portal_nodes.iter().copied().filter(|n| keeps(search, n)).collect();
    let ranking = TreeRanking::new(search.query).with_portals(&portal_nodes);
    let hits = visible(&lists).filter(|n| keeps(search, n));
    let matching_portals = shown_portals.iter().copied().filter(|n| ranking.matches(n));
    let candidates = dedup(matching_portals.chain(hits).cloned());
    let ranked = ranking.rank(candidates.clone(), &shown_portals);
    let coverage = ranking.coverage(&ranked, &shown_portals);
    // A keyword search returns its first hits only: the collection whose
    // title is the topic may be beyond them ("Erster Weltkrieg" among the
    // many titles with "Weltkrieg"), so only such a title ends the search.
    if !search.walk || coverage == Coverage::Title && ranking.titles_exactly(&ranked, &shown_portals) {
        return Ok(finish_ranked(ranked, search, "keyword_collections", warnings));
    }

    // Waves 2 and 3: the tree index, matched locally: the collections that
    // name every topic word, and the portals' sub-collections (a subject's
    // main topics) that name one of them — deeper down, among thousands,
    // one word of several mostly names another topic; the rescue of a
    // misspelt query against the index's dictionary.
    let index = tree_index(app).await;
    warnings.extend(index.failure.clone().map(SearchWarning::ChildListsFailed));
    // A verb the whole tree does not use says what is done with the topic,
    // not which topic, and so do a question's verbs; an adjective it does
    // not use, and is no slip in a word it uses, narrows its noun to a
    // kind: the walk asks for the nouns.
    let verbs = match index.complete {
        true => (ranking.framing_verbs(&index.texts).into_iter())
            .chain(
                (ranking.narrowing_adjectives(&index.texts).into_iter())
                    .filter(|adjective| index.dictionary.suggest(adjective).is_none()),
            )
            .collect(),
        false => Vec::new(),
    };
    let ranking = ranking.with_optional(&verbs);
    let portal_ids: BTreeSet<&str> = portal_nodes.iter().map(|p| p.id()).collect();
    let indexed = |ranking: &TreeRanking<'_>| -> Vec<Node> {
        let sides = ranking.sides();
        index
            .entries()
            .enumerate()
            .filter(|(at, (n, texts))| {
                let below_portal = n.parent_id().is_some_and(|p| portal_ids.contains(p));
                let by_path = || {
                    texts
                        .first()
                        .is_some_and(|title| ranking.names_by_path(title, &index.ancestor_titles(*at)))
                };
                // A collection titled with one of two topics asked for
                // answers half the question ("Kostenrechnung" for "Kosten-
                // und Leistungsrechnung").
                let by_side = || texts.first().is_some_and(|title| sides.titled_by(title));
                let by_derivation = || texts.first().is_some_and(|title| ranking.titles_a_derived_word(title));
                keeps(search, n)
                    && (ranking.names_closely_in(n, texts)
                        || below_portal && ranking.matches_closely(n)
                        || by_path()
                        || by_side()
                        || by_derivation())
            })
            .map(|(_, (n, _))| n.clone())
            .collect()
    };
    // The collections whose place in the tree names a compound of the
    // topic ("Ausdehnung" below "Wärmelehre" for "Wärmeausdehnung").
    let placed: Vec<Node> = index
        .entries()
        .enumerate()
        .filter(|(at, (n, texts))| {
            keeps(search, n)
                && texts
                    .first()
                    .is_some_and(|title| ranking.places_compound(title, &index.ancestor_titles(*at)))
        })
        .map(|(_, (n, _))| n.clone())
        .collect();
    // The collections whose title writes a topic word in another spelling
    // ("Apostroph" for "Apostrof"): a search that matches words as written
    // misses them beside the other words of the question.
    let respelled: Vec<Node> = index
        .entries()
        .filter(|(n, _)| keeps(search, n) && respells_a_word(search.query, n.display_title()))
        .map(|(n, _)| n.clone())
        .collect();
    let ranking = TreeRanking::new(search.query)
        .with_portals(&portal_nodes)
        .with_optional(&verbs)
        .with_placed(placed.iter().map(|n| n.id().to_string()).collect());
    let found: Vec<Node> = indexed(&ranking)
        .into_iter()
        .chain(placed)
        .chain(respelled)
        .chain(candidates.iter().cloned())
        .collect();
    let walked = ranking.rank(dedup(found.into_iter()), &shown_portals);
    let walked_coverage = ranking.coverage(&walked, &shown_portals);
    if walked_coverage == Coverage::Title {
        return Ok(finish_ranked(walked, search, walked_how(coverage), warnings));
    }
    // The topic words no collection of the whole tree names, read once:
    // the rescue, its checks and the empty answer below ask for them.
    let unnamed = match index.complete {
        true => ranking.unnamed_words(&index.texts),
        false => Vec::new(),
    };
    let rescued = rescue(search.query, &index.dictionary, &candidates, &unnamed);
    tracing::debug!(
        query = search.query.text(),
        rescued = rescued.as_ref().map(|r| r.query.text()),
        "collection rescue"
    );
    // The rescued query answers when it covers more of its topic than the
    // query as typed covers of its own. One that covers as much, and fixed
    // a slip a first collection names beside another word of the question,
    // is kept for the case that the query as typed answers nothing.
    let mut rescue_beside_a_slip = None;
    if let Some(Rescue {
        query: rescued,
        optional,
        corrected,
        keyword_heads,
    }) = &rescued
    {
        let (rescue_lists, _) = keyword_wave(app, &keyword_searches(rescued), search.keyword_max()).await;
        // The framing verbs stay optional in the rescued query
        // ("Elecktromüll richtig entsorgen").
        let rescue_ranking = TreeRanking::new(rescued)
            .with_optional(optional)
            .with_optional(&verbs)
            .with_portals(&portal_nodes)
            .with_subject_typed(!search.query.subject_uris().is_empty());
        let hits = visible(&rescue_lists).filter(|n| keeps(search, n)).cloned();
        let pool = hits.chain(indexed(&rescue_ranking)).chain(candidates);
        let ranked = rescue_ranking.rank(dedup(pool), &shown_portals);
        // Keywords that name the whole compound as typed outweigh a title
        // that names a part of it ("Das Leben der Bauern" is no
        // "Bauernkrieg"); a title that names every part does not.
        let whole = walked_coverage < Coverage::Keyword
            || optional.is_empty()
            || TreeRanking::new(rescued)
                .with_portals(&portal_nodes)
                .coverage(&ranked, &shown_portals)
                == Coverage::Title;
        // A word the rescue left as typed that no collection of the whole
        // tree uses still means the tree lacks the topic ("Bindung|s|theorie
        // nach Bowlby" is no page on chemical bonds).
        // As below: unless a collection is titled with a specific part of
        // the corrected question ("Badminton" for "Badmington
        // Grundschläge").
        let leaves_an_unknown_word = index.complete && rescue_ranking.has_unnamed_word(&index.texts);
        let lacking = leaves_an_unknown_word
            && !(*corrected
                && (rescue_ranking.titles_a_long_word(&ranked, 3)
                    || rescue_ranking.titles_a_side(&ranked, 3)
                    || titles_a_correction(search.query, rescued, &ranked)));
        // A slip in a word no collection of the whole tree uses, fixed to a
        // word a first collection's title writes, answers though the rest of
        // the question is named only in part: as typed, the query answers
        // nothing ("Demokartie im alten Athen" → "Demokratie in Athen").
        let rescued_coverage = rescue_ranking.coverage(&ranked, &shown_portals);
        let titles_a_slip = || index.complete && titles_a_fixed_slip(&unnamed, search.query, rescued, &ranked);
        let fixes_a_slip = rescued_coverage == walked_coverage
            && rescued_coverage > Coverage::Nothing
            && !leaves_an_unknown_word
            && titles_a_slip();
        // A compound's short, concrete last part makes another topic of its
        // first ("Tier|spuren" is no page on animals): the answer must name
        // it, unless the answer names a misspelt word the rescue fixed: that
        // word is the topic, the compound what it is done with ("Eindamfen
        // von Salzwasser" → "Eindampfen").
        let names_its_things = (names_concrete_heads(rescued, optional, &ranked)
            && names_keyword_heads(keyword_heads, &ranked))
            || titles_a_slip();
        tracing::debug!(
            whole,
            lacking,
            names_its_things,
            rescued = ?rescued_coverage,
            walked = ?walked_coverage,
            fixes_a_slip,
            leaves_an_unknown_word,
            slip = titles_a_slip(),
            top = ?ranked.iter().take(3).map(|n| n.display_title().to_string()).collect::<Vec<_>>(),
            "rescue checks"
        );
        let passes = whole && !lacking && names_its_things;
        if passes && (rescued_coverage > walked_coverage || fixes_a_slip) {
            let mut outcome = finish_ranked(ranked, search, "keyword_collections", warnings);
            outcome.relaxed_query = Some(rescued.text().to_string());
            return Ok(outcome);
        }
        let as_good_beside_a_slip = rescued_coverage == walked_coverage
            && rescued_coverage > Coverage::Nothing
            && index.complete
            && !leaves_an_unknown_word
            && names_a_fixed_slip_beside(&unnamed, search.query, rescued, &ranked);
        if passes && as_good_beside_a_slip {
            rescue_beside_a_slip = Some((ranked, rescued.text().to_string()));
        }
    }
    // No collection names the whole question, nor did a rescue answer:
    // the collections whose whole title the question holds answer a part
    // of it ("Eine neue Lernkultur" for "Erste Schritte zur neuen
    // Lernkultur in der Schule").
    if walked.is_empty() && index.complete {
        let held: Vec<Node> = (index.entries())
            .filter(|(n, _)| keeps(search, n) && ranking.holds_title(n.display_title()))
            .map(|(n, _)| n.clone())
            .collect();
        if !held.is_empty() {
            let ranked = ranking.rank(held, &shown_portals);
            return Ok(finish_ranked(ranked, search, walked_how(coverage), warnings));
        }
    }
    // A topic word no collection of the whole tree uses, in any form or as
    // any part of a compound, and no rescue found: the tree does not have
    // the topic ("Spiele für den Wandertag" is no page on games) — unless
    // a collection is titled or keyworded with another, specific topic word
    // alone ("Theaterkritik … nach dem Theaterbesuch", "Papierchromatografie
    // mit Filzstiften"), titled with one of two topics asked for
    // ("Ringen und Raufen") or with the heading before a colon ("Handball:
    // Prellen und Passen").
    if index.complete
        && !unnamed.is_empty()
        && !ranking.titles_a_long_word(&walked, 3)
        && !ranking.titles_a_side(&walked, 3)
        && !ranking.titles_the_heading(&walked, 3)
        && !ranking.holds_a_title(&walked, 3)
    {
        tracing::debug!(
            query = search.query.text(),
            unnamed = ?unnamed,
            walked = ?walked.iter().take(5).map(Node::id).collect::<Vec<_>>(),
            "a topic word the tree does not use"
        );
        // Unless the rescue fixed that word to one a first collection
        // names beside another word of the question ("Vierecke",
        // keyworded "Flächeninhalt" and "Trapez", for "Flächeninhalt
        // Trapetz").
        if let Some((ranked, rescued)) = rescue_beside_a_slip {
            let mut outcome = finish_ranked(ranked, search, "keyword_collections", warnings);
            outcome.relaxed_query = Some(rescued);
            return Ok(outcome);
        }
        return Ok(finish_ranked(Vec::new(), search, walked_how(coverage), warnings));
    }
    Ok(finish_ranked(walked, search, walked_how(coverage), warnings))
}

/// How an answer after the walk came about: the first wave's keyword
/// search, when it had found something, else the walk.
fn walked_how(first_wave: Coverage) -> &'static str {
    match first_wave {
        Coverage::Nothing => "tree_traversal",
        _ => "keyword_collections",
    }
}

/// The title writes a topic word of `query` (four letters or more) in
/// another spelling: the same word folded, not as typed.
fn respells_a_word(query: &Query, title: &str) -> bool {
    let typed: Vec<(String, String)> = (query.topic_words().iter())
        .filter(|w| w.chars().count() >= 4)
        .map(|w| (w.to_lowercase(), fold(w)))
        .collect();
    !typed.is_empty()
        && tokens(title).any(|word| {
            let lower = word.to_lowercase();
            typed
                .iter()
                .any(|(as_typed, folded)| lower != *as_typed && fold(&lower) == *folded)
        })
}

/// The search below a collection (see the module docs).
async fn below(app: &App, search: &CollectionSearch<'_>, parent: &NodeId) -> Result<CollectionOutcome, UpstreamError> {
    let level1 = sub_collections(app, parent, LEVEL1_MAX).await?;
    let level1: Vec<&Node> = visible(std::slice::from_ref(&level1)).collect();
    if search.query.is_blank() {
        let kept = level1.into_iter().filter(|n| keeps(search, n)).cloned().collect();
        return Ok(finish(kept, search, "collection_children", Vec::new()));
    }
    let ranking = TreeRanking::new(search.query);
    let mut warnings = Vec::new();
    let matching = |n: &&Node| ranking.matches(n) && keeps(search, n);
    let mut matches: Vec<Node> = level1.iter().copied().filter(matching).cloned().collect();
    let parents: Vec<&Node> = level1.iter().take(LEVEL2_PARENTS).copied().collect();
    let (level2_lists, failure) = sub_collection_wave(app, &parents, LEVEL2_MAX).await;
    warnings.extend(failure.map(SearchWarning::ChildListsFailed));
    let level2: Vec<&Node> = visible(&level2_lists).collect();
    matches.extend(level2.iter().copied().filter(matching).cloned());
    if matches.is_empty() && !level2.is_empty() {
        let parents = best_parents(&ranking, &level2, LEVEL3_PARENTS);
        let (level3_lists, failure) = sub_collection_wave(app, &parents, LEVEL3_MAX).await;
        warnings.extend(failure.map(SearchWarning::ChildListsFailed));
        matches.extend(visible(&level3_lists).filter(matching).cloned());
    }
    let ranked = ranking.rank(dedup(matches.into_iter()), &[]);
    Ok(finish_ranked(ranked, search, "tree_traversal", warnings))
}

/// Shown (not excluded) and passing the local vocabulary filters.
fn keeps(search: &CollectionSearch<'_>, node: &Node) -> bool {
    Visibility::excluding(search.exclude).shows(node) && search.filters.keeps(node)
}

/// Count and slice an unranked listing (repository order).
fn finish(
    kept: Vec<Node>,
    search: &CollectionSearch<'_>,
    query_type: &'static str,
    warnings: Vec<SearchWarning>,
) -> CollectionOutcome {
    finish_ranked(kept, search, query_type, warnings)
}

/// Count and slice a ranked list. An empty answer to a query with topic
/// words says that no collection names them.
fn finish_ranked(
    ranked: Vec<Node>,
    search: &CollectionSearch<'_>,
    query_type: &'static str,
    mut warnings: Vec<SearchWarning>,
) -> CollectionOutcome {
    if ranked.is_empty() && !search.query.topic_words().is_empty() {
        warnings.push(SearchWarning::NoCollectionNamesTopic {
            words: search.query.topic_words().to_vec(),
        });
    }
    CollectionOutcome {
        total: ranked.len(),
        nodes: ranked.into_iter().take(search.max_results).collect(),
        query_type,
        warnings,
        relaxed_query: None,
    }
}

/// The listable nodes of `lists`, in order.
fn visible(lists: &[Arc<NodeList>]) -> impl Iterator<Item = &Node> {
    lists.iter().flat_map(|list| &list.nodes).filter(|n| n.is_listable())
}

/// First occurrence of every id, order kept.
fn dedup(nodes: impl Iterator<Item = Node>) -> Vec<Node> {
    let mut seen = BTreeSet::new();
    nodes.filter(|n| seen.insert(n.id().to_string())).collect()
}

/// The `n` nodes that name the most topic words (stable), or the first `n`
/// when none names any: the walk descends below them.
fn best_parents<'a>(ranking: &TreeRanking<'_>, nodes: &[&'a Node], n: usize) -> Vec<&'a Node> {
    let mut scored: Vec<(usize, &Node)> = nodes.iter().map(|&node| (ranking.named_words(node), node)).collect();
    scored.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
    scored.into_iter().take(n).map(|(_, node)| node).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A collection of this id and title (the rescue's tests too).
    pub(super) fn node(id: &str, title: &str) -> Node {
        serde_json::from_value(json!({"ref": {"id": id}, "name": title, "properties": {"cclom:title": [title]}}))
            .unwrap()
    }

    #[test]
    fn the_walk_descends_below_the_nodes_that_name_the_most_topic_words() {
        let owned = [
            node("a", "Algebra"),
            node("b", "Geometrie der Kreise"),
            node("c", "Zahlen"),
        ];
        let nodes: Vec<&Node> = owned.iter().collect();
        let query = Query::new("Kreise in der Geometrie");
        let ranking = TreeRanking::new(&query);
        let best: Vec<&str> = best_parents(&ranking, &nodes, 2).iter().map(|n| n.id()).collect();
        assert_eq!(best, ["b", "a"]);
        let query = Query::new("xy");
        let ranking = TreeRanking::new(&query);
        let first: Vec<&str> = best_parents(&ranking, &nodes, 2).iter().map(|n| n.id()).collect();
        assert_eq!(first, ["a", "b"]);
    }

    #[test]
    fn a_title_in_another_spelling_respells_a_topic_word() {
        let query = Query::new("Apostrof richtig setzen");
        assert!(respells_a_word(&query, "Apostroph"));
        // The word as typed is no other spelling.
        assert!(!respells_a_word(&query, "Zeichen setzen"));
        assert!(!respells_a_word(&Query::new("Apostroph"), "Apostroph"));
    }
}
