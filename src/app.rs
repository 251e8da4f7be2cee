//! The application: configuration plus the upstream client, built once per
//! process (once per cold start on serverless) and shared by every request.

use std::sync::Arc;

use crate::config::Config;
use crate::upstream::EduSharing;

pub struct App {
    pub config: Config,
    pub upstream: EduSharing,
}

impl App {
    pub fn new(config: Config) -> Arc<App> {
        let upstream = EduSharing::new(&config);
        Arc::new(App { config, upstream })
    }

    /// `<repository>/components/render/<id>`.
    pub fn render_url(&self, node_id: &str) -> String {
        crate::urls::render_page(&self.config.repository_url, node_id)
    }

    /// `<repository>/components/topic-pages?collectionId=<id>`.
    pub fn topic_page_url(&self, collection_id: &str) -> String {
        crate::urls::topic_page(&self.config.repository_url, collection_id)
    }

    /// A node as the card every tool shows.
    pub fn card(&self, node: &crate::node::Node) -> crate::card::FormattedNode {
        crate::card::FormattedNode::from_node(node, &self.config.repository_url)
    }
}
