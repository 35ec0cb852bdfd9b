// NMEA case: one generated 10 Hz log (~1M sentences, ~66 MB), parsed by the project's wasm
// NmeaStream in Node and by nmea-simple (the fastest npm parser measured), same process,
// same run; and by the native CLI (clearway nmea, JSONL to /dev/null) for the native figure.
// A native line measures the engine against the Rust `nmea` crate (the design card's
// choice; a dev-dependency of the core only) on the same log, in one process.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { parseNmeaSentence } from 'nmea-simple';
import { root } from '../lib.mjs';
import { best, bestInterleaved, loadCore } from './wasm.mjs';

export async function nmeaCase() {
  const log = `${root}target/bench/nmea-10hz.log`;
  if (!existsSync(log)) execFileSync('node', [`${root}scripts/bench/gen-nmea.mjs`, log]);
  const bytes = readFileSync(log);
  const core = await loadCore();
  const state = new Float64Array(32);
  const fields = core.nmeaStateFields().split(',');
  const at = (name) => state[fields.indexOf(name)];

  // Ours: bytes in 64 KiB chunks (a serial reader delivers far smaller ones; the engine does
  // not care), the state read once at the end as the UI would at display rate.
  let sentences = 0;
  const ours = () => {
    const stream = new core.NmeaStream();
    for (let i = 0; i < bytes.length; i += 65536) stream.push(bytes.subarray(i, i + 65536));
    stream.finish();
    stream.readState(state);
    sentences = at('sentences');
    stream.free();
  };

  // Peer: nmea-simple on the text (decoding the bytes is not timed: in its favour).
  const text = bytes.toString('latin1');
  let peerParsed = 0;
  const peer = () => {
    peerParsed = 0;
    let start = 0;
    for (;;) {
      const end = text.indexOf('\r\n', start);
      if (end < 0) break;
      try {
        parseNmeaSentence(text.slice(start, end));
        peerParsed++;
      } catch {
        // an unsupported or malformed sentence: counted as not parsed
      }
      start = end + 2;
    }
  };
  const [oursMs, peerMs] = bestInterleaved(5, [ours, peer]);
  if (at('badChecksum') !== 0 || at('accepted') !== sentences) throw new Error('ours: not every sentence was accepted');
  if (peerParsed !== sentences) throw new Error(`peer parsed ${peerParsed} of ${sentences}`);
  const fixes = sameFixes(core, text, fields);

  // Native: the engine alone, best of 5 in-process, measured by the same run as the `nmea`
  // crate below (crates/core/examples/nmea_crate_throughput.rs); and the whole CLI process
  // writing JSONL.
  const cargo = (args) => execFileSync('cargo', [...args, '--release', '--locked', '-q'], { cwd: root, stdio: 'inherit' });
  cargo(['build', '-p', 'clearway-cli']);
  cargo(['build', '-p', 'clearway-core', '--example', 'nmea_crate_throughput']);
  const cli = `${root}target/release/clearway`;
  const nativeMs = best(3, () => execFileSync(cli, ['nmea', log], { stdio: ['ignore', 'ignore', 'ignore'] }));

  // The Rust `nmea` crate against our engine, interleaved in one native process.
  const vsCrate = JSON.parse(execFileSync(`${root}target/release/examples/nmea_crate_throughput`, [log], { encoding: 'utf8' }));
  if (vsCrate.ours_accepted !== sentences || vsCrate.peer_merged_parsed !== sentences) {
    throw new Error(`nmea crate case: ours accepted ${vsCrate.ours_accepted}, the crate parsed ${vsCrate.peer_merged_parsed} of ${sentences}`);
  }
  const engineMs = vsCrate.ours_seconds * 1000;
  const crateFaster = vsCrate.peer_stateless_seconds < vsCrate.peer_merged_seconds ? 'stateless' : 'merged';

  const rate = (ms) => Math.round(sentences / (ms / 1000));
  const common = {
    sentences,
    bytes: bytes.length,
    same_result: fixes.same,
    same_result_rule: 'after every RMC (each epoch), our state and the peer\'s last GGA/RMC agree: latitude and longitude within 1e-9 degrees, UTC time of day to the millisecond',
    fixes_compared: fixes.compared,
    fixes_differing: fixes.differing,
    peer: 'nmea-simple',
    peer_timed: 'parseNmeaSentence on each line of the text (decoding the bytes to text not timed)',
    peer_sentences_per_s: rate(peerMs),
    peer_ms: Math.round(peerMs),
  };
  return [
    { name: 'nmea-10hz-1M', ours: 'wasm', ...common, ours_timed: 'NmeaStream.push of the bytes in 64 KiB chunks, finish, readState once', ratio: +(peerMs / oursMs).toFixed(2), ours_sentences_per_s: rate(oursMs), ours_ms: Math.round(oursMs) },
    { name: 'nmea-10hz-1M', ours: 'native', ...common, ours_timed: 'the same engine natively, in-process best of 5 (crates/core/examples/nmea_crate_throughput.rs)', ratio: +(peerMs / engineMs).toFixed(2), ours_sentences_per_s: rate(engineMs), ours_ms: Math.round(engineMs) },
    {
      name: 'nmea-10hz-1M-vs-nmea-crate',
      ours: 'native',
      sentences,
      bytes: bytes.length,
      peer: 'nmea 0.8.0 (Rust crate, AeroRust)',
      ours_timed: 'the engine on the log, in-process',
      peer_timed: 'the crate on the same log, in the same process, interleaved (sentence counts checked equal)',
      ratio: vsCrate.ratio,
      ours_sentences_per_s: vsCrate.ours_sentences_per_s,
      ours_ms: Math.round(vsCrate.ours_seconds * 1000),
      peer_sentences_per_s: vsCrate[`peer_${crateFaster}_sentences_per_s`],
      peer_ms: Math.round(vsCrate[`peer_${crateFaster}_seconds`] * 1000),
      peer_mode: crateFaster === 'merged' ? 'Nmea::parse (merged state)' : 'nmea::parse_bytes (stateless)',
      peer_merged_sentences_per_s: vsCrate.peer_merged_sentences_per_s,
      peer_stateless_sentences_per_s: vsCrate.peer_stateless_sentences_per_s,
    },
    {
      name: 'nmea-10hz-1M-cli',
      ours: 'native',
      ...common,
      ratio: +(peerMs / nativeMs).toFixed(2),
      ours_sentences_per_s: rate(nativeMs),
      ours_ms: Math.round(nativeMs),
      ours_timed: 'the whole `clearway nmea FILE` process, JSONL written to /dev/null',
    },
  ];
}

/**
 * Not timed: the same log, checkpointed after every RMC sentence. Ours: the bytes pushed up
 * to there, then readState; the peer: nmea-simple's last GGA/RMC position and time.
 */
function sameFixes(core, text, fields) {
  const state = new Float64Array(32);
  const at = (name) => state[fields.indexOf(name)];
  const stream = new core.NmeaStream();
  const bytes = Buffer.from(text, 'latin1');
  let pushed = 0, start = 0, compared = 0, differing = 0;
  let lat = NaN, lon = NaN, timeMs = NaN;
  for (;;) {
    const end = text.indexOf('\r\n', start);
    if (end < 0) break;
    const line = text.slice(start, end);
    start = end + 2;
    let packet;
    try {
      packet = parseNmeaSentence(line);
    } catch {
      continue;
    }
    const when = packet.sentenceId === 'RMC' ? packet.datetime : packet.sentenceId === 'GGA' ? packet.time : null;
    if (!when) continue;
    lat = packet.latitude;
    lon = packet.longitude;
    timeMs = ((when.getUTCHours() * 60 + when.getUTCMinutes()) * 60 + when.getUTCSeconds()) * 1000 + when.getUTCMilliseconds();
    if (packet.sentenceId !== 'RMC') continue;
    stream.push(bytes.subarray(pushed, start));
    pushed = start;
    stream.readState(state);
    compared++;
    if (!(Math.abs(at('latitude') - lat) <= 1e-9 && Math.abs(at('longitude') - lon) <= 1e-9 && at('timeMs') === timeMs)) differing++;
  }
  stream.free();
  return { same: compared > 0 && differing === 0, compared, differing };
}
