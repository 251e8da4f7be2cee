//! The German wording of everything the layers below report: upstream
//! failures, domain errors, the domain's warnings and unresolved filters.
//!
//! The upstream client classifies a failure and the domain says what is
//! missing, as data; only this module turns that into sentences a teacher's
//! chatbot can show, so every such text is in one place.

use crate::card::one_line;
use crate::navigation::details::DetailsWarning;
use crate::navigation::topic_page_content::{MAX_LANES, PageWarning};
use crate::navigation::{NavError, NavWarning};
use crate::search::filters::UnresolvedFilter;
use crate::search::related::{RelatedError, RelatedWarning};
use crate::search::{Pot, SearchWarning};
use crate::upstream::{Oversize, PartialFailure, SharedHealth, UpstreamError};

/// One German sentence (or line) for the user.
pub trait German {
    fn german(&self) -> String;
}

/// Said only when the shared cache tier does not answer (`wlo_health_check`).
impl German for SharedHealth {
    fn german(&self) -> String {
        if self.ok {
            "Der gemeinsame Cache antwortet.".into()
        } else {
            "Der gemeinsame Cache (WLO_CACHE_URL) antwortet nicht; Anfragen gehen direkt an WLO.".into()
        }
    }
}

impl German for UpstreamError {
    fn german(&self) -> String {
        match self {
            UpstreamError::NotFound => "Der Eintrag wurde bei WLO nicht gefunden.".into(),
            UpstreamError::Forbidden => {
                "Der Eintrag ist nicht öffentlich zugänglich (WLO verweigert den Zugriff).".into()
            }
            UpstreamError::Status { status, message } if message.is_empty() => format!(
                "WLO hat mit einem Fehler geantwortet (HTTP {status}). Bitte später erneut versuchen."
            ),
            UpstreamError::Status { status, message } => format!(
                "WLO hat mit einem Fehler geantwortet (HTTP {status}: {}). Bitte später erneut versuchen.",
                shorten(message, 200)
            ),
            UpstreamError::Timeout | UpstreamError::DeadlineExceeded => {
                "Zeitüberschreitung bei WLO: Das Repository hat nicht rechtzeitig geantwortet. Bitte später erneut versuchen oder die Anfrage eingrenzen.".into()
            }
            UpstreamError::Unreachable(_) => {
                "WLO ist nicht erreichbar: Das Repository antwortet nicht. Bitte später erneut versuchen.".into()
            }
            UpstreamError::Malformed(_) => {
                "WLO hat eine unlesbare Antwort geschickt (kein gültiges JSON). Bitte später erneut versuchen.".into()
            }
            UpstreamError::Oversized(bound @ Oversize::Answer { .. }) => format!(
                "WLO hat eine übergroße Antwort geschickt (mehr als {} MB); sie wurde nicht gelesen. Bitte später erneut versuchen oder die Anfrage eingrenzen.",
                bound.mib()
            ),
            UpstreamError::Oversized(bound @ Oversize::Budget { .. }) => format!(
                "WLO schickt gerade übergroße Antworten: Der Lesepuffer dieses Servers ({} MB für alle Anfragen zusammen) ist ausgeschöpft. Bitte später erneut versuchen.",
                bound.mib()
            ),
        }
    }
}

/// What a sentence about one missing node calls it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Any node (a material or a collection).
    Node,
    Collection,
    Material,
}

impl Kind {
    fn word(self) -> &'static str {
        match self {
            Kind::Node => "Node",
            Kind::Collection => "Sammlung",
            Kind::Material => "Material",
        }
    }
}

/// `„<q>“` for sentences, one line.
pub fn quoted(query: &str) -> String {
    format!("„{}“", one_line(query))
}

/// A call that panicked.
pub fn internal_error() -> String {
    "Interner Fehler im WLO-MCP-Server bei diesem Aufruf. Bitte erneut versuchen oder die Anfrage ändern.".into()
}

/// A call that ran past its `deadline`.
pub fn deadline_exceeded(deadline: std::time::Duration) -> String {
    format!(
        "Zeitüberschreitung bei WLO: Die Anfrage hat länger als {} ms gedauert. Bitte später erneut versuchen oder die Anfrage eingrenzen (z. B. kleineres maxResults).",
        deadline.as_millis()
    )
}

/// `<Kind> <id> nicht gefunden.`
pub fn not_found(kind: Kind, id: &str) -> String {
    format!("{} {id} nicht gefunden.", kind.word())
}

/// What the repository withholds from a node that is not public.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Withheld {
    Metadata,
    MetadataAndText,
    Contents,
}

impl Withheld {
    fn words(self) -> &'static str {
        match self {
            Withheld::Metadata => "die Metadaten",
            Withheld::MetadataAndText => "Metadaten und Text",
            Withheld::Contents => "den Inhalt",
        }
    }
}

/// Why the node an answer rests on could not be read: not found, not
/// public (`withheld` without a login), or the failure.
pub fn node_unavailable(kind: Kind, id: &str, withheld: Withheld, error: &UpstreamError) -> String {
    match error {
        UpstreamError::NotFound => not_found(kind, id),
        UpstreamError::Forbidden => format!(
            "{} {id} ist nicht öffentlich: WLO gibt {} ohne Anmeldung nicht heraus.",
            kind.word(),
            withheld.words()
        ),
        error => error.german(),
    }
}

/// The configured root collection was not found.
pub fn root_not_found(id: &str) -> String {
    format!("Die Wurzelsammlung {id} wurde bei WLO nicht gefunden (WLO_ROOT_COLLECTION_ID prüfen).")
}

/// `<what> ist fehlgeschlagen: <failure>` (a search, a read, a count).
pub fn failed(what: &str, error: &UpstreamError) -> String {
    format!("{what} ist fehlgeschlagen: {}", error.german())
}

/// One thing or several, for the verb of a sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    One,
    Several,
}

/// `<what> konnte(n) nicht geladen werden: <failure>`.
pub fn failed_to_load(what: &str, count: Count, error: &UpstreamError) -> String {
    let verb = match count {
        Count::One => "konnte",
        Count::Several => "konnten",
    };
    format!("{what} {verb} nicht geladen werden: {}", error.german())
}

/// `failed` of the `of` nodes of a batch could not be read for a repository failure.
pub fn batch_failures(failed: usize, of: usize, error: &UpstreamError) -> String {
    format!(
        "{failed} von {of} Einträgen konnten wegen eines WLO-Fehlers nicht geladen werden: {}",
        error.german()
    )
}

/// The subject portals could not be read.
pub fn portals_failed(error: &UpstreamError) -> String {
    failed_to_load("Die Fachportale", Count::Several, error)
}

/// The collections that list the material `node_id` could not be read.
pub fn listing_failed(node_id: &str, error: &UpstreamError) -> String {
    failed_to_load(
        &format!("Die Sammlungen, in denen der Inhalt {node_id} liegt,"),
        Count::Several,
        error,
    )
}

/// At most `max` characters of edu-sharing's message, without control,
/// bidirectional or zero-width characters.
fn shorten(s: &str, max: usize) -> String {
    crate::card::echo(s, max)
}

impl German for NavError {
    fn german(&self) -> String {
        match self {
            NavError::NotFound(id) => not_found(Kind::Collection, id),
            NavError::Upstream(error) => error.german(),
        }
    }
}

/// `Filter "<v>" für <field> nicht erkannt und ignoriert. Meintest du: a, b?`
impl German for UnresolvedFilter {
    fn german(&self) -> String {
        let head = format!(
            "Filter \"{}\" für {} nicht erkannt und ignoriert.",
            one_line(&self.value),
            self.field.param()
        );
        if self.suggestions.is_empty() {
            head
        } else {
            format!("{head} Meintest du: {}?", self.suggestions.join(", "))
        }
    }
}

/// The hint line of an unresolved filter in a result list.
pub fn unresolved_hint(filter: &UnresolvedFilter) -> String {
    format!("⚠ {}", filter.german())
}

/// "ist" for one, "sind" for several.
fn verb(failed: usize) -> &'static str {
    if failed == 1 { "ist" } else { "sind" }
}

impl German for SearchWarning {
    fn german(&self) -> String {
        match self {
            SearchWarning::VariantsFailed(PartialFailure { failed, of, error }) => format!(
                "{failed} von {of} Suchvarianten {} fehlgeschlagen; die Trefferliste kann unvollständig sein. {}",
                verb(*failed),
                error.german()
            ),
            SearchWarning::RelaxedSearchFailed(error) => failed("Die gelockerte Suche", error),
            SearchWarning::KeywordSearchFailed(error) => failed("Die Stichwortsuche nach Sammlungen", error),
            SearchWarning::PortalsFailed(error) => failed("Das Lesen der Fachportale", error),
            SearchWarning::PotFailed { pot, error } => failed(
                match pot {
                    Pot::Content => "Die Suche nach Inhalten",
                    Pot::Collections => "Die Suche nach Sammlungen",
                },
                error,
            ),
            SearchWarning::RelaxedCollectionsFailed { query, error } => {
                failed(&format!("Die Suche nach Sammlungen zu {}", quoted(query)), error)
            }
            SearchWarning::ChildListsFailed(PartialFailure { failed, of, error }) => format!(
                "{failed} von {of} Unter-Sammlungs-Listen konnten nicht gelesen werden; die Liste kann unvollständig sein. {}",
                error.german()
            ),
            SearchWarning::ContentListsFailed(PartialFailure { failed, error, .. }) => format!(
                "{failed} Listen von Unter-Sammlungen konnten nicht gelesen werden; die Liste kann unvollständig sein. {}",
                error.german()
            ),
            SearchWarning::NoCollectionNamesTopic { words } => format!(
                "Keine Sammlung behandelt {}; Sammlungen, die mit der Anfrage nur das Fach oder ein allgemeines Wort teilen, werden nicht gezeigt. Versuche einen Oberbegriff oder search_wlo_content für einzelne Materialien.",
                quoted(&words.join(" "))
            ),
            SearchWarning::TopicNotRecognised { words } if words.is_empty() => {
                "Das Thema der Anfrage wurde nicht erkannt; es wurde nichts gesucht, um keine Treffer anderer Themen zu zeigen. Bitte das Thema mit einem anderen Wort angeben.".to_string()
            }
            SearchWarning::TopicNotRecognised { words } => format!(
                "Das Thema „{}“ ist im Repositorium nicht bekannt; Material nur zu allgemeinen Wörtern der Anfrage (z. B. „Aufgaben“, „Übungen“) wird nicht als Treffer gezeigt. Bitte das Thema anders formulieren oder einen Oberbegriff verwenden.",
                words.join(" ")
            ),
        }
    }
}

impl German for NavWarning {
    fn german(&self) -> String {
        match self {
            NavWarning::PortalCountsUnavailable(PartialFailure { failed, of, error }) => format!(
                "Die Anzahl der Unter-Sammlungen ist für {failed} von {of} Fachportalen nicht verfügbar: {}",
                error.german()
            ),
            NavWarning::TitleUnavailable(error) => failed_to_load("Der Titel der Sammlung", Count::One, error),
            NavWarning::TotalInexact(error) => format!(
                "Die Gesamtzahl der Unter-Sammlungen konnte nicht genau bestimmt werden: {}",
                error.german()
            ),
            NavWarning::SubCollectionsFailed(PartialFailure { failed, of, error }) => failed_to_load(
                &format!("Die Unter-Sammlungen von {failed} der {of} Sammlungen"),
                Count::Several,
                error,
            ),
            NavWarning::FileCountsUnavailable(PartialFailure { failed, of, error }) => format!(
                "Die Anzahl der Inhalte ist für {failed} von {of} Sammlungen nicht verfügbar: {}",
                error.german()
            ),
            NavWarning::ConfigFolderMissing { folder_id } => config_folder_missing(folder_id),
            NavWarning::VariantOrderUnavailable(error) => variant_order_unavailable(error),
            NavWarning::CollectionSearchFailed(error) => failed("Die Sammlungssuche", error),
            NavWarning::PortalsFailed(error) => portals_failed(error),
            NavWarning::TopicPagesIncomplete(error) => format!(
                "Nicht alle Themenseiten konnten geladen werden, die Liste ist möglicherweise unvollständig: {}",
                error.german()
            ),
            NavWarning::VariantsUnassigned { count, error } => {
                let reason = error
                    .as_ref()
                    .map(|e| format!(": {}", e.german()))
                    .unwrap_or_else(|| ".".into());
                format!("{count} Themenseiten-Varianten konnten keiner Sammlung zugeordnet werden{reason}")
            }
        }
    }
}

/// The navigation warnings in order, each sentence once: failed reads of
/// several config folders can say the same thing in different words of the
/// repository (two timeouts, two unreachable hosts).
pub fn nav_warnings(warnings: &[NavWarning]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(warnings.len());
    for warning in warnings {
        let text = warning.german();
        if matches!(warning, NavWarning::VariantOrderUnavailable(_)) && out.contains(&text) {
            continue;
        }
        out.push(text);
    }
    out
}

fn config_folder_missing(folder_id: &str) -> String {
    format!("Die Themenseiten-Konfiguration {folder_id} der Sammlung wurde bei WLO nicht gefunden.")
}

fn variant_order_unavailable(error: &UpstreamError) -> String {
    format!(
        "Die Reihenfolge der Themenseiten-Varianten ist nicht verfügbar (Repository-Reihenfolge): {}",
        error.german()
    )
}

/// A lane's name in sentences: its heading, or `Rubrik <n>` without one.
pub fn lane_name(index: usize, heading: &str) -> String {
    if heading.is_empty() {
        format!("Rubrik {}", index + 1)
    } else {
        one_line(heading)
    }
}

impl German for PageWarning {
    fn german(&self) -> String {
        match self {
            PageWarning::ConfigFolderMissing { folder_id } => config_folder_missing(folder_id),
            PageWarning::VariantOrderUnavailable(error) => variant_order_unavailable(error),
            PageWarning::LanesCut { total } => {
                format!("Die Themenseite hat {total} Rubriken; gezeigt werden die ersten {MAX_LANES}.")
            }
            PageWarning::WidgetBroken {
                lane,
                heading,
                widget_id,
            } => format!(
                "Rubrik „{}“: die Einstellungen des Widgets {widget_id} sind nicht lesbar.",
                lane_name(*lane, heading)
            ),
            PageWarning::WidgetFailed {
                lane,
                heading,
                widget_id,
                error,
            } => failed_to_load(
                &format!("Rubrik „{}“: das Widget {widget_id}", lane_name(*lane, heading)),
                Count::One,
                error,
            ),
        }
    }
}

impl German for RelatedWarning {
    fn german(&self) -> String {
        match self {
            RelatedWarning::TopicPartlyFailed(PartialFailure { failed, of, error }) => format!(
                "{failed} von {of} Suchvarianten {} fehlgeschlagen; die Liste kann unvollständig sein. {}",
                verb(*failed),
                error.german()
            ),
            RelatedWarning::TopicFailed(error) => format!(
                "Die Suche nach dem Thema ist fehlgeschlagen; gezeigt wird nur Material aus demselben Fach und derselben Bildungsstufe. {}",
                error.german()
            ),
            RelatedWarning::FillFailed(error) => format!(
                "Weiteres Material aus demselben Fach konnte nicht geladen werden. {}",
                error.german()
            ),
        }
    }
}

/// Why `get_related_content` has no answer for the material `node_id`.
pub fn related_error(node_id: &str, error: &RelatedError) -> String {
    match error {
        RelatedError::Seed(error) => node_unavailable(Kind::Material, node_id, Withheld::Metadata, error),
        RelatedError::Search(error) => error.german(),
        RelatedError::NotAMaterial { title } => format!(
            "„{}“ ist eine Sammlung, kein Material: get_related_content erwartet die nodeId eines Materials. Die Inhalte einer Sammlung listet get_collection_contents.",
            one_line(title)
        ),
    }
}

impl German for DetailsWarning {
    fn german(&self) -> String {
        match self {
            DetailsWarning::CollectionsOfCollection => "includeCollections gilt nur für Inhalte; die übergeordneten Sammlungen einer Sammlung zeigt includeParents.".into(),
            DetailsWarning::PathFailed { title, error } => {
                failed_to_load(&format!("Pfad der Sammlung „{}“", one_line(title)), Count::One, error)
            }
            DetailsWarning::TextFailed(error) => failed_to_load("Volltext", Count::One, error),
            DetailsWarning::ParentsOfMaterial => {
                "Eltern-Sammlungen sind für Inhalte über WLO nicht abrufbar (nur für Sammlungen).".into()
            }
            DetailsWarning::ParentsFailed(error) => failed_to_load("Eltern-Sammlungen", Count::Several, error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::filters::FilterField;

    #[test]
    fn unresolved_filter_line() {
        let f = UnresolvedFilter {
            field: FilterField::EducationalContext,
            value: "Mondschule".into(),
            suggestions: vec!["a".into(), "b".into()],
        };
        assert_eq!(
            f.german(),
            "Filter \"Mondschule\" für educationalContext nicht erkannt und ignoriert. Meintest du: a, b?"
        );
        let bare = UnresolvedFilter {
            field: FilterField::UserRole,
            value: "qq\nqq".into(),
            suggestions: Vec::new(),
        };
        assert_eq!(
            unresolved_hint(&bare),
            "⚠ Filter \"qq qq\" für userRole nicht erkannt und ignoriert."
        );
    }

    #[test]
    fn oversized_answers_say_so_with_their_bound() {
        let answer = UpstreamError::Oversized(Oversize::Answer { bytes: 4 << 20 }).german();
        assert!(
            answer.contains("übergroße Antwort") && answer.contains("4 MB"),
            "{answer}"
        );
        let budget = UpstreamError::Oversized(Oversize::Budget { bytes: 24 << 20 }).german();
        assert!(
            budget.contains("übergroße Antworten") && budget.contains("24 MB"),
            "{budget}"
        );
    }

    #[test]
    fn long_repository_messages_are_shortened() {
        let error = UpstreamError::Status {
            status: 500,
            message: "x".repeat(300),
        };
        assert!(error.german().contains(&format!("{}…", "x".repeat(200))));
    }
}
