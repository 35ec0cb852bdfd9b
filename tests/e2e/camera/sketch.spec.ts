// Issue 14 points 4, 7: 'Draw sketch' on a blank page and over the photo, with a chosen
// colour and undo; 'Save drawing' keeps a PNG media record of the measurement
// (drawingUrl), shown in the list and exported as drawings/image_….png.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { imageStats, listRow, mediaBytes, mediaOf } from '../support/camera';
import { openSettings } from '../support/gpsPanel';
import { idbRows } from '../support/storedData';
import { captureForm, createSurvey, saveMeasurement, surveySection } from '../support/survey';

/** Drags across the drawing surface from (x0, y0) to (x1, y1), in fractions of its size. */
async function stroke(page: Page, [x0, y0]: [number, number], [x1, y1]: [number, number]) {
  const surface = captureForm(page).getByLabel('Drawing surface');
  await surface.scrollIntoViewIfNeeded();
  const box = (await surface.boundingBox())!;
  await page.mouse.move(box.x + box.width * x0, box.y + box.height * y0);
  await page.mouse.down();
  for (let i = 1; i <= 20; i += 1) await page.mouse.move(box.x + box.width * (x0 + ((x1 - x0) * i) / 20), box.y + box.height * (y0 + ((y1 - y0) * i) / 20));
  await page.mouse.up();
}

const measurementId = async (page: Page, poi: number) => String((await idbRows(page, 'measurements')).find((m) => m.poiNumber === poi)?.id);

test('a sketch in blue with an undone red stroke is kept as a PNG, shown, and exported under drawings/', async ({ page, context }) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['camera']);
  await openSettings(page);
  await createSurvey(page, { title: 'Sketches', surveyor: 'Ana', client: 'Client A' });
  const form = captureForm(page);

  await form.getByRole('button', { name: 'Draw sketch' }).click();
  await form.getByRole('radio', { name: 'Blue' }).click();
  await expect(form.getByRole('radio', { name: 'Blue' })).toHaveAttribute('aria-checked', 'true');
  await stroke(page, [0.3, 0.5], [0.7, 0.5]);
  await form.getByRole('radio', { name: 'Red' }).click();
  await stroke(page, [0.3, 0.25], [0.7, 0.25]);
  await form.getByRole('button', { name: 'Undo' }).click();
  await form.getByRole('button', { name: 'Save drawing' }).click();
  await expect(form.getByText('A drawing is ready for the next measurement.')).toBeVisible();
  await saveMeasurement(page, { height: '4.25', type: 'Bridge' });
  await expect(listRow(page, 'R001-POI00002').getByRole('img', { name: 'Drawing of R001-POI00002' })).toBeVisible({ timeout: 15_000 });

  const id = await measurementId(page, 2);
  const [drawing] = await mediaOf(page, id);
  expect(drawing).toMatchObject({ kind: 'drawing', type: 'image/png' });
  expect((await idbRows(page, 'measurements')).find((m) => m.id === id)?.drawingUrl).toBe(drawing!.id);
  const png = await mediaBytes(page, drawing!.id);
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  const stats = await imageStats(page, png, 'image/png', {
    blueLine: { x: 500, y: 350, w: 280, h: 20 },
    undoneRed: { x: 500, y: 170, w: 280, h: 20 },
  });
  // A continuous blue stroke, on average more than 2 px of solid blue across, along the box.
  expect(stats.blue.blueLine).toBeGreaterThan(280 * 2);
  // The red stroke was undone: white page there, not a red pixel.
  expect(stats.red.undoneRed).toBe(0);
  expect(stats.white.undoneRed).toBe(280 * 20);

  // Over the photo: the photo's orange shows under the strokes.
  await form.getByRole('button', { name: 'Take photo' }).click();
  await expect(form.getByText('A photo is ready for the next measurement.')).toBeVisible();
  await form.getByRole('button', { name: 'Draw sketch' }).click();
  await stroke(page, [0.2, 0.3], [0.4, 0.3]);
  await form.getByRole('button', { name: 'Save drawing' }).click();
  await saveMeasurement(page, { height: '5', type: 'Wire' });
  await expect(listRow(page, 'R001-POI00003').getByRole('img', { name: 'Drawing of R001-POI00003' })).toBeVisible({ timeout: 15_000 });
  const over = (await mediaOf(page, await measurementId(page, 3))).find((m) => m.kind === 'drawing')!;
  const overStats = await imageStats(page, await mediaBytes(page, over.id), 'image/png', { corner: { x: 20, y: 100, w: 100, h: 100 } });
  expect(overStats.mean.corner!.r).toBeGreaterThan(200);
  expect(overStats.mean.corner!.b).toBeLessThan(100);

  // The zip carries both drawings as .png under the SPEC names.
  await surveySection(page).getByLabel('Export format').selectOption('zip');
  const download = page.waitForEvent('download');
  await surveySection(page).getByRole('button', { name: 'Export survey' }).click();
  const { unzipSync } = await import('fflate');
  const files = unzipSync(new Uint8Array(await readFile(await (await download).path())));
  const name = `drawings/image_R001_POI00002_bridge_${id.slice(0, 8)}.png`;
  expect(Object.keys(files)).toContain(name);
  expect(Buffer.from(files[name]!).equals(png)).toBe(true);
  expect(Object.keys(files).filter((n) => n.startsWith('drawings/') && n.endsWith('.png'))).toHaveLength(2);
});
