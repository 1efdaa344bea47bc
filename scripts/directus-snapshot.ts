/**
 * Regenerates api/integrations/cms/directus-schema/schema-snapshot.json from collections.ts: boots an empty
 * Directus (tests/directus, scripts/ensure-directus.sh), creates the collections, fields and relations
 * through its REST API, and writes Directus's own `directus schema snapshot`. Run after changing
 * collections.ts: `npx tsx scripts/directus-snapshot.ts`.
 */
import { DIRECTUS_COLLECTIONS, DIRECTUS_USER_FIELDS } from '../api/integrations/cms/directus-schema/collections';
import type { FieldDef } from '../api/integrations/cms/directus-schema/collections';
import { DIRECTUS_SNAPSHOT, directusAdminCall, startDirectus } from '../tests/setup/directus';

function fieldBody(def: FieldDef) {
  return {
    field: def.field,
    type: def.type,
    meta: {
      interface: def.relatedCollection ? 'select-dropdown-m2o' : def.type === 'json' ? 'input-code' : undefined,
      // m2o on a uuid (directus_users); cast-json makes Directus answer JSON fields parsed, not as text.
      special: def.type === 'uuid' ? ['m2o'] : def.type === 'json' ? ['cast-json'] : undefined,
    },
    schema: {
      is_nullable: def.nullable ?? true,
      default_value: def.defaultValue ?? null,
      is_unique: def.unique ?? false,
      ...(def.type === 'decimal' ? { numeric_precision: 10, numeric_scale: 2 } : {}),
    },
  };
}

const directus = await startDirectus({ applySnapshot: false });
try {
  const call = (method: string, path: string, body?: unknown) => directusAdminCall(directus.url, directus.adminToken, method, path, body);
  for (const def of DIRECTUS_COLLECTIONS) {
    await call('POST', '/collections', {
      collection: def.collection,
      meta: { singleton: def.singleton ?? false, icon: 'restaurant' },
      schema: {},
      fields: [
        {
          field: 'id',
          type: 'integer',
          meta: { hidden: true, readonly: true, interface: 'input' },
          schema: { is_primary_key: true, has_auto_increment: true },
        },
        ...def.fields.filter((field) => !field.relatedCollection).map(fieldBody),
      ],
    });
  }
  // Relations after every collection exists (they point at each other).
  for (const def of DIRECTUS_COLLECTIONS) {
    for (const field of def.fields.filter((f) => f.relatedCollection)) {
      await call('POST', `/fields/${def.collection}`, fieldBody(field));
      if (field.oneField) {
        await call('POST', `/fields/${field.relatedCollection}`, {
          field: field.oneField,
          type: 'alias',
          meta: { special: ['o2m'], interface: 'list-o2m' },
        });
      }
      await call('POST', '/relations', {
        collection: def.collection,
        field: field.field,
        related_collection: field.relatedCollection,
        meta: field.oneField ? { one_field: field.oneField } : undefined,
        schema: { on_delete: field.onDelete ?? 'NO ACTION' },
      });
    }
  }
  for (const field of DIRECTUS_USER_FIELDS) await call('POST', '/fields/directus_users', fieldBody(field));
  await directus.cli(['schema', 'snapshot', '--yes', '--format', 'json', DIRECTUS_SNAPSHOT]);
  console.warn(`wrote ${DIRECTUS_SNAPSHOT}`);
} finally {
  await directus.dispose();
}
