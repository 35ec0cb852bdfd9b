// The field map (issue 12 point 2): the region 'Map' of the workspace. It reads the active
// survey's measurements, routes and trace and the live position on its own, and draws them
// with maplibre, which it loads lazily (MapView, its own chunk). Its controls (follow me,
// north up / heading up) are ordinary buttons; a tapped marker's details show below the map.
import { Component, lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useGpsSample } from '../gps';
import { useSettings } from '../settings';
import { useSurvey } from '../survey';
import { rememberPosition } from './lastPosition';
import { draftFeatures, type DraftRoute, type LivePosition, type MapPoint } from './mapData';
import { MeasurementDetails } from './MeasurementDetails';
import { useBasemap, useSurveyLayers } from './useMapData';
import './map.css';

const MapView = lazy(() => import('./MapView'));

/**
 * How often the map takes the live position: a redraw of the map costs far more than the
 * GPS panel's text, and a 20 Hz receiver would otherwise keep it repainting (and easing
 * the camera) without pause on a tablet's CPU.
 */
export const MAP_POSITION_INTERVAL_MS = 1000;

export interface FieldMapProps {
  /** Called when the surveyor taps/clicks the map (the route planner picks points this way). */
  onMapClick?: (point: MapPoint) => void;
  /** A route being edited, drawn over the saved ones. */
  draftRoute?: DraftRoute | null;
}

/** If the map's code cannot load (offline before it was cached...), say so: never a blank region. */
class MapBoundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  override render() {
    if (this.state.error) return <p role="alert">The map could not be loaded ({this.state.error}). The measurements are in the list.</p>;
    return this.props.children;
  }
}

export function FieldMap({ onMapClick, draftRoute = null }: FieldMapProps) {
  const survey = useSurvey();
  const gps = useGpsSample(MAP_POSITION_INTERVAL_MS);
  const { settings } = useSettings();
  const layers = useSurveyLayers(survey.active?.id ?? null, survey.active?.loadProfile);
  const basemap = useBasemap(settings.map.styleUrl);
  const [follow, setFollow] = useState(settings.map.followPosition);
  const [headingUp, setHeadingUp] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const region = useRef<HTMLElement>(null);

  const { latitude, longitude, course, hdop } = gps;
  const errLatM = gps.details?.errLatM ?? null;
  const errLonM = gps.details?.errLonM ?? null;
  const live = useMemo((): LivePosition => ({ latitude, longitude, course, hdop, errLatM, errLonM }), [latitude, longitude, course, hdop, errLatM, errLonM]);
  const positionAt = useMemo((): [number, number] | null => (latitude !== null && longitude !== null ? [longitude, latitude] : null), [latitude, longitude]);
  const draft = useMemo(() => draftFeatures(draftRoute), [draftRoute]);
  // Kept so the map opens here next time (lastPosition.ts): a real fix only (a receiver
  // without one may report 0, 0), and only during a survey (Clearway keeps no position
  // outside one: the privacy page).
  const surveying = survey.active !== null;
  const fixed = gps.fixQuality !== 'No Fix';
  useEffect(() => {
    if (surveying && fixed && positionAt && (positionAt[0] !== 0 || positionAt[1] !== 0)) rememberPosition(positionAt);
  }, [surveying, fixed, positionAt]);

  return (
    <section aria-label="Map" className="field-map" ref={region}>
      <div className="field-map__frame">
        <MapBoundary>
          <Suspense fallback={<p className="field-map__loading">Loading the map…</p>}>
            {basemap && (
              <MapView
                basemap={basemap}
                measurements={layers.measurements}
                routes={layers.routes}
                trace={layers.trace}
                frameKey={layers.frameKey}
                draft={draft}
                live={live}
                positionAt={positionAt}
                course={course}
                follow={follow}
                headingUp={headingUp}
                onUserMove={() => setFollow(false)}
                onMapClick={onMapClick}
                onSelectMeasurement={setSelected}
                onNotice={setNotice}
              />
            )}
          </Suspense>
        </MapBoundary>
        {/* Inside the frame, so the page below never moves when it changes. */}
        {(!survey.active || layers.unplaced > 0) && (
          <p className="field-map__status" role="status">
            {!survey.active
              ? 'Start or load a survey to see its measurements here.'
              : `${layers.unplaced} measurement${layers.unplaced === 1 ? ' has' : 's have'} no position and ${layers.unplaced === 1 ? 'is' : 'are'} not on the map.`}
          </p>
        )}
        <div className="field-map__controls">
          <button type="button" aria-pressed={follow} onClick={() => setFollow((f) => !f)} disabled={positionAt === null} title={positionAt === null ? 'No position yet' : undefined}>
            Follow my position
          </button>
          <div role="group" aria-label="Map orientation" className="field-map__orientation">
            <button type="button" aria-pressed={!headingUp} onClick={() => setHeadingUp(false)}>
              North up
            </button>
            <button type="button" aria-pressed={headingUp} onClick={() => setHeadingUp(true)}>
              Heading up
            </button>
          </div>
        </div>
      </div>
      <p className="field-map__hint">Arrow keys move the map, + and − zoom; Enter opens the marker at the centre.</p>
      {notice && (
        <p role="status" className="field-map__notice">
          {notice}
        </p>
      )}
      {layers.error !== null && <p role="alert">The survey data could not be read for the map: {String(layers.error)}</p>}
      {selected && (
        <MeasurementDetails
          id={selected}
          load={survey.active?.loadProfile}
          onClose={() => {
            setSelected(null);
            // Back to the map, where the surveyor came from.
            region.current?.querySelector('canvas')?.focus();
          }}
        />
      )}
    </section>
  );
}
