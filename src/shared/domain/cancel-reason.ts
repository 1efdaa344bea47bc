/**
 * A cancellation's stored text, read back as the preset it names and the manager's own note (issue
 * 23). The order keeps the text the customer was told at the time, in English (api/orders/status.ts:
 * the preset's label, "label: note", or the note alone for 'other'); a reader in another language
 * words the preset by its code and shows only the note as it was written.
 */
import type { CancelReasonCode } from '../schemas/order';
import { CANCEL_REASON_LABELS, cancelReasonCodeSchema } from '../schemas/order';

export interface CancelReasonParts {
  /** The preset the text names, for the reader to word; null when the text is the note alone or unknown. */
  preset: CancelReasonCode | null;
  /** What the manager wrote, as written; null when there is only the preset. */
  note: string | null;
}

export function cancelReasonParts(code: string | null, stored: string | null): CancelReasonParts {
  const parsed = cancelReasonCodeSchema.safeParse(code);
  if (!parsed.success) return { preset: null, note: stored };
  const label = CANCEL_REASON_LABELS[parsed.data];
  if (stored === null || stored === label) return { preset: parsed.data, note: null };
  if (stored.startsWith(`${label}: `)) return { preset: parsed.data, note: stored.slice(label.length + 2) };
  return { preset: null, note: stored };
}

/**
 * A cancelled order's stored reason for a reader: its preset in the reader's words (`wordPreset`), the
 * manager's note as written ("Epuizat: nu mai avem"), or the note alone.
 */
export function cancelReasonText(code: string | null, stored: string, wordPreset: (preset: CancelReasonCode) => string): string {
  const { preset, note } = cancelReasonParts(code, stored);
  if (preset === null) return note ?? '';
  return note === null ? wordPreset(preset) : `${wordPreset(preset)}: ${note}`;
}
