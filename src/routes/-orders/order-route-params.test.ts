import { describe, expect, it } from 'vitest';

import { confirmationSearchSchema, nextHistorySearch, orderHistorySearchSchema, parseOrderNumberParams } from './order-route-params';

describe('order route params and search', () => {
  it('keeps a plausible order number and turns anything else into "" (Order Not Found)', () => {
    expect(parseOrderNumberParams({ orderNumber: 'ORD-1763812800000ABCDEFGHI' })).toEqual({ orderNumber: 'ORD-1763812800000ABCDEFGHI' });
    expect(parseOrderNumberParams({ orderNumber: '<script>' })).toEqual({ orderNumber: '' });
  });

  it('validates the confirmation query, dropping unknown statuses', () => {
    expect(confirmationSearchSchema.parse({ status: 'failed', error: 'Card declined', session_id: 'cs_1' })).toEqual({
      status: 'failed',
      error: 'Card declined',
      session_id: 'cs_1',
    });
    expect(confirmationSearchSchema.parse({ status: 'paid' })).toEqual({ status: undefined, error: undefined, session_id: undefined });
  });

  it('keeps history view, filter and search in the URL, without defaults', () => {
    expect(orderHistorySearchSchema.parse({ view: 'table', filter: 'in-progress', q: 'mici' })).toEqual({
      view: undefined,
      filter: 'in-progress',
      q: 'mici',
    });
    expect(nextHistorySearch({ view: 'list', filter: 'delivered', q: 'x' }, { filter: 'all', q: '' })).toEqual({
      view: 'list',
      filter: undefined,
      q: undefined,
    });
    expect(nextHistorySearch({}, { view: 'grid', filter: 'in-progress' })).toEqual({
      view: undefined,
      filter: 'in-progress',
      q: undefined,
    });
  });
});
