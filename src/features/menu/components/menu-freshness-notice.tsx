import { useT } from '../../../lib/i18n';
import { priceTimeText } from '../../../shared/price-time-format';

/**
 * Offline, the menu on screen is the stored one: its prices are those of `fetchedAt` (ISO).
 */
export function MenuFreshnessNotice({ fetchedAt }: { fetchedAt: string }) {
  const t = useT();
  return (
    <p className="menu-freshness" role="status">
      {t('menu.offlinePrices', { time: priceTimeText(fetchedAt) })}
    </p>
  );
}
