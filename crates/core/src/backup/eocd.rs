//! The zip's end-of-central-directory record, read before anything else of the archive so
//! that the entry count is checked before the directory is parsed (a directory of 1 M
//! entries would otherwise be loaded whole first), and so that a damaged or truncated file
//! is told apart from a file that is not a zip at all.

use std::io::{Read, Seek, SeekFrom};

use super::BackupError;

/// What the end record says about the central directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Directory {
    /// Entries the directory lists (duplicates included).
    pub entries: u64,
}

const EOCD: [u8; 4] = *b"PK\x05\x06";
const ZIP64_LOCATOR: [u8; 4] = *b"PK\x06\x07";
const ZIP64_EOCD: [u8; 4] = *b"PK\x06\x06";
const LOCAL_HEADER: [u8; 4] = *b"PK\x03\x04";
/// The end record (22 bytes) plus the longest comment (65,535 bytes).
const TAIL: u64 = 22 + 0xFFFF;

fn damaged(detail: impl Into<String>) -> BackupError {
    BackupError::BrokenZip(detail.into())
}

fn u16_at(b: &[u8], at: usize) -> u64 {
    u64::from(u16::from_le_bytes([b[at], b[at + 1]]))
}

fn u32_at(b: &[u8], at: usize) -> u64 {
    u64::from(u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]))
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    let mut x = [0u8; 8];
    x.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(x)
}

/// Finds and checks the end record. Reads at most 64 KiB + 98 bytes.
pub fn read<R: Read + Seek>(r: &mut R) -> Result<Directory, BackupError> {
    let len = r.seek(SeekFrom::End(0))?;
    let start = len.saturating_sub(TAIL);
    r.seek(SeekFrom::Start(start))?;
    let mut tail = Vec::with_capacity(usize::try_from(len - start).unwrap_or(0));
    r.take(TAIL).read_to_end(&mut tail)?;
    // The last signature whose comment runs exactly to the end of the file; else the last.
    let candidates: Vec<usize> = (0..tail.len().saturating_sub(21))
        .rev()
        .filter(|&i| tail[i..i + 4] == EOCD)
        .collect();
    let exact = candidates
        .iter()
        .copied()
        .find(|&i| i as u64 + 22 + u16_at(&tail, i + 20) == tail.len() as u64);
    let Some(at) = exact.or_else(|| candidates.first().copied()) else {
        r.seek(SeekFrom::Start(0))?;
        let mut head = [0u8; 4];
        let n = r.read(&mut head)?;
        return Err(if n == 4 && head == LOCAL_HEADER {
            damaged("it is a zip archive cut short: its directory at the end is missing")
        } else {
            BackupError::NotZip
        });
    };
    let eocd_pos = start + at as u64;
    let e = &tail[at..];
    let (mut entries, mut cd_size, mut cd_offset) = (u16_at(e, 10), u32_at(e, 12), u32_at(e, 16));
    if u16_at(e, 4) != 0 || u16_at(e, 6) != 0 {
        return Err(damaged(
            "it is split over several disks, which is not supported",
        ));
    }
    let mut dir_end = eocd_pos;
    if entries == 0xFFFF || cd_size == 0xFFFF_FFFF || cd_offset == 0xFFFF_FFFF {
        // ZIP64: the locator sits right before the end record.
        let locator_pos = eocd_pos
            .checked_sub(20)
            .ok_or_else(|| damaged("its ZIP64 end record is missing"))?;
        let mut locator = [0u8; 20];
        r.seek(SeekFrom::Start(locator_pos))?;
        r.read_exact(&mut locator)?;
        if locator[..4] != ZIP64_LOCATOR {
            return Err(damaged("its ZIP64 end record is missing"));
        }
        let record_pos = u64_at(&locator, 8);
        if record_pos.saturating_add(56) > locator_pos {
            return Err(damaged(
                "its ZIP64 end record points beyond the end of the file",
            ));
        }
        let mut record = [0u8; 56];
        r.seek(SeekFrom::Start(record_pos))?;
        r.read_exact(&mut record)?;
        if record[..4] != ZIP64_EOCD {
            return Err(damaged("its ZIP64 end record is damaged"));
        }
        entries = u64_at(&record, 32);
        cd_size = u64_at(&record, 40);
        cd_offset = u64_at(&record, 48);
        dir_end = record_pos;
    }
    if cd_offset.saturating_add(cd_size) > dir_end {
        return Err(damaged(format!(
            "its directory should span bytes {cd_offset}..{} but the file's directory ends at {dir_end}: the file is truncated or damaged",
            cd_offset.saturating_add(cd_size)
        )));
    }
    // A directory record takes at least 46 bytes.
    if entries.saturating_mul(46) > cd_size {
        return Err(damaged(format!(
            "its directory claims {entries} entries but holds only {cd_size} bytes"
        )));
    }
    r.seek(SeekFrom::Start(0))?;
    Ok(Directory { entries })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zip_writer::ZipStreamWriter;
    use std::io::Cursor;

    fn zip(n: usize) -> Vec<u8> {
        let mut z = ZipStreamWriter::new(Vec::new());
        for i in 0..n {
            z.add(&format!("f{i}"), b"x").unwrap();
        }
        z.finish().unwrap()
    }

    #[test]
    fn counts_entries_without_reading_the_directory() {
        assert_eq!(read(&mut Cursor::new(zip(3))).unwrap().entries, 3);
        assert_eq!(read(&mut Cursor::new(zip(0))).unwrap().entries, 0);
    }

    #[test]
    fn a_cut_zip_is_damaged_and_other_files_are_not_zips() {
        let bytes = zip(3);
        let err = read(&mut Cursor::new(bytes[..bytes.len() - 30].to_vec())).unwrap_err();
        assert!(matches!(err, BackupError::BrokenZip(_)), "{err}");
        assert!(err.to_string().contains("cut short"), "{err}");
        let err = read(&mut Cursor::new(b"hello".to_vec())).unwrap_err();
        assert!(matches!(err, BackupError::NotZip), "{err}");
        // The directory start moved past the end record: truncated in the middle.
        let mut bytes = zip(3);
        let at = bytes.len() - 6;
        bytes[at..at + 4].copy_from_slice(&u32::MAX.to_le_bytes()[..4]);
        let err = read(&mut Cursor::new(bytes)).unwrap_err();
        assert!(matches!(err, BackupError::BrokenZip(_)), "{err}");
    }
}
