//! `clearway nmea FILE [--format jsonl|csv|geojson|gpx]`.

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};

use clearway_core::nmea::{GpsState, NmeaStream, PositionKind, Stats};
use clearway_core::track::{self, TrackBuilder};

use crate::{CliError, NmeaFormat};

const CSV_HEADER: &str = "type,time,date,lat,lon,alt,speed_kmh,course,fix,sats,hdop\n";

pub fn run(path: &str, format: NmeaFormat) -> Result<(), CliError> {
    let mut input: Box<dyn Read> = if path == "-" {
        Box::new(io::stdin().lock())
    } else {
        Box::new(File::open(path).map_err(|e| CliError::input(format!("cannot read {path}: {e}")))?)
    };
    let stdout = io::stdout().lock();
    let mut out = BufWriter::with_capacity(1 << 16, stdout);
    if matches!(format, NmeaFormat::Csv) {
        out.write_all(CSV_HEADER.as_bytes())
            .map_err(|e| CliError::output(&e))?;
    }
    let mut stream = NmeaStream::new();
    let mut line = String::with_capacity(256);
    let mut track = TrackBuilder::new();
    let mut failure: Option<io::Error> = None;
    let mut on_position = |kind: PositionKind, state: &GpsState| {
        if failure.is_some() {
            return;
        }
        let written = match format {
            NmeaFormat::Jsonl => {
                line.clear();
                jsonl(&mut line, kind, state);
                out.write_all(line.as_bytes())
            }
            NmeaFormat::Csv => {
                line.clear();
                csv(&mut line, kind, state);
                out.write_all(line.as_bytes())
            }
            NmeaFormat::Geojson | NmeaFormat::Gpx => {
                track.push(state);
                Ok(())
            }
        };
        if let Err(e) = written {
            failure = Some(e);
        }
    };
    let mut buf = vec![0; 1 << 18];
    loop {
        let n = match input.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(CliError::input(format!("cannot read {path}: {e}"))),
        };
        stream.push(&buf[..n], &mut on_position);
    }
    stream.finish(&mut on_position);
    if let Some(e) = failure {
        return Err(CliError::output(&e));
    }
    let name = if path == "-" { "stdin" } else { path };
    let document = match format {
        NmeaFormat::Geojson => Some(track::to_geojson(&track.finish(), name) + "\n"),
        NmeaFormat::Gpx => Some(track::to_gpx(&track.finish(), name)),
        NmeaFormat::Jsonl | NmeaFormat::Csv => None,
    };
    if let Some(doc) = document {
        out.write_all(doc.as_bytes())
            .map_err(|e| CliError::output(&e))?;
    }
    out.flush().map_err(|e| CliError::output(&e))?;
    eprintln!("{}", summary(stream.stats()));
    Ok(())
}

/// `sentences 1203, accepted 1180 (GGA/RMC 402), bad checksum 3, ignored 20 ...`
fn summary(s: &Stats) -> String {
    format!(
        "nmea: {} sentences, {} accepted ({} GGA/RMC positions), {} bad checksum, {} without checksum, {} ignored \
         ({} other types or talkers, {} failing the rules, {} lines not starting with '$', {} overlong)",
        s.sentences,
        s.accepted,
        s.positions,
        s.bad_checksum,
        s.no_checksum,
        s.ignored + s.rejected + s.not_nmea + s.overlong,
        s.ignored,
        s.rejected,
        s.not_nmea,
        s.overlong
    )
}

fn num(out: &mut String, v: Option<f64>) {
    use std::fmt::Write as _;
    match v {
        Some(x) if x.is_finite() => {
            let _ = write!(out, "{x}");
        }
        _ => out.push_str("null"),
    }
}

fn jsonl(out: &mut String, kind: PositionKind, s: &GpsState) {
    out.push_str(r#"{"type":""#);
    out.push_str(kind.name());
    out.push_str(r#"","time":"#);
    quoted(out, s.time_text().as_deref());
    out.push_str(r#","date":"#);
    quoted(out, s.date.map(clearway_core::nmea::Date::iso).as_deref());
    for (key, value) in [
        ("lat", s.lat),
        ("lon", s.lon),
        ("alt", s.alt_m),
        ("speed_kmh", s.speed_kmh),
        ("course", s.course_deg),
    ] {
        out.push_str(",\"");
        out.push_str(key);
        out.push_str("\":");
        num(out, value);
    }
    out.push_str(r#","fix":""#);
    out.push_str(s.fix.label());
    out.push_str(r#"","sats":"#);
    num(out, s.satellites.map(f64::from));
    out.push_str(r#","hdop":"#);
    num(out, s.hdop);
    out.push_str("}\n");
}

fn quoted(out: &mut String, text: Option<&str>) {
    match text {
        // Times and dates are digits, colons, dots and dashes: nothing to escape.
        Some(t) => {
            out.push('"');
            out.push_str(t);
            out.push('"');
        }
        None => out.push_str("null"),
    }
}

fn csv(out: &mut String, kind: PositionKind, s: &GpsState) {
    let cell = |out: &mut String, v: Option<f64>| {
        use std::fmt::Write as _;
        if let Some(x) = v.filter(|x| x.is_finite()) {
            let _ = write!(out, "{x}");
        }
    };
    out.push_str(kind.name());
    out.push(',');
    out.push_str(s.time_text().as_deref().unwrap_or_default());
    out.push(',');
    out.push_str(
        s.date
            .map(clearway_core::nmea::Date::iso)
            .as_deref()
            .unwrap_or_default(),
    );
    for v in [s.lat, s.lon, s.alt_m, s.speed_kmh, s.course_deg] {
        out.push(',');
        cell(out, v);
    }
    out.push(',');
    out.push_str(s.fix.label());
    out.push(',');
    cell(out, s.satellites.map(f64::from));
    out.push(',');
    cell(out, s.hdop);
    out.push('\n');
}
