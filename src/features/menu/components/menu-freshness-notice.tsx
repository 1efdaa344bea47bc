import { priceTimeText } from '../../../shared/price-time-format';

/**
 * Offline, the menu on screen is the stored one: its prices are those of `fetchedAt` (ISO).
 */
export function MenuFreshnessNotice({ fetchedAt }: { fetchedAt: string }) {
  return (
    <p className="menu-freshness" role="status">
      You are offline: prices as of {priceTimeText(fetchedAt)}. The restaurant confirms prices when your order is sent.
    </p>
  );
}
