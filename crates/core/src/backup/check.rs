//! Positions in a backup must be positions: a latitude in -90..=90 and a longitude in
//! -180..=180, finite. A record that breaks this is refused with its entry, its number
//! (from 1) and its id, so an export never carries a point no map can show.

use super::{BackupError, entries};
use crate::survey::SurveyData;

/// Checks every position of the records: measurements, trace points, route geometry and
/// route points.
pub fn positions(data: &SurveyData) -> Result<(), BackupError> {
    for (i, m) in data.measurements.iter().enumerate() {
        let at = |what: &'static str, value: f64| bad(entries::MEASUREMENTS, i, &m.id, what, value);
        if let Some(lat) = m.latitude {
            latitude(lat).map_err(|()| at("latitude", lat))?;
        }
        if let Some(lon) = m.longitude {
            longitude(lon).map_err(|()| at("longitude", lon))?;
        }
    }
    for (i, p) in data.traces.iter().enumerate() {
        let at = |what: &'static str, value: f64| bad(entries::TRACES, i, &p.id, what, value);
        latitude(p.latitude).map_err(|()| at("latitude", p.latitude))?;
        longitude(p.longitude).map_err(|()| at("longitude", p.longitude))?;
    }
    for (i, r) in data.routes.iter().enumerate() {
        let at = |what: &'static str, value: f64| bad(entries::ROUTES, i, &r.id, what, value);
        let points = r.points.iter().map(|p| p.position);
        for p in r.route_geometry.iter().copied().chain(points) {
            latitude(p.lat).map_err(|()| at("a latitude", p.lat))?;
            longitude(p.lng).map_err(|()| at("a longitude", p.lng))?;
        }
    }
    Ok(())
}

fn latitude(v: f64) -> Result<(), ()> {
    if (-90.0..=90.0).contains(&v) {
        Ok(())
    } else {
        Err(())
    }
}

fn longitude(v: f64) -> Result<(), ()> {
    if (-180.0..=180.0).contains(&v) {
        Ok(())
    } else {
        Err(())
    }
}

fn bad(name: &str, index: usize, id: &str, what: &'static str, value: f64) -> BackupError {
    let range = if what.ends_with("latitude") {
        "-90 to 90"
    } else {
        "-180 to 180"
    };
    BackupError::BadPosition {
        name: name.to_owned(),
        record: index + 1,
        id: id.to_owned(),
        detail: format!("{what} {value}, outside {range}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn out_of_range_positions_name_the_record() {
        let mut data = SurveyData {
            measurements: serde_json::from_value(json!([
                {"id": "m1", "latitude": 45, "longitude": 7},
                {"id": "m2", "latitude": 500, "longitude": 7}
            ]))
            .unwrap(),
            ..Default::default()
        };
        assert_eq!(
            positions(&data).unwrap_err().to_string(),
            "The backup's measurements.json is not valid: record 2 (id \"m2\") has latitude 500, outside -90 to 90"
        );
        data.measurements[1].latitude = Some(f64::NAN);
        assert!(
            positions(&data)
                .unwrap_err()
                .to_string()
                .contains("latitude NaN")
        );
        data.measurements[1].latitude = None;
        positions(&data).unwrap();
        data.traces =
            serde_json::from_value(json!([{"id": "t", "latitude": 1, "longitude": -181}])).unwrap();
        assert!(
            positions(&data)
                .unwrap_err()
                .to_string()
                .contains("traces.json")
        );
    }
}
