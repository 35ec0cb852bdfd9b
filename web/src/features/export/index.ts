// The export feature: a survey and its media, written by the core, saved as a download.
export { EXPORT_CHOICES, NO_ACTIVE_SURVEY, exportFileName, exportSurvey } from './exportSurvey';
export type { ExportFormat, ExportProgress } from './exportSurvey';
export { mediaOf, readSurveyRecords } from './exportRecords';
