//! `completion/complete`: the prompts' subject, level, material-type and
//! audience arguments complete from the vocabularies ([`vocab::complete`]:
//! prefix-, word- and alias-aware, umlaut-folded, in vocabulary order), the
//! template variable from the vocabulary names. Anything unknown completes to
//! nothing.

use rmcp::model::{CompleteRequestParams, CompletionInfo, Reference};

use super::prompts::vocabulary_argument;
use super::resources::VOCABULARY_TEMPLATE;
use crate::vocab::{self, Vocabulary};

/// At most this many completion values per answer (MCP limit).
pub const MAX_COMPLETIONS: usize = CompletionInfo::MAX_VALUES;

/// `completion/complete`. Unknown references or arguments complete to nothing.
pub fn complete(request: &CompleteRequestParams) -> CompletionInfo {
    let argument = &request.argument;
    match &request.r#ref {
        Reference::Prompt(prompt) => match vocabulary_argument(&prompt.name, &argument.name) {
            Some(vocabulary) => page(vocab::complete(vocabulary, &argument.value, usize::MAX)),
            None => page(Vec::new()),
        },
        Reference::Resource(resource) if resource.uri == VOCABULARY_TEMPLATE && argument.name == "vocabulary" => {
            let prefix = argument.value.trim().to_lowercase();
            page(
                Vocabulary::ALL
                    .iter()
                    .map(|v| v.name())
                    .filter(|name| name.to_lowercase().starts_with(&prefix))
                    .map(str::to_string)
                    .collect(),
            )
        }
        _ => page(Vec::new()),
    }
}

/// The first [`MAX_COMPLETIONS`] values with `total` and `hasMore`.
fn page(mut values: Vec<String>) -> CompletionInfo {
    let total = values.len();
    values.truncate(MAX_COMPLETIONS);
    let mut info = CompletionInfo::default();
    info.has_more = Some(total > values.len());
    info.total = Some(u32::try_from(total).unwrap_or(u32::MAX));
    info.values = values;
    info
}

#[cfg(test)]
mod tests {
    use super::super::prompts::PROMPT_MATERIAL;
    use super::*;

    fn prompt_ref(name: &str, argument: &str, value: &str) -> CompleteRequestParams {
        CompleteRequestParams::new(
            Reference::for_prompt(name),
            rmcp::model::ArgumentInfo::new(argument, value),
        )
    }

    #[test]
    fn completion_pages_and_limits() {
        let all = complete(&prompt_ref(PROMPT_MATERIAL, "fach", ""));
        assert_eq!(all.values.len() as u32, all.total.unwrap().min(100));
        let sek = complete(&prompt_ref(PROMPT_MATERIAL, "bildungsstufe", "Sek"));
        assert_eq!(sek.values, vec!["Sekundarstufe I", "Sekundarstufe II"]);
        assert_eq!(sek.has_more, Some(false));
        let none = complete(&prompt_ref("nope", "fach", "Mat"));
        assert!(none.values.is_empty());
        assert_eq!(none.total, Some(0));
        let many = page((0..150).map(|i| i.to_string()).collect());
        assert_eq!(
            (many.values.len(), many.total, many.has_more),
            (100, Some(150), Some(true))
        );
    }
}
