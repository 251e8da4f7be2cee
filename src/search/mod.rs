pub mod pipeline;
pub mod ranking;
