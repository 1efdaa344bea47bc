import { describe, expect, it } from 'vitest';

import type { OrderStatus } from '../schemas/order-statuses';
import type { SearchableOrder } from './order-history';
import { countByFilter, filterOrders } from './order-history';

const makeItem = (item: { itemName: string }) => item;
const makeOrder = (order: SearchableOrder & { status: OrderStatus }) => order;

const orders = [
  makeOrder({ orderNumber: 'ORD-1AAA', status: 'received', orderItems: [makeItem({ itemName: 'Ceafă de porc' })] }),
  makeOrder({ orderNumber: 'ORD-2BBB', status: 'out for delivery', orderItems: [makeItem({ itemName: 'Mici' })] }),
  makeOrder({ orderNumber: 'ORD-3CCC', status: 'delivered', orderItems: [makeItem({ itemName: 'Cartofi prăjiți' })] }),
  makeOrder({ orderNumber: 'ORD-4DDD', status: 'cancelled', orderItems: [makeItem({ itemName: 'Mici' })] }),
];

describe('order history filters and search', () => {
  it("'In progress' keeps received to out for delivery", () => {
    expect(filterOrders(orders, 'in-progress', '').map((o) => o.orderNumber)).toEqual(['ORD-1AAA', 'ORD-2BBB']);
    expect(filterOrders(orders, 'delivered', '').map((o) => o.orderNumber)).toEqual(['ORD-3CCC']);
    expect(filterOrders(orders, 'cancelled', '').map((o) => o.orderNumber)).toEqual(['ORD-4DDD']);
    expect(filterOrders(orders, 'all', '')).toHaveLength(4);
  });

  it('searches order numbers and item names, case- and diacritic-insensitive', () => {
    expect(filterOrders(orders, 'all', 'ord-3').map((o) => o.orderNumber)).toEqual(['ORD-3CCC']);
    expect(filterOrders(orders, 'all', 'mici').map((o) => o.orderNumber)).toEqual(['ORD-2BBB', 'ORD-4DDD']);
    expect(filterOrders(orders, 'all', 'CEAFA').map((o) => o.orderNumber)).toEqual(['ORD-1AAA']);
    expect(filterOrders(orders, 'in-progress', 'mici').map((o) => o.orderNumber)).toEqual(['ORD-2BBB']);
    expect(filterOrders(orders, 'all', 'pizza')).toEqual([]);
  });

  it('counts orders per filter', () => {
    expect(countByFilter(orders)).toEqual({ all: 4, 'in-progress': 2, delivered: 1, cancelled: 1 });
  });
});
