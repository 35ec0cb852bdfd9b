// The route planner of the workspace (issue 12 points 4–9): the active survey's routes,
// 'New route', the form (name, route number, description, colour; origin, waypoints and
// destination as 'lat, lng', typed or picked on the map), and the actions: save or update,
// delete (asked first), calculate, optimise, import a GPX / GeoJSON / KML file and copy the
// driving link. The form lives in RouteDraftProvider so the map draws it as it is edited.
import { useId, useState, type FormEvent } from 'react';
import type { Route } from '../../model';
import { stores } from '../../services/storage';
import { ConfirmDialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { useStoreRead } from '../storage';
import { drivingLink } from './drivingLink';
import { calculate, deleteRoute, importRouteFile, optimise, saveRoute } from './routeActions';
import { useRoutePlanner } from './RouteDraftProvider';
import { emptyRouteForm, fromRecords, hasErrors, newWaypointKey, routeEnds, routeFormErrors, type RouteForm, type RouteFormErrors } from './routeForm';
import type { RoutingSettings } from './routingSettings';
import { PickToggle, WaypointList } from './WaypointList';
import './routePlanner.css';

interface RoutePlannerProps {
  /** The active survey's id: routes belong to it. Null: no survey, no routes. */
  surveyId: string | null;
  routing: RoutingSettings;
}

const SOURCE_TEXT: Record<string, string> = {
  directions: 'along roads (directions service)',
  osrm: 'along roads (OSRM)',
  'straight-lines': 'as straight lines between the points',
  import: 'from the imported file',
};

export function RoutePlanner({ surveyId, routing }: RoutePlannerProps) {
  const headingId = useId();
  const { form, setForm, pickTarget, setPickTarget } = useRoutePlanner();
  const [errors, setErrors] = useState<RouteFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [actionError, setActionError] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const saved = useStoreRead(surveyId ?? '', ['routes', 'route-points'], () => (surveyId ? stores.routes.ofSurvey(surveyId) : Promise.resolve([])));

  if (!surveyId) {
    return (
      <section aria-labelledby={headingId} className="route-planner">
        <h2 id={headingId}>Routes</h2>
        <p>Create or load a survey to plan its routes.</p>
      </section>
    );
  }

  const edit = (patch: Partial<RouteForm>) => setForm((current) => ({ ...current, ...patch }));
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setActionError('');
    setStatus('');
    try {
      await work();
    } catch (error) {
      setActionError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = routeFormErrors(form);
    setErrors(found);
    if (hasErrors(found)) return;
    void run(async () => {
      const next = await saveRoute(form, surveyId);
      if (next) setForm(next);
    });
  };

  const open = async (route: Route) => {
    setErrors({});
    setStatus('');
    setActionError('');
    setForm(fromRecords(route, await stores.routes.points(route.id)));
  };

  const ends = routeEnds(form);
  const routes = saved.status === 'ready' ? [...saved.value].sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt))) : [];

  return (
    <section aria-labelledby={headingId} className="route-planner">
      <h2 id={headingId}>Routes</h2>
      {routes.length > 0 && (
        <ul className="route-planner__saved" aria-label="Saved routes">
          {routes.map((route) => (
            <li key={route.id}>
              <span className="route-planner__swatch" style={{ background: route.color }} aria-hidden="true" />
              <span className="route-planner__name">{route.name || '(unnamed route)'}</span>
              <button type="button" onClick={() => void open(route)} aria-label={`Open route ${route.name || route.id}`} aria-current={form.id === route.id || undefined}>
                Open
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        <button
          type="button"
          onClick={() => {
            setForm(emptyRouteForm());
            setErrors({});
            setStatus('');
            setActionError('');
          }}
        >
          New route
        </button>
      </div>

      <form className="route-form" aria-label={form.id ? 'Edit route' : 'New route'} onSubmit={submit} noValidate>
        <Field label="Name" value={form.name} onChange={(name) => edit({ name })} />
        <Field label="Route number" value={form.routeNumber} onChange={(routeNumber) => edit({ routeNumber })} />
        <Field label="Description" multiline value={form.description} onChange={(description) => edit({ description })} />
        <ColourField value={form.color} onChange={(color) => edit({ color })} />
        <Field
          label="Origin"
          placeholder="lat, lng"
          value={form.origin}
          error={errors.origin}
          onChange={(origin) => edit({ origin })}
          after={<PickToggle label="Pick on map for origin" on={pickTarget === 'origin'} onToggle={(on) => setPickTarget(on ? 'origin' : null)} />}
        />
        <WaypointList
          waypoints={form.waypoints}
          errors={errors.waypoints ?? {}}
          pickTarget={pickTarget}
          onChange={(waypoints) => edit({ waypoints })}
          onPick={setPickTarget}
        />
        <div className="actions">
          <button type="button" onClick={() => edit({ waypoints: [...form.waypoints, { key: newWaypointKey(), text: '' }] })}>
            Add waypoint
          </button>
        </div>
        <Field
          label="Destination"
          placeholder="lat, lng"
          value={form.destination}
          error={errors.destination}
          onChange={(destination) => edit({ destination })}
          after={<PickToggle label="Pick on map for destination" on={pickTarget === 'destination'} onToggle={(on) => setPickTarget(on ? 'destination' : null)} />}
        />
        <p className="route-planner__geometry" data-testid="route-geometry">
          {form.geometry.length > 0 ? `Route line: ${form.geometry.length} points, ${SOURCE_TEXT[form.source ?? ''] ?? ''}` : 'No route line yet.'}
        </p>
        <div className="actions">
          <button type="submit" disabled={busy}>
            {form.id ? 'Update route' : 'Save route'}
          </button>
          <button
            type="button"
            disabled={busy || !ends}
            onClick={() =>
              void run(async () => {
                const out = await calculate(form, routing);
                if (out) setForm(out.form);
              })
            }
          >
            Calculate route
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                const out = await optimise(form);
                setForm(out.form);
                setStatus(`Optimised: ${out.lengthKm.toFixed(2)} km in straight lines, ${out.savedKm.toFixed(2)} km shorter than ordering the waypoints by distance from the origin.`);
              })
            }
          >
            Optimise route
          </button>
          <button
            type="button"
            disabled={!ends}
            onClick={() =>
              void run(async () => {
                if (!ends) return;
                const link = drivingLink(ends);
                setCopied(link);
                await navigator.clipboard.writeText(link);
                setStatus('Driving link copied');
              })
            }
          >
            Copy driving link
          </button>
          {form.id && (
            <button type="button" className="button--danger" onClick={() => setConfirmDelete(true)}>
              Delete route
            </button>
          )}
        </div>
        <ImportRoute
          disabled={busy}
          onFile={(file) =>
            void run(async () => {
              const out = await importRouteFile(file, form);
              if (out) {
                setForm(out.form);
                setErrors({});
                setStatus(`Imported ${out.points} points from ${file.name}.`);
              }
            })
          }
        />
        {actionError && (
          <p role="alert" className="form-error">
            {actionError}
          </p>
        )}
        <p role="status" className="route-planner__status">
          {status}
        </p>
        {copied && (
          <p className="route-planner__link">
            <a href={copied} target="_blank" rel="noreferrer">
              Open the driving directions
            </a>
          </p>
        )}
      </form>
      <ConfirmDialog
        isOpen={confirmDelete}
        title="Delete route?"
        confirmLabel="Delete route"
        destructive
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          const id = form.id;
          if (!id) return;
          void run(async () => {
            if (await deleteRoute(id)) setForm(emptyRouteForm());
          });
        }}
      >
        <p>
          The route “{form.name || '(unnamed route)'}” and its points will be deleted from this survey. This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}

function ColourField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Colour</label>
      <input id={id} type="color" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

function ImportRoute({ disabled, onFile }: { disabled: boolean; onFile: (file: File) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Import route (GPX, GeoJSON or KML)</label>
      <input
        id={id}
        type="file"
        accept=".gpx,.geojson,.json,.kml,application/gpx+xml,application/geo+json,application/vnd.google-earth.kml+xml"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
