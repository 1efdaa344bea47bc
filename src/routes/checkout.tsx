import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';

import { ProtectedPage } from '../components/protected-page';
import { Spinner } from '../components/skeleton';
import { currentUserQueryOptions, useCurrentUser } from '../entities/session/api/get-current-user';
import { addressesQueryOptions } from '../features/addresses/api/addresses-api';
import { AddressList } from '../features/addresses/components/address-list';
import { AddressPanel } from '../features/addresses/components/address-panel';
import { CheckoutScreen } from '../features/checkout/components/checkout-screen';
import type { AddressSlots } from '../features/checkout/components/fulfilment-section';
import { useT } from '../lib/i18n';

export const Route = createFileRoute('/checkout')({
  // The fixed bottom bar takes the footer's place.
  staticData: { hideFooter: true },
  loader: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions()).catch(() => null);
    if (!user) return;
    // Imported here so these APIs stay out of the first-load bundle.
    const [{ restaurantAtOrderingQueryOptions }, { addressesQueryOptions }] = await Promise.all([
      import('../features/checkout/api/checkout-api'),
      import('../features/addresses/api/addresses-api'),
    ]);
    await Promise.all([
      // fetchQuery, not ensureQueryData: a reading the other pages left (up to 5 minutes old) is
      // read again first, so checkout opens with the hours and the open toggle of now.
      context.queryClient.fetchQuery(restaurantAtOrderingQueryOptions()),
      context.queryClient.ensureQueryData(addressesQueryOptions()),
    ]).catch(() => undefined);
  },
  component: CheckoutPage,
});

function DeliveryAddressList({ selectedId, onSelect }: Parameters<AddressSlots['renderAddressList']>[0]) {
  const t = useT();
  return (
    <AddressList selectable variant="radio" selectedId={selectedId} onSelect={onSelect} label={t('common.checkout.deliveryAddress')} />
  );
}

/** The addresses feature's picker and add dialog, composed into checkout here (features never import each other). */
const addressSlots: AddressSlots = {
  renderAddressList: ({ selectedId, onSelect }) => <DeliveryAddressList selectedId={selectedId} onSelect={onSelect} />,
  renderAddAddress: ({ onDone }) => <AddressPanel onDone={onDone} />,
};

function CheckoutPage() {
  const t = useT();
  const navigate = useNavigate();
  const { data: user, isPending } = useCurrentUser();
  const addresses = useQuery({ ...addressesQueryOptions(), enabled: !!user });
  const goHome = useCallback(() => void navigate({ to: '/', replace: true }), [navigate]);
  const showConfirmation = useCallback(
    (orderNumber: string) =>
      navigate({ to: '/order-confirmation/cash/$orderNumber', params: { orderNumber }, search: { status: 'success' } }),
    [navigate],
  );
  const showQueued = useCallback(
    (queueId: string) => navigate({ to: '/order-confirmation/queued/$queueId', params: { queueId } }),
    [navigate],
  );
  if (isPending) return <Spinner label={t('common.checkout.loading')} />;
  // Spec §2 says guests go home, issue 4 lists /checkout under the protected wrapper: a guest gets
  // 'Access restricted' (with the way home); a signed-in customer with an empty cart is sent home.
  if (!user) return <ProtectedPage>{null}</ProtectedPage>;
  return (
    <ProtectedPage>
      <CheckoutScreen
        user={user}
        addresses={{ data: addresses.data, isError: addresses.isError, refetch: addresses.refetch }}
        slots={addressSlots}
        onCartEmpty={goHome}
        onCashOrderPlaced={showConfirmation}
        onCashOrderQueued={showQueued}
      />
    </ProtectedPage>
  );
}
