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

import { useT, useWords } from '../../../lib/i18n';
import { currentUserKeys } from '../../../entities/session/api/get-current-user';
import { loginModalAtom } from '../../../entities/session/login-modal';
import { passwordResetCompleteSchema } from '../../../shared/schemas/account-security';
import { MIN_PASSWORD_LENGTH } from '../../../shared/schemas/user';
import { completePasswordReset } from '../api/account-security-api';
import { useFailureMessage } from './messages';
import { useLinkToken } from './use-link-token';
import { PasswordField } from './password-field';
import './account-security.css';

export function ResetPasswordPage() {
  // This screen's words are a part of their own (not in a first visit's load): it waits for them.
  useWords('pages');
  const t = useT();
  const failureMessage = useFailureMessage();
  const token = useLinkToken();
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
      setFieldError(t('account-security.password.tooShort', { min: MIN_PASSWORD_LENGTH }));
      return;
    }
    if (String(form.get('confirmPassword') ?? '') !== newPassword) {
      setFieldError(t('account-security.reset.notSame'));
      return;
    }
    setFieldError(null);
    reset.mutate(parsed.data);
  }

  let content;
  if (!token) {
    content = (
      <p>
        {t('account-security.reset.incomplete')} <Link to="/forgot-password">{t('account-security.reset.askNew')}</Link>.
      </p>
    );
  } else if (reset.isSuccess) {
    content = (
      <>
        <p role="status">{t('account-security.reset.done')}</p>
        <div>
          <button type="button" className="button" onClick={() => openLogin({ open: true, tab: 'sign-in' })}>
            {t('account-security.reset.signIn')}
          </button>
        </div>
      </>
    );
  } else {
    content = (
      <form className="account-security__form" noValidate onSubmit={onSubmit}>
        <PasswordField
          name="newPassword"
          label={t('account-security.password.new')}
          autoComplete="new-password"
          error={fieldError ?? undefined}
          hint={t('account-security.reset.hint', { min: MIN_PASSWORD_LENGTH })}
        />
        <PasswordField name="confirmPassword" label={t('account-security.reset.repeat')} autoComplete="new-password" />
        {reset.isError ? (
          <p role="alert" className="field__error">
            {failureMessage(reset.error)}
          </p>
        ) : null}
        <div>
          <button type="submit" className="button" disabled={reset.isPending}>
            {reset.isPending ? t('account-security.saving') : t('account-security.reset.submit')}
          </button>
        </div>
      </form>
    );
  }
  return (
    <section className="account-page">
      <h1>{t('account-security.reset.title')}</h1>
      <div className="account-page__card">{content}</div>
    </section>
  );
}
