/**
 * Where uploaded dish photos live: their files under `<DATA_DIR>/media/menu/<id>-<width>.<avif|webp>`
 * and one row each in menu_photos (docs/decisions/0116-menu-photos-content-addressed-under-data-dir.md).
 * The only writer and reader of both. Files are written before the row, each through a temporary
 * name and a rename, so a row never names a missing or half-written file; a second upload of the
 * same bytes finds the row and its files and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { Kysely } from 'kysely';

import type { Clock } from '../../src/shared/clock';
import type { MenuPhoto } from '../../src/shared/schemas/menu';
import { menuPhotoSchema } from '../../src/shared/schemas/menu';
import type { Database } from '../store/schema';
import type { MenuPhotoFormat } from './process-photo';
import { MENU_PHOTO_FORMATS, menuPhotoId, processMenuPhoto } from './process-photo';

/** The URL path the files are served under (api/menu-photos/media-routes.ts); the storefront builds the same. */
export const MENU_MEDIA_URL_PATH = '/media/menu';
/** A served file's name: the id, the width and the format, nothing else (no path can be smuggled in). */
export const MENU_MEDIA_FILE_PATTERN = /^([a-f0-9]{32})-(\d{1,5})\.(avif|webp)$/;

export function menuMediaDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'media', 'menu');
}

export function menuMediaFileName(id: string, width: number, format: MenuPhotoFormat): string {
  return `${id}-${width}.${format}`;
}

export interface PhotoStoreDeps {
  db: Kysely<Database>;
  dataDir: string;
  clock: Clock;
}

function rowToPhoto(row: { id: string; width: number; height: number; widths: string }): MenuPhoto {
  return menuPhotoSchema.parse({ id: row.id, width: row.width, height: row.height, widths: JSON.parse(row.widths) as unknown });
}

/** The stored photo with this id, or null. */
export async function findMenuPhoto(db: Kysely<Database>, id: string): Promise<MenuPhoto | null> {
  const row = await db.selectFrom('menu_photos').select(['id', 'width', 'height', 'widths']).where('id', '=', id).executeTakeFirst();
  return row ? rowToPhoto(row) : null;
}

function allFilesExist(dir: string, photo: MenuPhoto): boolean {
  return photo.widths.every((width) =>
    MENU_PHOTO_FORMATS.every((format) => existsSync(path.join(dir, menuMediaFileName(photo.id, width, format)))),
  );
}

/**
 * Checks, converts and keeps `input`; answers the stored photo and whether this call made it.
 * Throws PhotoRejectedError (nothing written) for anything that is not a usable photo.
 */
export async function saveMenuPhoto(deps: PhotoStoreDeps, input: Buffer): Promise<{ photo: MenuPhoto; created: boolean }> {
  const dir = menuMediaDir(deps.dataDir);
  const known = await findMenuPhoto(deps.db, menuPhotoId(input));
  // The same bytes again (a retried upload, the same picture for two dishes): nothing to make,
  // unless the files were lost (a restored database without its media directory).
  if (known && allFilesExist(dir, known)) return { photo: known, created: false };

  const processed = await processMenuPhoto(input);
  await mkdir(dir, { recursive: true });
  for (const file of processed.files) {
    const target = path.join(dir, menuMediaFileName(processed.id, file.width, file.format));
    const temporary = `${target}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, file.bytes);
      await rename(temporary, target);
    } finally {
      await rm(temporary, { force: true });
    }
  }
  const photo: MenuPhoto = { id: processed.id, width: processed.width, height: processed.height, widths: processed.widths };
  await deps.db
    .insertInto('menu_photos')
    .values({
      id: photo.id,
      width: photo.width,
      height: photo.height,
      widths: JSON.stringify(photo.widths),
      bytes: input.length,
      created_at: deps.clock.now().toISOString(),
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  return { photo, created: !known };
}
