import { inflateSync } from "node:zlib";

/** A decoded 8-bit PNG as RGBA rows. */
export interface DecodedPng {
  width: number;
  height: number;
  rgba: Uint8Array;
}

/**
 * Decodes the PNGs our pictures are (8 bits per channel, RGB or RGBA, not interlaced), enough to
 * compare one with a reference pixel by pixel. Throws on anything else rather than guess.
 */
export function decodePng(bytes: Uint8Array): DecodedPng {
  const data = Buffer.from(bytes);
  if (data.subarray(0, 8).toString("hex") !== "89504e470d0a1a0a") throw new Error("not a PNG");
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (offset < data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.subarray(offset + 4, offset + 8).toString("latin1");
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [bitDepth, colourType, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (bitDepth !== 8 || interlace !== 0 || (colourType !== 2 && colourType !== 6)) throw new Error(`unsupported PNG: depth ${bitDepth}, colour type ${colourType}, interlace ${interlace}`);
      channels = colourType === 6 ? 4 : 3;
    } else if (type === "IDAT") idat.push(body);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const upLeft = y > 0 && x >= channels ? pixels[(y - 1) * stride + x - channels]! : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter!];
      if (predictor === undefined) throw new Error(`bad PNG filter ${filter}`);
      pixels[y * stride + x] = (line[x]! + predictor) & 0xff;
    }
  }
  if (channels === 4) return { width, height, rgba: pixels };
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba.set([pixels[i * 3]!, pixels[i * 3 + 1]!, pixels[i * 3 + 2]!, 255], i * 4);
  return { width, height, rgba };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * How far two pictures of one size are apart where they differ most: the mean difference per
 * channel (0 to 255) of the 16 × 16 block that differs most. Antialiasing that varies between
 * machines moves a block by a few units; a changed letter or digit, by tens.
 */
export function largestBlockDifference(a: DecodedPng, b: DecodedPng, block = 16): number {
  if (a.width !== b.width || a.height !== b.height) return 255;
  let largest = 0;
  for (let top = 0; top < a.height; top += block) {
    for (let left = 0; left < a.width; left += block) {
      let sum = 0;
      let count = 0;
      for (let y = top; y < Math.min(top + block, a.height); y++) {
        for (let x = left; x < Math.min(left + block, a.width); x++) {
          const i = (y * a.width + x) * 4;
          for (let channel = 0; channel < 3; channel++) sum += Math.abs(a.rgba[i + channel]! - b.rgba[i + channel]!);
          count += 3;
        }
      }
      largest = Math.max(largest, sum / count);
    }
  }
  return largest;
}
