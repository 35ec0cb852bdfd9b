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

export interface ExpectedDetails {
  fixType: string;
  pdop: string;
  vdop: string;
  satsInView: string;
  snrMean: string;
  snrMax: string;
  positionError: string;
  badChecksums: string;
  notNmea: string;
}

/** Whether a '$' sentence carries a checksum ('*hh') that does not match the XOR of its data. */
function checksumFails(sentence: string): boolean {
  const star = sentence.indexOf('*');
  if (star < 0) return false;
  let xor = 0;
  for (let i = 1; i < star; i++) xor ^= sentence.charCodeAt(i);
  const stated = sentence.slice(star + 1, star + 3);
  return !/^[0-9A-Fa-f]{2}$/.test(stated) || parseInt(stated, 16) !== xor;
}

/**
 * The panel's expected fix-quality details after a whole log of one GPS talker, read from
 * the text: fix type and DOPs of the last GSA; satellites in view and SNRs of the last
 * complete GSV cycle; the errors of the last GST; sentences whose checksum fails (a line may
 * hold several sentences: each starts at a '$'); non-empty lines that do not start with '$'.
 */
export function expectedDetails(log: string): ExpectedDetails {
  const lines = log.split(/\r?\n|\r/);
  const sentences = lines.flatMap((line) => line.split('$').slice(1).map((s) => `$${s}`));
  const data = (s: string) => s.split('*')[0]!.split(',');
  const gsa = sentences.filter((s) => typeOf(s) === 'GSA').map(data).at(-1);
  const gst = sentences.filter((s) => typeOf(s) === 'GST').map(data).at(-1);
  const gsv = sentences.filter((s) => typeOf(s) === 'GSV').map(data);
  const last = gsv.at(-1);
  if (!gsa || !gst || !last || last[1] !== last[2]) throw new Error('the log needs GSA, GST and a complete GSV cycle at its end');
  const cycle = gsv.slice(-Number(last[1]));
  cycle.forEach((f, i) => {
    if (Number(f[2]) !== i + 1) throw new Error('the last GSV cycle is not whole');
  });
  const snrs = cycle.flatMap((f) => f.slice(4).filter((_, i) => i % 4 === 3)).filter((v) => v !== '').map(Number);
  const metres = (v: string | undefined) => Number(v).toFixed(2);
  return {
    fixType: ({ '1': 'none', '2': '2D', '3': '3D' } as Record<string, string>)[gsa[2]!] ?? '—',
    pdop: Number(gsa[15]).toFixed(1),
    vdop: Number(gsa[17]).toFixed(1),
    satsInView: String(Number(last[3])),
    snrMean: `${(snrs.reduce((a, b) => a + b, 0) / snrs.length).toFixed(1)} dB-Hz`,
    snrMax: `${Math.max(...snrs)} dB-Hz`,
    positionError: `lat ${metres(gst[6])} m · lon ${metres(gst[7])} m · alt ${metres(gst[8])} m`,
    badChecksums: String(sentences.filter(checksumFails).length),
    notNmea: String(lines.filter((line) => line !== '' && !line.startsWith('$')).length),
  };
}
