// The 'Import from cloud' button of the survey section (SPEC §4, §5, §8): runs the import
// once at a time; the toasts say what happened (importFromCloud.ts).
import { useState } from 'react';
import { importFromCloud } from './importFromCloud';

export function ImportFromCloudButton() {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await importFromCloud();
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" onClick={() => void run()} disabled={busy} aria-busy={busy}>
      Import from cloud
    </button>
  );
}
