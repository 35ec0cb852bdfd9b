//! Great-circle distance with the haversine formula on a sphere of radius
//! [`EARTH_RADIUS_KM`] (SPEC §5, §9), for one pair of positions and in batch over flat
//! coordinate slices.
//!
//! Bulk coordinates cross the wasm boundary as flat `Float64Array`s, so the batch functions
//! take `&[f64]` laid out `[lat0, lon0, lat1, lon1, ...]` (latitude first, decimal degrees).
//! A trailing unpaired value is ignored.

/// Mean earth radius used for every distance in the product (SPEC §9).
pub const EARTH_RADIUS_KM: f64 = 6371.0;

/// A position in decimal degrees, latitude first.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LatLon {
    pub lat: f64,
    pub lon: f64,
}

impl LatLon {
    pub const fn new(lat: f64, lon: f64) -> Self {
        Self { lat, lon }
    }
}

/// Distance in kilometres between two positions.
///
/// ```
/// use clearway_core::geodesy::{haversine_km, LatLon};
/// // One degree of latitude is 2πR/360 ≈ 111.195 km on the SPEC's sphere.
/// let d = haversine_km(LatLon::new(0.0, 0.0), LatLon::new(1.0, 0.0));
/// assert!((d - 111.194_926_6).abs() < 1e-6);
/// // An unknown position gives an unknown distance, never a number.
/// assert!(haversine_km(LatLon::new(f64::NAN, 0.0), LatLon::new(1.0, 0.0)).is_nan());
/// ```
pub fn haversine_km(a: LatLon, b: LatLon) -> f64 {
    let (phi1, phi2) = (a.lat.to_radians(), b.lat.to_radians());
    let d_phi = (b.lat - a.lat).to_radians();
    let d_lambda = (b.lon - a.lon).to_radians();
    let h = (d_phi / 2.0).sin().powi(2) + phi1.cos() * phi2.cos() * (d_lambda / 2.0).sin().powi(2);
    // `clamp`, unlike `min`, keeps a NaN (f64::min(NaN, 1.0) is 1.0: half the Earth).
    2.0 * EARTH_RADIUS_KM * h.sqrt().clamp(0.0, 1.0).asin()
}

/// The positions of a flat `[lat0, lon0, lat1, lon1, ...]` slice, in order. A trailing
/// unpaired value is ignored.
///
/// ```
/// use clearway_core::geodesy::{lat_lons, LatLon};
/// let flat = [45.5, -73.6, 46.8, -71.2];
/// let points: Vec<LatLon> = lat_lons(&flat).collect();
/// assert_eq!(points, [LatLon::new(45.5, -73.6), LatLon::new(46.8, -71.2)]);
/// ```
pub fn lat_lons(flat: &[f64]) -> impl ExactSizeIterator<Item = LatLon> + '_ {
    flat.chunks_exact(2)
        .map(|pair| LatLon::new(pair[0], pair[1]))
}

/// The length in kilometres of each consecutive leg of a flat `[lat, lon, ...]` path:
/// `n` positions give `n - 1` legs (none for fewer than 2 positions).
///
/// ```
/// use clearway_core::geodesy::distances_km;
/// // Two legs along the equator: 1° then 2° of longitude, 2πR/360 ≈ 111.195 km per degree.
/// let legs = distances_km(&[0.0, 0.0, 0.0, 1.0, 0.0, 3.0]);
/// assert_eq!(legs.len(), 2);
/// assert!((legs[0] - 111.194_926_6).abs() < 1e-6);
/// assert!((legs[1] - 222.389_853_3).abs() < 1e-6);
/// ```
pub fn distances_km(flat: &[f64]) -> Vec<f64> {
    let points = flat.len() / 2;
    let mut legs = Vec::with_capacity(points.saturating_sub(1));
    let mut previous: Option<LatLon> = None;
    for point in lat_lons(flat) {
        if let Some(from) = previous {
            legs.push(haversine_km(from, point));
        }
        previous = Some(point);
    }
    legs
}

/// Total length in kilometres of a flat `[lat, lon, ...]` path (0 for fewer than 2
/// positions).
///
/// ```
/// use clearway_core::geodesy::path_length_km;
/// let km = path_length_km(&[0.0, 0.0, 0.0, 1.0, 0.0, 3.0]);
/// assert!((km - 333.584_779_9).abs() < 1e-6); // 3° of the equator
/// ```
pub fn path_length_km(flat: &[f64]) -> f64 {
    let mut total_km = 0.0;
    let mut previous: Option<LatLon> = None;
    for point in lat_lons(flat) {
        if let Some(from) = previous {
            total_km += haversine_km(from, point);
        }
        previous = Some(point);
    }
    total_km
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2πR/360 with R = 6371 km, by hand: 40 030.173 592 km / 360.
    const KM_PER_DEGREE: f64 = 111.194_926_644_558_73;

    #[test]
    fn legs_along_a_meridian_are_whole_degrees() {
        let flat = [0.0, 10.0, 1.0, 10.0, 3.0, 10.0, 6.0, 10.0];
        let legs = distances_km(&flat);
        assert_eq!(legs.len(), 3);
        for (leg, degrees) in legs.iter().zip([1.0, 2.0, 3.0]) {
            assert!((leg - degrees * KM_PER_DEGREE).abs() < 1e-9, "{leg}");
        }
        assert!((path_length_km(&flat) - 6.0 * KM_PER_DEGREE).abs() < 1e-9);
    }

    #[test]
    fn fewer_than_two_positions_have_no_legs() {
        assert!(distances_km(&[]).is_empty());
        assert!(distances_km(&[1.0, 2.0]).is_empty());
        assert!(path_length_km(&[1.0, 2.0]).abs() < f64::EPSILON);
    }

    #[test]
    fn a_trailing_unpaired_value_is_ignored() {
        let legs = distances_km(&[0.0, 0.0, 1.0, 0.0, 7.0]);
        assert_eq!(legs.len(), 1);
        assert_eq!(lat_lons(&[1.0, 2.0, 3.0]).len(), 1);
    }

    #[test]
    fn zero_for_the_same_point() {
        let p = LatLon::new(45.5, -73.6);
        assert!(haversine_km(p, p).abs() < 1e-12);
    }

    #[test]
    fn antipodes_are_half_the_circumference() {
        let d = haversine_km(LatLon::new(0.0, 0.0), LatLon::new(0.0, 180.0));
        assert!((d - std::f64::consts::PI * EARTH_RADIUS_KM).abs() < 1e-9);
    }

    #[test]
    fn montreal_to_quebec_city_matches_an_independent_calculator() {
        // 45.5017,-73.5673 → 46.8139,-71.2080: 233.0 km by the Movable Type haversine
        // calculator (R = 6371 km).
        let d = haversine_km(
            LatLon::new(45.5017, -73.5673),
            LatLon::new(46.8139, -71.2080),
        );
        assert!((d - 233.0).abs() < 0.5, "{d}");
    }
}
