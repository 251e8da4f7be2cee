//! The German wording of everything the layers below report: upstream
//! failures, domain errors, the domain's warnings and unresolved filters.
//!
//! The upstream client classifies a failure and the domain says what is
//! missing, as data; only this module turns that into sentences a teacher's
//! chatbot can show, so every such text is in one place.

use crate::format::one_line;
use crate::navigation::topic_page_content::{MAX_LANES, PageWarning};
use crate::navigation::{NavError, NavWarning};
use crate::search::SearchWarning;
use crate::search::filters::UnresolvedFilter;
use crate::search::related::{RelatedError, RelatedWarning};
use crate::upstream::{Oversize, SharedHealth, UpstreamError};

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

/// At most `max` characters of edu-sharing's message, without control,
/// bidirectional or zero-width characters.
fn shorten(s: &str, max: usize) -> String {
    crate::format::echo(s, max)
}

impl German for NavError {
    fn german(&self) -> String {
        match self {
            NavError::NotFound(id) => format!("Sammlung {id} nicht gefunden."),
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
            SearchWarning::VariantsFailed { failed, of, error } => format!(
                "{failed} von {of} Suchvarianten {} fehlgeschlagen; die Trefferliste kann unvollständig sein. {}",
                verb(*failed),
                error.german()
            ),
            SearchWarning::RelaxedSearchFailed(error) => {
                format!("Die gelockerte Suche ist fehlgeschlagen: {}", error.german())
            }
            SearchWarning::KeywordSearchFailed(error) => format!(
                "Die Stichwortsuche nach Sammlungen ist fehlgeschlagen: {}",
                error.german()
            ),
            SearchWarning::SubtreeFailed(error) => error.german(),
            SearchWarning::ChildListsFailed { failed, of, error } => format!(
                "{failed} von {of} Unter-Sammlungs-Listen konnten nicht gelesen werden; die Liste kann unvollständig sein. {}",
                error.german()
            ),
            SearchWarning::ContentListsFailed { failed, error } => format!(
                "{failed} Listen von Unter-Sammlungen konnten nicht gelesen werden; die Liste kann unvollständig sein. {}",
                error.german()
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
            NavWarning::PortalCountsUnavailable { failed, of, error } => format!(
                "Die Anzahl der Unter-Sammlungen ist für {failed} von {of} Fachportalen nicht verfügbar: {}",
                error.german()
            ),
            NavWarning::TitleUnavailable(error) => {
                format!("Der Titel der Sammlung konnte nicht geladen werden: {}", error.german())
            }
            NavWarning::TotalInexact(error) => format!(
                "Die Gesamtzahl der Unter-Sammlungen konnte nicht genau bestimmt werden: {}",
                error.german()
            ),
            NavWarning::SubCollectionsFailed { failed, of, error } => format!(
                "Die Unter-Sammlungen von {failed} der {of} Sammlungen konnten nicht geladen werden: {}",
                error.german()
            ),
            NavWarning::FileCountsUnavailable { failed, of, error } => format!(
                "Die Anzahl der Inhalte ist für {failed} von {of} Sammlungen nicht verfügbar: {}",
                error.german()
            ),
            NavWarning::ConfigFolderMissing { folder_id } => config_folder_missing(folder_id),
            NavWarning::VariantOrderUnavailable(error) => variant_order_unavailable(error),
            NavWarning::CollectionSearchFailed(error) => {
                format!("Die Sammlungssuche ist fehlgeschlagen: {}", error.german())
            }
            NavWarning::PortalsFailed(error) => {
                format!("Die Fachportale konnten nicht geladen werden: {}", error.german())
            }
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
            } => format!(
                "Rubrik „{}“: das Widget {widget_id} konnte nicht geladen werden: {}",
                lane_name(*lane, heading),
                error.german()
            ),
        }
    }
}

impl German for RelatedWarning {
    fn german(&self) -> String {
        match self {
            RelatedWarning::TopicPartlyFailed { failed, of, error } => format!(
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
        RelatedError::Seed(UpstreamError::NotFound) => format!("Material {node_id} nicht gefunden."),
        RelatedError::Seed(UpstreamError::Forbidden) => {
            format!("Material {node_id} ist nicht öffentlich: WLO gibt die Metadaten ohne Anmeldung nicht heraus.")
        }
        RelatedError::Seed(error) | RelatedError::Search(error) => error.german(),
        RelatedError::NotAMaterial { title } => format!(
            "„{}“ ist eine Sammlung, kein Material: get_related_content erwartet die nodeId eines Materials. Die Inhalte einer Sammlung listet get_collection_contents.",
            one_line(title)
        ),
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
