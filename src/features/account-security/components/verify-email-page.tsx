/**
 * /verify-email#token=…: the page a verification e-mail links to. It confirms the address at once
 * (one POST with the link's token) and says how it went.
 * Online only: offline it says to reconnect and offers to try again (the link stays valid 24 hours).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

import { verifyEmail } from '../api/account-security-api';
import { accountSecurityKeys } from '../api/account-security-api';
import { takeTokenFromLocation } from '../token-from-hash';
import { failureMessage } from './messages';
import './account-security.css';

export function VerifyEmailPage() {
  const [token] = useState(() => takeTokenFromLocation(window.location, window.history));
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
  if (!token) content = <p>This link is not complete. Open the link from the e-mail again.</p>;
  else if (verify.isSuccess) content = <p role="status">Thank you: {verify.data.email} is confirmed.</p>;
  else if (verify.isError)
    content = (
      <>
        <p role="alert">{failureMessage(verify.error)}</p>
        <p>
          You can ask for a new link on your <Link to="/profile">profile</Link>.
        </p>
        <div>
          <button type="button" className="button button--outline" onClick={() => mutate(token)}>
            Try again
          </button>
        </div>
      </>
    );
  else content = <p>Confirming your e-mail...</p>;
  return (
    <section className="account-page">
      <h1>Confirm your e-mail</h1>
      <div className="account-page__card">{content}</div>
    </section>
  );
}
