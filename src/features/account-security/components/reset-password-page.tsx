/**
 * /reset-password#token=…: the page a reset e-mail links to. Choosing a new password there ends
 * every session of the account (this device's too), so the person then signs in with it.
 * Online only: offline the form says to reconnect; the link keeps working until it expires.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import type { FormEvent } from 'react';
import { useState } from 'react';

import { currentUserKeys } from '../../../entities/session/api/get-current-user';
import { loginModalAtom } from '../../../entities/session/login-modal';
import { passwordResetCompleteSchema } from '../../../shared/schemas/account-security';
import { MIN_PASSWORD_LENGTH } from '../../../shared/schemas/user';
import { completePasswordReset } from '../api/account-security-api';
import { takeTokenFromLocation } from '../token-from-hash';
import { failureMessage } from './messages';
import { PasswordField } from './password-field';
import './account-security.css';

export function ResetPasswordPage() {
  // Read once on mount; the fragment leaves the address bar.
  const [token] = useState(() => takeTokenFromLocation(window.location, window.history));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const openLogin = useSetAtom(loginModalAtom);
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: completePasswordReset,
    // Every session of the account ended: whoever this device showed as signed in is asked again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKeys.me }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const newPassword = String(form.get('newPassword') ?? '');
    const parsed = passwordResetCompleteSchema.safeParse({ token, newPassword });
    if (!parsed.success) {
      setFieldError(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
      return;
    }
    if (String(form.get('confirmPassword') ?? '') !== newPassword) {
      setFieldError('The two passwords are not the same');
      return;
    }
    setFieldError(null);
    reset.mutate(parsed.data);
  }

  let content;
  if (!token) {
    content = (
      <p>
        This link is not complete. Open the link from the e-mail again, or <Link to="/forgot-password">ask for a new one</Link>.
      </p>
    );
  } else if (reset.isSuccess) {
    content = (
      <>
        <p role="status">Your password is changed, and every device was signed out. Sign in with your new password.</p>
        <div>
          <button type="button" className="button" onClick={() => openLogin({ open: true, tab: 'sign-in' })}>
            Sign In
          </button>
        </div>
      </>
    );
  } else {
    content = (
      <form className="account-security__form" noValidate onSubmit={onSubmit}>
        <PasswordField
          name="newPassword"
          label="New password"
          autoComplete="new-password"
          error={fieldError ?? undefined}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        />
        <PasswordField name="confirmPassword" label="Repeat the new password" autoComplete="new-password" />
        {reset.isError ? (
          <p role="alert" className="field__error">
            {failureMessage(reset.error)}
          </p>
        ) : null}
        <div>
          <button type="submit" className="button" disabled={reset.isPending}>
            {reset.isPending ? 'Saving...' : 'Set new password'}
          </button>
        </div>
      </form>
    );
  }
  return (
    <section className="account-page">
      <h1>Choose a new password</h1>
      <div className="account-page__card">{content}</div>
    </section>
  );
}
