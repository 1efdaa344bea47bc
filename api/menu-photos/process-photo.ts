/**
 * Turns an uploaded dish photo into the files the storefront serves (issue 18): the real type is
 * read from the bytes (never the name or the browser's label), the picture is turned upright by its
 * EXIF orientation, every piece of metadata (EXIF with its GPS position, XMP, IPTC, ICC) is left
 * out, and it is written as WebP and AVIF at each of MENU_PHOTO_WIDTHS not wider than the original.
 * The id is the input's content hash, so the same photo uploaded twice is one photo
 * (docs/decisions/0116-menu-photos-content-addressed-under-data-dir.md).
 *
 * sharp is loaded on the first upload, not when the server starts (docs/decisions/0110-dish-pictures-are-webp.md).
 */
import { createHash } from 'node:crypto';

import type sharpFunction from 'sharp';
import type { Sharp, SharpOptions } from 'sharp';

import { MENU_PHOTO_WIDTHS } from '../../src/shared/schemas/menu';

/** What sharp reports for the formats a phone, tablet or camera gives us (HEIC only where libheif decodes it). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
/** A decompression bomb (a small file that decodes to gigapixels) is refused before it is decoded: ~50 MP is beyond any phone camera's photo. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Hex characters of the SHA-256 kept as the photo's id (128 bits: no two photos collide). */
const PHOTO_ID_HEX_CHARS = 32;
/** The seeded dish pictures' WebP quality (api/store/seed-art.ts); AVIF reaches the same look with less. */
const WEBP_QUALITY = 75;
const AVIF_QUALITY = 50;
/**
 * libaom's speed/size trade-off. Measured on this project's 2-core machine (three widths of a
 * 1600x1200 photo): effort 4 took 4.4 s for 7.8 KB, effort 2 1.1 s for 8.2 KB. The manager waits
 * for the upload, so the faster encode wins the 6%.
 */
const AVIF_EFFORT = 2;

export type MenuPhotoFormat = 'webp' | 'avif';
export const MENU_PHOTO_FORMATS: readonly MenuPhotoFormat[] = ['avif', 'webp'];

export interface ProcessedPhotoFile {
  width: number;
  format: MenuPhotoFormat;
  bytes: Buffer;
}

export interface ProcessedPhoto {
  id: string;
  /** The upright original's size (the storefront reserves its box from the aspect). */
  width: number;
  height: number;
  /** The widths made, ascending: MENU_PHOTO_WIDTHS up to the original's width (the original's own width when narrower than all). */
  widths: number[];
  files: ProcessedPhotoFile[];
}

/** The upload is not a photo we can use; `code` is the API's error code. */
export class PhotoRejectedError extends Error {
  constructor(
    readonly code: 'not_an_image' | 'image_too_large',
    message: string,
  ) {
    super(message);
    this.name = 'PhotoRejectedError';
  }
}

const NOT_AN_IMAGE_MESSAGE = 'This file is not a photo we can use. Send a JPEG, PNG, WebP or HEIC picture.';

/** The id a photo with these bytes has (or will have): its content hash. */
export function menuPhotoId(input: Uint8Array): string {
  return createHash('sha256').update(input).digest('hex').slice(0, PHOTO_ID_HEX_CHARS);
}

/** The widths to make for an upright original `originalWidth` pixels wide. */
export function photoWidthsFor(originalWidth: number): number[] {
  const widths = MENU_PHOTO_WIDTHS.filter((width) => width <= originalWidth);
  return widths.length > 0 ? [...widths] : [originalWidth];
}

let sharpModule: Promise<{ default: typeof sharpFunction }> | null = null;
async function loadSharp(): Promise<typeof sharpFunction> {
  sharpModule ??= import('sharp');
  return (await sharpModule).default;
}

const INPUT_OPTIONS: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' };

/** Reads the real type and the upright size, or throws PhotoRejectedError. */
async function inspect(input: Buffer): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  let metadata: Awaited<ReturnType<Sharp['metadata']>>;
  try {
    // The header only: the pixel limit is checked below with a message of its own.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRejectedError('not_an_image', NOT_AN_IMAGE_MESSAGE);
  }
  if (!ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new PhotoRejectedError('not_an_image', NOT_AN_IMAGE_MESSAGE);
  }
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw new PhotoRejectedError(
      'image_too_large',
      `This photo has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels. Send a smaller one.`,
    );
  }
  // Orientations 5-8 are a quarter turn: the upright picture's sides are swapped.
  const quarterTurn = (metadata.orientation ?? 1) >= 5;
  return quarterTurn ? { width: metadata.height, height: metadata.width } : { width: metadata.width, height: metadata.height };
}

/**
 * Checks and converts `input`. Throws PhotoRejectedError for anything that is not a JPEG, PNG, WebP
 * or (decodable) HEIC/AVIF photo, including a file that only claims to be one.
 */
export async function processMenuPhoto(input: Buffer): Promise<ProcessedPhoto> {
  const { width, height } = await inspect(input);
  const sharp = await loadSharp();
  const widths = photoWidthsFor(width);
  const largest = widths.at(-1) ?? width;
  // Decoded once, upright and at the largest size needed; every output is made from these pixels.
  // Only pixels leave this step: no EXIF (GPS), XMP, IPTC or ICC reaches a file we serve.
  let pixels: { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
  try {
    pixels = await sharp(input, INPUT_OPTIONS)
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    // The header looked like an image but the data does not decode (a truncated file, HEVC HEIC without a decoder).
    throw new PhotoRejectedError('not_an_image', NOT_AN_IMAGE_MESSAGE);
  }
  const raw = { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels };
  const files: ProcessedPhotoFile[] = [];
  for (const targetWidth of widths) {
    const encoded = await Promise.all(
      MENU_PHOTO_FORMATS.map(async (format) => {
        const resized = sharp(pixels.data, { raw }).resize({ width: targetWidth, withoutEnlargement: true });
        const output =
          format === 'webp' ? resized.webp({ quality: WEBP_QUALITY }) : resized.avif({ quality: AVIF_QUALITY, effort: AVIF_EFFORT });
        return { width: targetWidth, format, bytes: await output.toBuffer() };
      }),
    );
    files.push(...encoded);
  }
  return { id: menuPhotoId(input), width, height, widths, files };
}
