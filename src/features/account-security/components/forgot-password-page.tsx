/**
 * /forgot-password: asks for the account's e-mail and has the server mail a reset link. The answer
 * is the same whether the address has an account or not (the server's own words).
 * Online only: offline the request fails with a message to reconnect; nothing is queued.
 */
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';

import { useT, useWords } from '../../../lib/i18n';
import { passwordResetRequestSchema } from '../../../shared/schemas/account-security';
import { requestPasswordReset } from '../api/account-security-api';
import { useFailureMessage } from './messages';
import './account-security.css';

export function ForgotPasswordPage() {
  // This screen's words are a part of their own (not in a first visit's load): it waits for them.
  useWords('pages');
  const t = useT();
  const failureMessage = useFailureMessage();
  const emailId = useId();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const request = useMutation({ mutationFn: requestPasswordReset });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = passwordResetRequestSchema.safeParse({ email: new FormData(event.currentTarget).get('email') });
    if (!parsed.success) {
      setFieldError(t('account-security.forgot.invalidEmail'));
      return;
    }
    setFieldError(null);
    request.mutate(parsed.data);
  }

  return (
    <section className="account-page">
      <h1>{t('account-security.forgot.title')}</h1>
      <div className="account-page__card">
        {request.isSuccess ? (
          // The server's answer is the same whatever the address; said here in the screen's language.
          <p role="status">{t('account-security.forgot.sent')}</p>
        ) : (
          <form className="account-security__form" noValidate onSubmit={onSubmit}>
            <p>{t('account-security.forgot.intro')}</p>
            <div className="field">
              <label htmlFor={emailId}>{t('account-security.field.email')}</label>
              <input
                id={emailId}
                name="email"
                type="email"
                autoComplete="email"
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? `${emailId}-error` : undefined}
              />
              {fieldError ? (
                <p id={`${emailId}-error`} className="field__error">
                  {fieldError}
                </p>
              ) : null}
            </div>
            {request.isError ? (
              <p role="alert" className="field__error">
                {failureMessage(request.error)}
              </p>
            ) : null}
            <div>
              <button type="submit" className="button" disabled={request.isPending}>
                {request.isPending ? t('account-security.sending') : t('account-security.forgot.submit')}
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
