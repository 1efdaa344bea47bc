/**
 * The profile page's Security area (issue 21): whether the e-mail is confirmed (and a new link),
 * change or set the password, sign out everywhere, download my data, delete my account.
 *
 * Online only: each action proves who someone is or ends sessions, so none is queued; offline they
 * fail with a message to reconnect and nothing changes. After signing out everywhere or deleting the
 * account this device forgets the person's data exactly as Sign Out does (src/entities/session/sign-out.ts).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { useState } from 'react';

import { Dialog } from '../../../components/dialog';
import { useT, useWords } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { signOut } from '../../../entities/session/sign-out';
import type { AccountSecurity } from '../../../shared/schemas/account-security';
import { changePasswordInputSchema } from '../../../shared/schemas/account-security';
import { MIN_PASSWORD_LENGTH } from '../../../shared/schemas/user';
import {
  ACCOUNT_EXPORT_URL,
  accountSecurityKeys,
  accountSecurityQueryOptions,
  changePassword,
  deleteAccount,
  resendVerification,
  signOutEverywhere,
} from '../api/account-security-api';
import { useFailureMessage } from './messages';
import { PasswordField } from './password-field';
import './account-security.css';

function EmailStatus({ security }: { security: AccountSecurity }) {
  const t = useT();
  const failureMessage = useFailureMessage();
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: () =>
      notify({
        type: 'success',
        title: t('account-security.email.sentTitle'),
        message: t('account-security.email.sentMessage', { email: security.email }),
      }),
    onError: (error) => notify({ type: 'error', title: t('account-security.email.notSent'), message: failureMessage(error) }),
  });
  return (
    <div className="account-security__block">
      <h3>{t('account-security.email.heading')}</h3>
      <p>
        {security.email}{' '}
        {security.emailVerified ? (
          <span className="account-security__status account-security__status--ok">{t('account-security.email.verified')}</span>
        ) : (
          <span className="account-security__status">{t('account-security.email.notVerified')}</span>
        )}
      </p>
      {security.emailVerified ? null : (
        <>
          <p className="account-security__hint">{t('account-security.email.hint')}</p>
          <button type="button" className="button button--outline" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? t('account-security.sending') : t('account-security.email.resend')}
          </button>
        </>
      )}
    </div>
  );
}

function PasswordBlock({ security }: { security: AccountSecurity }) {
  const t = useT();
  const failureMessage = useFailureMessage();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<{ currentPassword?: string; newPassword?: string; form?: string }>({});
  const [formKey, setFormKey] = useState(0);
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setErrors({});
      setFormKey((key) => key + 1);
      void queryClient.invalidateQueries({ queryKey: accountSecurityKeys.security });
      notify({
        type: 'success',
        title: t('account-security.password.changedTitle'),
        message: t('account-security.password.changedMessage'),
      });
    },
    onError: (error) => setErrors({ form: failureMessage(error) }),
  });

  if (security.passwordManagedElsewhere) {
    return (
      <div className="account-security__block">
        <h3>{t('account-security.password.heading')}</h3>
        <p className="account-security__hint">{t('account-security.password.managedElsewhere')}</p>
      </div>
    );
  }
  const mayUseSignIn = !security.hasPassword && security.recentSignInUntil !== null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      ...(security.hasPassword ? { currentPassword: String(form.get('currentPassword') ?? '') } : {}),
      newPassword: String(form.get('newPassword') ?? ''),
    };
    const next: typeof errors = {};
    if (security.hasPassword && !input.currentPassword) next.currentPassword = t('account-security.password.currentRequired');
    const parsed = changePasswordInputSchema.safeParse(input);
    if (!parsed.success && parsed.error.issues.some((issue) => issue.path[0] === 'newPassword'))
      next.newPassword = t('account-security.password.tooShort', { min: MIN_PASSWORD_LENGTH });
    if (String(form.get('confirmPassword') ?? '') !== input.newPassword) next.newPassword ??= t('account-security.password.newNotSame');
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    change.mutate(parsed.data);
  }

  if (!security.hasPassword && !mayUseSignIn) {
    return (
      <div className="account-security__block">
        <h3>{t('account-security.password.heading')}</h3>
        <p className="account-security__hint">{t('account-security.password.google')}</p>
      </div>
    );
  }
  return (
    <form key={formKey} className="account-security__block account-security__form" noValidate onSubmit={onSubmit}>
      <h3>{security.hasPassword ? t('account-security.password.changeTitle') : t('account-security.password.setTitle')}</h3>
      {security.hasPassword ? (
        <PasswordField
          name="currentPassword"
          label={t('account-security.password.current')}
          autoComplete="current-password"
          error={errors.currentPassword}
        />
      ) : null}
      <PasswordField
        name="newPassword"
        label={t('account-security.password.new')}
        autoComplete="new-password"
        error={errors.newPassword}
        hint={t('account-security.password.newHint', { min: MIN_PASSWORD_LENGTH })}
      />
      <PasswordField name="confirmPassword" label={t('account-security.password.repeatNew')} autoComplete="new-password" />
      {errors.form ? (
        <p role="alert" className="field__error">
          {errors.form}
        </p>
      ) : null}
      <div>
        <button type="submit" className="button" disabled={change.isPending}>
          {change.isPending
            ? t('account-security.saving')
            : security.hasPassword
              ? t('account-security.password.change')
              : t('account-security.password.set')}
        </button>
      </div>
    </form>
  );
}

/** Leaves this device signed out with the person's data gone (the same clean-up as Sign Out), on the home page. */
function useForgetThisDevice() {
  const navigate = useNavigate();
  return async () => {
    await navigate({ to: '/' });
    await signOut();
  };
}

function SignOutEverywhere() {
  const t = useT();
  const failureMessage = useFailureMessage();
  const [confirming, setConfirming] = useState(false);
  const forget = useForgetThisDevice();
  const mutation = useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => forget(),
    onError: (error) => notify({ type: 'error', title: t('account-security.devices.notSignedOut'), message: failureMessage(error) }),
  });
  return (
    <div className="account-security__block">
      <h3>{t('account-security.devices.heading')}</h3>
      <p className="account-security__hint">{t('account-security.devices.hint')}</p>
      {confirming ? (
        <div className="account-security__actions">
          <button type="button" className="button" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
            {mutation.isPending ? t('account-security.signingOut') : t('account-security.devices.confirm')}
          </button>
          <button type="button" className="button button--outline" onClick={() => setConfirming(false)}>
            {t('account-security.cancel')}
          </button>
        </div>
      ) : (
        <button type="button" className="button button--outline" onClick={() => setConfirming(true)}>
          {t('account-security.devices.signOutEverywhere')}
        </button>
      )}
    </div>
  );
}

function DeleteAccountDialog({ security, onClose }: { security: AccountSecurity; onClose(): void }) {
  const t = useT();
  const failureMessage = useFailureMessage();
  const forget = useForgetThisDevice();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      notify({ type: 'success', title: t('account-security.delete.doneTitle'), message: t('account-security.delete.doneMessage') });
      await forget();
    },
    onError: (failure) => setError(failureMessage(failure)),
  });
  const needsPassword = security.hasPassword;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (needsPassword && !password) {
      setError(t('account-security.delete.passwordRequired'));
      return;
    }
    setError(null);
    mutation.mutate({ confirm: true, ...(needsPassword ? { password } : {}) });
  }

  return (
    <Dialog title={t('account-security.delete.title')} onClose={onClose} className="account-security__dialog">
      <form className="account-security__form" noValidate onSubmit={onSubmit}>
        <p>
          {t('account-security.delete.explanation')}{' '}
          <Link to="/privacy" onClick={onClose}>
            {t('account-security.delete.whatWeKeep')}
          </Link>
        </p>
        {needsPassword ? (
          <PasswordField name="password" label={t('account-security.delete.password')} autoComplete="current-password" />
        ) : (
          <p className="account-security__hint">{t('account-security.delete.recentSignIn')}</p>
        )}
        {error ? (
          <p role="alert" className="field__error">
            {error}
          </p>
        ) : null}
        <div className="account-security__actions">
          <button type="submit" className="button account-security__danger" disabled={mutation.isPending}>
            {mutation.isPending ? t('account-security.delete.deleting') : t('account-security.delete.title')}
          </button>
          <button type="button" className="button button--outline" onClick={onClose}>
            {t('account-security.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function YourData({ security }: { security: AccountSecurity }) {
  const t = useT();
  const [deleting, setDeleting] = useState(false);
  const canDelete = security.hasPassword || security.recentSignInUntil !== null;
  return (
    <div className="account-security__block">
      <h3>{t('account-security.data.heading')}</h3>
      <p className="account-security__hint">
        {t('account-security.data.hint')} <Link to="/privacy">{t('account-security.data.privacy')}</Link>
      </p>
      <div className="account-security__actions">
        {/* A plain download: the server answers with the file as an attachment. Needs a connection. */}
        <a className="button button--outline" href={ACCOUNT_EXPORT_URL} download>
          {t('account-security.data.download')}
        </a>
        <button type="button" className="button button--outline account-security__danger-outline" onClick={() => setDeleting(true)}>
          {t('account-security.delete.title')}
        </button>
      </div>
      {deleting ? (
        canDelete ? (
          <DeleteAccountDialog security={security} onClose={() => setDeleting(false)} />
        ) : (
          <Dialog title={t('account-security.delete.title')} onClose={() => setDeleting(false)} className="account-security__dialog">
            <p>{t('account-security.delete.signInAgain')}</p>
          </Dialog>
        )
      ) : null}
    </div>
  );
}

export function SecuritySection() {
  // This screen's words are a part of their own (not in a first visit's load): it waits for them.
  useWords('pages');
  const t = useT();
  const failureMessage = useFailureMessage();
  const { data: security, isPending, isError, error } = useQuery(accountSecurityQueryOptions());
  return (
    <section className="account-security" aria-labelledby="account-security-title">
      <h2 id="account-security-title" className="account-security__title">
        {t('account-security.section.title')}
      </h2>
      {isPending ? <p className="account-security__hint">{t('account-security.section.loading')}</p> : null}
      {isError ? <p className="account-security__hint">{failureMessage(error, t('account-security.section.loadFailed'))}</p> : null}
      {security ? (
        <>
          <EmailStatus security={security} />
          <PasswordBlock security={security} />
          <SignOutEverywhere />
          <YourData security={security} />
        </>
      ) : null}
    </section>
  );
}

/**
 * The manager area's password form (issue 21): the manager changes the password where they work,
 * not only on the profile page. The same form, so the same rules (current password, every other
 * session ends).
 */
export function PasswordSettings() {
  // This screen's words are a part of their own (not in a first visit's load): it waits for them.
  useWords('pages');
  const t = useT();
  const failureMessage = useFailureMessage();
  const { data: security, isError, error } = useQuery(accountSecurityQueryOptions());
  return (
    <section className="account-security" aria-labelledby="manager-password-title">
      <h2 id="manager-password-title" className="account-security__title">
        {t('account-security.manager.title')}
      </h2>
      {isError ? <p className="account-security__hint">{failureMessage(error, t('account-security.section.loadFailed'))}</p> : null}
      {security ? <PasswordBlock security={security} /> : null}
    </section>
  );
}
