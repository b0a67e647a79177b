import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { badRequest } from '../http/errors';

export const ONLY_JPG_PNG = 'You can only upload JPG/PNG file!';
export const IMAGE_UNREADABLE = 'The image could not be read';
/** Larger pictures are refused before decoding: a small file can still claim huge dimensions. */
const MAX_PIXELS = 40_000_000;

export type ImageKind = 'image/jpeg' | 'image/png';
export type NormalisedImage = { bytes: Buffer; contentType: ImageKind; width: number; height: number };

const isJpeg = (b: Uint8Array) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const isPng = (b: Uint8Array) => b.length > 8 && PNG_MAGIC.every((m, i) => b[i] === m);

/** What the bytes are, by their content rather than their name or declared type. */
export const sniffImage = (bytes: Uint8Array): ImageKind | null =>
  isJpeg(bytes) ? 'image/jpeg' : isPng(bytes) ? 'image/png' : null;

/**
 * Checks an upload by content and size, then decodes and re-encodes it: what is stored is a
 * clean picture made by us (no metadata, no trailing payload, no polyglot tricks).
 */
export function normaliseImage(
  bytes: Uint8Array,
  opts: { maxBytes: number; tooLargeMessage: string; field?: string },
): NormalisedImage {
  const field = opts.field ?? 'image';
  const kind = sniffImage(bytes);
  if (!kind) throw badRequest(ONLY_JPG_PNG, { [field]: [ONLY_JPG_PNG] });
  if (bytes.length >= opts.maxBytes) throw badRequest(opts.tooLargeMessage, { [field]: [opts.tooLargeMessage] });
  try {
    if (kind === 'image/jpeg') {
      const img = jpeg.decode(bytes, { useTArray: true, maxResolutionInMP: MAX_PIXELS / 1e6, maxMemoryUsageInMB: 512 });
      const out = jpeg.encode({ data: img.data, width: img.width, height: img.height }, 88);
      return { bytes: Buffer.from(out.data), contentType: kind, width: img.width, height: img.height };
    }
    const png = PNG.sync.read(Buffer.from(bytes));
    if (png.width * png.height > MAX_PIXELS) throw new Error('too many pixels');
    const clean = new PNG({ width: png.width, height: png.height });
    png.data.copy(clean.data);
    return { bytes: PNG.sync.write(clean), contentType: kind, width: png.width, height: png.height };
  } catch {
    throw badRequest(IMAGE_UNREADABLE, { [field]: [IMAGE_UNREADABLE] });
  }
}
