// Reading the shared NMEA corpus for the GPS suites. Expected values come from a plain
// reading of the log text here (split on commas, ddmm.mmmm → degrees), never from the
// app's parser.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORPUS = process.env.CLEARWAY_CORPUS ?? fileURLToPath(new URL('../../../../shared/corpus', import.meta.url));

export function gpsdLogPath(name: string): string {
  return join(CORPUS, 'nmea', 'gpsd', name);
}

export function readGpsdLog(name: string): string {
  return readFileSync(gpsdLogPath(name), 'latin1');
}

/** The sentences of a log (lines starting with '$'), without line endings. */
export function sentencesOf(log: string): string[] {
  return log.split(/\r?\n|\r/).filter((line) => line.startsWith('$'));
}

const typeOf = (sentence: string) => sentence.slice(3, 6);

/** ddmm.mmmm + hemisphere → signed decimal degrees. */
function degrees(value: string, hemisphere: string, degreeDigits: number): number {
  const d = Number(value.slice(0, degreeDigits)) + Number(value.slice(degreeDigits)) / 60;
  return hemisphere === 'S' || hemisphere === 'W' ? -d : d;
}

export interface ExpectedFix {
  latitude: string;
  longitude: string;
  fix: string;
  satellites: string;
  hdop: string;
}

/**
 * The panel's expected values after the whole log: the position of the last GGA or RMC
 * that has one; the fix quality (SPEC §5: 0 No Fix, 1 GPS Fix, else DGPS Fix), satellites
 * and HDOP of the last GGA.
 */
export function lastFix(log: string): ExpectedFix {
  const sentences = sentencesOf(log);
  const positions = sentences.filter((s) => {
    const f = s.split(',');
    return (typeOf(s) === 'GGA' && f[2]) || (typeOf(s) === 'RMC' && f[2] === 'A' && f[3]);
  });
  const last = positions.at(-1)?.split(',');
  const gga = sentences.filter((s) => typeOf(s) === 'GGA' && s.split(',')[2]).at(-1)?.split(',');
  if (!last || !gga) throw new Error('no position in the log');
  const at = typeOf(last.join(',')) === 'GGA' ? 2 : 3;
  const quality = gga[6];
  return {
    latitude: degrees(last[at]!, last[at + 1]!, 2).toFixed(6),
    longitude: degrees(last[at + 2]!, last[at + 3]!, 3).toFixed(6),
    fix: quality === '0' ? 'No Fix' : quality === '1' ? 'GPS Fix' : 'DGPS Fix',
    satellites: String(Number(gga[7])),
    hdop: Number(gga[8]).toFixed(1),
  };
}
