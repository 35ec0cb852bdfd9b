//! Text from files (names, ids, paths in a backup or a log) printed to the terminal: control
//! characters are shown escaped (`\u{1b}`), never sent, so a file cannot retitle or clear
//! the terminal, move the cursor or fake a "finished" line. Bidirectional overrides are
//! escaped too, as they can make a line read as something else.

/// `text` with every control character (C0, DEL, C1) and bidirectional control escaped as
/// `\u{..}`; everything else, accents and scripts included, unchanged.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control()
            || matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
        {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_shown_not_sent() {
        assert_eq!(escape("a\u{1b}]0;pwned\u{7}b"), "a\\u{1b}]0;pwned\\u{7}b");
        assert_eq!(escape("line\r\nnext"), "line\\u{d}\\u{a}next");
        assert_eq!(escape("évite \u{202E}txt"), "évite \\u{202e}txt");
        assert_eq!(escape("Montréal R001 ✓"), "Montréal R001 ✓");
    }
}
