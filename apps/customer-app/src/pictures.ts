import jpeg from 'jpeg-js';

/**
 * The two pictures an identity check sends (an ID card and a selfie), drawn here as small JPEGs
 * so the simulator needs no files: a card with a photo box and text lines, a face on a background.
 */
export function kycPictures(seed = 1): { idcard: Buffer; selfie: Buffer } {
  return { idcard: draw(240, 150, seed, 'idcard'), selfie: draw(200, 200, seed, 'selfie') };
}

function draw(width: number, height: number, seed: number, kind: 'idcard' | 'selfie'): Buffer {
  const data = Buffer.alloc(width * height * 4);
  const tint = (seed * 47) % 120;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      let c = [200 - tint / 2, 210, 190 + tint / 2];
      if (kind === 'idcard') {
        if (x < 4 || y < 4 || x >= width - 4 || y >= height - 4 || (y > 10 && y < 28)) c = [40, 70 + tint, 140];
        if (x > 16 && x < 86 && y > 40 && y < 130) c = [225, 180, 130];
        if (x > 100 && x < width - 16 && [50, 70, 90, 110].some((l) => y > l && y < l + 6)) c = [90, 90, 90];
      } else if (((x - 100) / 48) ** 2 + ((y - 95) / 60) ** 2 <= 1) c = [225, 180, 130];
      data[i] = c[0]!;
      data[i + 1] = c[1]!;
      data[i + 2] = c[2]!;
      data[i + 3] = 255;
    }
  return Buffer.from(jpeg.encode({ data, width, height }, 80).data);
}
