// The records of an export inside wasm, from the message that carries them across (the
// measurements as column batches): the export worker's first step, and the tests' that
// stand in for the worker (jsdom has none).
import type { RecordsMessage } from './exportProtocol';
import { SurveyRecords } from './pkg/clearway_wasm.js';

/**
 * The records inside wasm, added to `held` (the survey and measurements sent ahead) when
 * given; the caller frees them (or an archive consumes them).
 */
export function surveyRecordsOf(message: RecordsMessage, held: SurveyRecords | null = null): SurveyRecords {
  const data = held ?? new SurveyRecords(message.survey);
  try {
    for (const batch of message.measurements) data.addMeasurements(batch.numbers, batch.text, batch.textLengths);
    data.setRoutes(message.routes);
    data.setTraces(message.traces);
    data.setAlerts(message.alerts);
    return data;
  } catch (error) {
    data.free();
    throw error;
  }
}
