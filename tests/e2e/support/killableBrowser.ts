// A Chromium on a persistent profile that a test can SIGKILL and start again on the same
// directory (ENVIRONMENT.md "Browser tests": killing the browser mid-write). Playwright
// gives no pid for a persistent context, so the main process is found in /proc: the
// Chromium whose command line names the profile directory and has no `--type=` (helper
// processes — zygote, renderer, GPU, utility — all carry one).
import { readdirSync, readFileSync } from 'node:fs';
import type { BrowserContext, BrowserType, LaunchOptions } from '@playwright/test';

export interface ProfileOptions {
  browserType: BrowserType;
  launchOptions: LaunchOptions;
  userDataDir: string;
  baseURL: string;
}

/** Launches (or relaunches) Chromium on the profile, as the config would launch it. */
export function launchProfile({ browserType, launchOptions, userDataDir, baseURL }: ProfileOptions): Promise<BrowserContext> {
  return browserType.launchPersistentContext(userDataDir, {
    ...launchOptions,
    headless: true,
    baseURL,
    serviceWorkers: 'block',
    permissions: ['geolocation'],
    geolocation: { latitude: 45.5017, longitude: -73.5673, accuracy: 10 },
  });
}

function commandLine(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return null; // gone meanwhile
  }
}

function parentPid(pid: number): number | null {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after its ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** Every live process whose command line names the profile directory. */
export function profileProcesses(userDataDir: string): { pid: number; args: string[]; ppid: number | null }[] {
  const out: { pid: number; args: string[]; ppid: number | null }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const args = commandLine(pid);
    if (!args || !args.includes(`--user-data-dir=${userDataDir}`)) continue;
    let state = '';
    try {
      state = /^State:\s*(\S)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '';
    } catch {
      continue;
    }
    if (state !== 'Z') out.push({ pid, args, ppid: parentPid(pid) });
  }
  return out;
}

/**
 * The pid of the browser's main process on this profile. A helper the main process has just
 * forked carries the main process's command line until it execs (CI saw two "main"
 * processes once), so a candidate whose parent is another candidate is not the main one.
 */
export function browserMainPid(userDataDir: string): number {
  const candidates = profileProcesses(userDataDir).filter(({ args }) => !args.some((arg) => arg.startsWith('--type=')));
  const pids = new Set(candidates.map((c) => c.pid));
  const main = candidates.filter((c) => c.ppid === null || !pids.has(c.ppid));
  if (main.length !== 1) throw new Error(`expected one main Chromium process on ${userDataDir}, found ${main.length}: ${candidates.map((c) => `${c.pid} (parent ${c.ppid})`).join(', ')}`);
  return main[0]!.pid;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits until no process of the profile is left (the helpers follow the main process out
 * once their pipe to it closes). Any helper still there after `graceMs` — a process this
 * test started — is SIGKILLed by pid, so the next launch finds the profile free.
 */
export async function waitProfileFree(userDataDir: string, graceMs = 5_000): Promise<void> {
  const deadline = Date.now() + graceMs;
  while (profileProcesses(userDataDir).length > 0) {
    if (Date.now() > deadline) break;
    await sleep(25);
  }
  // Whatever is left after the grace (a helper still exiting on a loaded machine) is killed,
  // and the profile is free only once the kernel has taken those processes away too: a
  // browser started before that would share the profile with a dying one.
  const hard = Date.now() + 15_000;
  for (let left = profileProcesses(userDataDir); left.length > 0; left = profileProcesses(userDataDir)) {
    if (Date.now() > hard) throw new Error(`the profile ${userDataDir} is still in use by ${left.map((p) => p.pid).join(', ')}`);
    for (const { pid } of left) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // exited meanwhile
      }
    }
    await sleep(100);
  }
}

/** SIGKILLs the browser's main process; resolves once Playwright saw the context close. */
export async function killBrowser(context: BrowserContext, pid: number, userDataDir: string): Promise<void> {
  const closed = new Promise<void>((resolve) => context.once('close', () => resolve()));
  process.kill(pid, 'SIGKILL');
  await closed;
  await waitProfileFree(userDataDir);
}
