// `/`: the field workspace (issue 12 point 1). On a tablet (1024 px and wider) the map is
// at the centre, the survey and capture form on its left (with the route planner one tab
// away) and the measurement list on its right, all on one screen; on a phone, tabs
// (Capture first, so a measurement is saved in two taps: the height, then 'Save
// measurement'). The fix quality stays in view at the top in both, and the settings follow
// below the workspace ('Settings' in the menu jumps there).
import { memo, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { FixStatus } from '../features/gps';
import { RouteDraftProvider, RoutePlanner } from '../features/routes';
import { useSettings } from '../features/settings';
import { SurveyRecords, SurveyWorkspace, useSurvey } from '../features/survey';
import { SyncStatus } from '../features/sync';
import SettingsSections, { SETTINGS_ANCHOR } from '../pages/SettingsPage';
import { Menu } from '../ui/Menu';
import { Page } from '../ui/Page';
import { Tabs } from '../ui/Tabs';
import { useMediaQuery } from '../ui/useMediaQuery';
import { MapSlot } from './MapSlot';
import './workspace.css';

/** Wide enough for map, capture form and list side by side (a 1280×800 tablet is). */
export const WIDE_WORKSPACE = '(min-width: 1024px)';

function WorkspaceBar() {
  const navigate = useNavigate();
  const { active } = useSurvey();
  const onAction = (id: string) => {
    if (id === 'settings') {
      const target = document.getElementById(SETTINGS_ANCHOR);
      target?.scrollIntoView({ block: 'start' });
      target?.focus({ preventScroll: true });
    } else navigate(id);
  };
  return (
    <div className="workspace-bar">
      <FixStatus />
      <span className="workspace-bar__survey">{active ? active.surveyTitle : 'No active survey'}</span>
      <Menu
        label="Menu"
        actions={[
          { id: 'settings', label: 'Settings' },
          { id: '/help', label: 'Help' },
          { id: '/documentation', label: 'Documentation' },
        ]}
        onAction={onAction}
      />
    </div>
  );
}

/**
 * The route planner of the active survey. It reads the survey itself so that a saved
 * measurement (which changes the survey summary) re-renders only what shows it, not the
 * whole page: on a low-end tablet a full re-render per save is a long task (issue 14 point 8).
 */
function WorkspaceRoutes() {
  const { active } = useSurvey();
  const { settings } = useSettings();
  const surveyId = active?.id ?? null;
  const routing = settings.map;
  return useMemo(() => <RoutePlanner surveyId={surveyId} routing={routing} />, [surveyId, routing]);
}

/** The active survey's sync status (features/sync): re-renders from the survey context only. */
function ActiveSyncStatus() {
  const { active } = useSurvey();
  return <SyncStatus surveyId={active?.id ?? null} />;
}

// Parts with no props of their own: they re-render from their own state and contexts only.
const Settings = memo(SettingsSections);
const MapArea = memo(MapSlot);

export default function WorkspacePage() {
  const wide = useMediaQuery(WIDE_WORKSPACE);
  const capture = (
    <>
      <SurveyWorkspace />
      <ActiveSyncStatus />
    </>
  );
  const routes = <WorkspaceRoutes />;
  return (
    <Page title="Field workspace" className="workspace-page" aside={<WorkspaceBar />}>
      <RouteDraftProvider>
        {wide ? (
          <div className="workspace workspace--wide">
            <section className="workspace__side workspace__side--left" aria-label="Survey and routes">
              <Tabs
                label="Survey and routes"
                items={[
                  { id: 'capture', label: 'Capture', content: capture },
                  { id: 'routes', label: 'Routes', content: routes },
                ]}
              />
            </section>
            <MapArea />
            <section className="workspace__side workspace__side--right" aria-label="Records">
              <SurveyRecords />
            </section>
          </div>
        ) : (
          <div className="workspace workspace--narrow">
            <Tabs
              label="Workspace"
              items={[
                { id: 'capture', label: 'Capture', content: capture },
                { id: 'records', label: 'Measurements', content: <SurveyRecords /> },
                { id: 'map', label: 'Map', content: <MapArea /> },
                { id: 'routes', label: 'Routes', content: routes },
              ]}
            />
          </div>
        )}
      </RouteDraftProvider>
      <Settings />
    </Page>
  );
}
