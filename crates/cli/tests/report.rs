//! `clearway report`: the survey report PDF checked with poppler, an independent reader
//! (Debian `poppler-utils`, installed by `npm test` through `ensure-tools.sh gis`): the text
//! as `pdftotext -layout` extracts it (the table read row by row, in survey order), the fonts
//! as `pdffonts` lists them (embedded), pages as `pdftoppm` renders them (Fail rows marked;
//! the overview map's route and status-coloured POI dots), and the images as `pdfimages
//! -list` places them (none on the vector map, the photo on its Fail POI's page). A missing
//! tool fails the test: it never skips. The rendered table page is kept
//! at target/report-test/table-page.png for a person to look at.

use std::io::Cursor;
use std::path::{Path, PathBuf};

use clearway_core::backup::read::BackupReader;
use clearway_core::backup::write::BackupWriter;
use clearway_core::clearance::{LoadProfile, Reading, ReadingMethod};
use clearway_core::export::MediaKind;
use clearway_core::survey::{Alert, Measurement, Route, SurveyData};

mod common;

use common::poppler::{blob, image_pages, page_of, render, tool};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("clearway-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(args: &[&str]) {
    let out = common::clearway(args, b"");
    assert!(
        out.status.success(),
        "clearway {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A JPEG the demo backup writes (a valid baseline image).
fn demo_photo(dir: &Path) -> Vec<u8> {
    let demo = dir.join("demo.zip");
    run(&[
        "demo-backup",
        "-o",
        demo.to_str().unwrap(),
        "--measurements",
        "2",
        "--photos",
        "1",
    ]);
    let mut reader = BackupReader::open(Cursor::new(std::fs::read(demo).unwrap())).unwrap();
    let entry = reader.manifest().media[0].clone();
    reader.read_media(&entry).unwrap()
}

fn poi(n: u32, kind: &str, height: f64, note: &str) -> Measurement {
    Measurement {
        id: format!("m{n}"),
        survey_id: "s1".into(),
        height_m: Some(height),
        poi_type: kind.into(),
        road_number: Some("20".into()),
        poi_number: Some(n),
        latitude: Some(45.50 + f64::from(n) * 0.004),
        longitude: Some(-73.60 + f64::from(n) * 0.002),
        utc_date: Some("2026-07-01".into()),
        note: (!note.is_empty()).then(|| note.into()),
        ..Default::default()
    }
}

fn backup(dir: &Path) -> PathBuf {
    let mut data = SurveyData::default();
    data.survey.survey_title = "A20 heavy haul".into();
    data.survey.client_name = "Hydro Transport".into();
    data.survey.surveyor_name = "Ana Surveyor".into();
    data.survey.fields.id = "s1".into();
    data.survey.fields.project_number = Some("P-1207".into());
    data.survey.fields.created_at = Some("2026-06-30T09:15:00Z".into());
    data.survey.fields.load_profile = Some(LoadProfile {
        height_m: Some(4.6),
        width_m: Some(3.5),
        move_temp_c: Some(28.0),
        ..Default::default()
    });
    let mut wire = poi(2, "wire", 4.70, "lowest at mid-span");
    wire.readings = Some(vec![
        Reading {
            lane: "left edge".into(),
            method: ReadingMethod::Laser,
            height_m: 4.95,
            weak: false,
        },
        Reading {
            lane: "centre".into(),
            method: ReadingMethod::Laser,
            height_m: 4.70,
            weak: true,
        },
    ]);
    wire.wire_temp_c = Some(14.0);
    wire.wire_time = Some("05:40".into());
    // Measured over two days: POI 3 the day after the others.
    let mut third = poi(3, "bridge", 4.80, "low beam, east side");
    third.utc_date = Some("2026-07-02".into());
    data.measurements = vec![poi(1, "bridge", 5.50, ""), wire, third];
    // A planned route from south of POI 1 to north of POI 3, about 230 m east of the POIs
    // (so the line does not cover their dots), in the default route colour.
    data.routes = vec![
        serde_json::from_value::<Route>(serde_json::json!({
            "id": "r1", "surveyId": "s1", "name": "A20 permit route",
            "routeGeometry": [{"lat": 45.500, "lng": -73.597}, {"lat": 45.516, "lng": -73.589}]
        }))
        .unwrap(),
    ];
    data.alerts = vec![serde_json::from_value::<Alert>(serde_json::json!({
        "id": "a1", "surveyId": "s1", "createdAt": "2026-07-01T06:00:00Z", "message": "Low bridge ahead"
    })).unwrap()];
    let photo = demo_photo(dir);
    let mut w = BackupWriter::new(Vec::new(), &data, "2026-07-01T08:00:00Z").unwrap();
    w.add_media(&data.measurements[1], MediaKind::Image, &photo)
        .unwrap();
    let path = dir.join("survey.zip");
    std::fs::write(&path, w.finish().unwrap()).unwrap();
    path
}

#[test]
fn the_report_reads_in_order_embeds_its_fonts_and_marks_fail_rows() {
    let dir = scratch("report");
    let backup = backup(&dir);
    let (a, b) = (dir.join("a.pdf"), dir.join("b.pdf"));
    run(&[
        "report",
        backup.to_str().unwrap(),
        "-o",
        a.to_str().unwrap(),
    ]);
    run(&[
        "report",
        backup.to_str().unwrap(),
        "-o",
        b.to_str().unwrap(),
    ]);
    assert_eq!(
        std::fs::read(&a).unwrap(),
        std::fs::read(&b).unwrap(),
        "same backup, same bytes"
    );

    let text =
        String::from_utf8(tool("pdftotext", &["-layout", a.to_str().unwrap(), "-"])).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let find = |needle: &str| {
        lines
            .iter()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("{needle} not in:\n{text}"))
    };
    // Cover.
    assert!(lines[find("Client")].contains("Hydro Transport"));
    assert!(lines[find("Project number")].contains("P-1207"));
    assert!(lines[find("Load height")].contains("4.60 m"));
    assert!(lines[find("Surveyor")].contains("Ana Surveyor"));
    // The survey's creation day, and the first to the last measurement's day.
    assert!(lines[find("Survey created")].contains("2026-06-30"));
    assert!(
        lines[find("Measured")].contains("2026-07-01 to 2026-07-02"),
        "{}",
        lines[find("Measured")]
    );
    // The table, row by row in survey order: 4.60 + 0.15 = 4.75; 5.50 passes (0.75),
    // 4.70 fails (−0.05, the lowest reading), 4.80 is tight (0.05).
    let header = find("Clearance");
    let rows: Vec<&str> = lines[header..]
        .iter()
        .filter(|l| l.contains("R020-POI0000"))
        .copied()
        .take(3)
        .collect();
    assert!(
        rows[0].contains("R020-POI00001")
            && rows[0].contains("5.50 m")
            && rows[0].contains("0.75 m")
            && rows[0].contains("Pass"),
        "{rows:?}"
    );
    assert!(
        rows[1].contains("R020-POI00002")
            && rows[1].contains("4.70 m")
            && rows[1].contains("-0.05 m")
            && rows[1].contains("Fail"),
        "{rows:?}"
    );
    assert!(
        rows[2].contains("R020-POI00003")
            && rows[2].contains("0.05 m")
            && rows[2].contains("Tight"),
        "{rows:?}"
    );
    check_road_and_position(&rows);
    let fail_row = rows[1];
    let (type_at, method_at, status_at) = (
        fail_row.find("Wire").unwrap(),
        fail_row.find("laser").unwrap(),
        fail_row.find("Fail").unwrap(),
    );
    assert!(
        type_at < method_at && method_at < status_at,
        "columns in order: {fail_row}"
    );
    // A page per Fail/Tight POI, with readings and the sag flag; the alert log; page numbers.
    assert!(text.contains("R020-POI00002 — Wire — Fail"));
    assert!(text.contains("left edge laser 4.950; centre laser 4.700 (weak)"));
    assert!(text.contains("surveyed 14.0 °C cooler than the move"));
    assert!(text.contains("Low bridge ahead"));
    assert!(
        text.contains("Page 6 of 6"),
        "cover, map, table, 2 flagged POIs, alerts"
    );

    check_fonts(&a);
    check_rendering(&a, &dir);
    check_map_and_photo(&a, &dir, &text);
}

/// The overview map as `pdftoppm` renders it: the route in blue and the POI dots in the
/// colours its legend promises ("red Fail, amber Tight, green Pass"), each where the POI
/// lies (north up, east right), drawn as vectors (no raster image on the page); and the
/// photo of the Fail POI on that POI's page, as `pdfimages -list` finds it.
fn check_map_and_photo(a: &Path, dir: &Path, text: &str) {
    let map_page = page_of(text, "Overview map");
    let (width, pixels) = render(a, dir, map_page, 100);
    // Colour classes by hue, not by the code's exact values: a saturated red, an amber
    // (strong red, half green, no blue), a green, a blue. Grey, black and white (the box,
    // labels, legend, scale bar, paper) fall in none; antialiased edges (a colour blended
    // with white) are too pale to.
    let red = blob(width, &pixels, |r, g, b| r >= 150 && g <= 80 && b <= 80);
    let amber = blob(width, &pixels, |r, g, b| {
        r >= 170 && (90..=170).contains(&g) && b <= 60
    });
    let green = blob(width, &pixels, |r, g, b| {
        g >= 100 && g - r >= 60 && g - b >= 40
    });
    let is_blue = |r: i32, g: i32, b: i32| b >= 200 && b - r >= 120 && b - g >= 80;
    let blue = blob(width, &pixels, is_blue);
    for (name, (n, _, _)) in [("red", red), ("amber", amber), ("green", green)] {
        assert!(n >= 20, "a {name} POI dot on the map page: {n} pixels");
    }
    assert!(blue.0 >= 200, "the route drawn in blue: {} pixels", blue.0);
    // POI 1 (Pass) is the south-west one, POI 2 (Fail) the middle, POI 3 (Tight) the
    // north-east: each dot lies up and to the right of the one before.
    let (pass, fail, tight) = ((green.1, green.2), (red.1, red.2), (amber.1, amber.2));
    assert!(
        pass.0 < fail.0 && fail.0 < tight.0 && pass.1 > fail.1 && fail.1 > tight.1,
        "Pass {pass:?}, Fail {fail:?}, Tight {tight:?}"
    );
    // The route runs past the POIs, east of them, from south of POI 1 to north of POI 3.
    let route_points: Vec<(usize, usize)> = pixels
        .chunks_exact(3)
        .enumerate()
        .filter(|(_, p)| is_blue(i32::from(p[0]), i32::from(p[1]), i32::from(p[2])))
        .map(|(i, _)| (i % width, i / width))
        .collect();
    assert!(blue.1 > fail.0, "the route east of the POIs");
    assert!(
        route_points.iter().any(|&(_, y)| (y as f64) > pass.1)
            && route_points.iter().any(|&(_, y)| (y as f64) < tight.1),
        "the route from south of POI 1 to north of POI 3"
    );

    let images = image_pages(a);
    assert!(
        !images.contains(&map_page),
        "the map is vector graphics: {images:?}"
    );
    let fail_page = page_of(text, "R020-POI00002 — Wire — Fail");
    assert_eq!(
        images,
        vec![fail_page],
        "the one photo, on the Fail POI's page"
    );
}

/// The table's Road and Position cells, between Type and Clearance: road 20, and each POI's
/// latitude and longitude to 5 decimals (POI n at 45.50 + 0.004n, −73.60 + 0.002n).
fn check_road_and_position(rows: &[&str]) {
    for (row, (kind, position)) in rows.iter().zip([
        ("Bridge", "45.50400, -73.59800"),
        ("Wire", "45.50800, -73.59600"),
        ("Bridge", "45.51200, -73.59400"),
    ]) {
        let kind_end = row.find(kind).unwrap_or_else(|| panic!("{kind}: {row}")) + kind.len();
        let position_at = row
            .find(position)
            .unwrap_or_else(|| panic!("{position}: {row}"));
        assert!(kind_end < position_at, "Type before Position: {row}");
        assert_eq!(
            row[kind_end..position_at].trim(),
            "20",
            "the Road cell: {row}"
        );
        let clearance_at = row.find(" m ").expect("a clearance");
        assert!(
            position_at < clearance_at,
            "Position before Clearance: {row}"
        );
    }
}

/// `pdffonts`: two fonts, both embedded and subset.
fn check_fonts(a: &Path) {
    let fonts = String::from_utf8(tool("pdffonts", &[a.to_str().unwrap()])).unwrap();
    let embedded: Vec<&str> = fonts.lines().skip(2).collect();
    assert_eq!(embedded.len(), 2, "{fonts}");
    assert!(
        embedded
            .iter()
            .all(|l| l.contains("CID TrueType") && l.contains(" yes yes ")),
        "embedded and subset:\n{fonts}"
    );
}

/// `pdftoppm`: the table page shows the Fail and Tight rows shaded; kept for a person to see.
fn check_rendering(a: &Path, dir: &Path) {
    // Page 3 (the table) rendered: the Fail row's pale red and the Tight row's pale amber.
    let (_, pixels) = render(a, dir, 3, 40);
    let has = |rgb: [u8; 3]| {
        pixels
            .chunks_exact(3)
            .any(|p| p.iter().zip(rgb).all(|(a, b)| a.abs_diff(b) <= 3))
    };
    assert!(has([252, 227, 227]), "a Fail row is shaded");
    assert!(has([255, 242, 204]), "a Tight row is shaded");
    let keep = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/report-test");
    std::fs::create_dir_all(&keep).unwrap();
    tool(
        "pdftoppm",
        &[
            "-png",
            "-r",
            "80",
            "-f",
            "3",
            "-l",
            "3",
            "-singlefile",
            a.to_str().unwrap(),
            keep.join("table-page").to_str().unwrap(),
        ],
    );
    std::fs::copy(a, keep.join("report.pdf")).unwrap();
}

/// Metres in whole tenths of a millimetre (every figure below is given to 0.1 mm), so the
/// inch arithmetic is exact: 1 in = 25.4 mm = 254 tenths, 1 ft = 12 in = 0.3048 m.
#[allow(clippy::cast_possible_truncation)] // figures of a few metres
fn tenths_mm(m: f64) -> i64 {
    (m * 10_000.0).round() as i64
}

/// Feet and inches as the report writes them (`15' 2"`, `-0' 2"`), from whole inches.
fn feet_inches(inches: i64) -> String {
    let sign = if inches < 0 { "-" } else { "" };
    format!("{sign}{}' {}\"", inches.abs() / 12, inches.abs() % 12)
}

/// Rounded down to the inch (towards minus infinity: a negative margin grows).
fn down(tenths: i64) -> String {
    feet_inches(tenths.div_euclid(254))
}

/// Rounded up to the inch.
fn up(tenths: i64) -> String {
    feet_inches(-(-tenths).div_euclid(254))
}

#[test]
fn the_report_in_feet_and_inches_rounds_clearances_down_and_load_figures_up() {
    let dir = scratch("report-feet");
    let (height, width, length, buffer) = (4.60, 3.50, 28.0, 0.15);
    let mut data = SurveyData::default();
    data.survey.survey_title = "A20 heavy haul".into();
    data.survey.fields.id = "s1".into();
    data.survey.fields.load_profile = Some(LoadProfile {
        height_m: Some(height),
        width_m: Some(width),
        length_m: Some(length),
        buffer_m: buffer,
        ..Default::default()
    });
    // 4.87 m is 191.7 in: 15' 11", not 16' 0"; 4.8768 m is 16 ft exactly; 4.70 m (185.04
    // in) fails by 0.05 m (1.97 in), shown as 2 in below; 5.50 m (216.5 in) passes.
    let clearances = [4.87, 4.8768, 4.70, 5.50];
    data.measurements = clearances
        .iter()
        .zip(1..)
        .map(|(&h, n)| poi(n, "bridge", h, ""))
        .collect();
    let backup = dir.join("survey.zip");
    let bytes = BackupWriter::new(Vec::new(), &data, "2026-07-01T08:00:00Z")
        .unwrap()
        .finish()
        .unwrap();
    std::fs::write(&backup, bytes).unwrap();
    let pdf = dir.join("feet.pdf");
    run(&[
        "report",
        backup.to_str().unwrap(),
        "-o",
        pdf.to_str().unwrap(),
        "--units",
        "feet-inches",
    ]);
    let text =
        String::from_utf8(tool("pdftotext", &["-layout", pdf.to_str().unwrap(), "-"])).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let line = |needle: &str| {
        *lines
            .iter()
            .find(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("{needle} not in:\n{text}"))
    };

    // Cover: the load figures rounded up. 4.60 m = 181.1 in → 182 in = 15' 2".
    assert_eq!(up(tenths_mm(height)), "15' 2\"");
    for (label, metres) in [
        ("Load height", height),
        ("Load width", width),
        ("Load length", length),
        ("Buffer", buffer),
    ] {
        let t = tenths_mm(metres);
        assert_ne!(
            up(t),
            down(t),
            "{label}: a figure where the direction matters"
        );
        let l = line(label);
        assert!(l.contains(&up(t)), "{label} rounded up to {}: {l}", up(t));
        assert!(!l.contains(&down(t)), "{label} not rounded down: {l}");
        assert!(!l.contains(" m"), "{label} not in metres: {l}");
    }

    check_feet_table(&text, &clearances, tenths_mm(height) + tenths_mm(buffer));
}

/// The table in feet and inches: each clearance and margin rounded down, the clearance in
/// its column before the margin, with the status the margin gives (buffer and load height
/// in `load_and_buffer`, tenths of a millimetre; the default Tight band 0.15 m); and the
/// Fail POI's page (POI 3) repeating its figures.
fn check_feet_table(text: &str, clearances: &[f64], load_and_buffer: i64) {
    let lines: Vec<&str> = text.lines().collect();
    // The table: each clearance and margin rounded down, in the Clearance then Margin column.
    assert_eq!(down(tenths_mm(4.87)), "15' 11\"");
    assert_eq!(down(tenths_mm(4.8768)), "16' 0\"");
    let header = lines
        .iter()
        .position(|l| l.contains("Clearance") && l.contains("Margin"))
        .expect("the table header");
    for (n, &clearance) in (1..).zip(clearances) {
        let id = format!("R020-POI{n:05}");
        let row = lines[header..]
            .iter()
            .find(|l| l.contains(&id))
            .unwrap_or_else(|| panic!("{id} in the table:\n{text}"));
        let c = tenths_mm(clearance);
        let margin = c - load_and_buffer;
        let (shown_c, shown_m) = (down(c), down(margin));
        let c_at = row
            .find(&shown_c)
            .unwrap_or_else(|| panic!("{id}: clearance {shown_c} in {row}"));
        assert!(
            row[c_at + shown_c.len()..].contains(&shown_m),
            "{id}: margin {shown_m} after the clearance in {row}"
        );
        // Where the figure is not a whole inch, rounding up would show something else.
        if c % 254 != 0 {
            assert!(
                !row.contains(&up(c)),
                "{id}: clearance not rounded up: {row}"
            );
        }
        if margin % 254 != 0 {
            assert!(
                !row.contains(&up(margin)),
                "{id}: margin not rounded up: {row}"
            );
        }
        let status = match margin {
            m if m < 0 => "Fail",
            m if m < tenths_mm(0.15) => "Tight",
            _ => "Pass",
        };
        assert!(row.contains(status), "{id} {status}: {row}");
        assert!(!row.contains(" m "), "{id}: no metric figure: {row}");
    }
    // The Fail POI's page repeats its figures in feet and inches.
    let fail_page = text
        .split('\x0c')
        .find(|p| p.contains("R020-POI00003 — Bridge — Fail"))
        .expect("the Fail POI's page");
    let c = tenths_mm(4.70);
    assert!(fail_page.contains(&down(c)), "{fail_page}");
    assert!(
        fail_page.contains(&down(c - load_and_buffer)),
        "{fail_page}"
    );
}

#[test]
fn a_backup_that_is_not_one_is_a_clear_error() {
    let dir = scratch("report-bad");
    let bad = dir.join("bad.zip");
    std::fs::write(&bad, b"not a zip").unwrap();
    let out = common::clearway(
        &[
            "report",
            bad.to_str().unwrap(),
            "-o",
            dir.join("r.pdf").to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Not a Clearway survey backup"));
    assert!(!dir.join("r.pdf").exists());
}
