// Every SPEC §5 survey-creation message at once, each for its field (issue 12 point 1b).
// The core checks the three rules in order and reports the first one broken; asking it once
// per field, with the other two filled, gives each field its own message in the core's
// words, so the form never invents a message of its own.
import { SurveyRuleError, validateNewSurvey } from '../../core/survey';
import { buildSurvey, type SurveyForm } from './records';

export type RequiredSurveyField = 'surveyTitle' | 'surveyorName' | 'clientName';
export const REQUIRED_SURVEY_FIELDS: readonly RequiredSurveyField[] = ['surveyTitle', 'surveyorName', 'clientName'];

export type SurveyFieldErrors = Partial<Record<RequiredSurveyField, string>>;

/** A placeholder the core accepts, for the fields not under test. */
const FILLED = 'x';

/** The message of each required field that the core refuses; {} when the form is valid. */
export async function surveyFieldErrors(form: SurveyForm, now = new Date()): Promise<SurveyFieldErrors> {
  const errors: SurveyFieldErrors = {};
  for (const field of REQUIRED_SURVEY_FIELDS) {
    const probe: SurveyForm = { ...form, surveyTitle: FILLED, surveyorName: FILLED, clientName: FILLED, [field]: form[field] };
    try {
      await validateNewSurvey(await buildSurvey(probe, now, 'validation-probe'));
    } catch (error) {
      if (!(error instanceof SurveyRuleError)) throw error;
      errors[field] = error.message;
    }
  }
  return errors;
}
