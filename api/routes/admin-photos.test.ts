/**
 * POST /api/admin/catalogue/photos and GET /media/menu/:file, in process with a real store and
 * DATA_DIR: the upload's checks (size, real type), what is written (files, row) and how it is served.
 */
import { existsSync, readdirSync } from 'node:fs';

import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { PHOTO_MAX_BYTES, photoUploadResultSchema } from '../../src/shared/schemas/menu-editor';
import type { TestUser } from '../../tests/setup/auth';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';
import { MENU_MEDIA_CACHE_CONTROL } from '../menu-photos/media-routes';
import { menuMediaDir } from '../menu-photos/photo-store';
import { CAMERA_MAKE_MARKER, GPS_DATUM_MARKER, jpegWithGps, pdfBytes, solidImage } from '../menu-photos/test-images';

const UPLOAD = '/api/admin/catalogue/photos';
const TWENTY_MB = 20 * 1024 * 1024;

let t: TestApp;
let manager: TestUser;
let customer: TestUser;

beforeEach(async () => {
  t = await createTestApp();
  manager = await createUserWithSession(t, { role: 'admin' });
  customer = await createUserWithSession(t);
});
afterEach(async () => {
  await t.close();
});

function formWith(bytes: Uint8Array, fileName: string, type: string): FormData {
  const form = new FormData();
  form.set('photo', new File([new Uint8Array(bytes)], fileName, { type }));
  return form;
}

function upload(body: FormData | string, who: TestUser | null = manager, headers: Record<string, string> = {}): Promise<Response> {
  return t.request(UPLOAD, { method: 'POST', headers: { ...(who ? { cookie: who.cookie } : {}), ...headers }, body });
}

async function photoRows(): Promise<number> {
  const rows = await t.deps.store.db.selectFrom('menu_photos').select('id').execute();
  return rows.length;
}

function mediaFiles(): string[] {
  const dir = menuMediaDir(t.dataDir);
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe('POST /api/admin/catalogue/photos', () => {
  it('refuses guests (401) and customers (403) and writes nothing', async () => {
    const form = formWith(await solidImage('png', 400, 300), 'dish.png', 'image/png');
    expect((await upload(form, null)).status).toBe(401);
    expect((await upload(form, customer)).status).toBe(403);
    expect(await photoRows()).toBe(0);
    expect(mediaFiles()).toEqual([]);
  });

  it('takes a PNG: 201 with the widths made, the files on disk and a row', async () => {
    const response = await upload(formWith(await solidImage('png', 1500, 1000), 'dish.png', 'image/png'));
    expect(response.status).toBe(201);
    const { photo } = photoUploadResultSchema.parse(await response.json());
    expect(photo).toEqual({ id: expect.stringMatching(/^[a-f0-9]{32}$/) as string, width: 1500, height: 1000, widths: [320, 640, 1280] });
    expect(mediaFiles().sort()).toEqual(
      [320, 640, 1280].flatMap((width) => [`${photo.id}-${width}.avif`, `${photo.id}-${width}.webp`]).sort(),
    );
    expect(await photoRows()).toBe(1);
  });

  it('serves each file with a year-long immutable cache and its type; unknown names and paths are 404', async () => {
    const { photo } = photoUploadResultSchema.parse(
      await (await upload(formWith(await solidImage('jpeg', 800, 600), 'dish.jpg', 'image/jpeg'))).json(),
    );
    for (const format of ['webp', 'avif'] as const) {
      const served = await t.request(`/media/menu/${photo.id}-640.${format}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toBe(MENU_MEDIA_CACHE_CONTROL);
      expect(served.headers.get('content-type')).toBe(`image/${format}`);
      const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(metadata.width).toBe(640);
    }
    for (const unknown of [
      `/media/menu/${photo.id}-1280.webp`, // not made: the original is 800 wide
      `/media/menu/${'0'.repeat(32)}-320.webp`,
      `/media/menu/${photo.id}-640.png`,
      '/media/menu/..%2F..%2Fstorefront.sqlite',
      '/media/menu/%2e%2e%2fstorefront.sqlite',
      '/media/menu/../storefront.sqlite',
    ]) {
      const response = await t.request(unknown);
      expect(response.status, unknown).toBe(404);
      expect(response.headers.get('cache-control') ?? '', unknown).not.toContain('immutable');
    }
  });

  it('strips the GPS position and the camera from every file served', async () => {
    const input = await jpegWithGps(1400, 1050);
    expect((await sharp(input).metadata()).exif?.toString('latin1')).toContain(GPS_DATUM_MARKER);
    const { photo } = photoUploadResultSchema.parse(await (await upload(formWith(input, 'IMG_0001.jpg', 'image/jpeg'))).json());
    for (const width of photo.widths) {
      for (const format of ['webp', 'avif']) {
        const bytes = Buffer.from(await (await t.request(`/media/menu/${photo.id}-${width}.${format}`)).arrayBuffer());
        expect((await sharp(bytes).metadata()).exif, `${format} ${width}`).toBeUndefined();
        expect(bytes.toString('latin1')).not.toContain(GPS_DATUM_MARKER);
        expect(bytes.toString('latin1')).not.toContain(CAMERA_MAKE_MARKER);
      }
    }
  });

  it('refuses a PDF renamed .jpg (400 not_an_image) and stores nothing', async () => {
    const response = await upload(formWith(pdfBytes(), 'menu.jpg', 'image/jpeg'));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string; details: unknown } };
    expect(body.error.code).toBe('not_an_image');
    expect(body.error.message).toMatch(/not a photo we can use/);
    expect(body.error.details).toEqual([{ path: 'photo', message: body.error.message }]);
    expect(await photoRows()).toBe(0);
    expect(mediaFiles()).toEqual([]);
  });

  it('refuses a 20 MB upload with 413 and a clear message, and stores nothing', async () => {
    const big = new Uint8Array(TWENTY_MB);
    big.set(await solidImage('jpeg', 100, 100));
    const response = await upload(formWith(big, 'huge.jpg', 'image/jpeg'));
    expect(response.status).toBe(413);
    const body = (await response.json()) as { error: { status: number; code: string; message: string } };
    expect(body.error).toMatchObject({ status: 413, code: 'photo_too_large' });
    expect(body.error.message).toContain(`larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB`);
    expect(await photoRows()).toBe(0);
    expect(mediaFiles()).toEqual([]);
  });

  it('refuses a declared 20 MB body before reading it', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 1) throw new Error('the body was read past its first chunk');
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const response = await t.app.request('http://127.0.0.1:8080' + UPLOAD, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: {
        cookie: manager.cookie,
        origin: 'http://127.0.0.1:8080',
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(TWENTY_MB),
      },
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it('answers the same photo again for the same bytes (200), without a second row', async () => {
    const png = await solidImage('png', 700, 500);
    const first = await upload(formWith(png, 'a.png', 'image/png'));
    const second = await upload(formWith(png, 'b.png', 'image/png'));
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    expect(await photoRows()).toBe(1);
    expect(mediaFiles()).toHaveLength(4);
  });

  it('needs multipart with a photo field, from this site', async () => {
    const json = await t.request(UPLOAD, { method: 'POST', headers: { cookie: manager.cookie }, json: { photo: 'x' } });
    expect(json.status).toBe(415);
    expect(((await json.json()) as { error: { code: string } }).error.code).toBe('multipart_required');

    const noField = new FormData();
    noField.set('picture', new File([new Uint8Array(await solidImage('png', 10, 10))], 'a.png'));
    const missing = await upload(noField);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('invalid_input');

    const broken = await upload('--x\r\nnot really multipart', manager, { 'content-type': 'multipart/form-data; boundary=x' });
    expect(broken.status).toBe(400);

    const crossSite = await upload(formWith(await solidImage('png', 10, 10), 'a.png', 'image/png'), manager, {
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect(await photoRows()).toBe(0);
  });
});
