import { createFileRoute } from '@tanstack/react-router';

import { VerifyEmailPage } from '../features/account-security/components/verify-email-page';

export const Route = createFileRoute('/verify-email')({
  component: VerifyEmailPage,
});
