//! The one way text goes into an XML document (GPX, KML, the NMEA track's GPX): every
//! exporter calls [`push_text`] (or [`escape`]), so no path can write text that makes the
//! document ill-formed.
//!
//! - The five markup characters become entities (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;`).
//! - Characters XML 1.0 forbids (§2.2 `Char`: U+0000–U+0008, U+000B, U+000C, U+000E–U+001F,
//!   U+FFFE, U+FFFF) are replaced by U+FFFD REPLACEMENT CHARACTER, so the reader sees that
//!   something was there. A Rust `str` cannot hold a lone surrogate; text from JavaScript
//!   reaches the core through wasm-bindgen, which already turns one into U+FFFD.
//! - CR is written as `&#13;`: a parser would otherwise turn CR LF into LF (XML §2.11).
//! - [`push_html_text`] is for elements a viewer renders as HTML (KML `<description>`:
//!   Google Earth shows it as HTML and runs its JavaScript): the text is HTML-escaped first,
//!   then XML-escaped, so after the XML parser the viewer gets inert, visible text.

/// What replaces a character XML 1.0 forbids.
pub const REPLACEMENT: char = '\u{FFFD}';

/// Whether XML 1.0 allows `c` in a document (production `Char`).
///
/// ```
/// use clearway_core::xml_text::is_xml_char;
/// assert!(is_xml_char('\t') && is_xml_char('é') && is_xml_char('\u{10FFFF}'));
/// assert!(!is_xml_char('\u{1}') && !is_xml_char('\u{C}') && !is_xml_char('\u{FFFE}'));
/// ```
pub const fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{FFFD}' | '\u{10000}'..)
}

/// Appends `text` to `buf` as XML character data (also safe in a quoted attribute value).
///
/// ```
/// let mut buf = Vec::new();
/// clearway_core::xml_text::push_text(&mut buf, "a < b & \u{1}\r\n");
/// assert_eq!(String::from_utf8(buf).unwrap(), "a &lt; b &amp; \u{FFFD}&#13;\n");
/// ```
pub fn push_text(buf: &mut Vec<u8>, text: &str) {
    let mut utf8 = [0u8; 4];
    for c in text.chars() {
        let entity: &[u8] = match c {
            '&' => b"&amp;",
            '<' => b"&lt;",
            '>' => b"&gt;",
            '"' => b"&quot;",
            '\'' => b"&apos;",
            '\r' => b"&#13;",
            c if is_xml_char(c) => c.encode_utf8(&mut utf8).as_bytes(),
            _ => REPLACEMENT.encode_utf8(&mut utf8).as_bytes(),
        };
        buf.extend_from_slice(entity);
    }
}

/// [`push_text`] into a new `String`.
///
/// ```
/// assert_eq!(clearway_core::xml_text::escape("A & B <x>"), "A &amp; B &lt;x&gt;");
/// ```
pub fn escape(text: &str) -> String {
    let mut buf = Vec::with_capacity(text.len());
    push_text(&mut buf, text);
    // push_text writes whole UTF-8 characters and ASCII entities only.
    String::from_utf8(buf).unwrap_or_default()
}

/// Appends `<tag>text</tag>`.
pub fn push_element(buf: &mut Vec<u8>, tag: &str, text: &str) {
    buf.push(b'<');
    buf.extend_from_slice(tag.as_bytes());
    buf.push(b'>');
    push_text(buf, text);
    buf.extend_from_slice(b"</");
    buf.extend_from_slice(tag.as_bytes());
    buf.push(b'>');
}

/// Appends `text` for an element whose content a viewer renders as HTML: HTML-escaped
/// (`&` `<` `>` `"` `'`), then XML-escaped by [`push_text`]. A line break becomes `<br>`
/// (escaped like the rest), so multi-line notes keep their lines in the balloon.
///
/// ```
/// let mut buf = Vec::new();
/// clearway_core::xml_text::push_html_text(&mut buf, "<b>hi</b>");
/// assert_eq!(String::from_utf8(buf).unwrap(), "&amp;lt;b&amp;gt;hi&amp;lt;/b&amp;gt;");
/// ```
pub fn push_html_text(buf: &mut Vec<u8>, text: &str) {
    let mut html = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '&' => html.push_str("&amp;"),
            '<' => html.push_str("&lt;"),
            '>' => html.push_str("&gt;"),
            '"' => html.push_str("&quot;"),
            '\'' => html.push_str("&#39;"),
            '\n' => html.push_str("<br>"),
            c => html.push(c),
        }
    }
    push_text(buf, &html);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_forbidden_character_is_replaced_and_every_allowed_one_kept() {
        for code in (0u32..0x11_0000)
            .step_by(7)
            .chain([0xB, 0xC, 0xFFFE, 0xFFFF, 0xFFFD])
        {
            let Some(c) = char::from_u32(code) else {
                continue;
            };
            let out = escape(&c.to_string());
            let allowed = code == 0x9
                || code == 0xA
                || code == 0xD
                || (0x20..=0xD7FF).contains(&code)
                || (0xE000..=0xFFFD).contains(&code)
                || code >= 0x10000;
            if !allowed {
                assert_eq!(out, "\u{FFFD}", "U+{code:04X}");
            } else if !"&<>\"'\r".contains(c) {
                assert_eq!(out, c.to_string(), "U+{code:04X}");
            }
        }
    }

    #[test]
    fn html_text_is_inert_after_both_parsers() {
        let mut buf = Vec::new();
        push_html_text(&mut buf, "<script>alert('x')</script>\nline & more");
        let xml = String::from_utf8(buf).unwrap();
        assert!(!xml.contains('<'), "{xml}");
        // What an XML parser hands the HTML renderer: entities, no tags.
        let after_xml = xml
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&");
        assert_eq!(
            after_xml,
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;<br>line &amp; more"
        );
    }
}
