// Settings for the offline basemap (issue 12 point 3): the regional PMTiles file kept in
// OPFS, with its size; download it from the 'Offline map download URL' setting or pick one
// from disk; replace it the same way; delete it. docs/map.md says how to prepare one.
import { useEffect, useId, useState } from 'react';
import { basemapInfo, deleteBasemap, downloadBasemap, saveBasemapFile, subscribeBasemap, type BasemapInfo } from '../../services/basemap';
import { useSettings } from '../settings';

/** 1234567 → '1.2 MB' (decimal units, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB'];
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

type Busy = { what: string; bytes: number; total: number | null } | null;

export function OfflineMapSettings() {
  const { settings } = useSettings();
  const url = settings.map.offlineMapUrl;
  const [info, setInfo] = useState<BasemapInfo | null | undefined>(undefined);
  const [busy, setBusy] = useState<Busy>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const headingId = useId();
  const fileId = useId();

  useEffect(() => {
    let live = true;
    const read = () => void basemapInfo().then((i) => live && setInfo(i));
    read();
    const off = subscribeBasemap(read);
    return () => {
      live = false;
      off();
    };
  }, []);

  const run = async (what: string, job: (progress: (bytes: number, total: number | null) => void) => Promise<unknown>, done: string) => {
    setBusy({ what, bytes: 0, total: null });
    setMessage(null);
    try {
      await job((bytes, total) => setBusy({ what, bytes, total }));
      setMessage({ text: done, error: false });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), error: true });
    } finally {
      setBusy(null);
    }
  };

  const remove = () => {
    if (!window.confirm('Delete the offline map? The map will need a connection (or another file) to show roads.')) return;
    void run('Deleting', () => deleteBasemap(), 'The offline map was deleted.');
  };

  return (
    <section aria-labelledby={headingId} className="offline-map">
      <h2 id={headingId}>Offline map</h2>
      <p>
        A regional map file (PMTiles) kept on this device, for areas without signal. The map uses it whenever one is stored;
        otherwise it uses the 'Map style URL' (only areas already viewed online work offline), or a plain background.
      </p>
      <p aria-live="polite">
        {info === undefined
          ? 'Checking…'
          : info === null
            ? 'No offline map is stored.'
            : `Stored: ${formatBytes(info.size)}, saved ${new Date(info.savedAt).toLocaleString()}.`}
      </p>
      <button type="button" disabled={busy !== null || url === ''} onClick={() => void run('Downloading', (p) => downloadBasemap(url, p), 'The offline map was downloaded.')}>
        {info ? 'Replace from download URL' : 'Download offline map'}
      </button>
      {url === '' && <p>Set the 'Offline map download URL' in the Map settings to download a file.</p>}
      <p>
        <label htmlFor={fileId}>{info ? 'Replace with a file from this device (.pmtiles)' : 'Use a file from this device (.pmtiles)'}</label>{' '}
        <input
          id={fileId}
          type="file"
          accept=".pmtiles,application/vnd.pmtiles"
          disabled={busy !== null}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void run('Saving', (p) => saveBasemapFile(file, (bytes) => p(bytes, file.size)), 'The offline map was saved.');
          }}
        />
      </p>
      {info && (
        <button type="button" disabled={busy !== null} onClick={remove}>
          Delete offline map
        </button>
      )}
      {busy && (
        <p role="status">
          {busy.what}… {formatBytes(busy.bytes)}
          {busy.total ? ` of ${formatBytes(busy.total)}` : ''}
        </p>
      )}
      {message && <p role={message.error ? 'alert' : 'status'}>{message.text}</p>}
    </section>
  );
}
