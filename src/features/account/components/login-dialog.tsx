/**
 * The login / register dialog (spec §2): tabs 'Sign In' (email, password) and 'Sign Up' (email,
 * password, first name, last name, optional phone), plus 'Sign in with Google' when the server has
 * it configured. Opens from anywhere through loginModalAtom (header, footer, checkout); closes after
 * a successful sign-in and refreshes the current user. Failures show the spec's toasts.
 *
 * Loaded on first opening (see login-modal.tsx). Online only: sign-in cannot be queued, and an
 * offline attempt says so.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import type { FormEvent, KeyboardEvent } from 'react';
import { useId, useRef, useState } from 'react';

import { Dialog } from '../../../components/dialog';
import { ApiRequestError, NetworkError } from '../../../lib/api-fetch';
import type { MessageId, Translate } from '../../../lib/i18n';
import { useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import type { ScreenErrorHandler } from '../../../lib/use-error-handler';
import { useErrorHandler } from '../../../lib/use-error-handler';
import type { LoginModalTab } from '../../../entities/session/login-modal';
import { loginModalAtom } from '../../../entities/session/login-modal';
import { loginInputSchema, registerInputSchema } from '../../../shared/schemas/account';
import { MIN_PASSWORD_LENGTH } from '../../../shared/schemas/user';
import { authProvidersQueryOptions, setCurrentUser, signIn, signUp } from '../api/account-api';
import './login-dialog.css';
import { GOOGLE_SIGN_IN_PATH, showGoogleSignIn } from '../sign-in-providers';

const TABS: { id: LoginModalTab; label: MessageId }[] = [
  { id: 'sign-in', label: 'account.tabs.signIn' },
  { id: 'sign-up', label: 'account.tabs.signUp' },
];

const FIELD_LABELS = {
  email: 'account.field.email',
  password: 'account.field.password',
  firstName: 'account.field.firstName',
  lastName: 'account.field.lastName',
  phone: 'account.field.phone',
} as const satisfies Record<string, MessageId>;

type FieldErrors = Partial<Record<string, string>>;

/** Field messages from a zod failure of the shared schemas, in words a person understands. */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; code: string }[], form: FormData, t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (errors[field]) continue;
    const label = field in FIELD_LABELS ? t(FIELD_LABELS[field as keyof typeof FIELD_LABELS]) : field;
    const value = form.get(field);
    if (typeof value !== 'string' || !value.trim()) errors[field] = t('account.validation.required', { label });
    else if (field === 'email' && issue.code !== 'too_big') errors[field] = t('account.validation.email');
    else if (field === 'password' && issue.code === 'too_small')
      errors[field] = t('account.validation.passwordTooShort', { min: MIN_PASSWORD_LENGTH });
    else if (issue.code === 'too_big') errors[field] = t('account.validation.tooLong', { label });
    else errors[field] = t('account.validation.invalid', { label });
  }
  return errors;
}

/** Offline, the server's refusal for the statuses that say what to do (worded by its code), else `fallback`. */
function failureMessage(
  error: unknown,
  fallback: string,
  useServerMessageFor: readonly number[],
  words: { t: Translate; errors: ScreenErrorHandler },
): string {
  if (error instanceof NetworkError) return words.t('account.offline');
  if (error instanceof ApiRequestError && useServerMessageFor.includes(error.status)) return words.errors.describeError(error).message;
  return fallback;
}

interface FieldProps {
  name: string;
  label: string;
  type?: string;
  autoComplete: string;
  error: string | undefined;
  optional?: boolean;
  autoFocus?: boolean;
  hint?: string;
}

function Field({ name, label, type = 'text', autoComplete, error, optional, autoFocus, hint }: FieldProps) {
  const t = useT();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {optional ? <span className="login-modal__optional">{t('account.field.optional')}</span> : null}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        data-autofocus={autoFocus ? '' : undefined}
      />
      {hint ? (
        <p id={hintId} className="login-modal__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const [, setModal] = useAtom(loginModalAtom);
  return async (user: Parameters<typeof setCurrentUser>[1]) => {
    setModal((current) => ({ ...current, open: false }));
    await setCurrentUser(queryClient, user);
  };
}

/**
 * The failure said inside the dialog too: the modal makes the rest of the page inert, so the toast
 * outside it is not announced to screen readers while the dialog is open.
 */
function FormError({ message }: { message: string | null }) {
  return (
    <p role="alert" className="login-modal__error">
      {message}
    </p>
  );
}

function SignInForm() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const complete = useCompleteSignIn();
  const [, setModal] = useAtom(loginModalAtom);
  const t = useT();
  const errorHandler = useErrorHandler();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = loginInputSchema.safeParse({ email: form.get('email'), password: form.get('password') });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, form, t));
      return;
    }
    setErrors({});
    setFormError(null);
    setPending(true);
    try {
      const user = await signIn(parsed.data);
      await complete(user);
    } catch (error) {
      setPending(false);
      // 401 carries the spec's own text; 429 says how long to wait.
      const message = failureMessage(error, t('account.signIn.failed'), [401, 429], { t, errors: errorHandler });
      setFormError(message);
      notify({ type: 'error', title: t('account.signIn.failedTitle'), message });
    }
  }

  return (
    <form className="login-modal__form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Field name="email" label={t('account.field.email')} type="email" autoComplete="email" error={errors.email} autoFocus />
      <Field name="password" label={t('account.field.password')} type="password" autoComplete="current-password" error={errors.password} />
      {/* A reset link by e-mail (issue 21); the page lives in the account-security feature. */}
      <Link to="/forgot-password" onClick={() => setModal((current) => ({ ...current, open: false }))}>
        {t('account.signIn.forgot')}
      </Link>
      <FormError message={formError} />
      <button type="submit" className="button button--block" disabled={pending}>
        {pending ? t('account.signIn.pending') : t('account.signIn.submit')}
      </button>
    </form>
  );
}

function SignUpForm() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const complete = useCompleteSignIn();
  const t = useT();
  const errorHandler = useErrorHandler();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = registerInputSchema.safeParse({
      email: form.get('email'),
      password: form.get('password'),
      firstName: form.get('firstName'),
      lastName: form.get('lastName'),
      phone: form.get('phone'),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, form, t));
      return;
    }
    setErrors({});
    setFormError(null);
    setPending(true);
    try {
      const user = await signUp(parsed.data);
      await complete(user);
    } catch (error) {
      setPending(false);
      // 409 (e-mail taken) and 429 (too many attempts) tell the person what to do; anything else is generic.
      const message = failureMessage(error, t('account.signUp.failed'), [409, 429], { t, errors: errorHandler });
      setFormError(t('account.signUp.formError', { message }));
      notify({ type: 'error', title: t('account.signUp.failedTitle'), message });
    }
  }

  return (
    <form className="login-modal__form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Field name="email" label={t('account.field.email')} type="email" autoComplete="email" error={errors.email} autoFocus />
      <Field
        name="password"
        label={t('account.field.password')}
        type="password"
        autoComplete="new-password"
        error={errors.password}
        hint={t('account.signUp.passwordHint', { min: MIN_PASSWORD_LENGTH })}
      />
      <div className="login-modal__row">
        <Field name="firstName" label={t('account.field.firstName')} autoComplete="given-name" error={errors.firstName} />
        <Field name="lastName" label={t('account.field.lastName')} autoComplete="family-name" error={errors.lastName} />
      </div>
      <Field name="phone" label={t('account.field.phone')} type="tel" autoComplete="tel" error={errors.phone} optional />
      <FormError message={formError} />
      <button type="submit" className="button button--block" disabled={pending}>
        {pending ? t('account.signUp.pending') : t('account.signUp.submit')}
      </button>
    </form>
  );
}

export function LoginDialog({ tab, onTab, onClose }: { tab: LoginModalTab; onTab(tab: LoginModalTab): void; onClose(): void }) {
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<LoginModalTab, HTMLButtonElement | null>>>({});
  const { data: providers } = useQuery(authProvidersQueryOptions());
  const t = useT();
  const active = TABS.find((entry) => entry.id === tab) ?? TABS[0]!;

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    // WAI-ARIA tabs: arrows (and Home/End) move between tabs and select them.
    const index = TABS.findIndex((entry) => entry.id === tab);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    if (next === null) return;
    event.preventDefault();
    const target = TABS[next]!.id;
    onTab(target);
    tabRefs.current[target]?.focus();
  }

  return (
    <Dialog title={t(active.label)} hideTitle onClose={onClose} className="login-modal">
      <div className="login-modal__content">
        <p className="login-modal__brand">{t('account.dialog.brand')}</p>
        <div role="tablist" aria-label={t('account.dialog.tabsLabel')} className="login-modal__tabs">
          {TABS.map((entry) => (
            <button
              key={entry.id}
              ref={(element) => {
                tabRefs.current[entry.id] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${entry.id}`}
              aria-selected={entry.id === tab}
              aria-controls={`${baseId}-panel`}
              tabIndex={entry.id === tab ? 0 : -1}
              className="login-modal__tab"
              onClick={() => onTab(entry.id)}
              onKeyDown={onTabKeyDown}
            >
              {t(entry.label)}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${tab}`} className="login-modal__panel">
          {/* A key per tab: switching starts the form fresh. */}
          {tab === 'sign-in' ? <SignInForm key="sign-in" /> : <SignUpForm key="sign-up" />}
          {showGoogleSignIn(providers) ? (
            <>
              <p className="login-modal__or" aria-hidden="true">
                {t('account.dialog.or')}
              </p>
              {/* A full navigation: the server redirects to Google and back to this site. */}
              <a className="button button--outline button--block" href={GOOGLE_SIGN_IN_PATH}>
                {t('account.dialog.google')}
              </a>
            </>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
