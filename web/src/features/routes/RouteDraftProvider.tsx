// The route being planned, shared by the planner (its form) and the map (its draft and the
// taps that place points). The workspace mounts one provider around both; the map reads
// `useRouteDraft()`: `draft` in the shape FieldMap's draftRoute takes, and `pickPoint`,
// which fills the field whose 'Pick on map' toggle is on (and turns the toggle off).
import { createContext, useCallback, useContext, useMemo, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import type { LatLng } from '../../services/routing';
import { draftOf, emptyRouteForm, formatLatLng, type DraftRoute, type RouteForm } from './routeForm';

/** The field a map tap fills: 'origin', 'destination' or a waypoint's key. */
export type PickTarget = string | null;

interface RoutePlannerState {
  form: RouteForm;
  setForm: Dispatch<SetStateAction<RouteForm>>;
  pickTarget: PickTarget;
  setPickTarget: (target: PickTarget) => void;
  draft: DraftRoute | null;
  pickPoint: (p: LatLng) => void;
}

const Context = createContext<RoutePlannerState | null>(null);

/** Writes a picked position into the chosen field of the form. */
export function pickInto(form: RouteForm, target: PickTarget, p: LatLng): RouteForm {
  const text = formatLatLng(p);
  if (target === 'origin') return { ...form, origin: text };
  if (target === 'destination') return { ...form, destination: text };
  if (target && form.waypoints.some((w) => w.key === target)) {
    return { ...form, waypoints: form.waypoints.map((w) => (w.key === target ? { ...w, text } : w)) };
  }
  return form;
}

export function RouteDraftProvider({ children }: { children: ReactNode }) {
  const [form, setForm] = useState<RouteForm>(emptyRouteForm);
  const [pickTarget, setPickTarget] = useState<PickTarget>(null);
  const pickPoint = useCallback(
    (p: LatLng) => {
      if (pickTarget === null) return;
      setForm((current) => pickInto(current, pickTarget, p));
      setPickTarget(null);
    },
    [pickTarget],
  );
  const draft = useMemo(() => draftOf(form), [form]);
  const value = useMemo(() => ({ form, setForm, pickTarget, setPickTarget, draft, pickPoint }), [form, pickTarget, draft, pickPoint]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

function useRoutePlannerContext(): RoutePlannerState {
  const state = useContext(Context);
  if (!state) throw new Error('useRouteDraft() needs a <RouteDraftProvider> above it');
  return state;
}

/** For the map: the draft route to draw and the tap handler. */
export function useRouteDraft(): { draft: DraftRoute | null; pickPoint: (p: LatLng) => void } {
  const { draft, pickPoint } = useRoutePlannerContext();
  return { draft, pickPoint };
}

/** For the planner: the whole form and the pick toggle. */
export const useRoutePlanner = useRoutePlannerContext;
