//! A streaming zip writer over any `std::io::Write` (no `Seek`): bytes go out as entries are
//! added, so the memory it holds is one entry plus a small record per entry, never the
//! archive. The wasm side drains the output between entries and hands chunks to the app.
//!
//! Each entry arrives whole (`add(name, bytes)`), so its CRC-32 and sizes are known before
//! its local header is written: no data descriptors, which every reader handles. Media that
//! is already compressed (JPEG, PNG, WEBM, ...) is STORED; other entries are deflated
//! (raw deflate at `DEFLATE_LEVEL`) unless that would not make them smaller. Names are UTF-8 (flag
//! bit 11). ZIP64 records are written when an entry or an offset reaches 4 GiB or there are
//! 65,535 entries or more (APPNOTE 6.3.10, §4.3.9, §4.4.1.4, §4.5.3).

use std::collections::HashSet;
use std::io::{self, Write};

/// Why the archive cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum ZipWriteError {
    #[error("cannot write the archive: {0}")]
    Io(#[from] io::Error),
    #[error("the archive already has an entry named {0}")]
    DuplicateName(String),
    #[error("the entry name {0:?} is empty, too long or not relative")]
    BadName(String),
}

/// The deflate level of text entries: the fastest (1). A 100,000-measurement survey's
/// documents (CSV, JSON, GeoJSON: tens of MB) are most of an export's time; measured here
/// with zlib on a 9 MB survey CSV, level 1 took 0.12 s against 0.32 s at the usual 6, for
/// 18 % of the size instead of 12 %. On a field tablet the wait matters more than the bytes.
pub const DEFLATE_LEVEL: u8 = 1;

/// How an entry's bytes are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Stored,
    Deflated,
}

impl Method {
    /// STORED for formats that are already compressed, judged by the name's extension;
    /// DEFLATED for everything else.
    pub fn for_name(name: &str) -> Self {
        const PACKED: [&str; 12] = [
            "jpg", "jpeg", "png", "webm", "mp4", "mov", "gif", "webp", "zip", "gz", "heic", "avif",
        ];
        let ext = name.rsplit_once('.').map_or("", |(_, e)| e);
        if PACKED.iter().any(|p| ext.eq_ignore_ascii_case(p)) {
            Self::Stored
        } else {
            Self::Deflated
        }
    }

    fn code(self) -> u16 {
        match self {
            Self::Stored => 0,
            Self::Deflated => 8,
        }
    }
}

/// What the central directory needs to know of an entry.
struct Entry {
    name: String,
    method: Method,
    crc: u32,
    compressed: u64,
    size: u64,
    offset: u64,
}

const U32_MAX: u64 = 0xFFFF_FFFF;
const UTF8_NAMES: u16 = 1 << 11;
/// Version 4.5: ZIP64. Made by: 3 = Unix (so the external attributes carry a file mode).
const VERSION_ZIP64: u16 = 45;
const VERSION_DEFLATE: u16 = 20;
const MADE_BY_UNIX: u16 = 3 << 8;

/// A zip archive being written to `W`.
pub struct ZipStreamWriter<W: Write> {
    out: W,
    written: u64,
    entries: Vec<Entry>,
    names: HashSet<String>,
    dos_time: u16,
    dos_date: u16,
}

impl<W: Write> ZipStreamWriter<W> {
    /// A new archive; entries are dated 1980-01-01 00:00 until [`Self::set_modified`].
    pub fn new(out: W) -> Self {
        Self {
            out,
            written: 0,
            entries: Vec::new(),
            names: HashSet::new(),
            dos_time: 0,
            dos_date: (1 << 5) | 1,
        }
    }

    /// Dates the entries added from now on with an ISO 8601 UTC time
    /// (`2024-05-01T08:30:00Z`); an unreadable or pre-1980 time is ignored.
    pub fn set_modified(&mut self, iso: &str) {
        let num = |range: std::ops::Range<usize>| -> Option<u16> { iso.get(range)?.parse().ok() };
        let parts = (
            num(0..4),
            num(5..7),
            num(8..10),
            num(11..13),
            num(14..16),
            num(17..19),
        );
        if let (Some(y @ 1980..=2107), Some(mo @ 1..=12), Some(d @ 1..=31), h, mi, s) = parts {
            let (h, mi, s) = (h.unwrap_or(0), mi.unwrap_or(0), s.unwrap_or(0));
            self.dos_date = ((y - 1980) << 9) | (mo << 5) | d;
            self.dos_time = (h.min(23) << 11) | (mi.min(59) << 5) | (s.min(59) / 2);
        }
    }

    /// Adds an entry with the method [`Method::for_name`] chooses. Returns nothing until
    /// the entry is fully written to the output.
    pub fn add(&mut self, name: &str, data: &[u8]) -> Result<(), ZipWriteError> {
        self.add_with(name, data, Method::for_name(name))
    }

    /// Adds an entry with the given method (DEFLATED falls back to STORED when deflating
    /// would not make the entry smaller).
    pub fn add_with(
        &mut self,
        name: &str,
        data: &[u8],
        method: Method,
    ) -> Result<(), ZipWriteError> {
        if name.is_empty() || name.len() > 0xFFFF || name.starts_with('/') || name.contains('\\') {
            return Err(ZipWriteError::BadName(name.to_owned()));
        }
        if !self.names.insert(name.to_owned()) {
            return Err(ZipWriteError::DuplicateName(name.to_owned()));
        }
        let crc = crc32fast::hash(data);
        let deflated = match method {
            Method::Deflated => Some(miniz_oxide::deflate::compress_to_vec(data, DEFLATE_LEVEL))
                .filter(|packed| packed.len() < data.len()),
            Method::Stored => None,
        };
        let (method, body) = match &deflated {
            Some(packed) => (Method::Deflated, packed.as_slice()),
            None => (Method::Stored, data),
        };
        let entry = Entry {
            name: name.to_owned(),
            method,
            crc,
            compressed: body.len() as u64,
            size: data.len() as u64,
            offset: self.written,
        };
        let zip64 = entry.size >= U32_MAX || entry.compressed >= U32_MAX;
        let mut header = Vec::with_capacity(30 + name.len() + 20);
        put32(&mut header, 0x0403_4b50);
        put16(
            &mut header,
            if zip64 {
                VERSION_ZIP64
            } else {
                VERSION_DEFLATE
            },
        );
        put16(&mut header, UTF8_NAMES);
        put16(&mut header, method.code());
        put16(&mut header, self.dos_time);
        put16(&mut header, self.dos_date);
        put32(&mut header, crc);
        put32(&mut header, clamp32(entry.compressed, zip64));
        put32(&mut header, clamp32(entry.size, zip64));
        put16(&mut header, len16(name.len()));
        put16(&mut header, if zip64 { 20 } else { 0 });
        header.extend_from_slice(name.as_bytes());
        if zip64 {
            put16(&mut header, 0x0001);
            put16(&mut header, 16);
            put64(&mut header, entry.size);
            put64(&mut header, entry.compressed);
        }
        self.write(&header)?;
        self.write(body)?;
        self.entries.push(entry);
        Ok(())
    }

    /// The output, to drain what has been written so far (the wasm side takes chunks).
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.out
    }

    /// Bytes written so far.
    pub fn bytes_written(&self) -> u64 {
        self.written
    }

    /// Whether an entry of this name was added.
    pub fn contains(&self, name: &str) -> bool {
        self.names.contains(name)
    }

    /// Number of entries added.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Writes the central directory and the end records; gives the output back.
    pub fn finish(mut self) -> Result<W, ZipWriteError> {
        let start = self.written;
        let mut record = Vec::with_capacity(128);
        for i in 0..self.entries.len() {
            record.clear();
            central_record(&mut record, &self.entries[i], self.dos_time, self.dos_date);
            self.write(&record)?;
        }
        let size = self.written - start;
        let count = self.entries.len() as u64;
        let zip64 = count >= 0xFFFF || size >= U32_MAX || start >= U32_MAX;
        let mut end = Vec::with_capacity(98);
        if zip64 {
            let record_at = self.written;
            put32(&mut end, 0x0606_4b50);
            put64(&mut end, 44);
            put16(&mut end, MADE_BY_UNIX | VERSION_ZIP64);
            put16(&mut end, VERSION_ZIP64);
            put32(&mut end, 0);
            put32(&mut end, 0);
            put64(&mut end, count);
            put64(&mut end, count);
            put64(&mut end, size);
            put64(&mut end, start);
            put32(&mut end, 0x0706_4b50);
            put32(&mut end, 0);
            put64(&mut end, record_at);
            put32(&mut end, 1);
        }
        put32(&mut end, 0x0605_4b50);
        put32(&mut end, 0);
        let count16 = u16::try_from(count).unwrap_or(0xFFFF);
        put16(&mut end, count16);
        put16(&mut end, count16);
        put32(&mut end, clamp32(size, size >= U32_MAX));
        put32(&mut end, clamp32(start, start >= U32_MAX));
        put16(&mut end, 0);
        self.write(&end)?;
        self.out.flush()?;
        Ok(self.out)
    }

    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(bytes)?;
        self.written += bytes.len() as u64;
        Ok(())
    }
}

/// The central directory record of an entry, with a ZIP64 extra field holding whichever of
/// size, compressed size and offset do not fit 32 bits (in that order, APPNOTE 4.5.3).
fn central_record(out: &mut Vec<u8>, e: &Entry, dos_time: u16, dos_date: u16) {
    let mut extra = Vec::new();
    for value in [e.size, e.compressed, e.offset] {
        if value >= U32_MAX {
            put64(&mut extra, value);
        }
    }
    let zip64 = !extra.is_empty();
    put32(out, 0x0201_4b50);
    put16(out, MADE_BY_UNIX | VERSION_ZIP64);
    put16(
        out,
        if zip64 {
            VERSION_ZIP64
        } else {
            VERSION_DEFLATE
        },
    );
    put16(out, UTF8_NAMES);
    put16(out, e.method.code());
    put16(out, dos_time);
    put16(out, dos_date);
    put32(out, e.crc);
    put32(out, clamp32(e.compressed, e.compressed >= U32_MAX));
    put32(out, clamp32(e.size, e.size >= U32_MAX));
    put16(out, len16(e.name.len()));
    put16(out, if zip64 { len16(extra.len() + 4) } else { 0 });
    put16(out, 0); // comment
    put16(out, 0); // disk
    put16(out, 0); // internal attributes
    put32(out, 0o100_644 << 16); // a regular file, rw-r--r--
    put32(out, clamp32(e.offset, e.offset >= U32_MAX));
    out.extend_from_slice(e.name.as_bytes());
    if zip64 {
        put16(out, 0x0001);
        put16(out, len16(extra.len()));
        out.extend_from_slice(&extra);
    }
}

fn clamp32(value: u64, overflow: bool) -> u32 {
    if overflow {
        u32::MAX
    } else {
        u32::try_from(value).unwrap_or(u32::MAX)
    }
}

fn len16(len: usize) -> u16 {
    // Names are checked to fit; extras are at most 28 bytes.
    u16::try_from(len).unwrap_or(u16::MAX)
}

fn put16(out: &mut Vec<u8>, v: u16) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn put32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn put64(out: &mut Vec<u8>, v: u64) {
    out.extend_from_slice(&v.to_le_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Cursor, Read};

    /// Reads every entry back with the `zip` crate (an independent reader): name, method,
    /// bytes, and the CRC it checks while reading.
    fn read_back(archive: Vec<u8>) -> Vec<(String, zip::CompressionMethod, Vec<u8>)> {
        let mut zip = zip::ZipArchive::new(Cursor::new(archive)).expect("a valid zip");
        (0..zip.len())
            .map(|i| {
                let mut file = zip.by_index(i).unwrap();
                let mut bytes = Vec::new();
                file.read_to_end(&mut bytes).expect("CRC and size agree");
                (file.name().to_owned(), file.compression(), bytes)
            })
            .collect()
    }

    #[test]
    fn media_is_stored_text_is_deflated_and_both_read_back() {
        let text = "Date,Time,Height (m)\n".repeat(200);
        let photo: Vec<u8> = (0..5000u32).map(|i| (i * 7919 % 251) as u8).collect();
        let mut zip = ZipStreamWriter::new(Vec::new());
        zip.set_modified("2024-05-01T08:30:12Z");
        zip.add("documents/survey.csv", text.as_bytes()).unwrap();
        zip.add("images/image_R001_POI00001_bridge_abcdefgh.jpg", &photo)
            .unwrap();
        zip.add("tiny.txt", b"x").unwrap();
        zip.add("été/ß.txt", "ünïcode".as_bytes()).unwrap();
        let bytes = zip.finish().unwrap();
        let entries = read_back(bytes.clone());
        assert_eq!(entries.len(), 4);
        assert_eq!(entries[0].1, zip::CompressionMethod::Deflated);
        assert_eq!(entries[0].2, text.as_bytes());
        assert_eq!(entries[1].1, zip::CompressionMethod::Stored);
        assert_eq!(entries[1].2, photo);
        // Deflating one byte would make it bigger: stored.
        assert_eq!(entries[2].1, zip::CompressionMethod::Stored);
        assert_eq!(entries[3].0, "été/ß.txt");
        assert_eq!(entries[3].2, "ünïcode".as_bytes());
        let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
        let modified = archive.by_index(0).unwrap().last_modified().unwrap();
        assert_eq!(
            (modified.year(), modified.month(), modified.day()),
            (2024, 5, 1)
        );
        assert_eq!(
            (modified.hour(), modified.minute(), modified.second()),
            (8, 30, 12)
        );
    }

    #[test]
    fn an_empty_archive_is_the_22_byte_end_record() {
        let bytes = ZipStreamWriter::new(Vec::new()).finish().unwrap();
        assert_eq!(bytes.len(), 22);
        assert_eq!(&bytes[..4], b"PK\x05\x06");
        assert!(read_back(bytes).is_empty());
    }

    #[test]
    fn bytes_leave_as_entries_are_added() {
        let mut zip = ZipStreamWriter::new(Vec::new());
        zip.add("a.jpg", &[1; 1000]).unwrap();
        // Header (30 + 5 name bytes) and the stored body are already out.
        assert_eq!(zip.get_mut().len(), 1035);
        let first = std::mem::take(zip.get_mut());
        zip.add("b.jpg", &[2; 10]).unwrap();
        let mut rest = zip.finish().unwrap();
        let mut whole = first;
        whole.append(&mut rest);
        let entries = read_back(whole);
        assert_eq!(entries[0].2, [1; 1000]);
        assert_eq!(entries[1].2, [2; 10]);
    }

    #[test]
    fn names_must_be_unique_and_relative() {
        let mut zip = ZipStreamWriter::new(Vec::new());
        zip.add("a.txt", b"1").unwrap();
        assert!(matches!(
            zip.add("a.txt", b"2"),
            Err(ZipWriteError::DuplicateName(n)) if n == "a.txt"
        ));
        assert!(matches!(
            zip.add("/etc/passwd", b""),
            Err(ZipWriteError::BadName(_))
        ));
        assert!(matches!(zip.add("", b""), Err(ZipWriteError::BadName(_))));
    }

    #[test]
    fn more_than_65535_entries_switch_to_zip64() {
        let mut zip = ZipStreamWriter::new(Vec::new());
        for i in 0..70_000 {
            zip.add_with(&format!("{i}"), b"", Method::Stored).unwrap();
        }
        let bytes = zip.finish().unwrap();
        // The ZIP64 end record and its locator precede the classic end record.
        let tail = &bytes[bytes.len() - 22 - 20 - 56..];
        assert_eq!(&tail[..4], &0x0606_4b50u32.to_le_bytes());
        let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
        assert_eq!(archive.len(), 70_000);
        assert_eq!(archive.by_index(69_999).unwrap().name(), "69999");
    }

    #[test]
    fn zip64_extra_of_a_large_entry_is_laid_out_per_appnote() {
        // A 5 GiB entry at offset 6 GiB: both sizes and the offset move to the extra field,
        // in the order uncompressed, compressed, offset (APPNOTE 4.5.3).
        let entry = Entry {
            name: "v.webm".into(),
            method: Method::Stored,
            crc: 0xDEAD_BEEF,
            compressed: 5 << 30,
            size: 5 << 30,
            offset: 6 << 30,
        };
        let mut record = Vec::new();
        central_record(&mut record, &entry, 0, 0x21);
        assert_eq!(&record[20..28], &[0xFF; 8], "32-bit sizes are 0xFFFFFFFF");
        assert_eq!(&record[42..46], &[0xFF; 4], "32-bit offset is 0xFFFFFFFF");
        assert_eq!(u16::from_le_bytes([record[30], record[31]]), 28);
        let extra = &record[46 + 6..];
        assert_eq!(&extra[..4], &[0x01, 0x00, 24, 0]);
        assert_eq!(&extra[4..12], &(5u64 << 30).to_le_bytes());
        assert_eq!(&extra[12..20], &(5u64 << 30).to_le_bytes());
        assert_eq!(&extra[20..28], &(6u64 << 30).to_le_bytes());
    }
}
