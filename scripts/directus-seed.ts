/**
 * Seeds an empty Directus (schema applied from api/integrations/cms/directus-schema/schema-snapshot.json) with
 * the storefront's menu, settings and locations: `DIRECTUS_URL=… DIRECTUS_ADMIN_TOKEN=… npx tsx scripts/directus-seed.ts`.
 * Needs a token that may create in the storefront's collections (an admin's), not the read-only
 * service token the storefront runs with. Does nothing when menu_categories already has rows.
 */
import { seedDirectusIfEmpty } from '../api/integrations/cms/directus-schema/seed';

const url = process.env.DIRECTUS_URL;
const token = process.env.DIRECTUS_ADMIN_TOKEN;
if (!url || !token) {
  console.error('Set DIRECTUS_URL and DIRECTUS_ADMIN_TOKEN (an admin static token).');
  process.exit(2);
}
const seeded = await seedDirectusIfEmpty({ url, token });
console.warn(seeded ? `seeded ${url}` : `${url} already has menu categories: nothing written`);
