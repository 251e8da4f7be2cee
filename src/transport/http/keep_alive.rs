//! Whether the connection can carry another request after an answer.
//!
//! Rules 1–7 may answer before the request body is read to its end: a
//! rejected request's body is never read, a body over the limit is read no
//! further. What is left of it would be taken for the next request, so hyper
//! closes such a connection after the answer; a client that sends its next
//! request on it before it sees the close gets an error instead of an
//! answer. [`HttpHandler::handle`](super::HttpHandler::handle) therefore
//! watches the body with [`Watched`] and marks every answer given before the
//! body's end with `Connection: close` ([`close`]): the client opens a new
//! connection for its next request.

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};

use http::{HeaderValue, header};
use http_body::{Body, Frame, SizeHint};

use super::HttpResponse;

/// A request body that records when its end has been read.
pub struct Watched<B> {
    body: B,
    ended: Arc<AtomicBool>,
}

impl<B: Body> Watched<B> {
    /// The watched body and the flag that turns true once its end was read
    /// (at once for a body that is empty from the start).
    pub fn new(body: B) -> (Watched<B>, Arc<AtomicBool>) {
        let ended = Arc::new(AtomicBool::new(body.is_end_stream()));
        (
            Watched {
                body,
                ended: ended.clone(),
            },
            ended,
        )
    }
}

impl<B: Body + Unpin> Body for Watched<B> {
    type Data = B::Data;
    type Error = B::Error;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<B::Data>, B::Error>>> {
        let polled = Pin::new(&mut self.body).poll_frame(cx);
        if let Poll::Ready(None) = polled {
            self.ended.store(true, Ordering::Relaxed);
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// Marks `response` so the client sends no further request on its connection.
pub fn close(response: &mut HttpResponse) {
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
}
