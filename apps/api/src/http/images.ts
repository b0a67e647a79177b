import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { badRequest } from './errors';

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
export const sniffImage = (bytes: Uint8Array): ImageKind | null => (isJpeg(bytes) ? 'image/jpeg' : isPng(bytes) ? 'image/png' : null);

/**
 * Checks an upload by content and size, then decodes and re-encodes it: what is stored is a
 * clean picture made by us (no metadata, no trailing payload, no polyglot tricks).
 */
export function normaliseImage(bytes: Uint8Array, opts: { maxBytes: number; tooLargeMessage: string; field?: string }): NormalisedImage {
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

export type DemoImageKind = 'selfie' | 'idcard' | 'shop';

/**
 * A small deterministic JPEG for demo data (generated, never downloaded): a face on a coloured
 * background, an ID card, or a shop front, varied by the seed.
 */
export function demoImage(seed: number, kind: DemoImageKind): Buffer {
  const [width, height] = kind === 'idcard' ? [240, 150] : kind === 'shop' ? [240, 180] : [200, 200];
  const data = Buffer.alloc(width * height * 4);
  let s = (seed * 2654435761) >>> 0 || 1;
  const rand = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  const colour = (): [number, number, number] => [60 + Math.floor(rand() * 180), 60 + Math.floor(rand() * 180), 60 + Math.floor(rand() * 180)];
  const bg = colour();
  const skin: [number, number, number] = [[241, 194, 125], [224, 172, 105], [198, 134, 66], [141, 85, 36], [92, 56, 30]][Math.floor(rand() * 5)] as [number, number, number];
  const accent = colour();
  const set = (x: number, y: number, [r, g, b]: [number, number, number]) => {
    const i = (y * width + x) * 4;
    data[i] = r; data[i + 1] = g; data[i + 2] = b; data[i + 3] = 255;
  };
  const inEllipse = (x: number, y: number, cx: number, cy: number, rx: number, ry: number) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let c: [number, number, number] = bg;
      if (kind === 'selfie') {
        if (inEllipse(x, y, 100, 215, 80, 60)) c = accent;
        if (inEllipse(x, y, 100, 95, 48, 60)) c = skin;
        if (inEllipse(x, y, 82, 85, 6, 5) || inEllipse(x, y, 118, 85, 6, 5)) c = [30, 30, 30];
        if (y > 118 && y < 124 && x > 85 && x < 115) c = [150, 60, 60];
      } else if (kind === 'idcard') {
        c = x < 4 || y < 4 || x >= width - 4 || y >= height - 4 ? accent : [235, 235, 228];
        if (y > 10 && y < 28 && x > 10 && x < width - 10) c = accent;
        if (x > 16 && x < 86 && y > 40 && y < 130) c = inEllipse(x, y, 51, 80, 24, 30) ? skin : bg;
        if (x > 100 && x < width - 16 && [50, 70, 90, 110].some((ly) => y > ly && y < ly + 6)) c = [90, 90, 90];
      } else {
        if (y > 40) c = [200, 200, 205];
        if (y > 20 && y < 50) c = accent;
        if (x > 90 && x < 150 && y > 90) c = [90, 60, 40];
        if ((x > 20 && x < 75 || x > 165 && x < 220) && y > 80 && y < 130) c = [160, 200, 230];
      }
      set(x, y, c);
    }
  }
  return Buffer.from(jpeg.encode({ data, width, height }, 80).data);
}
