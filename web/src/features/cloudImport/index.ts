// Import from cloud (issue 13 point 11; SPEC §4, §5, §7, §8): the user's surveys, with their
// POIs and uploaded measurements, brought onto this device inactive and synced.
export { ImportFromCloudButton } from './ImportFromCloudButton';
export { IMPORT_MESSAGES, importFromCloud, importKeys } from './importFromCloud';
export type { ImportDeps, ImportOutcome } from './importFromCloud';
export { importSummary, measurementFromCloud, planImport, poiToMeasurement, toLocalSurvey } from './mapping';
export type { CloudDoc, CloudSurvey, ImportPlan } from './mapping';
