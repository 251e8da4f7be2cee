//! (placeholder until the ranking module root lands)
