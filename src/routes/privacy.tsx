import { createFileRoute } from '@tanstack/react-router';

import { PrivacyPage } from '../features/account-security/components/privacy-page';

export const Route = createFileRoute('/privacy')({
  component: PrivacyPage,
});
