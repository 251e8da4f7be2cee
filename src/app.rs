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
        crate::format::render_url(&self.config.repository_url, node_id)
    }

    /// `<repository>/components/topic-pages?collectionId=<id>`.
    pub fn topic_page_url(&self, collection_id: &str) -> String {
        crate::format::topic_page_url(&self.config.repository_url, collection_id)
    }

    /// Format a node for output.
    pub fn format(&self, node: &crate::upstream::Node) -> crate::format::FormattedNode {
        crate::format::FormattedNode::from_node(node, &self.config.repository_url)
    }
}
