//! Writing the laid-out report as PDF bytes with pdf-writer: two embedded CID fonts subset
//! to the glyphs used (with ToUnicode maps, so text can be copied and extracted), photos
//! as JPEG streams placed as they are, one content stream per page. No clock, no random
//! identifier: the same input gives the same bytes.

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use subsetter::GlyphRemapper;

use super::ReportError;
use super::canvas::{Document, Op, PAGE_H, PAGE_W};
use super::font::{Font, Weight};
use super::jpeg::jpeg_info;

/// The document's title and author for its information dictionary.
pub struct Info<'s> {
    pub title: &'s str,
    pub author: &'s str,
}

/// Writes the PDF.
pub fn write_pdf(
    doc: &Document,
    regular: &Font,
    bold: &Font,
    info: &Info,
) -> Result<Vec<u8>, ReportError> {
    let mut next = 1;
    let mut id = || {
        let r = Ref::new(next);
        next += 1;
        r
    };
    let (catalog, tree, info_id) = (id(), id(), id());
    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(tree);
    pdf.document_info(info_id)
        .title(TextStr(info.title))
        .author(TextStr(info.author))
        .creator(TextStr("Clearway"))
        .producer(TextStr(concat!(
            "clearway-core ",
            env!("CARGO_PKG_VERSION")
        )));

    let mut maps = Vec::new();
    for (font, tag) in [(regular, "CLWYAA"), (bold, "CLWYAB")] {
        let ids = (id(), id(), id(), id(), id());
        maps.push(embed(&mut pdf, font, tag, ids)?);
    }
    let font_refs: Vec<Ref> = maps.iter().map(|m| m.0).collect();

    let mut image_refs = Vec::new();
    for bytes in &doc.images {
        let info = jpeg_info(bytes).ok_or(ReportError::Photo)?;
        let r = id();
        let mut image = pdf.image_xobject(r, bytes);
        image.filter(Filter::DctDecode);
        image.width(i32::from(info.width));
        image.height(i32::from(info.height));
        image.color_space_name(Name(match info.components {
            1 => b"DeviceGray".as_slice(),
            4 => b"DeviceCMYK".as_slice(),
            _ => b"DeviceRGB".as_slice(),
        }));
        image.bits_per_component(8);
        image.finish();
        image_refs.push(r);
    }

    let mut page_ids = Vec::new();
    for ops in &doc.pages {
        let (page_id, content_id) = (id(), id());
        page_ids.push(page_id);
        let content = draw(ops, [regular, bold], &maps);
        pdf.stream(content_id, &content);
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, PAGE_W, PAGE_H))
            .parent(tree)
            .contents(content_id);
        let mut resources = page.resources();
        let mut fonts = resources.fonts();
        fonts.pair(Name(b"F1"), font_refs[0]);
        fonts.pair(Name(b"F2"), font_refs[1]);
        fonts.finish();
        let mut xobjects = resources.x_objects();
        for (i, r) in image_refs.iter().enumerate() {
            xobjects.pair(Name(format!("Im{i}").as_bytes()), *r);
        }
    }
    let count = i32::try_from(page_ids.len()).unwrap_or(i32::MAX);
    pdf.pages(tree).kids(page_ids).count(count);
    Ok(pdf.finish())
}

/// Old glyph id → new glyph id, per font, with the Type0 font's reference.
type GlyphMap = (Ref, GlyphRemapper);

fn embed(
    pdf: &mut Pdf,
    font: &Font,
    tag: &str,
    ids: (Ref, Ref, Ref, Ref, Ref),
) -> Result<GlyphMap, ReportError> {
    let (type0, cid, descriptor, file, cmap) = ids;
    let mut remapper = GlyphRemapper::new();
    for gid in font.used.keys() {
        remapper.remap(*gid);
    }
    let subset = subsetter::subset(font.data, 0, &remapper)
        .map_err(|e| ReportError::Font("subset", format!("{e:?}")))?;
    let compressed = miniz_oxide::deflate::compress_to_vec_zlib(&subset, 6);
    let base = format!("{tag}+DejaVuSansCondensed");
    let system = SystemInfo {
        registry: Str(b"Adobe"),
        ordering: Str(b"Identity"),
        supplement: 0,
    };

    pdf.type0_font(type0)
        .base_font(Name(base.as_bytes()))
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid)
        .to_unicode(cmap);
    let mut widths: Vec<(u16, f32)> = font
        .used
        .keys()
        .map(|g| (remapper.get(*g).unwrap_or(0), font.advance(*g)))
        .collect();
    widths.sort_by_key(|w| w.0);
    let mut cid_font = pdf.cid_font(cid);
    cid_font
        .subtype(CidFontType::Type2)
        .base_font(Name(base.as_bytes()))
        .system_info(system)
        .font_descriptor(descriptor)
        .cid_to_gid_map_predefined(Name(b"Identity"));
    let mut w = cid_font.widths();
    for (gid, width) in &widths {
        w.consecutive(*gid, [*width]);
    }
    w.finish();
    cid_font.finish();

    let (ascent, descent, cap, bbox) = font.metrics();
    pdf.font_descriptor(descriptor)
        .name(Name(base.as_bytes()))
        .flags(FontFlags::NON_SYMBOLIC)
        .bbox(Rect::new(bbox[0], bbox[1], bbox[2], bbox[3]))
        .italic_angle(0.0)
        .ascent(ascent)
        .descent(descent)
        .cap_height(cap)
        .stem_v(80.0)
        .font_file2(file);
    pdf.stream(file, &compressed).filter(Filter::FlateDecode);

    let mut unicode = pdf_writer::types::UnicodeCmap::new(Name(b"Custom"), system);
    for (gid, c) in &font.used {
        unicode.pair(remapper.get(*gid).unwrap_or(0), *c);
    }
    pdf.cmap(cmap, &unicode.finish());
    Ok((type0, remapper))
}

fn encode(text: &str, font: &Font, map: &GlyphRemapper) -> Vec<u8> {
    text.chars()
        .flat_map(|c| map.get(font.glyph(c)).unwrap_or(0).to_be_bytes())
        .collect()
}

/// Bézier factor for a quarter circle.
const KAPPA: f32 = 0.552_284_8;

fn draw(ops: &[Op], fonts: [&Font; 2], maps: &[GlyphMap]) -> Vec<u8> {
    let mut c = Content::new();
    for op in ops {
        match op {
            Op::Text {
                weight,
                size,
                x,
                y,
                text,
                colour,
            } => {
                let (name, i) = match weight {
                    Weight::Regular => (Name(b"F1"), 0),
                    Weight::Bold => (Name(b"F2"), 1),
                };
                c.set_fill_rgb(colour[0], colour[1], colour[2]);
                c.begin_text();
                c.set_font(name, *size);
                c.set_text_matrix([1.0, 0.0, 0.0, 1.0, *x, *y]);
                c.show(Str(&encode(text, fonts[i], &maps[i].1)));
                c.end_text();
            }
            Op::Line {
                points,
                width,
                colour,
            } => {
                let Some((first, rest)) = points.split_first() else {
                    continue;
                };
                c.set_stroke_rgb(colour[0], colour[1], colour[2]);
                c.set_line_width(*width);
                c.move_to(first.0, first.1);
                for p in rest {
                    c.line_to(p.0, p.1);
                }
                c.stroke();
            }
            Op::Rect {
                x,
                y,
                w,
                h,
                fill,
                stroke,
            } => {
                if let Some(f) = fill {
                    c.set_fill_rgb(f[0], f[1], f[2]);
                }
                if let Some(s) = stroke {
                    c.set_stroke_rgb(s[0], s[1], s[2]);
                    c.set_line_width(0.5);
                }
                c.rect(*x, *y, *w, *h);
                match (fill, stroke) {
                    (Some(_), Some(_)) => c.fill_nonzero_and_stroke(),
                    (Some(_), None) => c.fill_nonzero(),
                    _ => c.stroke(),
                };
            }
            Op::Dot { x, y, r, fill } => {
                let k = r * KAPPA;
                c.set_fill_rgb(fill[0], fill[1], fill[2]);
                c.move_to(x + r, *y);
                c.cubic_to(x + r, y + k, x + k, y + r, *x, y + r);
                c.cubic_to(x - k, y + r, x - r, y + k, x - r, *y);
                c.cubic_to(x - r, y - k, x - k, y - r, *x, y - r);
                c.cubic_to(x + k, y - r, x + r, y - k, x + r, *y);
                c.fill_nonzero();
            }
            Op::Image { index, x, y, w, h } => {
                c.save_state();
                c.transform([*w, 0.0, 0.0, *h, *x, *y]);
                c.x_object(Name(format!("Im{index}").as_bytes()));
                c.restore_state();
            }
        }
    }
    c.finish().to_vec()
}
