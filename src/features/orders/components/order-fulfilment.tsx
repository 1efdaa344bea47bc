/**
 * Where the order goes: the delivery address (street, city, postal code, block details,
 * instructions) or the pickup location. With coordinates, the details page adds the drop-off
 * point as text with a link to OpenStreetMap (the page also shows it on a lazily loaded map).
 */
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
  const lat = order.deliveryLatitude;
  const lng = order.deliveryLongitude;
  return (
    <div className="order-fulfilment">
      <p className="order-fulfilment__kind">Delivery{order.estimatedDeliveryTime ? ` · ${order.estimatedDeliveryTime}` : ''}</p>
      {address ? (
        <address>
          {address.street}
          <br />
          {address.city}
          {address.postalCode ? `, ${address.postalCode}` : ''}
          {address.details ? (
            <>
              <br />
              {address.details}
            </>
          ) : null}
        </address>
      ) : null}
      {order.deliveryInstructions ? <p className="order-fulfilment__extra">Instructions: {order.deliveryInstructions}</p> : null}
      {showCoordinates && order.deliveryZoneName ? <p className="order-fulfilment__extra">Zone: {order.deliveryZoneName}</p> : null}
      {showCoordinates && lat !== null && lng !== null ? (
        <p className="order-fulfilment__extra">
          Drop-off point: {lat.toFixed(5)}, {lng.toFixed(5)} ·{' '}
          <a href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`} target="_blank" rel="noopener noreferrer">
            Open in map
          </a>
        </p>
      ) : null}
    </div>
  );
}
