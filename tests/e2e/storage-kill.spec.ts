// Issue 5, point 7a — nothing acknowledged is lost when the browser dies mid-write.
//
// Each run creates a survey, then repeats a cycle: relaunch Chromium on the same profile,
// check (from a blank page of the origin, before any app code runs) that every
// measurement the capture form ever acknowledged is kept intact — in IndexedDB, or in the
// emergency store of localStorage if the app had fallen back to it — then save
// measurements through the form as fast as a person could tap, and SIGKILL the browser's
// main process at a random moment of that burst. SPEC §4 "Adding a measurement", §8.
//
// One more run does the same with the main database unusable from the start (a database
// 'clearway' of a layout the app cannot repair, as a corrupt profile would be): every save
// then goes to the durable emergency database, and must survive the kills just as well.
// The kill moments come from a seeded generator; the seed is printed, and
// CLEARWAY_KILL_SEED=<seed> replays the same moments.
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { seedLocalStorage } from './support/app';
import { browserMainPid, killBrowser, launchProfile } from './support/killableBrowser';
import { reportOutcomes, type OutcomeReport } from './support/savedReports';
import { emergencyCopies, emergencyMeasurements, idbMeasurements, idbSurveys, listedCount, openBlankPage, serveBlankPage } from './support/storedData';
import { captureForm, createSurvey } from './support/survey';

// 4 × 25 = 100 kills by default (the issue asks for at least 100); the variables shorten a local try.
const RUNS = Number(process.env.CLEARWAY_KILL_RUNS ?? 4);
const KILLS_PER_RUN = Number(process.env.CLEARWAY_KILLS_PER_RUN ?? 25);
/** Runs with the main database unusable (the issue asks for at least 25 kills there). */
const BROKEN_DB_RUNS = Number(process.env.CLEARWAY_BROKEN_DB_RUNS ?? 1);
const SEED = Number(process.env.CLEARWAY_KILL_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** mulberry32: a small seeded generator, so a failing run's kill moments can be replayed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Runs in a blank page of the origin before the app ever opens: a database 'clearway' at a
 * high version whose 'measurements' store has another key, which the app refuses to rewrite
 * (openDatabase.ts): the main database stays unusable for the whole run.
 */
async function breakMainDatabase(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('clearway', 50);
        request.onupgradeneeded = () => {
          request.result.createObjectStore('measurements', { keyPath: 'legacyKey' });
        };
        request.onsuccess = () => {
          request.result.close();
          resolve();
        };
        request.onerror = () => reject(request.error);
      }),
  );
}
/**
 * The kill falls at a uniformly random moment of the BURST_MS after the burst's first
 * acknowledgement: a save takes a few hundred ms from the tap to its outcome here, so the
 * kill lands at any point of one, a save or two after the first (8 kills: 15 saves started).
 */
const BURST_MS = 1_000;
const MIN_KILL_DELAY_MS = 100;
/** With no acknowledgement by then, the kill is armed anyway (the run then fails on its errors). */
const NO_ACK_MS = 20_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Tally {
  run: number;
  kills: number;
  clicks: number;
  reported: number;
  verified: number;
  inEmergency: number;
}

const CASES = [
  ...Array.from({ length: RUNS }, (_, i) => ({ run: i + 1, brokenDb: false })),
  ...Array.from({ length: BROKEN_DB_RUNS }, (_, i) => ({ run: RUNS + i + 1, brokenDb: true })),
];

for (const { run, brokenDb } of CASES) {
  const title = brokenDb
    ? `kill run ${run}, main database unusable: ${KILLS_PER_RUN} SIGKILLs during bursts of saves to the durable emergency store, every acknowledged measurement kept`
    : `kill run ${run}: ${KILLS_PER_RUN} SIGKILLs during bursts of saves, every acknowledged measurement kept`;
  test(title, async ({
    playwright,
    launchOptions,
    baseURL,
  }, testInfo) => {
    test.setTimeout(KILLS_PER_RUN * 12_000 + 60_000);
    const seed = SEED + run;
    const random = seeded(seed);
    console.log(`kill run ${run}: seed ${seed} (replay with CLEARWAY_KILL_SEED=${SEED})`);
    if (!baseURL) throw new Error('the config sets baseURL');
    const userDataDir = mkdtempSync(join(tmpdir(), `clearway-kill-${run}-`));
    const profile = { browserType: playwright.chromium, launchOptions, userDataDir, baseURL };

    /** id → the height typed for it, for every save the form acknowledged. */
    const acknowledged = new Map<string, string>();
    const errors: string[] = [];
    let waiting: ((report: OutcomeReport) => void) | null = null;
    const onReport = (report: OutcomeReport) => {
      if (report.id === null) errors.push(report.text);
      waiting?.(report);
    };
    const nextReport = () => new Promise<OutcomeReport>((resolve) => (waiting = resolve));

    let seq = 0;
    const nextHeight = () => {
      seq += 1;
      return ((run * 100_000 + seq) / 1000).toFixed(3);
    };

    const tally: Tally = { run, kills: 0, clicks: 0, reported: 0, verified: 0, inEmergency: 0 };
    let surveyId = '';

    let current: BrowserContext | null = null;
    const open = async (): Promise<{ context: BrowserContext; page: Page }> => {
      const context = await launchProfile(profile);
      current = context;
      await reportOutcomes(context, onReport);
      await seedLocalStorage(context, { app_access: 'true' });
      await serveBlankPage(context);
      const page = context.pages()[0] ?? (await context.newPage());
      return { context, page };
    };

    /** Every acknowledged measurement, as the browser kept it on disk. */
    const verify = async (page: Page) => {
      // Chromium may refuse the first open after a SIGKILL ('Internal error opening backing
      // store') while it recovers the database: read again, a few times. What it keeps is
      // then checked in full, so a database recovered empty still fails the run.
      const readKept = async <T>(read: () => Promise<T>): Promise<T> => {
        for (let attempt = 1; ; attempt += 1) {
          await openBlankPage(page);
          try {
            return await read();
          } catch (error) {
            if (attempt >= 10 || !/backing store/i.test(String(error))) throw error;
            console.log(`kill run ${run}: the database did not open after kill ${tally.kills} (${String(error).split('\n')[0]}); reading again`);
            await page.waitForTimeout(500);
          }
        }
      };
      const stored = new Map((await readKept(() => idbMeasurements(page, surveyId))).map((m) => [m.id, m]));
      const local = new Map((await readKept(() => emergencyMeasurements(page, surveyId))).map((m) => [m.id, m]));
      const lost: string[] = [];
      let inEmergency = 0;
      for (const [id, height] of acknowledged) {
        const kept = stored.get(id) ?? local.get(id);
        if (!stored.has(id) && local.has(id)) inEmergency += 1;
        if (!kept || kept.user_id !== surveyId || kept.rel !== Number(height)) {
          lost.push(`${id} (height ${height}): ${kept ? `kept as ${JSON.stringify(kept)}` : 'missing'}`);
        }
      }
      expect(lost, `measurements acknowledged before kill ${tally.kills} of run ${run} (seed ${seed})`).toEqual([]);
      if (brokenDb) expect(inEmergency, 'with the main database unusable, every measurement is in the emergency store').toBe(acknowledged.size);
      tally.verified = acknowledged.size;
      tally.inEmergency = inEmergency;
    };

    try {
      for (let cycle = 0; cycle < KILLS_PER_RUN; cycle += 1) {
        const { context, page } = await open();
        if (cycle > 0) await verify(page);
        if (cycle === 0 && brokenDb) {
          await openBlankPage(page);
          await breakMainDatabase(page);
        }
        await page.goto('/');
        if (cycle === 0) {
          await createSurvey(page, { title: `Kill run ${run}`, surveyor: 'Ana Surveyor', client: 'Heavy Haul Ltd' });
          if (brokenDb) {
            await openBlankPage(page);
            const copies = await emergencyCopies(page, 'surveys');
            const survey = copies.map((c) => c.item as { id: string; surveyTitle: string } | null).find((s) => s?.surveyTitle === `Kill run ${run}`);
            if (!survey) throw new Error('the new survey is not in the emergency store');
            surveyId = survey.id;
            await page.goto('/');
          } else {
            const survey = (await idbSurveys(page)).find((s) => s.active && s.surveyTitle === `Kill run ${run}`);
            if (!survey) throw new Error('the new survey is not in IndexedDB');
            surveyId = survey.id;
          }
        }
        const form = captureForm(page);
        const save = form.getByRole('button', { name: 'Save measurement' });
        // After a SIGKILL the browser restarts and the app opens on a database that was cut
        // off mid-write: given the time that takes on a loaded machine (7 s was once too few).
        await expect(save).toBeEnabled({ timeout: 30_000 });

        // The burst, with a SIGKILL at a random moment of it, counted from the cycle's first
        // acknowledged save (so every kill has something acknowledged at stake, however slow
        // the machine), or from NO_ACK_MS if none comes (the errors are then reported below).
        const pid = browserMainPid(userDataDir);
        const delay = MIN_KILL_DELAY_MS + random() * (BURST_MS - MIN_KILL_DELAY_MS);
        let killed = false;
        let arm: () => void = () => undefined;
        const armed = new Promise<void>((resolve) => (arm = resolve));
        const fallback = setTimeout(arm, NO_ACK_MS);
        const killDone = armed
          .then(() => sleep(delay))
          .then(() => {
            clearTimeout(fallback);
            killed = true;
            return killBrowser(context, pid, userDataDir);
          });
        const died = killDone.then(() => null);
        try {
          while (!killed) {
            const height = nextHeight();
            await form.getByLabel('Height').fill(height);
            const report = nextReport();
            tally.clicks += 1;
            await save.click();
            const outcome = await Promise.race([report, died]);
            if (outcome?.id) {
              acknowledged.set(outcome.id, height);
              arm();
            }
          }
        } catch (error) {
          if (!killed) throw error;
          // The browser died under the form: expected.
        }
        await killDone;
        tally.kills += 1;
      }

      // After the last kill: everything is there, and the app lists at least all of it.
      const { context, page } = await open();
      await verify(page);
      await page.goto('/');
      await expect.poll(() => listedCount(page).catch(() => 0)).toBeGreaterThanOrEqual(acknowledged.size + 1);
      await context.close();
    } finally {
      await (current as BrowserContext | null)?.close().catch(() => undefined);
      rmSync(userDataDir, { recursive: true, force: true });
    }

    tally.reported = acknowledged.size;
    expect(errors, 'save outcomes without an id (errors shown to the surveyor)').toEqual([]);
    expect(tally.kills).toBe(KILLS_PER_RUN);
    // At least one acknowledged save before each kill (the kill is armed by it).
    expect(tally.reported).toBeGreaterThanOrEqual(KILLS_PER_RUN);

    console.log(
      `kill run ${run}: ${tally.kills} kills, ${tally.clicks} saves started, ${tally.reported} acknowledged, ` +
        `${tally.verified} verified intact (${tally.inEmergency} from emergency storage), 0 lost`,
    );
    // The run that finishes last prints the suite's total.
    const tallyFile = join(testInfo.project.outputDir, 'storage-kill-tally.jsonl');
    appendFileSync(tallyFile, `${JSON.stringify(tally)}\n`);
    const all = readFileSync(tallyFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Tally);
    if (all.length === CASES.length) {
      const sum = (key: keyof Tally) => all.reduce((n, t) => n + t[key], 0);
      console.log(
        `storage-kill total: ${sum('kills')} kills, ${sum('clicks')} saves started, ${sum('reported')} acknowledged, ` +
          `${sum('verified')} verified intact, 0 lost`,
      );
    }
  });
}
