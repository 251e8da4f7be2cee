//! The answer of a facet search ([`super::EduSharing::facets`]): how many
//! hits of a content search carry each stored value of some properties.
//!
//! edu-sharing counts only facets in the object form `{"property": …}`, and
//! only when `facetMinCount` is sent (without it every facet comes back
//! empty; a bare string drops the whole block). The counts cover every hit,
//! per exact stored value (URIs for vocabulary fields, free text for the
//! publisher), up to 5 × `facetLimit` values per property. A facet cannot
//! be scoped to a collection.

use serde::Deserialize;

/// `facets` of an ngsearch answer (its one node and the rest are skipped).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct FacetList {
    pub facets: Vec<Facet>,
}

/// The counts of one property.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct Facet {
    pub property: String,
    pub values: Vec<FacetValue>,
}

/// One stored value and how many hits carry it.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct FacetValue {
    pub value: String,
    pub count: u64,
}

impl FacetList {
    /// The counts of `property` (none when the answer has no such facet).
    pub fn values(&self, property: &str) -> &[FacetValue] {
        self.facets
            .iter()
            .find(|f| f.property == property)
            .map(|f| f.values.as_slice())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_fixture_shape() {
        let body = r#"{"nodes": [{"ref": {"id": "x"}}], "pagination": {"total": 287},
            "facets": [{"property": "ccm:taxonid", "values": [{"value": "http://w3id.org/openeduhub/vocabs/discipline/380", "count": 270}],
                        "sumOtherDocCount": 0}]}"#;
        let list: FacetList = serde_json::from_str(body).unwrap();
        assert_eq!(list.values("ccm:taxonid")[0].count, 270);
        assert!(list.values("ccm:oeh_lrt_aggregated").is_empty());
        // An answer without a facets block (a bare-string request) has none.
        let list: FacetList = serde_json::from_str(r#"{"nodes": []}"#).unwrap();
        assert!(list.facets.is_empty());
    }
}
