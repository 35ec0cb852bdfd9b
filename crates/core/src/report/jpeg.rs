//! The size and colour components of a JPEG, read from its start-of-frame marker, so that
//! a photo can be placed in the PDF as it is (DCTDecode: no decoding, no re-encoding).

/// What the PDF needs to know about a JPEG.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JpegInfo {
    pub width: u16,
    pub height: u16,
    /// 1 (grey), 3 (YCbCr/RGB) or 4 (CMYK).
    pub components: u8,
}

/// Reads a JPEG's header; None when the bytes are not a baseline or progressive JPEG.
///
/// ```
/// use clearway_core::report::jpeg::jpeg_info;
/// assert_eq!(jpeg_info(b"\x89PNG\r\n"), None);
/// ```
pub fn jpeg_info(bytes: &[u8]) -> Option<JpegInfo> {
    if bytes.get(..2)? != [0xFF, 0xD8] {
        return None;
    }
    let mut at = 2;
    loop {
        while *bytes.get(at)? == 0xFF && *bytes.get(at + 1)? == 0xFF {
            at += 1;
        }
        if *bytes.get(at)? != 0xFF {
            return None;
        }
        let marker = *bytes.get(at + 1)?;
        let len = usize::from(u16::from_be_bytes([
            *bytes.get(at + 2)?,
            *bytes.get(at + 3)?,
        ]));
        // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
        if (0xC0..=0xCF).contains(&marker) && !matches!(marker, 0xC4 | 0xC8 | 0xCC) {
            let sof = bytes.get(at + 4..at + 4 + 6)?;
            let info = JpegInfo {
                height: u16::from_be_bytes([sof[1], sof[2]]),
                width: u16::from_be_bytes([sof[3], sof[4]]),
                components: sof[5],
            };
            let ok = info.width > 0 && info.height > 0 && matches!(info.components, 1 | 3 | 4);
            return ok.then_some(info);
        }
        if marker == 0xD9 || marker == 0xDA || len < 2 {
            return None;
        }
        at += 2 + len;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_frame_after_other_segments_and_refuses_junk() {
        // SOI, an APP0 of 16 bytes, then SOF0: 8-bit, 480 high, 640 wide, 3 components.
        let mut jpeg = vec![0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10];
        jpeg.extend_from_slice(&[0; 14]);
        jpeg.extend_from_slice(&[0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80, 0x03]);
        assert_eq!(
            jpeg_info(&jpeg),
            Some(JpegInfo {
                width: 640,
                height: 480,
                components: 3
            })
        );
        assert_eq!(jpeg_info(&jpeg[..12]), None);
        assert_eq!(jpeg_info(&[0xFF, 0xD8, 0xFF, 0xD9]), None);
    }
}
