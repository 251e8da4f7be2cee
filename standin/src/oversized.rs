//! Oversized answers, generated while they are sent and never held in
//! memory: hundreds of megabytes with or without `Content-Length`, a gzip
//! bomb, and a long stored text. Each is a JSON object `{"text":"…"}` whose
//! text is a repeated sentence (a cut `/textContent` read finds a text).
//!
//! The server counts the generated bodies that were dropped before their end
//! (the client closed the connection early) and those sent whole.

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::task::{Context, Poll};

use bytes::Bytes;
use flate2::{Compress, Compression, Crc, FlushCompress};
use hyper::body::{Body, Frame, SizeHint};

/// Size of an oversized answer.
pub const OVERSIZED_BYTES: u64 = 400 << 20;
/// Decoded size of the gzip bomb: about 1,000 times its size on the wire,
/// which must exceed the socket buffers for the early close to be seen.
pub const GZIP_BOMB_BYTES: u64 = 64 << 30;
/// The unit the generated text repeats (ASCII: any cut is valid UTF-8).
const SENTENCE: &[u8] = b"Dieser gespeicherte Volltext ist absichtlich sehr lang und wiederholt sich. ";
/// About 64 KiB of whole sentences.
const CHUNK_SENTENCES: usize = 64 * 1024 / SENTENCE.len();
/// The gzip bomb repeats one deflated block of this many chunks.
const BOMB_CHUNKS_PER_BLOCK: usize = 16;

/// What the server counts about generated bodies.
#[derive(Default)]
pub(crate) struct Tally {
    pub(crate) cut: AtomicU64,
    pub(crate) whole: AtomicU64,
}

/// How a generated body is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    /// With `Content-Length`.
    Sized,
    /// Chunked, without a length.
    Streamed,
    /// `Content-Encoding: gzip`, chunked, tiny on the wire.
    Gzip,
}

/// A body of `{"text":"<start>` + repeated sentences + `"}`, at least
/// `bytes` long (decoded), generated chunk by chunk.
pub(crate) struct Generated {
    shape: Shape,
    /// The next pieces, front first; `repeat` copies of `unit` go between
    /// `head` and `tail`.
    head: Option<Bytes>,
    unit: Bytes,
    repeat: u64,
    tail: Option<Bytes>,
    /// Exact length on the wire when [`Shape::Sized`].
    length: u64,
    /// Gzip: the decoded bytes so far and their CRC, for the trailer.
    crc: Crc,
    /// Gzip: the CRC of what one `unit` decodes to (combined per unit: a
    /// CRC over the decoded bytes would cost the stand-in gigabytes of work,
    /// as it sends far more than a bounded client reads).
    crc_unit: Option<&'static Crc>,
    tally: Arc<Tally>,
    finished: bool,
}

impl Generated {
    /// `start` is text that begins the body's text (JSON-escaped already).
    pub(crate) fn new(shape: Shape, start: &str, bytes: u64, tally: Arc<Tally>) -> Generated {
        let head = format!("{{\"text\":\"{start}");
        let tail = Bytes::from_static(b"\"}");
        let plain_unit = Bytes::from(SENTENCE.repeat(CHUNK_SENTENCES));
        let mut body = Generated {
            shape,
            head: Some(Bytes::from(head)),
            unit: plain_unit.clone(),
            repeat: bytes.div_ceil(plain_unit.len() as u64),
            tail: Some(tail),
            length: 0,
            crc: Crc::new(),
            crc_unit: None,
            tally,
            finished: false,
        };
        match shape {
            Shape::Sized => {
                let (head, tail) = (body.head.as_ref(), body.tail.as_ref());
                body.length = head.map_or(0, Bytes::len) as u64
                    + body.repeat * body.unit.len() as u64
                    + tail.map_or(0, Bytes::len) as u64;
            }
            Shape::Streamed => {}
            Shape::Gzip => {
                // The CRC covers what the client decodes; computed for the
                // pieces as they are sent.
                // Deflated once per process (slow in a debug build).
                static BOMB: OnceLock<(Crc, Bytes)> = OnceLock::new();
                let (crc, deflated) = BOMB.get_or_init(|| {
                    let block = plain_unit.repeat(BOMB_CHUNKS_PER_BLOCK);
                    let mut crc = Crc::new();
                    crc.update(&block);
                    (crc, deflate(&block))
                });
                body.repeat = body.repeat.div_ceil(BOMB_CHUNKS_PER_BLOCK as u64);
                body.unit = deflated.clone();
                body.crc_unit = Some(crc);
                let head = body.head.take().unwrap_or_default();
                body.crc.update(&head);
                let mut gz = GZIP_HEADER.to_vec();
                gz.extend_from_slice(&deflate(&head));
                body.head = Some(Bytes::from(gz));
            }
        }
        body
    }

    /// `Content-Length`, when the body has one.
    pub(crate) fn content_length(&self) -> Option<u64> {
        (self.shape == Shape::Sized).then_some(self.length)
    }

    pub(crate) fn is_gzip(&self) -> bool {
        self.shape == Shape::Gzip
    }

    fn next_piece(&mut self) -> Option<Bytes> {
        if let Some(head) = self.head.take() {
            return Some(head);
        }
        if self.repeat > 0 {
            self.repeat -= 1;
            if let Some(crc) = self.crc_unit {
                self.crc.combine(crc);
            }
            return Some(self.unit.clone());
        }
        let tail = self.tail.take()?;
        if self.shape != Shape::Gzip {
            return Some(tail);
        }
        self.crc.update(&tail);
        let mut end = deflate(&tail).to_vec();
        // A final empty block, then CRC-32 and length (mod 2^32).
        end.extend_from_slice(&[0x03, 0x00]);
        end.extend_from_slice(&self.crc.sum().to_le_bytes());
        end.extend_from_slice(&self.crc.amount().to_le_bytes());
        Some(Bytes::from(end))
    }
}

/// gzip member header: deflate, no name, no time, unknown OS.
const GZIP_HEADER: [u8; 10] = [0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff];

/// `data` as raw deflate blocks ending on a full flush: byte-aligned and
/// independent of what comes before, so the same block can be repeated.
fn deflate(data: &[u8]) -> Bytes {
    let mut compress = Compress::new(Compression::best(), false);
    let mut out = Vec::with_capacity(data.len() / 64 + 1024);
    loop {
        let consumed = compress.total_in() as usize;
        if out.capacity() - out.len() < 1024 {
            out.reserve(out.capacity());
        }
        // Infallible for a fresh compressor with room to write.
        let _ = compress.compress_vec(&data[consumed..], &mut out, FlushCompress::Full);
        if compress.total_in() as usize == data.len() && out.capacity() > out.len() {
            break;
        }
    }
    Bytes::from(out)
}

impl Body for Generated {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        let this = self.get_mut();
        match this.next_piece() {
            Some(piece) => Poll::Ready(Some(Ok(Frame::data(piece)))),
            None => {
                this.finished = true;
                Poll::Ready(None)
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.head.is_none() && self.repeat == 0 && self.tail.is_none()
    }

    fn size_hint(&self) -> SizeHint {
        match self.content_length() {
            Some(n) => SizeHint::with_exact(n),
            None => SizeHint::default(),
        }
    }
}

impl Drop for Generated {
    fn drop(&mut self) {
        let counter = match self.finished || self.is_end_stream() {
            true => &self.tally.whole,
            false => &self.tally.cut,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::BodyExt;
    use std::io::Read;

    async fn collect(body: Generated) -> Vec<u8> {
        body.collect().await.unwrap().to_bytes().to_vec()
    }

    #[tokio::test]
    async fn every_shape_is_a_json_text_of_at_least_the_size() {
        let tally = Arc::new(Tally::default());
        for shape in [Shape::Sized, Shape::Streamed] {
            let body = Generated::new(shape, "Anfang ", 300_000, tally.clone());
            let length = body.content_length();
            let bytes = collect(body).await;
            assert_eq!(length.is_some(), shape == Shape::Sized);
            if let Some(n) = length {
                assert_eq!(n, bytes.len() as u64);
            }
            let doc: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
            let text = doc["text"].as_str().unwrap();
            assert!(text.starts_with("Anfang Dieser") && text.len() >= 300_000, "{shape:?}");
        }
        let gz = collect(Generated::new(Shape::Gzip, "", 3 << 20, tally.clone())).await;
        let mut decoded = Vec::new();
        flate2::read::GzDecoder::new(&gz[..]).read_to_end(&mut decoded).unwrap();
        assert!(gz.len() < 64 * 1024, "a bomb is small on the wire: {}", gz.len());
        assert!(decoded.len() >= 3 << 20);
        let doc: serde_json::Value = serde_json::from_slice(&decoded).unwrap();
        assert!(doc["text"].as_str().unwrap().starts_with("Dieser"));
        assert_eq!(tally.whole.load(Ordering::Relaxed), 3);
        // Dropped before the end: counted as cut.
        let mut body = Generated::new(Shape::Streamed, "", 1 << 20, tally.clone());
        let _ = body.frame().await;
        drop(body);
        assert_eq!(tally.cut.load(Ordering::Relaxed), 1);
    }
}
