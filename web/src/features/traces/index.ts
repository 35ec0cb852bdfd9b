// The traces feature (issue 12 point 11): the vehicle trace of the active survey, sampled
// from the GPS service, written in batches, with its gaps and the screen wake lock.
export { TraceRecording, traceEnabled, useStoredTraceCount, useTraceStatus } from './TraceRecording';
export { TracePanel } from './TracePanel';
export { flushTrace } from './traceService';
export type { TracePanelProps } from './TracePanel';
export { GAP_AFTER_MS, MIN_DISTANCE_M, MIN_INTERVAL_MS } from './sampler';
export { BATCH_MAX_AGE_MS, BATCH_MAX_POINTS } from './batcher';
export { SCREEN_KEPT_ON, SCREEN_MAY_SLEEP } from './wakeLock';
