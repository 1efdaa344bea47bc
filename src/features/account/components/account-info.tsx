/**
 * Profile 'Account Info' tab (spec §2 Profile): view and edit first name, last name and phone; the
 * e-mail is read-only. Success: 'Profile updated'. Failure: 'Failed' / 'Failed to update your
 * profile. Please try again' (spec §8). No client-side validation (spec §5); the server decides.
 *
 * Offline: the edit is not queued yet; it fails with a message saying to reconnect, and the form
 * keeps what was typed (the outbox for profile edits is a later issue).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';

import { useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { MAX_NAME_LENGTH, MAX_PHONE_LENGTH } from '../../../shared/schemas/user';
import type { ProfileUpdateInput } from '../../../shared/schemas/account';
import type { CurrentUser } from '../../../shared/schemas/user';
import { updateProfile } from '../api/account-api';
import './account-info.css';

function ReadOnlyRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="account-info__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function AccountInfo({ user }: { user: CurrentUser }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const firstInputRef = useRef<HTMLInputElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Keyboard users land in the form they just opened, and back on 'Edit Profile' when it closes.
  useEffect(() => {
    if (editing) firstInputRef.current?.focus();
    else if (wasEditing.current) editButtonRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const queryClient = useQueryClient();
  const ids = { first: useId(), last: useId(), phone: useId(), email: useId(), emailNote: useId() };
  const mutation = useMutation({
    mutationFn: (input: ProfileUpdateInput) => updateProfile(queryClient, user, input),
    onSuccess: ({ queued }) => {
      setEditing(false);
      notify(
        queued
          ? { type: 'success', title: t('account.info.queuedTitle'), message: t('account.info.queuedMessage') }
          : { type: 'success', title: t('account.info.updated') },
      );
    },
    onError: () => {
      notify({ type: 'error', title: t('account.info.failedTitle'), message: t('account.info.failedMessage') });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    mutation.mutate({
      firstName: String(form.get('firstName') ?? ''),
      lastName: String(form.get('lastName') ?? ''),
      phone: String(form.get('phone') ?? ''),
    });
  }

  if (!editing) {
    return (
      <div className="account-info">
        <div className="account-info__header">
          <h2 className="account-info__title">{t('account.info.title')}</h2>
          <button ref={editButtonRef} type="button" className="button button--outline" onClick={() => setEditing(true)}>
            {t('account.info.edit')}
          </button>
        </div>
        <dl className="account-info__list">
          <ReadOnlyRow label={t('account.field.firstName')} value={user.firstName || '—'} />
          <ReadOnlyRow label={t('account.field.lastName')} value={user.lastName || '—'} />
          <ReadOnlyRow label={t('account.field.email')} value={user.email} />
          <ReadOnlyRow label={t('account.field.phone')} value={user.phone ?? '—'} />
        </dl>
      </div>
    );
  }

  return (
    <form className="account-info" onSubmit={onSubmit}>
      <div className="account-info__header">
        <h2 className="account-info__title">{t('account.info.editTitle')}</h2>
      </div>
      <div className="account-info__grid">
        <div className="field">
          <label htmlFor={ids.first}>{t('account.field.firstName')}</label>
          <input
            id={ids.first}
            name="firstName"
            autoComplete="given-name"
            defaultValue={user.firstName}
            maxLength={MAX_NAME_LENGTH}
            ref={firstInputRef}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.last}>{t('account.field.lastName')}</label>
          <input id={ids.last} name="lastName" autoComplete="family-name" defaultValue={user.lastName} maxLength={MAX_NAME_LENGTH} />
        </div>
        <div className="field">
          <label htmlFor={ids.email}>{t('account.field.email')}</label>
          <input id={ids.email} type="email" value={user.email} readOnly aria-describedby={ids.emailNote} />
          <p id={ids.emailNote} className="account-info__note">
            {t('account.info.emailNote')}
          </p>
        </div>
        <div className="field">
          <label htmlFor={ids.phone}>{t('account.field.phone')}</label>
          <input id={ids.phone} name="phone" type="tel" autoComplete="tel" defaultValue={user.phone ?? ''} maxLength={MAX_PHONE_LENGTH} />
        </div>
      </div>
      <div className="account-info__actions">
        <button type="submit" className="button" disabled={mutation.isPending}>
          {mutation.isPending ? t('account.info.saving') : t('account.info.save')}
        </button>
        <button type="button" className="button button--outline" disabled={mutation.isPending} onClick={() => setEditing(false)}>
          {t('account.info.cancel')}
        </button>
      </div>
    </form>
  );
}
