// A real OSRM for the routing tests: osrm-routed from the PyPI osrm-bindings wheel on the
// Monaco road graph, both prepared by `scripts/ensure-tools.sh osrm` under target/osrm
// (downloaded and extracted once, then reused). startOsrm() runs ensure-tools (a no-op when
// everything is there), starts osrm-routed on a free 127.0.0.1 port and waits until it
// listens; stop() ends that process (by its own handle) and waits for it to exit.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const osrmDir = join(repoRoot, 'target', 'osrm');
export const OSRM_ROUTED = join(osrmDir, 'wheel', 'osrm', 'bin', 'osrm-routed');
export const MONACO_GRAPH = join(osrmDir, 'monaco', 'monaco.osrm');

/** Runs `scripts/ensure-tools.sh osrm`: downloads and prepares OSRM once, later only checks. */
export async function ensureOsrm(): Promise<void> {
  try {
    await promisify(execFile)('bash', [join(repoRoot, 'scripts', 'ensure-tools.sh'), 'osrm'], {
      cwd: repoRoot,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`scripts/ensure-tools.sh osrm failed: ${stderr || String(error)}`, { cause: error });
  }
  if (!existsSync(OSRM_ROUTED) || !existsSync(`${MONACO_GRAPH}.partition`)) {
    throw new Error(`OSRM is not prepared under ${osrmDir} after scripts/ensure-tools.sh osrm`);
  }
}

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface OsrmServer {
  /** The base URL, e.g. http://127.0.0.1:41234 (what the setting 'OSRM service URL' holds). */
  url: string;
  /** Ends osrm-routed and waits for it to exit. Safe to call twice. */
  stop(): Promise<void>;
}

const READY = 'running and waiting for requests';

/** Starts osrm-routed on the prepared Monaco graph; resolves once it accepts requests. */
export async function startOsrm(): Promise<OsrmServer> {
  await ensureOsrm();
  const port = await freePort();
  const child: ChildProcess = spawn(
    OSRM_ROUTED,
    ['--algorithm', 'mld', '--ip', '127.0.0.1', '--port', String(port), '--threads', '1', MONACO_GRAPH],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`osrm-routed did not start within 30 s:\n${output}`));
    }, 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(READY)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`osrm-routed exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
  let stopped: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}`,
    stop() {
      stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
          await exited;
          clearTimeout(killer);
        }
      })();
      return stopped;
    },
  };
}
