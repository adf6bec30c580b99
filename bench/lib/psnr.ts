/**
 * Quality of an output JPEG against a reference made by sharp: the input auto-oriented and
 * resized to the output's size with a Lanczos-3 kernel. PSNR over RGB, in dB (higher is better).
 */
import sharp from 'sharp';

const references = new Map<string, Promise<Buffer>>();

function reference(file: string, width: number, height: number): Promise<Buffer> {
  const key = `${file}@${width}x${height}`;
  let ref = references.get(key);
  if (!ref) {
    ref = sharp(file, { limitInputPixels: false })
      .rotate()
      .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer();
    references.set(key, ref);
  }
  return ref;
}

export async function psnrAgainstLanczos(inputFile: string, outputJpeg: Buffer): Promise<number> {
  const { data, info } = await sharp(outputJpeg)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const ref = await reference(inputFile, info.width, info.height);
  let squared = 0;
  for (let i = 0; i < data.length; i += 1) {
    const d = data[i] - ref[i];
    squared += d * d;
  }
  const mse = squared / data.length;
  return mse === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255) / mse);
}
