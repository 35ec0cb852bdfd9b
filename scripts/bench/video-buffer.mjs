// Video buffer case (issue 14, closing-note figure): the storage one minute of video buffer
// takes at the default settings (recording duration 10 s, video buffer duration 5 min, image
// size 1280x720). The built app in Debian's Chromium with its built-in fake camera (a moving
// test pattern, at the size the app asks for): video mode switched on in the settings, a
// survey, 'Start camera', then ~65 s of recording. The clips of the minute are the first
// 60 s of complete clips in `videoBlobs`; their bytes are summed, and the buffer's full size
// at these settings (SPEC §9: ceil(bufferDuration / (recordingDuration / 60)) + 1 clips) is
// extrapolated from them. No peer: a figure, not a ratio. A real road scene encodes to more
// bytes than the test pattern (the encoder's 1 Mbit/s target bounds it, noise can overshoot).
//   node scripts/bench.mjs video-buffer
import { createSurveyInPage, openAppWithCamera } from './browser.mjs';

const MINUTE_S = 60;

/** Runs in the page: the stored clips (bytes, when), oldest first. */
async function storedClips() {
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('clearway');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const all = await new Promise((resolve, reject) => {
    const request = db.transaction('videoBlobs').objectStore('videoBlobs').getAll();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  db.close();
  return all.map((clip) => ({ bytes: clip.blob.size, createdAt: clip.createdAt, type: clip.type })).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function videoBufferCase() {
  const { page, close } = await openAppWithCamera(() => localStorage.setItem('app_access', 'true'));
  try {
    await page.getByRole('checkbox', { name: 'Video mode' }).check();
    await page.getByRole('status').filter({ hasText: 'Camera settings saved.' }).waitFor();
    const recordingS = Number(await page.getByRole('spinbutton', { name: 'Recording duration (s)' }).inputValue());
    const bufferMin = Number(await page.getByRole('spinbutton', { name: 'Video buffer duration (min)' }).inputValue());
    const size = await page.getByLabel('Image size').inputValue();
    await createSurveyInPage(page, 'Video buffer');
    const capture = page.getByRole('form', { name: 'Record a measurement' });
    await capture.getByRole('button', { name: 'Start camera' }).click();
    await capture.getByRole('status', { name: 'Video buffer' }).filter({ hasText: 'Video buffer recording' }).waitFor({ timeout: 30_000 });
    const perMinute = Math.ceil(MINUTE_S / recordingS);
    // Every clip is stored as it ends: wait until the minute's clips are all in.
    const deadline = Date.now() + (MINUTE_S + 6 * recordingS) * 1000;
    let clips = [];
    while (Date.now() < deadline && clips.length < perMinute) {
      await page.waitForTimeout(1000);
      clips = await page.evaluate(storedClips);
    }
    if (clips.length < perMinute) throw new Error(`only ${clips.length} of ${perMinute} clips were stored`);
    const minute = clips.slice(0, perMinute);
    const bytes = minute.reduce((sum, clip) => sum + clip.bytes, 0);
    const kept = Math.ceil(bufferMin / (recordingS / 60)) + 1;
    return [
      {
        name: 'video-buffer-one-minute',
        ours: `video mode at the defaults (${recordingS} s clips, ${bufferMin} min buffer, ${size}), Chromium's built-in fake camera`,
        peer: null,
        ratio: null,
        clips_per_minute: perMinute,
        clip_bytes: minute.map((clip) => clip.bytes),
        type: minute[0].type,
        mb_per_minute: Math.round(bytes / 1e4) / 100,
        buffer_clips_kept: kept,
        buffer_mb_at_this_rate: Math.round((bytes / perMinute) * kept / 1e4) / 100,
      },
    ];
  } finally {
    await close();
  }
}
