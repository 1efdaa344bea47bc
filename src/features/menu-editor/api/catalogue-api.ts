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

import { api, apiPath, call } from '../../../lib/api-client';
import type { BulkPrice } from '../../../shared/schemas/menu-editor';
import {
  bulkPricePreviewSchema,
  changeLogPageSchema,
  editorCatalogueSchema,
  importPreviewSchema,
  photoUploadResultSchema,
} from '../../../shared/schemas/menu-editor';

const catalogue = api.admin.catalogue;
const idParam = (id: number) => ({ param: { id: String(id) } });

export const CATALOGUE_EXPORT_PATH = apiPath(catalogue['export.csv'].$path());

/** The paths of the menu's writes, which go through the outbox (../menu-writes.ts) and are stored with it. */
export const cataloguePaths = {
  categories: () => apiPath(catalogue.categories.$path()),
  categoryOrder: () => apiPath(catalogue.categories.order.$path()),
  category: (id: number, moveDishesTo: number | null = null) =>
    apiPath(
      catalogue.categories[':id'].$path({ ...idParam(id), query: moveDishesTo === null ? {} : { moveDishesTo: String(moveDishesTo) } }),
    ),
  dishOrder: (categoryId: number) => apiPath(catalogue.categories[':id'].dishes.order.$path(idParam(categoryId))),
  dishes: () => apiPath(catalogue.dishes.$path()),
  dish: (id: number) => apiPath(catalogue.dishes[':id'].$path(idParam(id))),
  dishDuplicate: (id: number) => apiPath(catalogue.dishes[':id'].duplicate.$path(idParam(id))),
  groups: () => apiPath(catalogue.groups.$path()),
  group: (id: number) => apiPath(catalogue.groups[':id'].$path(idParam(id))),
  bulkPrice: () => apiPath(catalogue['bulk-price'].$path()),
};

export const catalogueKeys = {
  all: ['menu-editor'] as const,
  catalogue: () => [...catalogueKeys.all, 'catalogue'] as const,
  changes: () => [...catalogueKeys.all, 'changes'] as const,
};

export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.catalogue(),
    queryFn: () => call(catalogue.$get(), editorCatalogueSchema),
    // Another tablet may have edited a minute ago: always check when the screen opens.
    staleTime: 0,
  });

export const changeLogQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: catalogueKeys.changes(),
    queryFn: ({ pageParam }) =>
      call(catalogue.changes.$get({ query: pageParam === null ? {} : { before: String(pageParam) } }), changeLogPageSchema),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
    staleTime: 0,
  });

export function previewBulkPrice(body: BulkPrice) {
  return call(catalogue['bulk-price'].preview.$post({ json: body }), bulkPricePreviewSchema);
}

/** POST the CSV text as text/csv: `apply` false answers the preview, true applies a valid file. */
export function sendImport(csv: string, apply: boolean) {
  // The route reads the text itself (no validated input): the body goes as the request's own.
  const options = { headers: { 'content-type': 'text/csv' }, init: { body: csv } };
  return call(apply ? catalogue.import.$post(undefined, options) : catalogue.import.preview.$post(undefined, options), importPreviewSchema);
}

/**
 * Uploads a photo as multipart/form-data (field `photo`); the server checks the real type, strips
 * metadata and answers the stored photo's sizes. The route reads the form itself (no validated
 * input), so the form goes as the request's body; the browser sets its multipart content type.
 */
export async function uploadPhoto(file: Blob, fileName: string) {
  const form = new FormData();
  form.append('photo', file, fileName);
  return (await call(catalogue.photos.$post(undefined, { init: { body: form } }), photoUploadResultSchema)).photo;
}

/** The URL of one stored size (the editor's thumbnails use WebP, which every supported browser shows). */
export function photoUrl(photoId: string, width: number): string {
  return `/media/menu/${photoId}-${width}.webp`;
}
