/**
 * /api/admin/catalogue (issue 18): the manager's menu editor. Categories, dishes and option groups
 * are created, edited, duplicated, reordered and deleted here; bulk prices, the CSV export and
 * import and the change log too. The rules live in api/menu-editor/ (service.ts, csv.ts); this file
 * is HTTP only: every input is parsed by the shared schemas (src/shared/schemas/menu-editor.ts),
 * every write runs in one transaction with its Idempotency-Key (api/menu-editor/menu-write.ts).
 * Photo uploads are api/routes/admin-photos.ts, mounted before this router at …/catalogue/photos.
 *
 * Offline: the editor queues each write in its outbox with the row's baseRevision and a UUID as
 * Idempotency-Key; a retry is replayed, a stale revision answers 409 menu_conflict with the row as
 * it is now. With CMS=directus the menu is Directus's: GET says so (source 'directus') and every
 * write is refused by refuseWritesWhenCmsIsRemote.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod/mini';

import type { EditorCatalogue } from '../../src/shared/schemas/menu-editor';
import {
  bulkPriceSchema,
  categoryDeleteQuerySchema,
  categoryInputSchema,
  categoryPatchSchema,
  dishInputSchema,
  dishPatchSchema,
  groupInputSchema,
  groupPutSchema,
  reorderSchema,
} from '../../src/shared/schemas/menu-editor';
import type { AppDeps, AppEnv } from '../deps';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { CSV_CONTENT_TYPE, CSV_IMPORT_MAX_BYTES, exportCsv } from '../menu-editor/csv';
import { applyImport, previewImport } from '../menu-editor/import';
import { runMenuWrite } from '../menu-editor/menu-write';
import {
  applyBulkPrice,
  changeLogPage,
  createCategory,
  createDish,
  createGroup,
  deleteCategory,
  deleteDish,
  deleteGroup,
  duplicateDish,
  patchCategory,
  patchDish,
  previewBulkPrice,
  putGroup,
  readCatalogue,
  reorderCategories,
  reorderDishes,
} from '../menu-editor/service';
import { refuseWritesWhenCmsIsRemote } from '../middleware/cms-managed';
import { requireAdmin } from '../middleware/session';
import { validate } from '../middleware/validate';

const ID_PARAM = z.object({ id: z.coerce.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER)) });
const CHANGES_QUERY = z.object({ before: z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER))) });
const ROUTE = '/api/admin/catalogue';
/** The paths whose body is CSV text (api/app.ts lets them through the JSON rule and the JSON size limit). */
export const CATALOGUE_CSV_IMPORT_PATHS: ReadonlySet<string> = new Set([`${ROUTE}/import`, `${ROUTE}/import/preview`]);

export function adminCatalogueRoutes(deps: AppDeps) {
  const db = deps.store.db;

  /** The CSV body: text/csv, at most CSV_IMPORT_MAX_BYTES (the JSON routes' 256 KiB does not apply). */
  const csvBody = bodyLimit({
    maxSize: CSV_IMPORT_MAX_BYTES,
    onError: (c) => {
      c.header('Connection', 'close');
      throw apiError(HTTP_STATUS.PAYLOAD_TOO_LARGE, 'too_large', 'The CSV file is larger than 2 MB.');
    },
  });
  async function csvText(request: Request): Promise<string> {
    if (!CSV_CONTENT_TYPE.test(request.headers.get('content-type') ?? '')) {
      throw apiError(HTTP_STATUS.UNSUPPORTED_MEDIA_TYPE, 'csv_required', 'Send the file as text/csv.');
    }
    const bytes = new Uint8Array(await request.arrayBuffer());
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw apiError(HTTP_STATUS.BAD_REQUEST, 'invalid_input', 'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.', [
        { path: 'file', message: 'Not UTF-8 text' },
      ]);
    }
  }

  return (
    new Hono<AppEnv>()
      .use('*', requireAdmin)
      .use('*', refuseWritesWhenCmsIsRemote(deps))
      .get('/', async (c) => {
        const [catalogue, menu] = await Promise.all([readCatalogue(db), deps.menuCache.get()]);
        const body: EditorCatalogue = { source: deps.cmsSync ? 'directus' : 'embedded', menuVersion: menu.version, ...catalogue };
        return c.json(body);
      })

      // Categories
      .post('/categories', validate('json', categoryInputSchema), async (c) => {
        const input = c.req.valid('json');
        const answer = await runMenuWrite(c, deps, 'POST /categories', input, async (ctx) => ({
          status: HTTP_STATUS.CREATED,
          body: { category: await createCategory(ctx, input) },
        }));
        return c.json(answer.body as object, answer.status);
      })
      .put('/categories/order', validate('json', reorderSchema), async (c) => {
        const input = c.req.valid('json');
        const answer = await runMenuWrite(c, deps, 'PUT /categories/order', input, async (ctx) => {
          await reorderCategories(ctx, input.ids);
          return { status: HTTP_STATUS.OK, body: { ids: input.ids } };
        });
        return c.json(answer.body as object, answer.status);
      })
      .patch('/categories/:id', validate('param', ID_PARAM), validate('json', categoryPatchSchema), async (c) => {
        const { id } = c.req.valid('param');
        const input = c.req.valid('json');
        const answer = await runMenuWrite(c, deps, 'PATCH /categories/:id', { id, input }, async (ctx) => ({
          status: HTTP_STATUS.OK,
          body: { category: await patchCategory(ctx, id, input) },
        }));
        return c.json(answer.body as object, answer.status);
      })
      .delete('/categories/:id', validate('param', ID_PARAM), validate('query', categoryDeleteQuerySchema), async (c) => {
        const { id } = c.req.valid('param');
        const { moveDishesTo } = c.req.valid('query');
        const answer = await runMenuWrite(c, deps, 'DELETE /categories/:id', { id, moveDishesTo }, async (ctx) => ({
          status: HTTP_STATUS.OK,
          body: { deleted: id, ...(await deleteCategory(ctx, id, moveDishesTo)) },
        }));
        return c.json(answer.body as object, answer.status);
      })
      .put('/categories/:id/dishes/order', validate('param', ID_PARAM), validate('json', reorderSchema), async (c) => {
        const { id } = c.req.valid('param');
        const input = c.req.valid('json');
        const answer = await runMenuWrite(c, deps, 'PUT /categories/:id/dishes/order', { id, input }, async (ctx) => {
          await reorderDishes(ctx, id, input.ids);
          return { status: HTTP_STATUS.OK, body: { ids: input.ids } };
        });
        return c.json(answer.body as object, answer.status);
      })

      // Dishes
      .post('/dishes', validate('json', dishInputSchema), async (c) => {
        const input = c.req.valid('json');
        const answer = await runMenuWrite(c, deps, 'POST /dishes', input, async (ctx) => ({
          status: HTTP_STATUS.CREATED,
          body: { dish: await createDish(ctx, input) },
        }));
        return c.json(answer.body as object, answer.status);
      })
      .patch('/dishes/:id', validate('param', ID_PARAM), validate('json', dishPatchSchema), async (c) => {
        const { id } = c.req.valid('param');
        const input = c.req.valid('json');
        const answer = await runMenuWrite(c, deps, 'PATCH /dishes/:id', { id, input }, async (ctx) => ({
          status: HTTP_STATUS.OK,
          body: { dish: await patchDish(ctx, id, input) },
        }));
        return c.json(answer.body as object, answer.status);
      })
      .post('/dishes/:id/duplicate', validate('param', ID_PARAM), async (c) => {
        const { id } = c.req.valid('param');
        const answer = await runMenuWrite(c, deps, 'POST /dishes/:id/duplicate', { id }, async (ctx) => ({
          status: HTTP_STATUS.CREATED,
          body: { dish: await duplicateDish(ctx, id) },
        }));
        return c.json(answer.body as object, answer.status);
      })
      .delete('/dishes/:id', validate('param', ID_PARAM), async (c) => {
        const { id } = c.req.valid('param');
        const answer = await runMenuWrite(c, deps, 'DELETE /dishes/:id', { id }, async (ctx) => {
          await deleteDish(ctx, id);
          return { status: HTTP_STATUS.OK, body: { deleted: id } };
        });
        return c.json(answer.body as object, answer.status);
      })

      // Option groups
      .post('/groups', validate('json', groupInputSchema), async (c) => {
        const input = c.req.valid('json');
        const answer = await runMenuWrite(c, deps, 'POST /groups', input, async (ctx) => ({
          status: HTTP_STATUS.CREATED,
          body: { group: await createGroup(ctx, input) },
        }));
        return c.json(answer.body as object, answer.status);
      })
      .put('/groups/:id', validate('param', ID_PARAM), validate('json', groupPutSchema), async (c) => {
        const { id } = c.req.valid('param');
        const input = c.req.valid('json');
        const answer = await runMenuWrite(c, deps, 'PUT /groups/:id', { id, input }, async (ctx) => ({
          status: HTTP_STATUS.OK,
          body: { group: await putGroup(ctx, id, input.baseRevision, input.group) },
        }));
        return c.json(answer.body as object, answer.status);
      })
      .delete('/groups/:id', validate('param', ID_PARAM), async (c) => {
        const { id } = c.req.valid('param');
        const answer = await runMenuWrite(c, deps, 'DELETE /groups/:id', { id }, async (ctx) => {
          await deleteGroup(ctx, id);
          return { status: HTTP_STATUS.OK, body: { deleted: id } };
        });
        return c.json(answer.body as object, answer.status);
      })

      // Bulk prices: the preview and the change are one computation (api/menu-editor/bulk-price.ts).
      .post('/bulk-price/preview', validate('json', bulkPriceSchema), async (c) => {
        return c.json({ changes: await previewBulkPrice(db, c.req.valid('json')) });
      })
      .post('/bulk-price', validate('json', bulkPriceSchema), async (c) => {
        const input = c.req.valid('json');
        const answer = await runMenuWrite(c, deps, 'POST /bulk-price', input, async (ctx) => ({
          status: HTTP_STATUS.OK,
          body: { changes: await applyBulkPrice(ctx, input) },
        }));
        return c.json(answer.body as object, answer.status);
      })

      // CSV (docs/decisions/0114-menu-csv-format.md)
      .get('/export.csv', async (c) => {
        const text = exportCsv(await readCatalogue(db));
        c.header('Content-Type', 'text/csv; charset=utf-8');
        c.header('Content-Disposition', 'attachment; filename="menu.csv"');
        return c.body(text);
      })
      .post('/import/preview', csvBody, async (c) => {
        const text = await csvText(c.req.raw);
        return c.json((await previewImport(db, text)).preview);
      })
      .post('/import', csvBody, async (c) => {
        const text = await csvText(c.req.raw);
        const answer = await runMenuWrite(c, deps, 'POST /import', { text }, async (ctx) => ({
          status: HTTP_STATUS.OK,
          body: await applyImport(ctx, text),
        }));
        return c.json(answer.body as object, answer.status);
      })

      .get('/changes', validate('query', CHANGES_QUERY), async (c) => {
        return c.json(await changeLogPage(db, c.req.valid('query').before));
      })
  );
}
