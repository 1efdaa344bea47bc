/**
 * The cash-order caps (api/lib/order-flood.ts) out of the way of tests about something else: tests
 * place many cash orders as one customer from one client and no board confirms them. The caps
 * themselves are tested with their defaults in api/lib/order-flood.test.ts.
 */
export const UNCAPPED_CASH_ORDERS = {
  CASH_ORDERS_UNCONFIRMED_PER_ACCOUNT_MAX: '1000000',
  CASH_ORDERS_UNCONFIRMED_PER_CLIENT_MAX: '1000000',
  CASH_ORDERS_OPEN_UNVERIFIED_MAX: '1000000',
} as const;
