//! Lingering close for `wlo-mcp serve` (RFC 9112 §9.6, as nginx and Apache
//! do it).
//!
//! The HTTP handler answers several refusals before it has read the request
//! body (401, 403, 405, 413 for a declared length, 431, 503, 408) and then
//! closes the connection ([`super::http::keep_alive`]). Closing a socket with
//! unread data in it makes the kernel send a reset: a client that writes its
//! whole body before it reads (Node's `fetch`, Python's `http.client`) gets a
//! broken pipe instead of the answer. So when a body is dropped before its
//! end, [`LingeringBody`] hands what is left of it to a task that reads and
//! discards it — never buffers it — until the client is done, then lets the
//! connection close:
//!
//! - at most [`MAX_BYTES`] (8 MiB, above the 1 MiB body limit: a 4 MiB body
//!   is read out), and at most [`MAX_TIME`] in all;
//! - a pause of [`IDLE`] ends it;
//! - at most [`MAX_LINGERING`] connections linger at once, a bound of their
//!   own: refusals come before the in-flight bound, and sharing its places
//!   would let a flood without a token block real calls. Past it, the
//!   connection closes at once, as without lingering;
//! - a body announced with `Expect: 100-continue` is never read: reading it
//!   would make hyper send `100 Continue` and invite the upload.
//!
//! Each lingered connection leaves one `debug` log line with its outcome,
//! the bytes discarded and the running counts.
//!
//! Vercel and Lambda hand the function a body their platform has already
//! read in full, and a reverse proxy in front of `serve` lingers itself: this
//! is for `serve` facing clients directly (docs/hardening.md).

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use http::{HeaderMap, Request, header};
use http_body::{Body, Frame, SizeHint};
use http_body_util::BodyExt;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The most a lingering connection reads and discards.
pub const MAX_BYTES: u64 = 8 * 1024 * 1024;
/// A pause this long in the client's body ends the lingering.
pub const IDLE: Duration = Duration::from_secs(2);
/// The longest one connection lingers.
pub const MAX_TIME: Duration = Duration::from_secs(30);
/// The most connections lingering at once. Each holds hyper's read buffer
/// (at most 64 KiB) and one chunk at a time: together well under 8 MiB.
pub const MAX_LINGERING: usize = 32;

/// The lingering of one server: its places and its counts. Cheap to clone.
#[derive(Clone)]
pub struct Linger {
    places: Arc<Semaphore>,
    counts: Arc<Counts>,
}

/// How lingered connections ended, and how many found no place.
#[derive(Default)]
struct Counts {
    read_out: AtomicU64,
    cut: AtomicU64,
    no_place: AtomicU64,
}

impl Default for Linger {
    fn default() -> Self {
        Linger::new(MAX_LINGERING)
    }
}

impl Linger {
    /// At most `places` connections lingering at once.
    pub fn new(places: usize) -> Linger {
        Linger {
            places: Arc::new(Semaphore::new(places)),
            counts: Arc::default(),
        }
    }

    /// `request` with a body that lingers when it is dropped before its end
    /// (one announced with `Expect: 100-continue` never does).
    pub fn wrap<B>(&self, request: Request<B>) -> Request<LingeringBody<B>>
    where
        B: Body + Send + Unpin + 'static,
    {
        let expects_continue = expects_continue(request.headers());
        request.map(|body| LingeringBody {
            body: Some(body),
            ended: false,
            linger: (!expects_continue).then(|| self.clone()),
        })
    }

    /// Read and discard `body` on a task of its own, if a place is free.
    fn start<B>(&self, body: B)
    where
        B: Body + Send + Unpin + 'static,
    {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        match self.places.clone().try_acquire_owned() {
            Ok(place) => {
                runtime.spawn(self.clone().drain(body, place));
            }
            Err(_) => {
                let no_place = self.counts.no_place.fetch_add(1, Ordering::Relaxed) + 1;
                tracing::debug!(no_place, "lingering close: every place taken, closing at once");
            }
        }
    }

    async fn drain<B>(self, mut body: B, place: OwnedSemaphorePermit)
    where
        B: Body + Unpin,
    {
        let started = Instant::now();
        let mut discarded: u64 = 0;
        let outcome = loop {
            if started.elapsed() >= MAX_TIME {
                break "time";
            }
            match tokio::time::timeout(IDLE, body.frame()).await {
                Err(_) => break "idle",
                Ok(None) => break "read out",
                Ok(Some(Err(_))) => break "broken",
                Ok(Some(Ok(frame))) => {
                    discarded += frame.data_ref().map_or(0, |data| bytes::Buf::remaining(data) as u64);
                    if discarded > MAX_BYTES {
                        break "cap";
                    }
                }
            }
        };
        drop(body);
        drop(place);
        let counter = if outcome == "read out" {
            &self.counts.read_out
        } else {
            &self.counts.cut
        };
        counter.fetch_add(1, Ordering::Relaxed);
        tracing::debug!(
            outcome,
            discarded,
            ms = started.elapsed().as_millis() as u64,
            read_out = self.counts.read_out.load(Ordering::Relaxed),
            cut = self.counts.cut.load(Ordering::Relaxed),
            no_place = self.counts.no_place.load(Ordering::Relaxed),
            "lingering close"
        );
    }
}

fn expects_continue(headers: &HeaderMap) -> bool {
    headers
        .get(header::EXPECT)
        .is_some_and(|value| value.as_bytes().eq_ignore_ascii_case(b"100-continue"))
}

/// A request body that, dropped before its end, is read out by [`Linger`].
pub struct LingeringBody<B: Body + Send + Unpin + 'static> {
    body: Option<B>,
    ended: bool,
    /// `None`: never linger (`Expect: 100-continue`).
    linger: Option<Linger>,
}

impl<B: Body + Send + Unpin + 'static> Body for LingeringBody<B> {
    type Data = B::Data;
    type Error = B::Error;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<B::Data>, B::Error>>> {
        let Some(body) = self.body.as_mut() else {
            return Poll::Ready(None);
        };
        let polled = Pin::new(body).poll_frame(cx);
        if let Poll::Ready(None) = polled {
            self.ended = true;
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.body.as_ref().is_none_or(Body::is_end_stream)
    }

    fn size_hint(&self) -> SizeHint {
        self.body.as_ref().map(Body::size_hint).unwrap_or_default()
    }
}

impl<B: Body + Send + Unpin + 'static> Drop for LingeringBody<B> {
    fn drop(&mut self) {
        let Some(body) = self.body.take() else {
            return;
        };
        if self.ended || body.is_end_stream() {
            return;
        }
        if let Some(linger) = self.linger.take() {
            linger.start(body);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bytes::Bytes;
    use futures::StreamExt;
    use futures::channel::mpsc;
    use http_body_util::StreamBody;
    use std::convert::Infallible;

    type Chunks =
        StreamBody<futures::stream::Map<mpsc::UnboundedReceiver<Bytes>, fn(Bytes) -> Result<Frame<Bytes>, Infallible>>>;

    /// A body fed through a channel, and the request carrying it.
    fn request(headers: &[(&str, &str)]) -> (mpsc::UnboundedSender<Bytes>, Request<Chunks>) {
        let (sender, receiver) = mpsc::unbounded();
        let frames: fn(Bytes) -> Result<Frame<Bytes>, Infallible> = |b| Ok(Frame::data(b));
        let mut builder = Request::builder();
        for (name, value) in headers {
            builder = builder.header(*name, *value);
        }
        (sender, builder.body(StreamBody::new(receiver.map(frames))).unwrap())
    }

    async fn settle(linger: &Linger, read_out: u64, cut: u64) {
        for _ in 0..500 {
            let counts = &linger.counts;
            if counts.read_out.load(Ordering::Relaxed) == read_out && counts.cut.load(Ordering::Relaxed) == cut {
                return;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        panic!("expected {read_out} read out and {cut} cut");
    }

    #[tokio::test]
    async fn a_dropped_body_is_read_out_within_its_own_bound() {
        let linger = Linger::new(1);
        // The first unfinished body takes the one place ...
        let (first, body) = request(&[]);
        drop(linger.wrap(body));
        // ... so the second finds none and closes at once.
        let (_second, body) = request(&[]);
        drop(linger.wrap(body));
        assert_eq!(linger.counts.no_place.load(Ordering::Relaxed), 1);
        assert_eq!(linger.places.available_permits(), 0);
        // The first is read out when its client is done, and frees the place.
        first.unbounded_send(Bytes::from_static(b"rest of the body")).unwrap();
        drop(first);
        settle(&linger, 1, 0).await;
        assert_eq!(linger.places.available_permits(), 1);
        // A body read to its end by the handler does not linger.
        let (sender, body) = request(&[]);
        drop(sender);
        let mut body = linger.wrap(body).into_body();
        assert!(body.frame().await.is_none());
        drop(body);
        // Nor does one announced with `Expect: 100-continue`.
        let (_sender, body) = request(&[("expect", "100-Continue")]);
        drop(linger.wrap(body));
        assert_eq!(linger.places.available_permits(), 1);
        settle(&linger, 1, 0).await;
        assert_eq!(linger.counts.no_place.load(Ordering::Relaxed), 1);
    }

    #[tokio::test]
    async fn lingering_stops_past_its_cap() {
        let linger = Linger::new(1);
        let (sender, body) = request(&[]);
        drop(linger.wrap(body));
        let mib = Bytes::from(vec![b' '; 1024 * 1024]);
        for _ in 0..9 {
            sender.unbounded_send(mib.clone()).unwrap();
        }
        settle(&linger, 0, 1).await;
        assert_eq!(linger.places.available_permits(), 1);
    }
}
