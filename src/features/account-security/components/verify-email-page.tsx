/**
 * /verify-email#token=…: the page a verification e-mail links to. It confirms the address at once
 * (one POST with the link's token) and says how it went.
 * Online only: offline it says to reconnect and offers to try again (the link stays valid 24 hours).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';

import { useT, useWords } from '../../../lib/i18n';
import { verifyEmail } from '../api/account-security-api';
import { accountSecurityKeys } from '../api/account-security-api';
import { useFailureMessage } from './messages';
import { useLinkToken } from './use-link-token';
import './account-security.css';

export function VerifyEmailPage() {
  // This screen's words are a part of their own (not in a first visit's load): it waits for them.
  useWords('pages');
  const t = useT();
  const failureMessage = useFailureMessage();
  const token = useLinkToken();
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSecurityKeys.security }),
  });
  const { mutate } = verify;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  let content;
  if (!token) content = <p>{t('account-security.verify.incomplete')}</p>;
  else if (verify.isSuccess) content = <p role="status">{t('account-security.verify.done', { email: verify.data.email })}</p>;
  else if (verify.isError)
    content = (
      <>
        <p role="alert">{failureMessage(verify.error)}</p>
        <p>
          {t('account-security.verify.askNew')} <Link to="/profile">{t('account-security.verify.profile')}</Link>.
        </p>
        <div>
          <button type="button" className="button button--outline" onClick={() => mutate(token)}>
            {t('account-security.verify.retry')}
          </button>
        </div>
      </>
    );
  else content = <p>{t('account-security.verify.pending')}</p>;
  return (
    <section className="account-page">
      <h1>{t('account-security.verify.title')}</h1>
      <div className="account-page__card">{content}</div>
    </section>
  );
}
