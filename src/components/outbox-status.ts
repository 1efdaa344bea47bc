/** How an outbox entry's state reads, in the sync panel and in the sign-out warning alike. */
import type { OutboxRow } from '../db/app-db';
import type { MessageId } from '../lib/i18n';

export const OUTBOX_STATUS_TEXT: Record<OutboxRow['status'], MessageId> = {
  pending: 'common.outbox.status.pending',
  sending: 'common.outbox.status.sending',
  'needs-attention': 'common.outbox.status.needsAttention',
  'needs-review': 'common.outbox.status.needsReview',
};
