//! Reading a PDF back with poppler (Debian `poppler-utils`, installed by `npm test` through
//! `ensure-tools.sh gis`): text by page, pages rendered to pixels, images by page. A missing
//! tool fails the test: it never skips.

use std::path::Path;

pub use super::tool;

/// The 1-based number of the page of `text` (pages split by form feeds) holding `needle`.
pub fn page_of(text: &str, needle: &str) -> usize {
    text.split('\x0c')
        .position(|page| page.contains(needle))
        .unwrap_or_else(|| panic!("{needle} on no page of:\n{text}"))
        + 1
}

/// Renders page `page` at `dpi` with `pdftoppm` and returns its width and RGB pixels.
pub fn render(a: &Path, dir: &Path, page: usize, dpi: u32) -> (usize, Vec<u8>) {
    let prefix = dir.join(format!("render-{page}-{dpi}"));
    let p = page.to_string();
    let r = dpi.to_string();
    tool(
        "pdftoppm",
        &[
            "-r",
            &r,
            "-f",
            &p,
            "-l",
            &p,
            "-singlefile",
            a.to_str().unwrap(),
            prefix.to_str().unwrap(),
        ],
    );
    let ppm = std::fs::read(prefix.with_extension("ppm")).unwrap();
    // P6 header: magic, width, height, maximum value, each followed by one whitespace.
    let (mut fields, mut token, mut width) = (0, String::new(), 0);
    let start = ppm.iter().position(|&b| {
        if b.is_ascii_whitespace() {
            fields += 1;
            if fields == 2 {
                width = token.parse().unwrap();
            }
            token.clear();
        } else {
            token.push(char::from(b));
        }
        fields == 4
    });
    (width, ppm[start.expect("a PPM header") + 1..].to_vec())
}

/// The pixels of `pixels` (width `width`) that `is` picks: their count and mean position
/// (x right, y down).
pub fn blob(width: usize, pixels: &[u8], is: impl Fn(i32, i32, i32) -> bool) -> (usize, f64, f64) {
    let (mut n, mut sx, mut sy) = (0usize, 0.0, 0.0);
    for (i, p) in pixels.chunks_exact(3).enumerate() {
        let (r, g, b) = (i32::from(p[0]), i32::from(p[1]), i32::from(p[2]));
        if is(r, g, b) {
            n += 1;
            sx += (i % width) as f64;
            sy += (i / width) as f64;
        }
    }
    let d = n.max(1) as f64;
    (n, sx / d, sy / d)
}

/// The pages `pdfimages -list` gives an image on, one entry per image.
pub fn image_pages(a: &Path) -> Vec<usize> {
    let list = String::from_utf8(tool("pdfimages", &["-list", a.to_str().unwrap()])).unwrap();
    list.lines()
        .skip(2)
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect()
}
