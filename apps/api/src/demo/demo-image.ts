import jpeg from 'jpeg-js';

export type DemoImageKind = 'selfie' | 'idcard' | 'shop';

/**
 * A small deterministic JPEG for demo data (generated, never downloaded): a face on a coloured
 * background, an ID card, or a shop front, varied by the seed.
 */
export function demoImage(seed: number, kind: DemoImageKind): Buffer {
  const [width, height] = kind === 'idcard' ? [240, 150] : kind === 'shop' ? [240, 180] : [200, 200];
  const data = Buffer.alloc(width * height * 4);
  let s = (seed * 2654435761) >>> 0 || 1;
  const rand = () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const colour = (): [number, number, number] => [
    60 + Math.floor(rand() * 180),
    60 + Math.floor(rand() * 180),
    60 + Math.floor(rand() * 180),
  ];
  const bg = colour();
  const skin: [number, number, number] = [
    [241, 194, 125],
    [224, 172, 105],
    [198, 134, 66],
    [141, 85, 36],
    [92, 56, 30],
  ][Math.floor(rand() * 5)] as [number, number, number];
  const accent = colour();
  const set = (x: number, y: number, [r, g, b]: [number, number, number]) => {
    const i = (y * width + x) * 4;
    data[i] = r;
    data[i + 1] = g;
    data[i + 2] = b;
    data[i + 3] = 255;
  };
  const inEllipse = (x: number, y: number, cx: number, cy: number, rx: number, ry: number) =>
    ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
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
        if (((x > 20 && x < 75) || (x > 165 && x < 220)) && y > 80 && y < 130) c = [160, 200, 230];
      }
      set(x, y, c);
    }
  }
  return Buffer.from(jpeg.encode({ data, width, height }, 80).data);
}
