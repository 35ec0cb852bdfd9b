// Types for the parts of piexifjs@1.0.6 (no types of its own) that exif.ts uses.
declare module 'piexifjs' {
  type IfdValue = string | number | number[] | number[][];
  export type Ifd = Record<number, IfdValue>;
  export interface ExifDict {
    '0th'?: Ifd;
    Exif?: Ifd;
    GPS?: Ifd;
  }
  /** EXIF bytes as a binary string. */
  export function dump(exif: ExifDict): string;
  /** Inserts EXIF bytes into a JPEG given as a binary string or data URL. */
  export function insert(exif: string, jpeg: string): string;
  export function load(jpeg: string): ExifDict;
  export const ImageIFD: Record<string, number>;
  export const ExifIFD: Record<string, number>;
  export const GPSIFD: Record<string, number>;
  export const GPSHelper: { degToDmsRational(deg: number): number[][] };
  const piexif: {
    dump: typeof dump;
    insert: typeof insert;
    load: typeof load;
    ImageIFD: typeof ImageIFD;
    ExifIFD: typeof ExifIFD;
    GPSIFD: typeof GPSIFD;
    GPSHelper: typeof GPSHelper;
  };
  export default piexif;
}
