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
import { failureMessage } from './messages';
import { PasswordField } from './password-field';
import './account-security.css';

function EmailStatus({ security }: { security: AccountSecurity }) {
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: () =>
      notify({
        type: 'success',
        title: 'E-mail sent',
        message: `We sent a new confirmation link to ${security.email}. It works for 24 hours.`,
      }),
    onError: (error) => notify({ type: 'error', title: 'Not sent', message: failureMessage(error) }),
  });
  return (
    <div className="account-security__block">
      <h3>E-mail</h3>
      <p>
        {security.email}{' '}
        {security.emailVerified ? (
          <span className="account-security__status account-security__status--ok">Verified</span>
        ) : (
          <span className="account-security__status">Not verified</span>
        )}
      </p>
      {security.emailVerified ? null : (
        <>
          <p className="account-security__hint">Confirming your e-mail lets you reset a forgotten password safely.</p>
          <button type="button" className="button button--outline" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? 'Sending...' : 'Resend verification e-mail'}
          </button>
        </>
      )}
    </div>
  );
}

function PasswordBlock({ security }: { security: AccountSecurity }) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<{ currentPassword?: string; newPassword?: string; form?: string }>({});
  const [formKey, setFormKey] = useState(0);
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setErrors({});
      setFormKey((key) => key + 1);
      void queryClient.invalidateQueries({ queryKey: accountSecurityKeys.security });
      notify({ type: 'success', title: 'Password changed', message: 'Every other device was signed out.' });
    },
    onError: (error) => setErrors({ form: failureMessage(error) }),
  });

  if (security.passwordManagedElsewhere) {
    return (
      <div className="account-security__block">
        <h3>Password</h3>
        <p className="account-security__hint">Your password is kept by the restaurant&apos;s account system; change it there.</p>
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
    if (security.hasPassword && !input.currentPassword) next.currentPassword = 'Current password is required';
    const parsed = changePasswordInputSchema.safeParse(input);
    if (!parsed.success && parsed.error.issues.some((issue) => issue.path[0] === 'newPassword'))
      next.newPassword = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
    if (String(form.get('confirmPassword') ?? '') !== input.newPassword) next.newPassword ??= 'The two new passwords are not the same';
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    change.mutate(parsed.data);
  }

  if (!security.hasPassword && !mayUseSignIn) {
    return (
      <div className="account-security__block">
        <h3>Password</h3>
        <p className="account-security__hint">
          You sign in with Google. To add a password, sign out and sign in again, then set it here within 10 minutes — or use &quot;Forgot
          password?&quot; in the sign-in dialog.
        </p>
      </div>
    );
  }
  return (
    <form key={formKey} className="account-security__block account-security__form" noValidate onSubmit={onSubmit}>
      <h3>{security.hasPassword ? 'Change password' : 'Set a password'}</h3>
      {security.hasPassword ? (
        <PasswordField name="currentPassword" label="Current password" autoComplete="current-password" error={errors.currentPassword} />
      ) : null}
      <PasswordField
        name="newPassword"
        label="New password"
        autoComplete="new-password"
        error={errors.newPassword}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters. Every other device will be signed out.`}
      />
      <PasswordField name="confirmPassword" label="Repeat the new password" autoComplete="new-password" />
      {errors.form ? (
        <p role="alert" className="field__error">
          {errors.form}
        </p>
      ) : null}
      <div>
        <button type="submit" className="button" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : security.hasPassword ? 'Change password' : 'Set password'}
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
  const [confirming, setConfirming] = useState(false);
  const forget = useForgetThisDevice();
  const mutation = useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => forget(),
    onError: (error) => notify({ type: 'error', title: 'Not signed out', message: failureMessage(error) }),
  });
  return (
    <div className="account-security__block">
      <h3>Devices</h3>
      <p className="account-security__hint">Lost a phone or used a shared computer? Sign out on every device, this one included.</p>
      {confirming ? (
        <div className="account-security__actions">
          <button type="button" className="button" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
            {mutation.isPending ? 'Signing out...' : 'Yes, sign out everywhere'}
          </button>
          <button type="button" className="button button--outline" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className="button button--outline" onClick={() => setConfirming(true)}>
          Sign out everywhere
        </button>
      )}
    </div>
  );
}

function DeleteAccountDialog({ security, onClose }: { security: AccountSecurity; onClose(): void }) {
  const forget = useForgetThisDevice();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      notify({ type: 'success', title: 'Account deleted', message: 'Your account and personal data are gone.' });
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
      setError('Please enter your password.');
      return;
    }
    setError(null);
    mutation.mutate({ confirm: true, ...(needsPassword ? { password } : {}) });
  }

  return (
    <Dialog title="Delete my account" onClose={onClose} className="account-security__dialog">
      <form className="account-security__form" noValidate onSubmit={onSubmit}>
        <p>
          This deletes your profile, saved addresses and sign-in methods. Your past orders stay in the restaurant&apos;s books without your
          name, contact details or address. This cannot be undone.{' '}
          <Link to="/privacy" onClick={onClose}>
            What we keep and why
          </Link>
        </p>
        {needsPassword ? (
          <PasswordField name="password" label="Your password" autoComplete="current-password" />
        ) : (
          <p className="account-security__hint">You signed in recently, so no password is needed.</p>
        )}
        {error ? (
          <p role="alert" className="field__error">
            {error}
          </p>
        ) : null}
        <div className="account-security__actions">
          <button type="submit" className="button account-security__danger" disabled={mutation.isPending}>
            {mutation.isPending ? 'Deleting...' : 'Delete my account'}
          </button>
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function YourData({ security }: { security: AccountSecurity }) {
  const [deleting, setDeleting] = useState(false);
  const canDelete = security.hasPassword || security.recentSignInUntil !== null;
  return (
    <div className="account-security__block">
      <h3>Your data</h3>
      <p className="account-security__hint">
        A copy of your profile, addresses and orders as a JSON file. <Link to="/privacy">Privacy</Link>
      </p>
      <div className="account-security__actions">
        {/* A plain download: the server answers with the file as an attachment. Needs a connection. */}
        <a className="button button--outline" href={ACCOUNT_EXPORT_URL} download>
          Download my data
        </a>
        <button type="button" className="button button--outline account-security__danger-outline" onClick={() => setDeleting(true)}>
          Delete my account
        </button>
      </div>
      {deleting ? (
        canDelete ? (
          <DeleteAccountDialog security={security} onClose={() => setDeleting(false)} />
        ) : (
          <Dialog title="Delete my account" onClose={() => setDeleting(false)} className="account-security__dialog">
            <p>For your safety, please sign out and sign in again, then delete your account within 10 minutes.</p>
          </Dialog>
        )
      ) : null}
    </div>
  );
}

export function SecuritySection() {
  const { data: security, isPending, isError, error } = useQuery(accountSecurityQueryOptions());
  return (
    <section className="account-security" aria-labelledby="account-security-title">
      <h2 id="account-security-title" className="account-security__title">
        Security
      </h2>
      {isPending ? <p className="account-security__hint">Loading...</p> : null}
      {isError ? <p className="account-security__hint">{failureMessage(error, 'Security settings could not be loaded.')}</p> : null}
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
  const { data: security, isError, error } = useQuery(accountSecurityQueryOptions());
  return (
    <section className="account-security" aria-labelledby="manager-password-title">
      <h2 id="manager-password-title" className="account-security__title">
        Manager account
      </h2>
      {isError ? <p className="account-security__hint">{failureMessage(error, 'Security settings could not be loaded.')}</p> : null}
      {security ? <PasswordBlock security={security} /> : null}
    </section>
  );
}
