/**
 * "Closed now — opens at 11:00" at the top of home and the menu (issue 27): a closed restaurant
 * (the manager's switch off, or outside hours) said so only at checkout, after the cart was full.
 * From GET /api/restaurant/status, which refetches itself when the state next changes (no polling);
 * nothing shows while it is open or until the answer comes. Offline, the last answer stays.
 */
import { useQuery } from '@tanstack/react-query';

import { ClockIcon } from '../../../components/icons';
import { restaurantStatusQueryOptions } from '../../../entities/restaurant/api/get-restaurant-status';
import { useT } from '../../../lib/i18n';
import { closedNotice } from '../closed-notice-text';
import './closed-notice.css';

export function ClosedNotice() {
  const t = useT();
  const { data: status } = useQuery(restaurantStatusQueryOptions());
  const notice = status ? closedNotice(status) : null;
  if (!notice) return null;
  return (
    <div className="closed-notice" role="status" data-testid="closed-notice">
      <ClockIcon size={22} />
      <div>
        <p className="closed-notice__title">{t(notice.title.id, notice.title.values)}</p>
        <p className="closed-notice__detail">{t(notice.detail.id, notice.detail.values)}</p>
      </div>
    </div>
  );
}
