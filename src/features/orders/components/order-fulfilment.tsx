/**
 * Where the order goes: the delivery address (street and number, bloc / scară / etaj / apartament /
 * interfon, city, postal code, instructions; issue 27) or the pickup location. With coordinates, the
 * details page adds the drop-off point as text with an 'Open in maps' link (the page also shows it
 * on a lazily loaded map).
 */
import { useLocale, useT } from '../../../lib/i18n';
import { wordsText } from '../../../lib/screen-words';
import { mapsLinkForPin, romanianBlockDetails, romanianStreetLine } from '../../../shared/domain/romanian-address';
import type { Order } from '../../../shared/schemas/order';
import { kitchenName, scheduledForText } from '../domain/order-display';

/** Issue 22: an order for later's slot ("Scheduled for Sun 22 Nov, 18:00"). */
function OrderSchedule({ order }: { order: Order }) {
  const t = useT();
  const text = scheduledForText(order, useLocale());
  return text ? (
    <p className="order-fulfilment__scheduled" data-testid="order-scheduled-for">
      {wordsText(t, text)}
    </p>
  ) : null;
}

export function OrderFulfilment({
  order,
  showCoordinates = false,
  locations,
}: {
  order: Order;
  showCoordinates?: boolean;
  /** The restaurant's locations, to name the kitchen that cooks a delivery (issue 22); optional while loading. */
  locations?: readonly { id: number; name: string }[];
}) {
  const t = useT();
  if (order.fulfilment === 'pickup') {
    return (
      <div className="order-fulfilment">
        <p className="order-fulfilment__kind">{t('orders.fulfilment.pickup')}</p>
        <OrderSchedule order={order} />
        {order.pickupLocation ? (
          <address>
            <strong>{order.pickupLocation.name}</strong>
            <br />
            {order.pickupLocation.address}
            <br />
            <a href={`tel:${order.pickupLocation.phone.replace(/\s+/g, '')}`}>{order.pickupLocation.phone}</a>
          </address>
        ) : null}
      </div>
    );
  }
  const address = order.deliveryAddress;
  const blockDetails = address ? romanianBlockDetails(address) : null;
  const lat = order.deliveryLatitude;
  const lng = order.deliveryLongitude;
  const kitchen = kitchenName(order, locations);
  return (
    <div className="order-fulfilment">
      <p className="order-fulfilment__kind">
        {t('orders.fulfilment.delivery')}
        {order.estimatedDeliveryTime ? ` · ${order.estimatedDeliveryTime}` : ''}
      </p>
      <OrderSchedule order={order} />
      {kitchen ? (
        <p className="order-fulfilment__extra" data-testid="order-kitchen">
          {t('orders.fulfilment.cookedAt', { kitchen })}
        </p>
      ) : null}
      {address ? (
        <address>
          {romanianStreetLine(address)}
          {blockDetails ? (
            <>
              <br />
              {blockDetails}
            </>
          ) : null}
          <br />
          {address.city}
          {address.postalCode ? `, ${address.postalCode}` : ''}
        </address>
      ) : null}
      {order.deliveryInstructions ? (
        <p className="order-fulfilment__extra">{t('orders.fulfilment.instructions', { instructions: order.deliveryInstructions })}</p>
      ) : null}
      {showCoordinates && order.deliveryZoneName ? (
        <p className="order-fulfilment__extra">{t('orders.fulfilment.zone', { zone: order.deliveryZoneName })}</p>
      ) : null}
      {showCoordinates && lat !== null && lng !== null ? (
        <p className="order-fulfilment__extra">
          {t('orders.fulfilment.dropOff', { latitude: lat.toFixed(5), longitude: lng.toFixed(5) })} ·{' '}
          <a href={mapsLinkForPin(lat, lng)} target="_blank" rel="noopener noreferrer">
            {t('orders.fulfilment.openInMaps')}
          </a>
        </p>
      ) : null}
    </div>
  );
}
