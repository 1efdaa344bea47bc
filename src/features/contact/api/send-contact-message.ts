/**
 * POST /api/contact. Needs the network: a message is not queued offline (it is not an order and the
 * person is right there to press Send again); the form keeps what was typed when sending fails.
 */
import { useMutation } from '@tanstack/react-query';

import { api, call } from '../../../lib/api-client';
import type { ContactMessageInput } from '../../../shared/schemas/contact';
import { contactMessageReceiptSchema } from '../../../shared/schemas/contact';

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactMessageInput) => call(api.contact.$post({ json: input }), contactMessageReceiptSchema),
  });
}
