//! One wave of content searches: every variant of a query as one ngsearch
//! (E1), all at once.

use std::sync::Arc;

use futures::future::join_all;

use crate::app::App;
use crate::search::license;
use crate::search::query::Variant;
use crate::search::ranking::VariantHits;
use crate::upstream::{Criterion, Node, NodeList, PartialFailure, Props, UpstreamError};

/// The variants of one wave and what each answered, in variant order.
#[derive(Debug, Default)]
pub struct Wave {
    variants: Vec<Variant>,
    results: Vec<Result<Arc<NodeList>, UpstreamError>>,
}

impl Wave {
    /// Send every variant as one ngsearch of `size` hits, in parallel, each
    /// with `criteria` (filters, constraints) appended. A licence filter
    /// among them is sent as the repository can take it
    /// (`search::license::ngsearch`).
    pub async fn search(app: &App, variants: Vec<Variant>, criteria: &[Criterion], size: u32) -> Wave {
        let results = join_all(variants.iter().map(|variant| {
            let mut all = variant.criteria.clone();
            all.extend_from_slice(criteria);
            async move { license::ngsearch(app, &all, size, 0, Props::Display).await }
        }))
        .await;
        Wave { variants, results }
    }

    pub fn variants(&self) -> &[Variant] {
        &self.variants
    }

    /// The labels of the variants sent (for logs and `_queryMeta`).
    pub fn labels(&self) -> impl Iterator<Item = String> + '_ {
        self.variants.iter().map(|v| v.label.clone())
    }

    /// Each variant with what it answered.
    pub fn answers(&self) -> impl Iterator<Item = (&Variant, &Result<Arc<NodeList>, UpstreamError>)> {
        self.variants.iter().zip(&self.results)
    }

    /// The variants that failed, if any.
    pub fn failure(&self) -> Option<PartialFailure> {
        PartialFailure::of(&self.results)
    }

    /// Nothing was sent, or every variant failed.
    pub fn all_failed(&self) -> bool {
        self.results.iter().all(Result::is_err)
    }

    /// The first failure, if any.
    pub fn first_error(&self) -> Option<&UpstreamError> {
        self.results.iter().find_map(|r| r.as_ref().err())
    }

    /// The hits of the variants that answered, with their weights (the
    /// input of the fusion).
    pub fn hits(&self) -> Vec<VariantHits<'_>> {
        self.answers()
            .filter_map(|(v, r)| {
                r.as_ref().ok().map(|list| VariantHits {
                    weight: v.weight,
                    nodes: &list.nodes,
                })
            })
            .collect()
    }

    /// The largest `pagination.total` of the variants that answered.
    pub fn max_total(&self) -> u64 {
        self.results
            .iter()
            .filter_map(|r| r.as_ref().ok())
            .map(|l| l.pagination.total)
            .max()
            .unwrap_or(0)
    }

    /// Every node the wave answered, variant by variant (failures are
    /// logged and skipped).
    pub fn into_nodes(self) -> Vec<Node> {
        let mut nodes = Vec::new();
        for (variant, result) in self.variants.iter().zip(self.results) {
            match result {
                Ok(list) => nodes.extend(Arc::unwrap_or_clone(list).nodes),
                Err(error) => tracing::debug!(variant = %variant.label, %error, "variant failed"),
            }
        }
        nodes
    }

    #[cfg(test)]
    pub(crate) fn answered(variants: Vec<Variant>, results: Vec<Result<Arc<NodeList>, UpstreamError>>) -> Wave {
        Wave { variants, results }
    }
}
