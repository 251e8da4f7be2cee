//! Local WLO vocabulary tables and the two resolution directions.
//!
//! The tables (`data/vocabs/*.json`) are compiled into the binary
//! with `include_str!` and parsed once on first use. There are two deliberately asymmetric paths:
//!
//! * **Filter path** (user input → URI, [`resolve`]): turns a label, alias, licence key or URI typed
//!   by a user or an LLM into the value that edu-sharing stores, so it can be sent as a search
//!   criterion. It is *conservative*: a wrong filter silently returns the wrong (or no) material,
//!   while a dropped filter is reported to the caller (`unresolvedFilters`, with [`suggestions`]).
//!   So it only matches exact ids/labels/aliases and a guarded substring rule (both strings at
//!   least 4 characters; without the guard "it" hit "Arbeit" and "uni" hit "Kommunikation"), it
//!   never edits-distance-matches, and it never uses the display-only Hochschulfächersystematik
//!   ("Mathematik" would be ambiguous between school and university subjects).
//! * **Display path** (stored URI → label, [`display_labels`], [`label_from_uri`]): prefers the
//!   server's `<prop>_DISPLAYNAME`, drops vocabulary-root values (URIs ending in `/`), falls back
//!   to the local tables (including the Hochschul table for disciplines) and finally to the raw
//!   value. It is lenient because showing a raw URI is harmless.
//!
//! Licence keys have no `_DISPLAYNAME`; [`license_label`] maps them locally and never shows a CC
//! version the record does not state (`ccm:commonlicense_cc_version`).

use std::collections::HashSet;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

/// One of the six vocabularies exposed by the MCP server (`lookup_wlo_vocabulary`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Vocabulary {
    EducationalContext,
    Discipline,
    UserRole,
    Lrt,
    License,
    TargetGroup,
}

impl Vocabulary {
    /// All vocabularies, in the order of the MCP tool's enum.
    pub const ALL: [Vocabulary; 6] = [
        Vocabulary::EducationalContext,
        Vocabulary::Discipline,
        Vocabulary::UserRole,
        Vocabulary::Lrt,
        Vocabulary::License,
        Vocabulary::TargetGroup,
    ];

    /// The MCP key (`lookup_wlo_vocabulary { vocabulary }`).
    pub fn name(self) -> &'static str {
        match self {
            Vocabulary::EducationalContext => "educationalContext",
            Vocabulary::Discipline => "discipline",
            Vocabulary::UserRole => "userRole",
            Vocabulary::Lrt => "lrt",
            Vocabulary::License => "license",
            Vocabulary::TargetGroup => "targetGroup",
        }
    }

    /// Parses an MCP key; the exact names, compared case-insensitively (surrounding whitespace is ignored).
    pub fn parse(name: &str) -> Option<Vocabulary> {
        let name = name.trim();
        Vocabulary::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(name))
    }

    /// German display name of the vocabulary.
    pub fn german_name(self) -> &'static str {
        match self {
            Vocabulary::EducationalContext => "Bildungsstufe",
            Vocabulary::Discipline => "Fach",
            Vocabulary::UserRole => "Zielgruppe",
            Vocabulary::Lrt => "Ressourcentyp",
            Vocabulary::License => "Lizenz",
            Vocabulary::TargetGroup => "Zielgruppe (Themenseite)",
        }
    }

    /// The table entries, in file order (file order decides ties in [`resolve`]).
    pub fn entries(self) -> &'static [Entry] {
        &TABLES[self.index()]
    }

    /// The edu-sharing property that stores values of this vocabulary.
    pub fn property(self) -> &'static str {
        match self {
            Vocabulary::EducationalContext => "ccm:educationalcontext",
            Vocabulary::Discipline => "ccm:taxonid",
            Vocabulary::UserRole => "ccm:educationalintendedenduserrole",
            Vocabulary::Lrt => "ccm:oeh_lrt_aggregated",
            Vocabulary::License => "ccm:commonlicense_key",
            Vocabulary::TargetGroup => "ccm:page_variant_profiling_target_group",
        }
    }

    fn index(self) -> usize {
        match self {
            Vocabulary::EducationalContext => 0,
            Vocabulary::Discipline => 1,
            Vocabulary::UserRole => 2,
            Vocabulary::Lrt => 3,
            Vocabulary::License => 4,
            Vocabulary::TargetGroup => 5,
        }
    }

    fn source(self) -> &'static str {
        match self {
            Vocabulary::EducationalContext => {
                include_str!("../../data/vocabs/educationalContext.json")
            }
            Vocabulary::Discipline => include_str!("../../data/vocabs/discipline.json"),
            Vocabulary::UserRole => include_str!("../../data/vocabs/userRole.json"),
            Vocabulary::Lrt => include_str!("../../data/vocabs/lrt.json"),
            Vocabulary::License => include_str!("../../data/vocabs/license.json"),
            Vocabulary::TargetGroup => include_str!("../../data/vocabs/targetGroup.json"),
        }
    }
}

/// One vocabulary value.
#[derive(Debug, Clone, Serialize)]
pub struct Entry {
    /// The stored value: a URI, a licence key (`CC_BY_SA`) or a target-group slug (`teacher`).
    pub uri: String,
    /// Display label as in the data file (for licences the reference-era form, e.g. "CC BY-SA 4.0";
    /// use [`license_label`] for the form actually shown).
    pub label: String,
    /// Input aliases of the filter resolver, in table order.
    pub aliases: Vec<String>,
    /// Licences only: the later, version-free display form ("CC BY-SA"), where it differs.
    #[serde(skip)]
    pub label_current: Option<String>,
}

impl Entry {
    /// The strings the resolver compares against: label, current label (licences), aliases.
    fn names(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.label.as_str())
            .chain(self.label_current.as_deref())
            .chain(self.aliases.iter().map(String::as_str))
    }
}

/// File format of `data/vocabs/*.json` (unknown fields such as `prefLabel` are ignored).
#[derive(Deserialize)]
struct RawEntry {
    uri: String,
    label: String,
    #[serde(default)]
    aliases: Vec<String>,
    #[serde(default, rename = "labelCurrent")]
    label_current: Option<String>,
}

fn parse_table(file: &str, json: &str) -> Vec<Entry> {
    let raw: Vec<RawEntry> =
        serde_json::from_str(json).unwrap_or_else(|e| panic!("embedded vocabulary {file} is invalid: {e}"));
    raw.into_iter()
        .map(|r| Entry {
            uri: r.uri,
            label: r.label,
            aliases: r.aliases,
            label_current: r.label_current.filter(|l| !l.trim().is_empty()),
        })
        .collect()
}

static TABLES: LazyLock<[Vec<Entry>; 6]> = LazyLock::new(|| Vocabulary::ALL.map(|v| parse_table(v.name(), v.source())));

/// Hochschulfächersystematik: display-only (URI → label for `ccm:taxonid`), never used for input.
static HOCHSCHUL: LazyLock<Vec<Entry>> = LazyLock::new(|| {
    parse_table(
        "hochschulfaechersystematik",
        include_str!("../../data/vocabs/hochschulfaechersystematik.json"),
    )
});

const HOCHSCHUL_SEGMENT: &str = "/hochschulfaechersystematik/";

// ---------------------------------------------------------------------------------------------
// Filter path: input → URI
// ---------------------------------------------------------------------------------------------

/// Filter path (label/alias/URI → URI), exactly the resolver steps of `vocabs/README.md`:
/// 1. trim, empty → `None`; 2. `^https?://` (case-insensitive) → the input unchanged;
/// 3. an entry's `uri` equals the input (case-insensitive) → that `uri`;
/// 4. an entry's label or alias equals the input (case-insensitive) → its `uri`, first entry wins;
/// 5. fuzzy: the first entry with a label/alias `l` where `len(l) ≥ 4`, `len(input) ≥ 4` and one
///    contains the other (case-insensitive); 6. otherwise `None`.
pub fn resolve(vocab: Vocabulary, input: &str) -> Option<String> {
    let input = input.trim();
    if input.is_empty() {
        return None;
    }
    let lower = input.to_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") {
        return Some(input.to_string());
    }
    let entries = vocab.entries();
    if let Some(e) = entries.iter().find(|e| e.uri.to_lowercase() == lower) {
        return Some(e.uri.clone());
    }
    if let Some(e) = entries.iter().find(|e| e.names().any(|n| n.to_lowercase() == lower)) {
        return Some(e.uri.clone());
    }
    if lower.chars().count() >= 4 {
        let fuzzy = entries.iter().find(|e| {
            e.names().any(|n| {
                let n = n.to_lowercase();
                n.chars().count() >= 4 && (n.contains(&lower) || lower.contains(&n))
            })
        });
        if let Some(e) = fuzzy {
            return Some(e.uri.clone());
        }
    }
    None
}

/// Up to 3 "did you mean" labels for an input that [`resolve`] could not map.
///
/// Compared umlaut-folded and case-insensitively against every label and alias; an entry scores
/// by its best name. Ranking (best first): exact → prefix (also of a word inside the name) →
/// substring (≥ 3 chars) → small edit distance (optimal string alignment; ≤ 1 for inputs up to
/// 4 chars, ≤ 2 up to 8, else ≤ 3). Ties keep file order, so the result is deterministic.
pub fn suggestions(vocab: Vocabulary, input: &str) -> Vec<String> {
    let query = fold(input.trim());
    if query.is_empty() {
        return Vec::new();
    }
    let mut scored: Vec<((u8, usize), usize)> = vocab
        .entries()
        .iter()
        .enumerate()
        .filter_map(|(idx, e)| {
            e.names()
                .filter_map(|n| suggestion_score(&query, &fold(n)))
                .min()
                .map(|score| (score, idx))
        })
        .collect();
    scored.sort();
    let entries = vocab.entries();
    dedup_case_insensitive(scored.into_iter().map(|(_, idx)| shown_label(vocab, &entries[idx])))
        .into_iter()
        .take(3)
        .collect()
}

/// `(tier, distance)` of a folded query against a folded name; lower is better; `None` = no match.
fn suggestion_score(query: &str, name: &str) -> Option<(u8, usize)> {
    let q_len = query.chars().count();
    let n_len = name.chars().count();
    if query == name {
        return Some((0, 0));
    }
    if q_len >= 2 && (name.starts_with(query) || words(name).any(|w| w.starts_with(query))) {
        return Some((1, n_len.saturating_sub(q_len)));
    }
    if q_len >= 3 && name.contains(query) {
        return Some((2, n_len - q_len));
    }
    if n_len >= 3 && query.contains(name) {
        return Some((2, q_len - n_len));
    }
    let max = match q_len {
        0..=4 => 1,
        5..=8 => 2,
        _ => 3,
    };
    if n_len.abs_diff(q_len) > max {
        return None;
    }
    let d = edit_distance(query, name);
    (d <= max).then_some((3, d))
}

/// Damerau–Levenshtein distance in its "optimal string alignment" form
/// (insert, delete, substitute, swap two adjacent characters; each costs 1;
/// no substring is edited twice). Counted in `char`s, so "ä"→"a" is one edit.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    edit_distance_chars(&a, &b)
}

/// [`edit_distance`] on pre-split characters (for callers that compare one
/// word against many).
pub fn edit_distance_chars(a: &[char], b: &[char]) -> usize {
    if a.is_empty() {
        return b.len();
    }
    if b.is_empty() {
        return a.len();
    }
    // Three rolling rows: i-2, i-1, i.
    let width = b.len() + 1;
    let mut before: Vec<usize> = vec![0; width];
    let mut prev: Vec<usize> = (0..width).collect();
    let mut cur: Vec<usize> = vec![0; width];
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(before[j - 2] + 1);
            }
            cur[j] = d;
        }
        std::mem::swap(&mut before, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

// ---------------------------------------------------------------------------------------------
// Display path: URI → label
// ---------------------------------------------------------------------------------------------

/// Display labels of a vocabulary property.
///
/// 1. Walk `display_names` (`<prop>_DISPLAYNAME`) index-parallel with `uris`: skip empty names and
///    names whose URI at the same index is a vocabulary root (ends in `/`). If any are left, use them.
/// 2. Otherwise map every URI that is non-empty and not a root through [`label_from_uri`].
/// 3. De-duplicate case-insensitively, keeping the first occurrence.
pub fn display_labels(vocab: Vocabulary, uris: &[String], display_names: &[String]) -> Vec<String> {
    let from_names: Vec<String> = display_names
        .iter()
        .enumerate()
        .filter(|(i, _)| !uris.get(*i).is_some_and(|u| is_vocab_root(u)))
        .map(|(_, name)| name.trim())
        .filter(|name| !name.is_empty())
        .map(str::to_string)
        .collect();
    if !from_names.is_empty() {
        return dedup_case_insensitive(from_names);
    }
    dedup_case_insensitive(
        uris.iter()
            .map(|u| u.trim())
            .filter(|u| !u.is_empty() && !is_vocab_root(u))
            .map(|u| label_from_uri(vocab, u)),
    )
}

/// `labelFromUri`: exact `uri` → trailing slug after the last `/` or `:` (case-insensitive, so
/// `ccrep://…/teacher` matches `teacher`) → case-insensitive label/alias match → (discipline only)
/// the Hochschulfächersystematik table → the input unchanged.
///
/// Licence entries yield the same version-free form as [`license_label`] without a version.
pub fn label_from_uri(vocab: Vocabulary, uri: &str) -> String {
    let input = uri.trim();
    if input.is_empty() {
        return uri.to_string();
    }
    let entries = vocab.entries();
    if let Some(e) = entries.iter().find(|e| e.uri == input) {
        return shown_label(vocab, e);
    }
    let slug = slug_of(input).to_lowercase();
    if !slug.is_empty()
        && let Some(e) = entries.iter().find(|e| slug_of(&e.uri).to_lowercase() == slug)
    {
        return shown_label(vocab, e);
    }
    let lower = input.to_lowercase();
    if let Some(e) = entries.iter().find(|e| e.names().any(|n| n.to_lowercase() == lower)) {
        return shown_label(vocab, e);
    }
    if vocab == Vocabulary::Discipline
        && let Some(label) = hochschul_label(input)
    {
        return label.to_string();
    }
    uri.to_string()
}

/// Label of a Hochschulfächersystematik URI (exact, case-insensitive; or by slug within that scheme).
fn hochschul_label(uri: &str) -> Option<&'static str> {
    let table: &'static [Entry] = &HOCHSCHUL;
    if let Some(e) = table.iter().find(|e| e.uri.eq_ignore_ascii_case(uri)) {
        return Some(&e.label);
    }
    if !uri.to_ascii_lowercase().contains(HOCHSCHUL_SEGMENT) {
        return None;
    }
    let slug = slug_of(uri);
    table
        .iter()
        .find(|e| !slug.is_empty() && slug_of(&e.uri).eq_ignore_ascii_case(slug))
        .map(|e| e.label.as_str())
}

/// Is this discipline URI a language being learnt: a foreign language
/// (subject key `200…` of the Destatis subject scheme the discipline
/// vocabulary numbers by: Englisch 20001, Latein 20005) or German as a
/// second language (28002)? Their collections are themes of the language
/// course ("Farben", "Wetter und Klima"), not the topic of another subject.
pub fn is_language_course(uri: &str) -> bool {
    let slug = slug_of(uri);
    (slug.len() == 5 && slug.starts_with("200") && slug.bytes().all(|b| b.is_ascii_digit())) || slug == "28002"
}

/// The broader subject of a discipline URI: the Destatis subject scheme
/// the vocabulary numbers by nests a subject's five-digit key in its
/// group's three-digit one (Gesellschaftskunde 48005 in Politik 480,
/// Astronomie 46014 in Physik 460). `None` for a three-digit key, and when
/// the vocabulary lacks the group (Englisch 20001: no 200).
pub fn broader_discipline(uri: &str) -> Option<&'static str> {
    let slug = slug_of(uri);
    let group = slug
        .get(..3)
        .filter(|_| slug.len() == 5 && slug.bytes().all(|b| b.is_ascii_digit()))?;
    (Vocabulary::Discipline.entries().iter())
        .map(|e| e.uri.as_str())
        .find(|u| slug_of(u) == group)
}

/// Is this the URI of a vocabulary root (ends with `/`), e.g. `…/vocabs/discipline/`?
pub fn is_vocab_root(uri: &str) -> bool {
    uri.trim().ends_with('/')
}

// ---------------------------------------------------------------------------------------------
// Licences and target groups
// ---------------------------------------------------------------------------------------------

/// Display form of a licence key (`ccm:commonlicense_key`).
///
/// Uses the entry's `labelCurrent` when present, else `label`. For `CC_*` keys other than `CC_0`
/// the version-free family form is used ("CC BY-SA"), and `" <version>"` is appended only when
/// `cc_version` (`ccm:commonlicense_cc_version`) is non-empty ("CC BY-SA 3.0"). Keys match
/// case-insensitively; unknown keys are returned verbatim; an empty key gives `""`.
pub fn license_label(key: &str, cc_version: Option<&str>) -> String {
    let trimmed = key.trim();
    if trimmed.is_empty() {
        return String::new();
    }
    match Vocabulary::License
        .entries()
        .iter()
        .find(|e| e.uri.eq_ignore_ascii_case(trimmed))
    {
        Some(e) => license_display(e, cc_version),
        None => key.to_string(),
    }
}

fn license_display(entry: &Entry, cc_version: Option<&str>) -> String {
    let base = entry.label_current.as_deref().unwrap_or(&entry.label);
    let versioned_cc = entry.uri.to_ascii_uppercase().starts_with("CC_") && !entry.uri.eq_ignore_ascii_case("CC_0");
    if !versioned_cc {
        return base.to_string();
    }
    let family = strip_version(base);
    match cc_version.map(str::trim).filter(|v| !v.is_empty()) {
        Some(version) => format!("{family} {version}"),
        None => family.to_string(),
    }
}

/// "CC BY-SA 4.0" → "CC BY-SA"; a label without a trailing version number is returned as is.
fn strip_version(label: &str) -> &str {
    match label.trim_end().rsplit_once(' ') {
        Some((family, last))
            if last.starts_with(|c: char| c.is_ascii_digit())
                && last.chars().all(|c| c.is_ascii_digit() || c == '.') =>
        {
            family.trim_end()
        }
        _ => label.trim_end(),
    }
}

/// Target-group slug of a value that may be a URI: the part after the last `/` or `:`,
/// lower-cased; `""` when empty.
pub fn target_group_slug(value: &str) -> String {
    slug_of(value.trim()).to_lowercase()
}

/// Target-group label ("Lehrkräfte", "Lernende", "Allgemein") via [`label_from_uri`];
/// an empty value (or one with an empty slug) → "nicht gesetzt"; unknown values are returned as is.
pub fn target_group_label(value: &str) -> String {
    if target_group_slug(value).is_empty() {
        return "nicht gesetzt".to_string();
    }
    label_from_uri(Vocabulary::TargetGroup, value.trim())
}

// ---------------------------------------------------------------------------------------------
// Completion
// ---------------------------------------------------------------------------------------------

/// Argument completion: labels of entries whose label, a word inside the label, an alias or
/// (for key-valued vocabularies such as licences and target groups) the stored key starts with
/// `prefix`; case-insensitive and umlaut-folded (ä→a, ö→o, ü→u, ß→ss). At most `limit` labels,
/// in file order, de-duplicated; an empty prefix lists the first `limit` labels.
pub fn complete(vocab: Vocabulary, prefix: &str, limit: usize) -> Vec<String> {
    let prefix = fold(prefix.trim());
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for e in vocab.entries() {
        if out.len() >= limit {
            break;
        }
        if !prefix.is_empty() && !completion_matches(e, &prefix) {
            continue;
        }
        let label = shown_label(vocab, e);
        if seen.insert(label.to_lowercase()) {
            out.push(label);
        }
    }
    out
}

fn completion_matches(entry: &Entry, prefix: &str) -> bool {
    let label_hit = std::iter::once(entry.label.as_str())
        .chain(entry.label_current.as_deref())
        .any(|l| {
            let l = fold(l);
            l.starts_with(prefix) || words(&l).any(|w| w.starts_with(prefix))
        });
    let alias_hit = || entry.aliases.iter().any(|a| fold(a).starts_with(prefix));
    let key_hit = || !entry.uri.contains("://") && fold(&entry.uri).starts_with(prefix);
    label_hit || alias_hit() || key_hit()
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// The label shown for an entry: licences use the version-free current form, the rest `label`.
fn shown_label(vocab: Vocabulary, entry: &Entry) -> String {
    match vocab {
        Vocabulary::License => license_display(entry, None),
        _ => entry.label.clone(),
    }
}

/// The part after the last `/` or `:` (the whole string when it has neither).
fn slug_of(value: &str) -> &str {
    value.rsplit(['/', ':']).next().unwrap_or(value)
}

/// Lower-case and fold German umlauts/ß: ä→a, ö→o, ü→u, ß→ss, so that
/// "Arbeitsblätter" and "Arbeitsblatter" compare equal (vocabulary matching
/// and the search score share it).
pub(crate) fn fold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars().flat_map(char::to_lowercase) {
        match c {
            'ä' => out.push('a'),
            'ö' => out.push('o'),
            'ü' => out.push('u'),
            'ß' => out.push_str("ss"),
            _ => out.push(c),
        }
    }
    out
}

/// Words of a string (split at every non-alphanumeric character).
fn words(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty())
}

/// Keeps the first occurrence of each string, compared case-insensitively.
fn dedup_case_insensitive(items: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut seen = HashSet::new();
    items.into_iter().filter(|s| seen.insert(s.to_lowercase())).collect()
}

#[cfg(test)]
mod tests;
