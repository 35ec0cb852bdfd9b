// What the capture form told the surveyor, as it happens. The outcome line of "Record a
// measurement" carries `data-saved-id` when a save was acknowledged; a MutationObserver
// (added before any app script runs) sends every new outcome to the test through a
// binding, so a report reaches the test even if the browser dies right after.
import type { BrowserContext } from '@playwright/test';

export interface OutcomeReport {
  /** The acknowledged measurement's id; null for an outcome without one (an error). */
  id: string | null;
  text: string;
}

const BINDING = '__clearwayOutcome';

/** Runs in the page: watches the outcome line and reports each change once. */
function watchOutcomes(binding: string) {
  let last = '';
  const check = () => {
    const outcome = document.querySelector('.capture__outcome');
    if (!outcome) return;
    const id = outcome.getAttribute('data-saved-id');
    const text = outcome.textContent ?? '';
    const key = `${id ?? ''}\n${text}`;
    if (key === last || text === '') return;
    last = key;
    const send = (window as unknown as Record<string, (report: { id: string | null; text: string }) => Promise<void>>)[binding];
    void send?.({ id, text });
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['data-saved-id'],
  });
}

/** Installs the watcher on every page of the context; `onReport` hears each outcome. */
export async function reportOutcomes(context: BrowserContext, onReport: (report: OutcomeReport) => void): Promise<void> {
  await context.exposeBinding(BINDING, (_source, report: OutcomeReport) => onReport(report));
  await context.addInitScript(watchOutcomes, BINDING);
}
