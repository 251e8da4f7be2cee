pub mod collections;
pub mod filters;
pub mod output;
pub mod pipeline;
pub mod ranking;
