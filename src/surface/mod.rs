//! The MCP surface besides the tools: resources, prompts and argument
//! completion, which help an agent get started. [`crate::server`] answers the
//! protocol requests with these functions.
//!
//! - [`resources`](mod@resources): the six vocabularies as `wlo://vocabulary/<name>` and the
//!   subject portals as `wlo://portals` (the one resource that reads
//!   upstream, and only when it is read), plus the template
//!   `wlo://vocabulary/{vocabulary}`.
//! - [`prompts`](mod@prompts) (German): `unterrichtsmaterial_finden`,
//!   `fachportal_erkunden` and `themenseite_finden`. Each returns one user
//!   message telling the model which tools to call with which arguments.
//! - [`completion`]: the prompts' vocabulary arguments and the template
//!   variable.
//!
//! - [`ui`]: the MCP Apps views (`ui://wlo/cards`, `ui://wlo/topic-page`),
//!   linked from the list tools' `_meta.ui` (docs/ui.md).
//! - [`modern`]: what results of a 2026-07-28 request carry besides their
//!   data: serverInfo and caching hints.
//! - [`invalid_params`]: exact `-32602` errors for known methods whose
//!   params rmcp cannot decode.
//!
//! Listing, prompts and completion never touch the network.

pub mod completion;
pub mod invalid_params;
pub mod modern;
pub mod prompts;
pub mod resources;
pub mod ui;

pub use completion::{MAX_COMPLETIONS, complete};
pub use prompts::{PROMPT_MATERIAL, PROMPT_PORTAL, PROMPT_TOPIC_PAGE, get_prompt, prompts};
pub use resources::{
    JSON_MIME, PORTALS_URI, VOCABULARY_PREFIX, VOCABULARY_TEMPLATE, read_resource, resource_templates, resources,
    vocabulary_document, vocabulary_of_uri, vocabulary_uri,
};
