/** The photo pipeline with real images made by sharp itself (no binary fixtures). */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { MENU_PHOTO_WIDTHS } from '../../src/shared/schemas/menu';
import { menuPhotoId, PhotoRejectedError, photoWidthsFor, processMenuPhoto } from './process-photo';
import { CAMERA_MAKE_MARKER, GPS_DATUM_MARKER, jpegWithGps, pdfBytes, pngHeaderClaiming, solidImage } from './test-images';

async function rejection(promise: Promise<unknown>): Promise<PhotoRejectedError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PhotoRejectedError) return error;
    throw error;
  }
  throw new Error('expected the photo to be refused');
}

describe('photoWidthsFor', () => {
  it('makes every width not wider than the original, or the original width when it is narrower than all', () => {
    expect(photoWidthsFor(4000)).toEqual([...MENU_PHOTO_WIDTHS]);
    expect(photoWidthsFor(1280)).toEqual([320, 640, 1280]);
    expect(photoWidthsFor(1000)).toEqual([320, 640]);
    expect(photoWidthsFor(320)).toEqual([320]);
    expect(photoWidthsFor(200)).toEqual([200]);
  });
});

describe('processMenuPhoto', () => {
  it('turns a JPEG into WebP and AVIF at each width not wider than the original, upright size reported', async () => {
    const input = await solidImage('jpeg', 1000, 750);
    const photo = await processMenuPhoto(input);
    expect(photo).toMatchObject({ id: menuPhotoId(input), width: 1000, height: 750, widths: [320, 640] });
    expect(photo.id).toMatch(/^[a-f0-9]{32}$/);
    expect(photo.files.map((file) => `${file.format}-${file.width}`).sort()).toEqual(['avif-320', 'avif-640', 'webp-320', 'webp-640']);
    for (const file of photo.files) {
      const metadata = await sharp(file.bytes).metadata();
      expect(metadata.format).toBe(file.format === 'webp' ? 'webp' : 'heif');
      expect(metadata.width).toBe(file.width);
      expect(metadata.height).toBe(Math.round((file.width * 750) / 1000));
    }
  });

  it.each([
    ['png', 1400, 700],
    ['webp', 700, 700],
    ['avif', 500, 400],
  ] as const)('accepts a %s (%d×%d)', async (format, width, height) => {
    const photo = await processMenuPhoto(await solidImage(format, width, height));
    expect(photo.width).toBe(width);
    expect(photo.height).toBe(height);
    expect(photo.widths).toEqual(photoWidthsFor(width));
    expect(photo.files).toHaveLength(photo.widths.length * 2);
  });

  it('keeps a small picture at its own width, never enlarged', async () => {
    const photo = await processMenuPhoto(await solidImage('png', 240, 180));
    expect(photo.widths).toEqual([240]);
    for (const file of photo.files) expect((await sharp(file.bytes).metadata()).width).toBe(240);
  });

  it('strips every piece of metadata: the input JPEG carries GPS and the camera, no output does', async () => {
    const input = await jpegWithGps(1600, 1200);
    const inputExif = (await sharp(input).metadata()).exif?.toString('latin1') ?? '';
    expect(inputExif).toContain(GPS_DATUM_MARKER);
    expect(inputExif).toContain(CAMERA_MAKE_MARKER);

    const photo = await processMenuPhoto(input);
    expect(photo.files).toHaveLength(6);
    for (const file of photo.files) {
      const metadata = await sharp(file.bytes).metadata();
      expect(metadata.exif, `${file.format} ${file.width}`).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      const text = file.bytes.toString('latin1');
      expect(text).not.toContain(GPS_DATUM_MARKER);
      expect(text).not.toContain(CAMERA_MAKE_MARKER);
    }
  });

  it('turns the picture upright by its EXIF orientation (a phone held upright)', async () => {
    // Stored 1600×1200 with orientation 6: the upright picture is 1200 wide and 1600 tall.
    const photo = await processMenuPhoto(await jpegWithGps(1600, 1200, { orientation: 6 }));
    expect(photo).toMatchObject({ width: 1200, height: 1600, widths: [320, 640] });
    const largest = photo.files.find((file) => file.width === 640 && file.format === 'webp')!;
    const metadata = await sharp(largest.bytes).metadata();
    expect([metadata.width, metadata.height]).toEqual([640, 853]);
    expect(metadata.orientation ?? 1).toBe(1);
  });

  it('gives the same bytes the same id (an upload made twice is one photo) and other bytes another', async () => {
    const input = await solidImage('png', 400, 300);
    expect((await processMenuPhoto(input)).id).toBe((await processMenuPhoto(Buffer.from(input))).id);
    expect((await processMenuPhoto(await solidImage('png', 400, 300, '#123456'))).id).not.toBe(menuPhotoId(input));
  });

  it('refuses a PDF (whatever its name), text, an empty file, a truncated JPEG, an SVG and a GIF', async () => {
    const jpeg = await solidImage('jpeg', 800, 600);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    for (const input of [pdfBytes(), Buffer.from('just some text'), Buffer.alloc(0), jpeg.subarray(0, 400), svg, gif]) {
      const error = await rejection(processMenuPhoto(input));
      expect(error.code).toBe('not_an_image');
      expect(error.message).toMatch(/JPEG, PNG, WebP or HEIC/);
    }
  });

  it('refuses a picture of more pixels than any camera makes (a decompression bomb) before decoding it', async () => {
    const error = await rejection(processMenuPhoto(pngHeaderClaiming(20_000, 20_000)));
    expect(error.code).toBe('image_too_large');
    expect(error.message).toMatch(/more than 50 megapixels/);
  });
});
