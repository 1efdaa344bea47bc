/**
 * The one order history screen behind both /order-history (user menu) and /orders (footer): the
 * URL owns search, filter and view mode; the feature renders.
 */
import { ProtectedPage } from '../../components/protected-page';
import { OrderHistory } from '../../features/orders/components/order-history';
import type { OrderFilter, OrderViewMode } from '../../shared/domain/order-history-search';
import type { OrderHistorySearch } from './order-route-params';

export function OrderHistoryPage({
  search,
  onSearchChange,
}: {
  search: OrderHistorySearch;
  onSearchChange(next: { filter?: OrderFilter; q?: string; view?: OrderViewMode }): void;
}) {
  return (
    <ProtectedPage>
      <OrderHistory filter={search.filter ?? 'all'} query={search.q ?? ''} view={search.view ?? 'grid'} onChange={onSearchChange} />
    </ProtectedPage>
  );
}
