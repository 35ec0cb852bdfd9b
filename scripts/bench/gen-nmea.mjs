// A deterministic, realistic 10 Hz receiver log: a vehicle driving at highway and town
// speeds with a slowly turning heading, each epoch GGA + RMC + GSA + 3×GSV + VTG (7
// sentences), CRLF, checksums. Used by the NMEA benchmark and available for demos.
//   node scripts/bench/gen-nmea.mjs OUT [SENTENCES=1000000]
import { createWriteStream } from 'node:fs';

const checksum = (body) => {
  let x = 0;
  for (let i = 0; i < body.length; i++) x ^= body.charCodeAt(i);
  return x.toString(16).toUpperCase().padStart(2, '0');
};
const sentence = (body) => `$${body}*${checksum(body)}\r\n`;
const pad = (n, w) => String(Math.trunc(n)).padStart(w, '0');
const dm = (deg, w) => {
  const a = Math.abs(deg);
  const d = Math.trunc(a);
  return `${pad(d, w)}${((a - d) * 60).toFixed(5).padStart(8, '0')}`;
};

/** Yields the sentences of `epochs` epochs, starting 2026-06-01 06:00:00 UTC near Montréal. */
export function* epochs(count) {
  let lat = 45.5017;
  let lon = -73.5673;
  let heading = 40;
  let rand = 12345;
  const next = () => ((rand = (rand * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  for (let i = 0; i < count; i++) {
    const ms = 6 * 3600e3 + i * 100;
    const t = `${pad(ms / 3600e3, 2)}${pad((ms / 60e3) % 60, 2)}${pad((ms / 1e3) % 60, 2)}.${pad((ms % 1000) / 10, 2)}`;
    const kmh = 50 + 40 * Math.sin(i / 3000) + next() * 2;
    heading = (heading + (next() - 0.5) * 2 + 360) % 360;
    const step = kmh / 3.6 / 10; // metres per 100 ms
    lat += (step * Math.cos((heading * Math.PI) / 180)) / 111_195;
    lon += (step * Math.sin((heading * Math.PI) / 180)) / (111_195 * Math.cos((lat * Math.PI) / 180));
    const la = `${dm(lat, 2)},${lat >= 0 ? 'N' : 'S'}`;
    const lo = `${dm(lon, 3)},${lon >= 0 ? 'E' : 'W'}`;
    const kn = (kmh / 1.852).toFixed(2);
    const alt = (35 + 10 * Math.sin(i / 5000)).toFixed(1);
    const sats = 10 + Math.floor(next() * 4);
    yield sentence(`GPGGA,${t},${la},${lo},1,${pad(sats, 2)},0.8,${alt},M,-32.9,M,,`);
    yield sentence(`GPRMC,${t},A,${la},${lo},${kn},${heading.toFixed(1)},010626,14.6,W,A`);
    yield sentence('GPGSA,A,3,02,05,06,09,12,13,17,19,20,25,,,1.5,0.8,1.2');
    for (let m = 1; m <= 3; m++) {
      const sv = [0, 1, 2, 3].map((k) => {
        const prn = (m - 1) * 4 + k + 1;
        return `${pad(prn, 2)},${pad(10 + prn * 6, 2)},${pad(prn * 29, 3)},${pad(30 + Math.floor(next() * 18), 2)}`;
      });
      yield sentence(`GPGSV,3,${m},12,${sv.join(',')}`);
    }
    yield sentence(`GPVTG,${heading.toFixed(1)},T,${((heading + 14.6) % 360).toFixed(1)},M,${kn},N,${kmh.toFixed(2)},K,A`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2];
  const sentences = Number(process.argv[3] ?? 1_000_000);
  const file = createWriteStream(out);
  let buffer = '';
  for (const s of epochs(Math.ceil(sentences / 7))) {
    buffer += s;
    if (buffer.length > 1 << 20) {
      if (!file.write(buffer)) await new Promise((r) => file.once('drain', r));
      buffer = '';
    }
  }
  file.end(buffer);
  await new Promise((r) => file.on('finish', r));
}
