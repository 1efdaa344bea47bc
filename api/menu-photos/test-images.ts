/**
 * Test pictures made with sharp at run time (no binary fixtures): plain pictures in each accepted
 * format, a camera JPEG carrying GPS and its maker in EXIF, and a PDF. Used by the pipeline's and
 * the upload route's tests only.
 */
import { crc32 } from 'node:zlib';

import sharp from 'sharp';

/** ASCII values written into the test JPEG's EXIF, searched for in what we serve. */
export const GPS_DATUM_MARKER = 'WGS-84-PLOIESTI';
export const CAMERA_MAKE_MARKER = 'PhoneCo-Camera';

export type TestImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** A picture with a gradient (so encoders have something to do), `width`×`height`, in `format`. */
export async function solidImage(format: TestImageFormat, width: number, height: number, background = '#c0392b'): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background } }).composite([
    {
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#f1c40f"/></svg>`,
      ),
    },
  ]);
  if (format === 'jpeg') return base.jpeg().toBuffer();
  if (format === 'png') return base.png().toBuffer();
  if (format === 'webp') return base.webp().toBuffer();
  return base.avif().toBuffer();
}

/** A JPEG as a phone writes it: EXIF with the camera's maker and a GPS position, optionally rotated. */
export async function jpegWithGps(width: number, height: number, options: { orientation?: number } = {}): Promise<Buffer> {
  const picture = await solidImage('png', width, height);
  let image = sharp(picture)
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: CAMERA_MAKE_MARKER, Model: 'Model X' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '44/1 56/1 30/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '26/1 1/1 12/1',
        GPSMapDatum: GPS_DATUM_MARKER,
      },
    });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

/** The start of a real PDF: what a "menu.jpg" that is really a PDF holds. */
export function pdfBytes(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
}

/** A PNG whose header claims `width`×`height` with one tiny data chunk: a decompression bomb's shape, without making one. */
export function pngHeaderClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
