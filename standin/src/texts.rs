//! Stored-text cases of `/textContent` (E8) that the `fetch` tool must handle:
//! a short text beside a link, no text and no link, a text whose extraction
//! has not run yet, and a text longer than `fetch`'s cap.
//!
//! Applied after the corpus is generated, with its own seeded generator, and
//! only to the stored texts of existing content nodes: searches, listings and
//! metadata answers stay exactly as they were.

use crate::corpus::{Corpus, NodeKind, NodeRecord, WellKnown};
use crate::rng::SplitMix64;

/// Keeps this generator's draws apart from the corpus generator's.
const SALT: u64 = 0x6665_7463_6874_7874;

/// Length the long text exceeds (the `fetch` cap is 100,000 characters).
pub const HUGE_TEXT_MIN_CHARS: usize = 120_000;

/// Give four unremarkable content nodes the text cases and name them in
/// [`WellKnown`].
pub(crate) fn add_text_cases(corpus: &mut Corpus) {
    let mut rng = SplitMix64::new(corpus.seed ^ SALT);
    let named = named_ids(&corpus.well_known);
    let eligible = |n: &NodeRecord| {
        n.kind == NodeKind::Content
            && n.is_public
            && !n.index_only
            && !n.is_deleted_placeholder
            && !n.text_content_forbidden
            && n.original_id.is_none()
            && !named.contains(&n.id)
    };
    let has_url = |n: &NodeRecord| n.prop("ccm:wwwurl").is_some_and(|u| u.starts_with("http"));
    let with_url: Vec<usize> = (0..corpus.nodes.len())
        .filter(|&i| eligible(&corpus.nodes[i]) && has_url(&corpus.nodes[i]))
        .collect();
    let without_url: Vec<usize> = (0..corpus.nodes.len())
        .filter(|&i| eligible(&corpus.nodes[i]) && corpus.nodes[i].prop("ccm:wwwurl").is_none())
        .collect();
    let mut taken = Vec::new();
    let mut draw = |pool: &[usize], rng: &mut SplitMix64| -> usize {
        loop {
            let i = *rng.pick(pool);
            if !taken.contains(&i) {
                taken.push(i);
                return i;
            }
        }
    };

    let short = draw(&with_url, &mut rng);
    let text: String = format!("{} – Startseite. Bitte Cookies akzeptieren.", corpus.nodes[short].title)
        .chars()
        .take(150)
        .collect();
    corpus.nodes[short].text_content = Some(text);
    corpus.well_known.short_text_with_url = corpus.nodes[short].id.clone();

    let bare = draw(&without_url, &mut rng);
    corpus.nodes[bare].text_content = None;
    corpus.well_known.no_text_no_url = corpus.nodes[bare].id.clone();

    let pending = draw(&with_url, &mut rng);
    let text = long_text(&corpus.nodes[pending], &mut rng, 600);
    corpus.nodes[pending].text_content = Some(text);
    corpus.nodes[pending].text_pending = true;
    corpus.well_known.pending_text = corpus.nodes[pending].id.clone();

    let huge = draw(&with_url, &mut rng);
    let text = long_text(&corpus.nodes[huge], &mut rng, HUGE_TEXT_MIN_CHARS);
    corpus.nodes[huge].text_content = Some(text);
    corpus.well_known.huge_text = corpus.nodes[huge].id.clone();
}

/// Every id [`WellKnown`] names, nested groups included (those nodes keep
/// their texts).
fn named_ids(well_known: &WellKnown) -> Vec<String> {
    fn collect(value: &serde_json::Value, ids: &mut Vec<String>) {
        match value {
            serde_json::Value::String(id) => ids.push(id.clone()),
            serde_json::Value::Array(items) => items.iter().for_each(|v| collect(v, ids)),
            serde_json::Value::Object(map) => map.values().for_each(|v| collect(v, ids)),
            _ => {}
        }
    }
    let mut ids = Vec::new();
    collect(&serde_json::to_value(well_known).unwrap_or_default(), &mut ids);
    ids
}

/// A German text of at least `min_chars` characters: the title, then
/// paragraphs of shuffled sentences about the node's topic.
fn long_text(node: &NodeRecord, rng: &mut SplitMix64, min_chars: usize) -> String {
    const SENTENCES: &[&str] = &[
        "Dieser Abschnitt erläutert die Grundlagen zum Thema {} an anschaulichen Beispielen.",
        "Die Lernenden beschreiben in eigenen Worten, welche Rolle {} im Alltag spielt.",
        "Eine Tabelle fasst die wichtigsten Begriffe zu {} übersichtlich zusammen.",
        "Im Anschluss bearbeiten die Schülerinnen und Schüler Aufgaben mit steigendem Anspruch.",
        "Hinweise für Lehrkräfte zeigen, wie sich das Material zu {} differenzieren lässt.",
        "Eine Lernkontrolle am Ende prüft, ob die zentralen Aussagen verstanden wurden.",
        "Weiterführende Links und Quellen ermöglichen eine vertiefte Beschäftigung mit {}.",
    ];
    let topic = node.topic.as_deref().unwrap_or(&node.title);
    let mut text = format!("{}\n", node.title);
    let mut chapter = 0;
    while text.chars().count() < min_chars {
        chapter += 1;
        text.push_str(&format!("\nAbschnitt {chapter}. "));
        for k in 0..rng.range(4, 8) {
            if k > 0 {
                text.push(' ');
            }
            text.push_str(&rng.pick(SENTENCES).replace("{}", topic));
        }
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use crate::corpus::{Corpus, DEFAULT_SEED};

    #[test]
    fn text_cases_exist_and_are_what_their_names_say() {
        for seed in [0, 7, DEFAULT_SEED] {
            let c = Corpus::generate(seed);
            let wk = &c.well_known;
            let short = c.get(&wk.short_text_with_url).unwrap();
            assert!(short.text_content.as_ref().unwrap().chars().count() < 200);
            assert!(short.prop("ccm:wwwurl").unwrap().starts_with("http"));
            let bare = c.get(&wk.no_text_no_url).unwrap();
            assert!(bare.text_content.is_none() && bare.prop("ccm:wwwurl").is_none());
            let pending = c.get(&wk.pending_text).unwrap();
            assert!(pending.text_pending && pending.text_content.as_ref().unwrap().chars().count() >= 200);
            let huge = c.get(&wk.huge_text).unwrap();
            assert!(huge.text_content.as_ref().unwrap().chars().count() > super::HUGE_TEXT_MIN_CHARS - 1);
            let ids = [
                &wk.short_text_with_url,
                &wk.no_text_no_url,
                &wk.pending_text,
                &wk.huge_text,
            ];
            for (i, a) in ids.iter().enumerate() {
                assert!(ids[i + 1..].iter().all(|b| a != b), "seed {seed}: ids repeat");
            }
            assert!(!c.get(&wk.text_content).unwrap().text_pending);
        }
    }
}
