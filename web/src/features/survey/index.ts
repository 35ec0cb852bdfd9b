// The survey feature: the active survey shared by every page (SurveyProvider, mounted by
// web/src/app), the workspace (create, load, clear, capture, list, export), auto-save.
export { SurveyProvider, useSurvey, primeSurvey, FIRST_PAGE } from './SurveyProvider';
export type { SurveyWorkspace as SurveyWorkspaceState } from './SurveyProvider';
export { SurveyRecords, SurveyWorkspace } from './SurveyWorkspace';
export { AUTOSAVE_DELAY_MS, AUTOSAVE_EVENT, latestAutosave } from './autosave';
export { poiGlyph } from './poiIcons';
/** The capture form waits for the core (its POI types, the measurement's record): a page that shows it starts loading the core early. */
export { preloadCore as preloadCapture } from '../../core';
