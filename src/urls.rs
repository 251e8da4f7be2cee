//! edu-sharing URLs, built in one place on the `url` crate: the REST reads
//! and the repository's pages (render, topic page, search) that answers link
//! to. Each path segment and query value is percent-encoded by `url`, so no
//! id, key or search term can change a URL's structure.

use url::Url;

/// A URL below a base, built segment by segment and pair by pair.
#[derive(Debug, Clone)]
pub struct EduUrl(Option<Url>);

impl EduUrl {
    /// `base` with `segments` appended, each one path segment (a `/` inside
    /// one is encoded). `base` is the configured repository or its REST base,
    /// which the configuration has checked to be an http(s) URL; were it not
    /// one, the URL is empty (no link, and a read of it fails).
    pub fn new(base: &str, segments: &[&str]) -> EduUrl {
        let url = Url::parse(base).ok().and_then(|mut url| {
            url.path_segments_mut().ok()?.pop_if_empty().extend(segments);
            Some(url)
        });
        EduUrl(url)
    }

    /// Append `key=value` to the query, form-encoded (a space is `+`).
    pub fn query(mut self, key: &str, value: &str) -> EduUrl {
        if let Some(url) = &mut self.0 {
            url.query_pairs_mut().append_pair(key, value);
        }
        self
    }

    /// Append one pair per value, all under `key`.
    pub fn query_all<'a>(self, key: &str, values: impl IntoIterator<Item = &'a str>) -> EduUrl {
        values.into_iter().fold(self, |url, value| url.query(key, value))
    }
}

impl From<EduUrl> for String {
    fn from(url: EduUrl) -> String {
        url.0.map(String::from).unwrap_or_default()
    }
}

/// `<repository>/components/render/<id>`: the repository's page of one node.
pub fn render_page(repository: &str, node_id: &str) -> String {
    EduUrl::new(repository, &["components", "render", node_id]).into()
}

/// `<repository>/components/topic-pages?collectionId=<id>`: a collection's Themenseite.
pub fn topic_page(repository: &str, collection_id: &str) -> String {
    EduUrl::new(repository, &["components", "topic-pages"])
        .query("collectionId", collection_id)
        .into()
}

/// `<repository>/components/search?q=<term>&filters=<JSON>`: the repository's
/// own search page; `q` is left out when `None`, `filters` likewise.
pub fn search_page(repository: &str, term: Option<&str>, filters: Option<&str>) -> String {
    let mut url = EduUrl::new(repository, &["components", "search"]);
    if let Some(term) = term {
        url = url.query("q", term);
    }
    if let Some(filters) = filters {
        url = url.query("filters", filters);
    }
    url.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    const REPO: &str = "https://repo.example/edu-sharing";

    #[test]
    fn segments_and_values_are_encoded() {
        let url: String = EduUrl::new(&format!("{REPO}/rest"), &["node", "a b/ä?x", "children"])
            .query("propertyFilter", "cclom:title")
            .query("q", "Brüche & Prozent")
            .into();
        assert_eq!(
            url,
            "https://repo.example/edu-sharing/rest/node/a%20b%2F%C3%A4%3Fx/children?propertyFilter=cclom%3Atitle&q=Br%C3%BCche+%26+Prozent"
        );
    }

    #[test]
    fn pages_of_the_repository() {
        let id = "5e40e372-735c-4b17-bbf7-e827a5702b57";
        assert_eq!(render_page(REPO, id), format!("{REPO}/components/render/{id}"));
        assert_eq!(
            render_page(&format!("{REPO}/"), id),
            format!("{REPO}/components/render/{id}")
        );
        assert_eq!(
            topic_page(REPO, id),
            format!("{REPO}/components/topic-pages?collectionId={id}")
        );
        assert_eq!(search_page(REPO, None, None), format!("{REPO}/components/search"));
        assert_eq!(
            search_page(REPO, Some("a+b"), Some("{}")),
            format!("{REPO}/components/search?q=a%2Bb&filters=%7B%7D")
        );
    }

    #[test]
    fn a_base_that_is_no_url_gives_no_url() {
        assert_eq!(render_page("not a url", "x"), "");
        assert_eq!(String::from(EduUrl::new("mailto:x@y", &["a"]).query("k", "v")), "");
    }
}
