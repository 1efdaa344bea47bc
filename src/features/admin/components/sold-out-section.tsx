/**
 * Sold out (issue 7): one tap marks a dish or a modifier option sold out, or back. The storefront
 * greys it out within seconds (live menu events) and the server refuses orders containing it.
 * Offline: the tap fails with a toast and nothing changes (a sold-out mark the server has not
 * accepted would let customers order what the kitchen cannot cook).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { Spinner } from '../../../components/skeleton';
import { useT } from '../../../lib/i18n';
import { useErrorHandler } from '../../../lib/use-error-handler';
import { notify } from '../../../lib/notify';
import type { AdminMenu } from '../../../shared/schemas/admin';
import { adminKeys, adminMenuQueryOptions, setSoldOut } from '../api/admin-api';

export function SoldOutSection() {
  const t = useT();
  const { refusalMessage } = useErrorHandler();
  const queryClient = useQueryClient();
  const menu = useQuery(adminMenuQueryOptions());
  const toggle = useMutation({
    mutationFn: (input: { kind: 'items' | 'options'; id: number; soldOut: boolean }) => setSoldOut(input.kind, input.id, input.soldOut),
    onSuccess: (_answer, input) => {
      queryClient.setQueryData<AdminMenu>(adminKeys.menu(), (current) =>
        current
          ? {
              ...current,
              [input.kind]: current[input.kind].map((entry) => (entry.id === input.id ? { ...entry, soldOut: input.soldOut } : entry)),
            }
          : current,
      );
    },
    onError: (error) =>
      notify({
        type: 'error',
        title: t('admin.common.error'),
        message: refusalMessage(error, t('admin.soldOut.failed')),
      }),
  });

  if (menu.isPending) return <Spinner label={t('admin.soldOut.loading')} />;
  if (menu.isError) {
    return (
      <div className="admin-card" role="alert">
        <p>{t('admin.soldOut.loadFailed')}</p>
        <button type="button" className="button" onClick={() => void menu.refetch()}>
          {t('admin.common.retry')}
        </button>
      </div>
    );
  }

  const categories = [...new Set(menu.data.items.map((item) => item.categoryName))];
  const groups = [...new Set(menu.data.options.map((option) => option.groupName))];
  const pendingId = toggle.isPending ? `${toggle.variables.kind}:${toggle.variables.id}` : null;

  const row = (kind: 'items' | 'options', entry: { id: number; name: string; soldOut: boolean }) => (
    <li key={entry.id} className={`admin-soldout__row${entry.soldOut ? ' admin-soldout__row--out' : ''}`}>
      <span className="admin-soldout__name">{entry.name}</span>
      <button
        type="button"
        className={`button ${entry.soldOut ? '' : 'button--outline'} admin-soldout__toggle`}
        aria-pressed={entry.soldOut}
        aria-label={t('admin.soldOut.toggle', { name: entry.name })}
        disabled={pendingId === `${kind}:${entry.id}`}
        onClick={() => toggle.mutate({ kind, id: entry.id, soldOut: !entry.soldOut })}
      >
        {entry.soldOut ? t('admin.soldOut.soldOut') : t('admin.soldOut.available')}
      </button>
    </li>
  );

  return (
    <div className="admin-soldout">
      <p className="admin-muted">{t('admin.soldOut.intro')}</p>
      {categories.map((category) => (
        <section key={category} className="admin-card">
          <h3>{category}</h3>
          <ul className="admin-soldout__list">{menu.data.items.filter((i) => i.categoryName === category).map((i) => row('items', i))}</ul>
        </section>
      ))}
      <section className="admin-card">
        <h3>{t('admin.soldOut.options')}</h3>
        {groups.map((group) => (
          <div key={group}>
            <h4>{group}</h4>
            <ul className="admin-soldout__list">{menu.data.options.filter((o) => o.groupName === group).map((o) => row('options', o))}</ul>
          </div>
        ))}
      </section>
    </div>
  );
}
