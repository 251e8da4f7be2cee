//! Transports: one stateless HTTP handler (local server, Vercel, Lambda) and stdio.

pub mod http;
pub mod serverless;
pub mod stdio;
