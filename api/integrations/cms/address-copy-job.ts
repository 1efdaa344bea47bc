/**
 * The job queue's handler for 'cms.address' rows (CMS=directus, ./directus-addresses.ts): the
 * address as it is now (not as it was when the row was written) goes to the sink, so several rows
 * for one address all converge on its latest state, and an address deleted meanwhile is deleted
 * there too. Without a sink (CMS is not directus) such rows fail and wait.
 */
import type { Kysely } from 'kysely';

import type { JobHandler } from '../../jobs/queue';
import type { Database } from '../../store/schema';
import type { CmsAddressSink } from './directus-addresses';
import { CMS_ADDRESS_OUTBOX_KIND, cmsAddressPayloadSchema, directusAddressBody, directusUserIdOf } from './directus-addresses';

export function cmsAddressCopyJob(deps: { db: Kysely<Database>; sink: CmsAddressSink | null | undefined }): JobHandler {
  const { db } = deps;
  return {
    kind: CMS_ADDRESS_OUTBOX_KIND,
    async run(rawPayload, { signal }) {
      const { sink } = deps;
      if (!sink) throw new Error('no Cms to copy addresses to (CMS is not directus)');
      const payload = cmsAddressPayloadSchema.parse(rawPayload);
      const directusUserId = await directusUserIdOf(db, payload.customerId);
      let outcome = 'no Directus user: kept in our store only';
      if (directusUserId) {
        const address = await db
          .selectFrom('customer_addresses')
          .selectAll()
          .where('id', '=', payload.addressId)
          .where('customer_id', '=', payload.customerId)
          .executeTakeFirst();
        if (address) {
          const cmsId = await sink.save(
            { directusUserId, cmsId: address.cms_id, createdAt: address.created_at, body: directusAddressBody(address, directusUserId) },
            signal,
          );
          if (cmsId !== address.cms_id) {
            await db.updateTable('customer_addresses').set({ cms_id: cmsId }).where('id', '=', address.id).execute();
          }
          outcome = 'saved';
        } else {
          outcome = await sink.remove({ directusUserId, cmsId: payload.cmsId, createdAt: payload.createdAt }, signal);
        }
      }
      return { doneLog: { message: 'address copied to the Cms', fields: { addressId: payload.addressId, outcome } } };
    },
  };
}
