//! Clean logs: no character that came from a request reaches the log raw,
//! whoever writes the line (our code or rmcp, which prints request ids as
//! given), and no request can make a line long.
//!
//! - Text style: every field value (the message included) has its control,
//!   bidirectional and zero-width characters escaped (`\n`, `\u{1b}`, …) and
//!   is cut to [`MAX_FIELD_CHARS`] ([`MAX_MESSAGE_CHARS`] for the message).
//! - JSON style: the JSON encoder escapes control characters itself; every
//!   string of the object is cut the same way and has bidirectional and
//!   zero-width characters escaped.
//! - Both: [`CleanWriter`] escapes what is left of line breaks inside an
//!   event and cuts a line at [`MAX_LINE_BYTES`], so one event is one line.

use std::fmt::{self, Write as _};
use std::io::{self, Write};

use serde_json::Value;
use tracing::field::Field;
use tracing_subscriber::field::MakeExt;
use tracing_subscriber::fmt::format::{FormatFields, Writer};
use tracing_subscriber::fmt::writer::MakeWriter;

use crate::card::is_hidden_control;

/// Longest field value in a log line (ids, methods, tool names, paths).
pub const MAX_FIELD_CHARS: usize = 300;
/// Longest message of a log line.
pub const MAX_MESSAGE_CHARS: usize = 2000;
/// Longest log line, its line break included.
pub const MAX_LINE_BYTES: usize = 16 * 1024;

/// `value` with hidden characters escaped and cut to `max` characters
/// (a cut value ends in `…`).
pub fn clean(value: &str, max: usize) -> String {
    clean_with(value, max, false)
}

/// [`clean`]; with `keep_controls`, control characters stay (for the JSON
/// encoder, which escapes them itself).
fn clean_with(value: &str, max: usize, keep_controls: bool) -> String {
    let mut out = String::with_capacity(value.len().min(max + 8));
    for (count, c) in value.chars().enumerate() {
        if count == max {
            out.push('…');
            break;
        }
        match c {
            c if keep_controls && c.is_control() => out.push(c),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if is_hidden_control(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// The text style's field formatter: `name=value` separated by blanks, the
/// message bare, each value [`clean`]ed.
pub fn text_fields() -> impl for<'w> FormatFields<'w> + Send + Sync + 'static {
    tracing_subscriber::fmt::format::debug_fn(|writer: &mut Writer<'_>, field: &Field, value: &dyn fmt::Debug| {
        let raw = format!("{value:?}");
        if field.name() == "message" {
            write!(writer, "{}", clean(&raw, MAX_MESSAGE_CHARS))
        } else {
            write!(writer, "{}={}", field.name(), clean(&raw, MAX_FIELD_CHARS))
        }
    })
    .delimited(" ")
}

/// A writer that gets each formatted event whole (tracing-subscriber's fmt
/// layer writes one event with one `write_all`) and passes it on clean.
#[derive(Debug, Clone, Copy)]
pub struct CleanWriter {
    /// Events are JSON objects (cut their strings instead of the line).
    pub json: bool,
}

impl<'a> MakeWriter<'a> for CleanWriter {
    type Writer = CleanLine;

    fn make_writer(&'a self) -> CleanLine {
        CleanLine { json: self.json }
    }
}

/// See [`CleanWriter`].
pub struct CleanLine {
    json: bool,
}

impl Write for CleanLine {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        let line = if self.json { json_line(&text) } else { text_line(&text) };
        io::stderr().lock().write_all(line.as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        io::stderr().flush()
    }
}

/// One event of the text style as one line: inner line breaks escaped (the
/// fields are clean already; colour codes stay), cut at [`MAX_LINE_BYTES`].
pub fn text_line(event: &str) -> String {
    let body = event.strip_suffix('\n').unwrap_or(event);
    let body = body.replace('\n', "\\n").replace('\r', "\\r");
    finish_line(body)
}

/// One event of the JSON style: every string cut and hidden characters
/// escaped, then the line cut as a last resort.
pub fn json_line(event: &str) -> String {
    let body = event.trim_end_matches('\n');
    match serde_json::from_str::<Value>(body) {
        Ok(mut value) => {
            clean_strings(&mut value, None);
            finish_line(value.to_string())
        }
        // Not one JSON object (cannot happen with the JSON formatter): as text.
        Err(_) => text_line(event),
    }
}

fn clean_strings(value: &mut Value, key: Option<&str>) {
    match value {
        Value::String(s) => {
            let max = if key == Some("message") {
                MAX_MESSAGE_CHARS
            } else {
                MAX_FIELD_CHARS
            };
            if s.chars().count() > max || s.chars().any(is_hidden_control) {
                *s = clean_with(s, max, true);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| clean_strings(item, key)),
        Value::Object(map) => map.iter_mut().for_each(|(k, v)| clean_strings(v, Some(k))),
        _ => {}
    }
}

/// `body` plus a line break, cut so the whole is at most [`MAX_LINE_BYTES`].
fn finish_line(mut body: String) -> String {
    const MARK: &str = " …[cut]";
    if body.len() + 1 > MAX_LINE_BYTES {
        let mut end = MAX_LINE_BYTES - 1 - MARK.len();
        while !body.is_char_boundary(end) {
            end -= 1;
        }
        body.truncate(end);
        body.push_str(MARK);
    }
    body.push('\n');
    body
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_escapes_and_cuts() {
        assert_eq!(clean("x\n2026 INFO forged", 100), "x\\n2026 INFO forged");
        assert_eq!(clean("a\u{1b}[31mb\u{202e}c", 100), "a\\u{1b}[31mb\\u{202e}c");
        assert_eq!(clean("abcdef", 3), "abc…");
        assert_eq!(clean("äöü", 3), "äöü");
    }

    #[test]
    fn lines_stay_single_and_short() {
        assert_eq!(text_line("a\nb\r\n"), "a\\nb\\r\n");
        let long = "x".repeat(100_000);
        let line = text_line(&long);
        assert!(line.len() <= MAX_LINE_BYTES && line.ends_with(" …[cut]\n"));
        let json = json_line(&format!(
            "{{\"level\":\"WARN\",\"fields\":{{\"id\":\"{long}\\n\\u001b\u{202e}\",\"message\":\"m\"}}}}\n"
        ));
        assert!(json.len() < 1000 && json.ends_with("}\n"), "{json}");
        let parsed: Value = serde_json::from_str(json.trim_end()).unwrap();
        let id = parsed["fields"]["id"].as_str().unwrap();
        assert_eq!(id.chars().count(), MAX_FIELD_CHARS + 1);
        assert!(
            !json[..json.len() - 1]
                .chars()
                .any(|c| c.is_control() || c == '\u{202e}')
        );
    }
}
