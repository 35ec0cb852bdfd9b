//! The character encoding of an XML route file (GPX, KML), found as XML 1.0 Appendix F
//! says: a byte-order mark first, else the first bytes' pattern (`<?` in UTF-16), else the
//! `encoding` of the XML declaration, else UTF-8. UTF-8, UTF-16 (LE or BE), ISO-8859-1,
//! Windows-1252 and US-ASCII are read (converted to UTF-8 for the parser); any other
//! encoding is refused with its name, and bytes that are not what the file declares are
//! refused with the offset of the first bad one.

use std::borrow::Cow;

use super::ImportError;

/// `bytes` as UTF-8, converted from the encoding the file declares.
///
/// ```
/// use clearway_core::import::encoding::to_utf8;
/// let latin1 = b"<?xml version='1.0' encoding='ISO-8859-1'?><gpx><name>Montr\xe9al</name></gpx>";
/// assert!(String::from_utf8(to_utf8(latin1).unwrap().into_owned()).unwrap().contains("Montréal"));
/// let utf16: Vec<u8> = "\u{FEFF}<gpx/>".encode_utf16().flat_map(u16::to_le_bytes).collect();
/// assert_eq!(&*to_utf8(&utf16).unwrap(), b"<gpx/>");
/// ```
pub fn to_utf8(bytes: &[u8]) -> Result<Cow<'_, [u8]>, ImportError> {
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        return utf8(rest, "UTF-8");
    }
    let little = match bytes {
        [0xFF, 0xFE, ..] => Some((true, 2)),
        [0xFE, 0xFF, ..] => Some((false, 2)),
        [b'<', 0, b'?', 0, ..] => Some((true, 0)),
        [0, b'<', 0, b'?', ..] => Some((false, 0)),
        _ => None,
    };
    if let Some((little, skip)) = little {
        return utf16(&bytes[skip..], little).map(Cow::Owned);
    }
    let declared = declared_encoding(bytes).map(|e| e.to_ascii_uppercase());
    match declared.as_deref() {
        // "UTF-16" with no BOM and ASCII-compatible bytes: text already converted (by
        // `import_route`, or an editor that kept the declaration); read as UTF-8.
        None | Some("UTF-8" | "UTF8" | "UTF-16" | "UTF16" | "UTF-16LE" | "UTF-16BE") => {
            utf8(bytes, "UTF-8")
        }
        Some("US-ASCII" | "ASCII") => utf8(bytes, "US-ASCII"),
        Some("ISO-8859-1" | "ISO8859-1" | "LATIN1" | "LATIN-1" | "L1") => Ok(Cow::Owned(
            bytes
                .iter()
                .map(|&b| char::from(b))
                .collect::<String>()
                .into_bytes(),
        )),
        Some("WINDOWS-1252" | "CP1252") => Ok(Cow::Owned(windows_1252(bytes).into_bytes())),
        Some(other) => Err(ImportError::UnsupportedEncoding(other.to_owned())),
    }
}

fn utf8<'a>(bytes: &'a [u8], name: &str) -> Result<Cow<'a, [u8]>, ImportError> {
    match std::str::from_utf8(bytes) {
        Ok(_) => Ok(Cow::Borrowed(bytes)),
        Err(e) => Err(ImportError::BadEncoding {
            encoding: name.to_owned(),
            offset: e.valid_up_to(),
        }),
    }
}

fn utf16(bytes: &[u8], little: bool) -> Result<Vec<u8>, ImportError> {
    let name = if little { "UTF-16LE" } else { "UTF-16BE" };
    let bad = |offset| ImportError::BadEncoding {
        encoding: name.to_owned(),
        offset,
    };
    if bytes.len() % 2 != 0 {
        return Err(bad(bytes.len() - 1));
    }
    let units = bytes.chunks_exact(2).map(|p| {
        if little {
            u16::from_le_bytes([p[0], p[1]])
        } else {
            u16::from_be_bytes([p[0], p[1]])
        }
    });
    let mut out = String::with_capacity(bytes.len() / 2);
    let mut offset = 0;
    for c in char::decode_utf16(units) {
        let c = c.map_err(|_| bad(offset))?;
        offset += c.len_utf16() * 2;
        out.push(c);
    }
    Ok(out.into_bytes())
}

/// The `encoding` pseudo-attribute of an XML declaration at the very start.
fn declared_encoding(bytes: &[u8]) -> Option<String> {
    let head = &bytes[..bytes.len().min(200)];
    if !head.starts_with(b"<?xml") {
        return None;
    }
    let end = head.windows(2).position(|w| w == b"?>")?;
    let decl = std::str::from_utf8(&head[..end]).ok()?;
    let at = decl.find("encoding")?;
    let rest = decl[at + "encoding".len()..]
        .trim_start()
        .strip_prefix('=')?
        .trim_start();
    let quote = rest.chars().next().filter(|q| *q == '"' || *q == '\'')?;
    let value = &rest[1..];
    Some(value[..value.find(quote)?].to_owned())
}

/// Windows-1252: ISO-8859-1 with printable characters in 0x80–0x9F (five unassigned
/// codes map to the C1 controls, as browsers do).
fn windows_1252(bytes: &[u8]) -> String {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž',
        '\u{8F}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}',
        'ž', 'Ÿ',
    ];
    bytes
        .iter()
        .map(|&b| match b {
            0x80..=0x9F => HIGH[usize::from(b - 0x80)],
            b => char::from(b),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_both_ways_and_without_a_bom() {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><gpx><name>Été</name></gpx>";
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(&*to_utf8(&be).unwrap(), text.as_bytes());
        let mut le = vec![0xFF, 0xFE];
        le.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
        assert_eq!(&*to_utf8(&le).unwrap(), text.as_bytes());
        // A lone surrogate is not UTF-16.
        let broken: Vec<u8> = [0xFEFF_u16, 0x3C, 0xD800, 0x3E]
            .iter()
            .flat_map(|u| u.to_le_bytes())
            .collect();
        assert_eq!(
            to_utf8(&broken).unwrap_err().to_string(),
            "The file is not valid UTF-16LE text (at byte 2)"
        );
    }

    #[test]
    fn declared_single_byte_encodings_are_converted_and_others_named() {
        let cp = b"<?xml version=\"1.0\" encoding=\"windows-1252\"?><a>\x93q\x94 \x80</a>";
        assert_eq!(
            &*to_utf8(cp).unwrap(),
            "<?xml version=\"1.0\" encoding=\"windows-1252\"?><a>“q” €</a>".as_bytes()
        );
        let err = to_utf8(b"<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><gpx/>").unwrap_err();
        assert_eq!(err, ImportError::UnsupportedEncoding("SHIFT_JIS".into()));
        let err = to_utf8(b"<gpx><name>Montr\xe9al</name></gpx>").unwrap_err();
        assert_eq!(
            err.to_string(),
            "The file is not valid UTF-8 text (at byte 16)"
        );
    }
}
