// Settings → Storage: how much of this device's room the app uses, whether the browser
// promised to keep it (persistent storage), a warning from 80 % of the quota, and the
// export of everything stored (the rescue file).
import { useEffect, useState } from 'react';
import { STORAGE_WARNING_RATIO, requestPersistence, storageUse, subscribeChanges, type StorageUse } from '../../services/storage';
import { downloadRescueFile } from './storageNotices';

/** Bytes as a person reads them: 1.2 MB, 3.4 GB. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${Math.round(value)} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function StorageUsage() {
  const [use, setUse] = useState<StorageUse | null | undefined>(undefined);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    let live = true;
    const read = () => void storageUse().then((value) => live && setUse(value));
    read();
    const stop = subscribeChanges(read);
    return () => {
      live = false;
      stop();
    };
  }, []);

  const keep = async () => {
    setAsked(true);
    await requestPersistence();
    setUse(await storageUse());
  };

  return (
    <section aria-labelledby="settings-storage">
      <h2 id="settings-storage">Storage on this device</h2>
      {use === undefined && <p>Reading storage use…</p>}
      {use === null && <p>This browser does not say how much room is left.</p>}
      {use && (
        <>
          <p>
            Used: <strong>{formatBytes(use.usedBytes)}</strong> of <strong>{formatBytes(use.quotaBytes)}</strong> available to
            Clearway ({(use.ratio * 100).toFixed(1)} %).
          </p>
          <meter min={0} max={1} low={STORAGE_WARNING_RATIO} high={0.95} optimum={0} value={use.ratio} aria-label="Storage used">
            {(use.ratio * 100).toFixed(1)} %
          </meter>
          {use.ratio >= STORAGE_WARNING_RATIO && (
            <p role="alert" className="form-error">
              Storage is {(use.ratio * 100).toFixed(0)} % full. Export and clear finished surveys before the device runs out of
              room.
            </p>
          )}
          <p>
            {use.persisted === true
              ? 'The browser keeps this data even when the device runs short of space.'
              : 'The browser may delete this data when the device runs short of space.'}
          </p>
          {use.persisted !== true && (
            <button type="button" onClick={() => void keep()} disabled={asked && use.persisted === false}>
              Ask the browser to keep this data
            </button>
          )}
        </>
      )}
      <p>
        <button type="button" onClick={() => void downloadRescueFile()}>
          Export all stored data
        </button>
      </p>
    </section>
  );
}
