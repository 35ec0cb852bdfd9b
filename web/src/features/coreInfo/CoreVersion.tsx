import { useEffect, useState } from 'react';
import { coreVersion } from '../../core';

type State = { kind: 'loading' } | { kind: 'ready'; version: string } | { kind: 'failed'; message: string };

/** "Core 0.1.0 (WebAssembly)": which survey core this device runs, loaded on demand. */
export function CoreVersion() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    coreVersion().then(
      (version) => current && setState({ kind: 'ready', version }),
      (error: unknown) =>
        current && setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, []);

  switch (state.kind) {
    case 'loading':
      return <p className="core-version">Starting the survey core…</p>;
    case 'ready':
      return <p className="core-version">Core {state.version} (WebAssembly)</p>;
    case 'failed':
      return (
        <p className="core-version core-version--failed" role="alert">
          {state.message}
        </p>
      );
  }
}
