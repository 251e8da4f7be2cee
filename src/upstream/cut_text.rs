//! The stored text of a cut `/textContent` answer. That answer is a JSON
//! object read only up to a bound (`body.rs`), so it usually ends inside
//! the text and no JSON parser accepts it. A small scanner walks the
//! top-level object and takes `text`, else `content`, else `raw` (the order
//! of [`super::answers::NodeText`]), the last one possibly unfinished.

use super::UpstreamError;

/// The keys that may hold the text, in order of preference.
const KEYS: [&str; 3] = ["text", "content", "raw"];

/// The first non-blank text of `prefix` (a JSON object cut anywhere) and
/// whether it is unfinished (cut). A prefix that is not the start of a JSON
/// object is [`UpstreamError::Malformed`].
pub(super) fn text_of_prefix(prefix: &[u8]) -> Result<Option<(String, bool)>, UpstreamError> {
    let malformed = |what: &str| UpstreamError::Malformed(format!("cut text answer: {what}"));
    let mut found: [Option<(String, bool)>; 3] = Default::default();
    let mut scan = Scanner { s: prefix, at: 0 };
    scan.whitespace();
    if scan.peek() != Some(b'{') {
        return Err(malformed("not a JSON object"));
    }
    scan.at += 1;
    loop {
        scan.whitespace();
        match scan.peek() {
            None | Some(b'}') => break,
            Some(b',') => {
                scan.at += 1;
                continue;
            }
            Some(b'"') => {}
            Some(_) => return Err(malformed("no key")),
        }
        let (key, complete) = scan.string();
        if !complete {
            break;
        }
        scan.whitespace();
        match scan.peek() {
            None => break,
            Some(b':') => scan.at += 1,
            Some(_) => return Err(malformed("no colon after a key")),
        }
        scan.whitespace();
        match KEYS.iter().position(|k| *k == key) {
            Some(slot) if scan.peek() == Some(b'"') => {
                let (text, complete) = scan.string();
                found[slot] = Some((text, !complete));
                if !complete {
                    break;
                }
            }
            _ => {
                if !scan.skip_value() {
                    break;
                }
            }
        }
    }
    Ok(found.into_iter().flatten().find(|(text, _)| !text.trim().is_empty()))
}

struct Scanner<'a> {
    s: &'a [u8],
    at: usize,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.at).copied()
    }

    fn whitespace(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    /// The string starting at `"`, decoded, and whether its closing quote
    /// came before the end of the input.
    fn string(&mut self) -> (String, bool) {
        self.at += 1;
        let mut out = Vec::new();
        loop {
            let Some(&byte) = self.s.get(self.at) else {
                return (utf8(out), false);
            };
            match byte {
                b'"' => {
                    self.at += 1;
                    return (utf8(out), true);
                }
                b'\\' => {
                    let Some((ch, len)) = self.escape() else {
                        return (utf8(out), false);
                    };
                    let mut buf = [0; 4];
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                    self.at += len;
                }
                _ => {
                    out.push(byte);
                    self.at += 1;
                }
            }
        }
    }

    /// The escape at the cursor and its length in bytes; `None` when the
    /// input ends inside it.
    fn escape(&self) -> Option<(char, usize)> {
        let ch = match *self.s.get(self.at + 1)? {
            b'n' => '\n',
            b't' => '\t',
            b'r' => '\r',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'u' => return self.unicode_escape(),
            other => other as char,
        };
        Some((ch, 2))
    }

    fn unicode_escape(&self) -> Option<(char, usize)> {
        let unit = |from: usize| -> Option<u32> {
            let hex = self.s.get(from..from + 4)?;
            u32::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()
        };
        let Some(high) = unit(self.at + 2) else {
            // Cut inside the escape, or not hex at all.
            let complete = self.s.len() >= self.at + 6;
            return complete.then_some((char::REPLACEMENT_CHARACTER, 6));
        };
        if !(0xD800..0xDC00).contains(&high) {
            return Some((char::from_u32(high).unwrap_or(char::REPLACEMENT_CHARACTER), 6));
        }
        // A surrogate pair: `\uD83D\uDE00`.
        if self.s.len() < self.at + 12 {
            return None;
        }
        match (self.s.get(self.at + 6..self.at + 8), unit(self.at + 8)) {
            (Some(b"\\u"), Some(low)) if (0xDC00..0xE000).contains(&low) => {
                let code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
                Some((char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER), 12))
            }
            _ => Some((char::REPLACEMENT_CHARACTER, 6)),
        }
    }

    /// Skip one value of any kind; `false` when the input ends inside it.
    fn skip_value(&mut self) -> bool {
        let mut depth = 0usize;
        loop {
            let Some(byte) = self.peek() else {
                return false;
            };
            match byte {
                b'"' => {
                    if !self.string().1 {
                        return false;
                    }
                    continue;
                }
                b'{' | b'[' => depth += 1,
                b'}' | b']' if depth > 0 => depth -= 1,
                b',' | b'}' | b']' if depth == 0 => return true,
                _ => {}
            }
            self.at += 1;
        }
    }
}

/// The decoded bytes as text: a character cut in the middle is dropped.
fn utf8(mut bytes: Vec<u8>) -> String {
    if let Err(error) = std::str::from_utf8(&bytes)
        && error.error_len().is_none()
    {
        bytes.truncate(error.valid_up_to());
    }
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(prefix: &str) -> Option<(String, bool)> {
        text_of_prefix(prefix.as_bytes()).unwrap()
    }

    #[test]
    fn a_text_cut_anywhere_keeps_its_beginning() {
        let whole = r#"{"text": "Brüche kürzen: \"6/8\"\n→ 3/4 😀 Ende", "html": null, "raw": null}"#;
        let decoded = "Brüche kürzen: \"6/8\"\n→ 3/4 😀 Ende";
        assert_eq!(text(whole), Some((decoded.to_string(), false)));
        // Every cut inside the text gives a beginning of the decoded text.
        let start = whole.find("Brü").unwrap();
        let end = whole.find("\", \"html").unwrap();
        for cut in start..end {
            // Bytes, not characters: a cut inside a character drops it.
            match text_of_prefix(&whole.as_bytes()[..cut]).unwrap() {
                None => assert!(cut <= start + 1, "{cut}"),
                Some((got, unfinished)) => {
                    assert!(unfinished, "{cut}");
                    assert!(decoded.starts_with(&got), "{cut}: {got:?}");
                }
            }
        }
    }

    #[test]
    fn escapes_and_pairs() {
        assert_eq!(
            text(r#"{"text":"a\u00e4\ud83d\ude00b"}"#),
            Some(("aä😀b".into(), false))
        );
        // Cut inside an escape or a pair: the escape is dropped.
        assert_eq!(text(r#"{"text":"a\u00e"#), Some(("a".into(), true)));
        assert_eq!(text(r#"{"text":"a\ud83d\ude0"#), Some(("a".into(), true)));
        assert_eq!(text(r#"{"text":"a\"#), Some(("a".into(), true)));
    }

    #[test]
    fn the_key_order_of_node_text() {
        assert_eq!(
            text(r#"{"raw":"r","html":{"x":[1,"}"]},"content":"c","text":"  "}"#),
            Some(("c".into(), false))
        );
        assert_eq!(text(r#"{"text":null,"raw":"rrr"#), Some(("rrr".into(), true)));
        assert_eq!(text(r#"{"html":"<p>long"#), None);
        assert_eq!(text(r#"{"te"#), None);
        assert_eq!(text("{"), None);
    }

    #[test]
    fn a_body_that_is_no_object_is_malformed() {
        for body in ["<html>oops", "", "[1,2", r#"{"text" "x"}"#, "{1:2}"] {
            assert!(
                matches!(text_of_prefix(body.as_bytes()), Err(UpstreamError::Malformed(_))),
                "{body}"
            );
        }
    }
}
