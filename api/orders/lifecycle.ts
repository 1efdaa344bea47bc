/**
 * The promises an order carries (issue 19): when a waiting order escalates, when accepted food is
 * ready, and when a delivery arrives. Pure arithmetic on instants; the rules live in
 * src/shared/domain/order-status.ts and the figures in docs/decisions/0096-ready-time-and-arrival-window.md.
 */
import { travelBandMinutes } from '../../src/shared/domain/order-status';

const MINUTE_MS = 60_000;

export function plusMinutes(at: Date, minutes: number): Date {
  return new Date(at.getTime() + minutes * MINUTE_MS);
}

/** When an order that arrived on the board at `onBoardAt` escalates if nobody accepted it. */
export function acceptDeadlineFrom(onBoardAt: Date, acceptWithinMinutes: number): string {
  return plusMinutes(onBoardAt, acceptWithinMinutes).toISOString();
}

/** The promise made at acceptance: ready time, and for delivery the arrival window. */
export function promiseAt(
  acceptedAt: Date,
  prepMinutes: number,
  delivery: { estimatedDeliveryTime: string | null } | null,
): { readyAt: string; arrivalWindow: { from: string; to: string } | null } {
  const ready = plusMinutes(acceptedAt, prepMinutes);
  if (!delivery) return { readyAt: ready.toISOString(), arrivalWindow: null };
  const band = travelBandMinutes(delivery.estimatedDeliveryTime);
  return {
    readyAt: ready.toISOString(),
    arrivalWindow: { from: plusMinutes(ready, band.from).toISOString(), to: plusMinutes(ready, band.to).toISOString() },
  };
}
