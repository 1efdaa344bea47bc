/**
 * Where the order goes: the delivery address (street and number, bloc / scară / etaj / apartament /
 * interfon, city, postal code, instructions; issue 27) or the pickup location. With coordinates, the
 * details page adds the drop-off point as text with an 'Open in maps' link (the page also shows it
 * on a lazily loaded map).
 */
import { mapsLinkForPin, romanianBlockDetails, romanianStreetLine } from '../../../shared/domain/romanian-address';
import type { Order } from '../../../shared/schemas/order';

export function OrderFulfilment({ order, showCoordinates = false }: { order: Order; showCoordinates?: boolean }) {
  if (order.fulfilment === 'pickup') {
    return (
      <div className="order-fulfilment">
        <p className="order-fulfilment__kind">Pickup</p>
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
  return (
    <div className="order-fulfilment">
      <p className="order-fulfilment__kind">Delivery{order.estimatedDeliveryTime ? ` · ${order.estimatedDeliveryTime}` : ''}</p>
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
      {order.deliveryInstructions ? <p className="order-fulfilment__extra">Instructions: {order.deliveryInstructions}</p> : null}
      {showCoordinates && order.deliveryZoneName ? <p className="order-fulfilment__extra">Zone: {order.deliveryZoneName}</p> : null}
      {showCoordinates && lat !== null && lng !== null ? (
        <p className="order-fulfilment__extra">
          Drop-off point: {lat.toFixed(5)}, {lng.toFixed(5)} ·{' '}
          <a href={mapsLinkForPin(lat, lng)} target="_blank" rel="noopener noreferrer">
            Open in maps
          </a>
        </p>
      ) : null}
    </div>
  );
}
