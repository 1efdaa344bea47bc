/**
 * The menu editor's server reads and online-only calls (issue 18, /api/admin/catalogue). Reads are
 * queryOptions factories with one key factory.
 *
 * Offline behaviour:
 * - every change to the menu (categories, dishes, groups, reorders, bulk prices) goes through the
 *   outbox (../menu-writes.ts), never through here;
 * - previews (bulk price, CSV import) and the CSV import itself need the network: they answer what
 *   the server would do now, and an import is a file the manager checks before applying. Offline they
 *   fail at once (NetworkError) and the screen says so;
 * - photo uploads need the network too (a 15 MB file is not kept in IndexedDB): the button waits and
 *   says "Photos upload when you are back online".
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';

import { ApiRequestError, apiFetch, NetworkError } from '../../../lib/api-fetch';
import { isKnownOffline } from '../../../lib/online-state';
import { apiErrorSchema } from '../../../shared/schemas/common';
import type { BulkPrice } from '../../../shared/schemas/menu-editor';
import {
  bulkPricePreviewSchema,
  changeLogPageSchema,
  editorCatalogueSchema,
  importPreviewSchema,
  photoUploadResultSchema,
} from '../../../shared/schemas/menu-editor';

export const CATALOGUE_PATH = '/api/admin/catalogue';
export const CATALOGUE_EXPORT_PATH = `${CATALOGUE_PATH}/export.csv`;

export const catalogueKeys = {
  all: ['menu-editor'] as const,
  catalogue: () => [...catalogueKeys.all, 'catalogue'] as const,
  changes: () => [...catalogueKeys.all, 'changes'] as const,
};

export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.catalogue(),
    queryFn: () => apiFetch(CATALOGUE_PATH, editorCatalogueSchema),
    // Another tablet may have edited a minute ago: always check when the screen opens.
    staleTime: 0,
  });

export const changeLogQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: catalogueKeys.changes(),
    queryFn: ({ pageParam }) =>
      apiFetch(`${CATALOGUE_PATH}/changes${pageParam === null ? '' : `?before=${pageParam}`}`, changeLogPageSchema),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
    staleTime: 0,
  });

export function previewBulkPrice(body: BulkPrice) {
  return apiFetch(`${CATALOGUE_PATH}/bulk-price/preview`, bulkPricePreviewSchema, { method: 'POST', body: JSON.stringify(body) });
}

/** POST the CSV text as text/csv: `apply` false answers the preview, true applies a valid file. */
export function sendImport(csv: string, apply: boolean) {
  return apiFetch(`${CATALOGUE_PATH}/${apply ? 'import' : 'import/preview'}`, importPreviewSchema, {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: csv,
  });
}

/**
 * Uploads a photo as multipart/form-data (field `photo`); the server checks the real type, strips
 * metadata and answers the stored photo's sizes. Not through apiFetch, which speaks JSON only.
 */
export async function uploadPhoto(file: Blob, fileName: string) {
  if (isKnownOffline()) throw new NetworkError(new Error('offline'));
  const form = new FormData();
  form.append('photo', file, fileName);
  let response: Response;
  try {
    response = await fetch(`${CATALOGUE_PATH}/photos`, {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(body);
    if (parsed.success)
      throw new ApiRequestError(response.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.details);
    throw new ApiRequestError(response.status, 'http_error', `The upload failed (${response.status})`);
  }
  return photoUploadResultSchema.parse(body).photo;
}

/** The URL of one stored size (the editor's thumbnails use WebP, which every supported browser shows). */
export function photoUrl(photoId: string, width: number): string {
  return `/media/menu/${photoId}-${width}.webp`;
}
