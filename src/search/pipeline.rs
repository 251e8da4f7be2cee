//! The search pipeline (placeholder until implemented).
