/**
 * The lines of an order: quantity, name, the portion of a per-kg dish, chosen options, note, line
 * total. Dishes and options are named in the screen's language, as the cart names them (useLineNames).
 */
import { useLineNames } from '../../../components/line-names';
import { useLocale, useT } from '../../../lib/i18n';
import { formatWeight } from '../../../shared/domain/weight-pricing';
import { asBani, formatLei } from '../../../shared/money';
import type { OrderItem } from '../../../shared/schemas/order';

export function OrderItems({ items }: { items: readonly OrderItem[] }) {
  const t = useT();
  const locale = useLocale();
  const names = useLineNames();
  return (
    <ul className="order-items" aria-label={t('orders.itemsLabel')}>
      {items.map((item) => (
        <li key={item.id} className="order-items__line">
          <span className="order-items__qty">{item.quantity} ×</span>
          <span className="order-items__name">
            {names.dish({ menuItemId: item.menuItemId, name: item.itemName })}
            {item.weightGrams ? (
              <span className="order-items__extra" data-testid="order-item-weight">
                {formatWeight(item.weightGrams, locale)} ·{' '}
                {t('orders.items.perKg', { price: formatLei(asBani(item.basePriceBani), locale) })}
              </span>
            ) : null}
            {item.selectedModifiers.length > 0 ? (
              <span className="order-items__extra">{item.selectedModifiers.map(names.option).join(', ')}</span>
            ) : null}
            {item.specialInstructions ? (
              <span className="order-items__extra">{t('orders.items.note', { note: item.specialInstructions })}</span>
            ) : null}
          </span>
          <span className="order-items__price">{formatLei(asBani(item.itemTotalBani), locale)}</span>
        </li>
      ))}
    </ul>
  );
}
