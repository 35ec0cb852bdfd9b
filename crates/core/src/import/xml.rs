//! A guarded walk over an XML document, shared by the GPX and KML readers.
//!
//! - No DTD: a `<!DOCTYPE>` is refused outright, so no entity can be declared and an
//!   "entity bomb" is rejected at its first bytes, in constant memory. Undeclared entity
//!   references are never expanded (only the five predefined ones and character references).
//! - Element nesting deeper than [`MAX_DEPTH`] is refused.
//! - Well-formedness: mismatched end tags and a document that ends with open elements (a
//!   truncated file) are errors.
//! - Names are matched by local name, so `gx:Track`, `Track` and a default namespace all read
//!   the same; extension elements in other namespaces are walked over.

use std::borrow::Cow;

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

/// Deepest element nesting accepted. Real GPX and KML files nest fewer than 20 levels.
pub const MAX_DEPTH: usize = 256;

/// Why the walk stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum XmlFault {
    /// Not well-formed XML, or not the expected root element.
    Malformed,
    /// A document type declaration (which could declare entities).
    DocType,
    /// Nesting deeper than [`MAX_DEPTH`].
    TooDeep,
}

/// One step of the walk.
pub enum XmlEvent<'a> {
    /// An element opens (self-closing elements give `Start` then `End`); its local name is
    /// [`XmlWalker::current`].
    Start(BytesStart<'a>),
    /// An element closes. The stack no longer holds it.
    End { name: Vec<u8> },
    /// Character data (text, CDATA or a resolved reference) inside the current element.
    Text(Cow<'a, str>),
}

/// Walks a document whose root element's local name must be `root`.
pub struct XmlWalker<'a> {
    reader: Reader<&'a [u8]>,
    root: &'static [u8],
    /// Local names of the open elements, outermost first.
    stack: Vec<Vec<u8>>,
    seen_root: bool,
}

impl<'a> XmlWalker<'a> {
    pub fn new(bytes: &'a [u8], root: &'static [u8]) -> Self {
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let mut reader = Reader::from_reader(bytes);
        let config = reader.config_mut();
        config.expand_empty_elements = true;
        config.check_end_names = true;
        config.trim_text(false);
        Self {
            reader,
            root,
            stack: Vec::new(),
            seen_root: false,
        }
    }

    /// Local names of the open elements, outermost first.
    pub fn stack(&self) -> &[Vec<u8>] {
        &self.stack
    }

    /// Local name of the innermost open element (empty outside the root).
    pub fn current(&self) -> &[u8] {
        self.stack.last().map_or(&[], Vec::as_slice)
    }

    /// Whether an element with this local name is open.
    pub fn inside(&self, name: &[u8]) -> bool {
        self.stack.iter().any(|open| open == name)
    }

    /// The parent of the innermost open element (its second-to-last name).
    pub fn parent(&self) -> Option<&[u8]> {
        self.stack
            .len()
            .checked_sub(2)
            .and_then(|i| self.stack.get(i))
            .map(Vec::as_slice)
    }

    /// The next event, `None` at a well-formed end of the document.
    pub fn next_event(&mut self) -> Result<Option<XmlEvent<'a>>, XmlFault> {
        loop {
            let event = self.reader.read_event().map_err(|_| XmlFault::Malformed)?;
            match event {
                // `expand_empty_elements` turns `<a/>` into Start + End; an `Empty` cannot
                // arrive, and would be one element too many if it did.
                Event::Empty(_) => return Err(XmlFault::Malformed),
                Event::Start(element) => {
                    if self.stack.len() >= MAX_DEPTH {
                        return Err(XmlFault::TooDeep);
                    }
                    let local = local_name(&element);
                    if self.stack.is_empty() {
                        if self.seen_root || local != self.root {
                            return Err(XmlFault::Malformed);
                        }
                        self.seen_root = true;
                    }
                    self.stack.push(local.to_vec());
                    return Ok(Some(XmlEvent::Start(element)));
                }
                Event::End(_) => {
                    let name = self.stack.pop().ok_or(XmlFault::Malformed)?;
                    return Ok(Some(XmlEvent::End { name }));
                }
                Event::Text(text) => {
                    if self.stack.is_empty() {
                        // Only whitespace may stand outside the root element.
                        if text.iter().all(u8::is_ascii_whitespace) {
                            continue;
                        }
                        return Err(XmlFault::Malformed);
                    }
                    let text = text.decode().map_err(|_| XmlFault::Malformed)?;
                    return Ok(Some(XmlEvent::Text(text)));
                }
                Event::CData(data) => {
                    if self.stack.is_empty() {
                        return Err(XmlFault::Malformed);
                    }
                    let text = data.decode().map_err(|_| XmlFault::Malformed)?;
                    return Ok(Some(XmlEvent::Text(text)));
                }
                Event::GeneralRef(reference) => {
                    let name = reference.decode().map_err(|_| XmlFault::Malformed)?;
                    // An undeclared entity cannot be expanded (there is no DTD): malformed.
                    let text = resolve_reference(&name).ok_or(XmlFault::Malformed)?;
                    return Ok(Some(XmlEvent::Text(Cow::Owned(text))));
                }
                Event::DocType(_) => return Err(XmlFault::DocType),
                Event::Decl(_) | Event::PI(_) | Event::Comment(_) => {}
                Event::Eof => {
                    return if self.seen_root && self.stack.is_empty() {
                        Ok(None)
                    } else {
                        Err(XmlFault::Malformed)
                    };
                }
            }
        }
    }
}

/// The local part of an element name (after any `prefix:`).
fn local_name<'b>(element: &'b BytesStart<'_>) -> &'b [u8] {
    let full = element.name().into_inner();
    match full.iter().rposition(|&b| b == b':') {
        Some(colon) => &full[colon + 1..],
        None => full,
    }
}

/// The text of `&name;`: the five predefined entities and character references.
fn resolve_reference(name: &str) -> Option<String> {
    if let Some(number) = name.strip_prefix('#') {
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse().ok()?,
        };
        return char::from_u32(code).map(String::from);
    }
    quick_xml::escape::resolve_predefined_entity(name).map(str::to_owned)
}

/// The raw value of the attribute with this local name, if present and well-formed.
pub fn attribute<'b>(element: &'b BytesStart<'_>, local: &[u8]) -> Option<Cow<'b, [u8]>> {
    element.attributes().flatten().find_map(|attr| {
        let key = attr.key.local_name().into_inner();
        (key == local).then_some(attr.value)
    })
}

/// A number written in an attribute or text: trimmed, then parsed as f64; `None` when it
/// is not a finite number.
pub fn parse_number(raw: &[u8]) -> Option<f64> {
    let text = std::str::from_utf8(raw).ok()?.trim();
    text.parse::<f64>().ok().filter(|v| v.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walk(xml: &str, root: &'static [u8]) -> Result<usize, XmlFault> {
        let mut walker = XmlWalker::new(xml.as_bytes(), root);
        let mut events = 0;
        while walker.next_event()?.is_some() {
            events += 1;
        }
        Ok(events)
    }

    #[test]
    fn a_doctype_is_refused_before_any_entity_is_read() {
        let bomb = r#"<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;">]>
<gpx>&lol2;</gpx>"#;
        assert_eq!(walk(bomb, b"gpx"), Err(XmlFault::DocType));
    }

    #[test]
    fn undeclared_entities_are_malformed_but_predefined_ones_resolve() {
        assert_eq!(walk("<gpx>&lol;</gpx>", b"gpx"), Err(XmlFault::Malformed));
        let mut walker = XmlWalker::new("<gpx>a&amp;b&#233;</gpx>".as_bytes(), b"gpx");
        let mut text = String::new();
        while let Some(event) = walker.next_event().unwrap() {
            if let XmlEvent::Text(t) = event {
                text.push_str(&t);
            }
        }
        assert_eq!(text, "a&bé");
    }

    #[test]
    fn truncation_mismatch_and_wrong_root_are_malformed() {
        assert_eq!(walk("<gpx><trk>", b"gpx"), Err(XmlFault::Malformed));
        assert_eq!(walk("<gpx></gpxx>", b"gpx"), Err(XmlFault::Malformed));
        assert_eq!(walk("<kml/>", b"gpx"), Err(XmlFault::Malformed));
        assert_eq!(walk("", b"gpx"), Err(XmlFault::Malformed));
        assert_eq!(walk("<gpx/><gpx/>", b"gpx"), Err(XmlFault::Malformed));
    }

    #[test]
    fn deep_nesting_is_refused() {
        let deep = format!(
            "<gpx>{}{}</gpx>",
            "<a>".repeat(MAX_DEPTH),
            "</a>".repeat(MAX_DEPTH)
        );
        assert_eq!(walk(&deep, b"gpx"), Err(XmlFault::TooDeep));
        let ok = format!("<gpx>{}{}</gpx>", "<a>".repeat(10), "</a>".repeat(10));
        assert!(walk(&ok, b"gpx").is_ok());
    }

    #[test]
    fn prefixes_and_a_bom_are_ignored() {
        assert!(walk("\u{feff}<g:gpx xmlns:g=\"x\"><g:trk/></g:gpx>", b"gpx").is_ok());
    }
}
