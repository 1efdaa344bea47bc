/** Shared by the menu editor's API tests: requests to /api/admin/catalogue as one user. */
import type { z } from 'zod/mini';

import type { editorCategorySchema, editorGroupSchema } from '../../src/shared/schemas/menu-editor';
import { editorCatalogueSchema } from '../../src/shared/schemas/menu-editor';
import type { TestUser } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';

export type { ChangeLogEntry, EditorCatalogue, EditorDish } from '../../src/shared/schemas/menu-editor';
export type EditorCategory = z.infer<typeof editorCategorySchema>;
export type EditorGroup = z.infer<typeof editorGroupSchema>;

export function catalogueClient(t: TestApp, user: TestUser) {
  return {
    send(method: string, path: string, json?: unknown, headers: Record<string, string> = {}) {
      return t.request(`/api/admin/catalogue${path === '/' ? '' : path}`, {
        method,
        ...(json === undefined ? {} : { json }),
        headers: { cookie: user.cookie, ...headers },
      });
    },
    sendCsv(path: string, text: string, headers: Record<string, string> = {}) {
      return t.request(`/api/admin/catalogue${path}`, {
        method: 'POST',
        body: text,
        headers: { cookie: user.cookie, 'content-type': 'text/csv; charset=utf-8', ...headers },
      });
    },
    async catalogue() {
      const response = await t.request('/api/admin/catalogue', { headers: { cookie: user.cookie } });
      return editorCatalogueSchema.parse(await response.json());
    },
  };
}
