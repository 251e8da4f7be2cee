pub mod collections;
pub mod compendium;
pub mod contents_filter;
pub mod facets;
pub mod filters;
pub mod pipeline;
pub mod ranking;
pub mod related;
