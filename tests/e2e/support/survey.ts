// Driving the survey workspace of `/` as a surveyor would: by labels and button names.
// Expected texts come from SPEC.md (§4, §5, §8), never from the web code under test.
import { expect, type Page } from '@playwright/test';

export const surveySection = (page: Page) => page.getByRole('region', { name: 'Survey', exact: true });
export const captureForm = (page: Page) => page.getByRole('form', { name: 'Record a measurement' });
export const measurementList = (page: Page) => page.getByRole('region', { name: /^Measurements/ });

export interface NewSurvey {
  title: string;
  surveyor: string;
  client: string;
  project?: string;
}

export async function createSurvey(page: Page, survey: NewSurvey): Promise<void> {
  await surveySection(page).getByRole('button', { name: 'New survey' }).click();
  const form = page.getByRole('form', { name: 'New survey' });
  await form.getByLabel('Survey title').fill(survey.title);
  await form.getByLabel('Surveyor name').fill(survey.surveyor);
  await form.getByLabel('Client name').fill(survey.client);
  if (survey.project) await form.getByLabel('Project number').fill(survey.project);
  await form.getByRole('button', { name: 'Create survey' }).click();
  await expect(form).toHaveCount(0);
  await expect(summaryValue(page, 'Survey title')).toHaveText(survey.title);
}

/** A value of the active survey's summary ("Survey title" → "A7 bridges"). */
export const summaryValue = (page: Page, term: string) =>
  page
    .getByLabel('Active survey')
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

export interface Capture {
  height: string;
  type?: string;
  note?: string;
  width?: string;
  length?: string;
}

/** Fills the capture form and saves; resolves to the status text shown after the save. */
export async function saveMeasurement(page: Page, capture: Capture): Promise<string> {
  const form = captureForm(page);
  await form.getByLabel('Height').fill(capture.height);
  if (capture.type) await form.getByLabel('POI type').selectOption({ label: capture.type });
  if (capture.note !== undefined) await form.getByLabel('Note').fill(capture.note);
  if (capture.width !== undefined) await form.getByLabel('Width').fill(capture.width);
  if (capture.length !== undefined) await form.getByLabel('Length').fill(capture.length);
  const marked = form.locator('[data-saved-id]');
  const before = (await marked.count()) > 0 ? await marked.getAttribute('data-saved-id') : null;
  await form.getByRole('button', { name: 'Save measurement' }).click();
  const outcome = form.locator('.capture__outcome');
  await expect(outcome).not.toHaveText('');
  if (before) await expect(outcome).not.toHaveAttribute('data-saved-id', before);
  return (await outcome.textContent()) ?? '';
}

/** The measurements listed, as their visible row texts, newest first. */
export async function listedRows(page: Page): Promise<string[]> {
  return measurementList(page).getByRole('listitem').allTextContents();
}
