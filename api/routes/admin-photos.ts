/**
 * POST /api/admin/catalogue/photos (issue 18): the manager uploads a dish photo (multipart/form-data,
 * field `photo`, at most PHOTO_MAX_BYTES) and gets back the stored photo, whose id a dish then names
 * (`photoId` in the editor's dish input). The checks and conversion are api/menu-photos/; this file
 * is HTTP only. Mounted at its full path before the catalogue router (api/app.ts), with its own body
 * limit instead of the JSON routes' one.
 *
 * Offline: the editor never queues an upload (a photo is megabytes, and the manager picks it again);
 * it waits for the connection. A retried upload is harmless: the same bytes are the same photo.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';

import { PHOTO_MAX_BYTES } from '../../src/shared/schemas/menu-editor';
import type { PhotoUploadResult } from '../../src/shared/schemas/menu-editor';
import type { AppDeps, AppEnv } from '../deps';
import { saveMenuPhoto } from '../menu-photos/photo-store';
import { PhotoRejectedError } from '../menu-photos/process-photo';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { refuseWritesWhenCmsIsRemote } from '../middleware/cms-managed';
import { requireAdmin } from '../middleware/session';

export const MENU_PHOTO_UPLOAD_PATH = '/api/admin/catalogue/photos';
/** The multipart envelope around the file (boundaries, part headers, the file name) is well below this. */
const MULTIPART_ENVELOPE_BYTES = 64 * 1024;
const PHOTO_MAX_MEGABYTES = PHOTO_MAX_BYTES / (1024 * 1024);
const TOO_LARGE_MESSAGE = `The photo is larger than ${PHOTO_MAX_MEGABYTES} MB. Choose a smaller one or take it again at a lower resolution.`;
/** The one body type this route reads (the same-origin rule leaves the check to it: api/app.ts checksOwnBodyType). */
const PHOTO_UPLOAD_CONTENT_TYPE = /^multipart\/form-data\b/i;

function tooLarge(): never {
  throw apiError(HTTP_STATUS.PAYLOAD_TOO_LARGE, 'photo_too_large', TOO_LARGE_MESSAGE, { megabytes: PHOTO_MAX_MEGABYTES });
}

export function adminPhotosRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use('*', requireAdmin)
    .use('*', refuseWritesWhenCmsIsRemote(deps))
    .post(
      '/',
      // A declared length over the limit is refused before any of the body is read; an undeclared
      // one (chunked) when the count passes it.
      bodyLimit({
        maxSize: PHOTO_MAX_BYTES + MULTIPART_ENVELOPE_BYTES,
        onError: (c) => {
          // The rest of the body was never read: this connection cannot carry another request (api/app.ts).
          c.header('Connection', 'close');
          return tooLarge();
        },
      }),
      async (c) => {
        if (!PHOTO_UPLOAD_CONTENT_TYPE.test(c.req.header('content-type') ?? '')) {
          throw apiError(
            HTTP_STATUS.UNSUPPORTED_MEDIA_TYPE,
            'multipart_required',
            'Send the photo as multipart/form-data in a field named "photo".',
          );
        }
        let form: FormData;
        try {
          form = await c.req.formData();
        } catch {
          throw apiError(HTTP_STATUS.BAD_REQUEST, 'invalid_form', 'The upload could not be read. Choose the photo again.');
        }
        const file = form.get('photo');
        if (!(file instanceof Blob)) {
          throw apiError(HTTP_STATUS.BAD_REQUEST, 'invalid_input', 'Choose a photo to upload.', [
            { path: 'photo', message: 'Choose a photo to upload.' },
          ]);
        }
        if (file.size > PHOTO_MAX_BYTES) tooLarge();
        try {
          const { photo, created } = await saveMenuPhoto(
            { db: deps.store.db, dataDir: deps.env.DATA_DIR, clock: deps.clock },
            Buffer.from(await file.arrayBuffer()),
          );
          const body: PhotoUploadResult = { photo };
          return c.json(body, created ? HTTP_STATUS.CREATED : HTTP_STATUS.OK);
        } catch (error) {
          if (error instanceof PhotoRejectedError) {
            throw apiError(HTTP_STATUS.BAD_REQUEST, error.code, error.message, [{ path: 'photo', message: error.message }]);
          }
          throw error;
        }
      },
    );
}
