// Writing a photo's EXIF (issue 14 point 2): GPS position, altitude, image direction, the
// UTC time and a description, with piexifjs@1.0.6. Why a JS library and not the core:
// the pure-Rust writer that round-trips (little_exif 0.6.23) is not verified to build for
// wasm32 and would add a crate and a wasm rebuild to every photo path; piexifjs has no
// dependencies, runs in a worker, and its output was read back exactly by exifr (the
// ecosystem review §3; our e2e test reads it back with exifr too). The JPEG format is stable,
// so its age is not a risk for what we write.
import piexif, { type Ifd } from 'piexifjs';
import type { ExifInput } from './stamp';

/** Bytes → a binary string (what piexifjs reads), in chunks so large photos do not overflow the stack. */
function toBinary(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return out;
}

function fromBinary(text: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

/** EXIF ASCII fields: anything outside printable ASCII becomes '?'. */
const ascii = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

const rational = (value: number, scale = 100): [number, number] => [Math.round(Math.abs(value) * scale), scale];

/** The JPEG with the EXIF of `input` inserted. */
export function withExif(jpeg: Uint8Array, input: ExifInput): Uint8Array<ArrayBuffer> {
  const zeroth: Ifd = {
    [piexif.ImageIFD.ImageDescription]: ascii(input.description),
    [piexif.ImageIFD.Software]: 'Clearway',
    [piexif.ImageIFD.DateTime]: input.dateTime,
  };
  const exif: Ifd = { [piexif.ExifIFD.DateTimeOriginal]: input.dateTime};
  const gps: Ifd = {};
  if (input.latitude !== null && input.longitude !== null) {
    gps[piexif.GPSIFD.GPSLatitudeRef] = input.latitude < 0 ? 'S' : 'N';
    gps[piexif.GPSIFD.GPSLatitude] = piexif.GPSHelper.degToDmsRational(Math.abs(input.latitude));
    gps[piexif.GPSIFD.GPSLongitudeRef] = input.longitude < 0 ? 'W' : 'E';
    gps[piexif.GPSIFD.GPSLongitude] = piexif.GPSHelper.degToDmsRational(Math.abs(input.longitude));
  }
  if (input.altitude !== null) {
    gps[piexif.GPSIFD.GPSAltitudeRef] = input.altitude < 0 ? 1 : 0;
    gps[piexif.GPSIFD.GPSAltitude] = rational(input.altitude);
  }
  if (input.heading !== null) {
    gps[piexif.GPSIFD.GPSImgDirectionRef] = 'T';
    gps[piexif.GPSIFD.GPSImgDirection] = rational(((input.heading % 360) + 360) % 360);
  }
  const [date = '', time = ''] = input.dateTime.split(' ');
  gps[piexif.GPSIFD.GPSDateStamp] = date;
  gps[piexif.GPSIFD.GPSTimeStamp] = time.split(':').map((part) => [Number(part) || 0, 1]);
  const bytes = piexif.dump({ '0th': zeroth, Exif: exif, GPS: gps });
  return fromBinary(piexif.insert(bytes, toBinary(jpeg)));
}
