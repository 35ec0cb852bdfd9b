//! Great-circle distance with the haversine formula on a sphere of radius
//! [`EARTH_RADIUS_KM`] (SPEC §5, §9).

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
/// ```
pub fn haversine_km(a: LatLon, b: LatLon) -> f64 {
    let (phi1, phi2) = (a.lat.to_radians(), b.lat.to_radians());
    let d_phi = (b.lat - a.lat).to_radians();
    let d_lambda = (b.lon - a.lon).to_radians();
    let h = (d_phi / 2.0).sin().powi(2) + phi1.cos() * phi2.cos() * (d_lambda / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_KM * h.sqrt().min(1.0).asin()
}

#[cfg(test)]
mod tests {
    use super::*;

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
