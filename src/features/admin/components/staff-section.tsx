/**
 * Staff (issue 22, docs/decisions/0146-manager-accounts-invited-by-mail.md): the manager accounts,
 * each with its kitchen (All kitchens or one), invitations by e-mail and removal with a
 * confirmation. Only managers of every kitchen see it in the navigation (admin-screen.tsx); the
 * server answers anyone else 403, shown here as a note.
 * Offline: every change here needs the network; it fails at once with a toast saying so and nothing
 * is queued (who may manage the restaurant must not change on its own when a tablet reconnects).
 * The list stays as last loaded; the invite form keeps what was typed.
 */
import './staff-section.css';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';

import { Dialog } from '../../../components/dialog';
import { Spinner } from '../../../components/skeleton';
import { ApiRequestError, NetworkError } from '../../../lib/api-fetch';
import type { MessageId, Translate } from '../../../lib/i18n';
import { useLocale, useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import type { ScreenErrorHandler } from '../../../lib/use-error-handler';
import { useErrorHandler } from '../../../lib/use-error-handler';
import { formatBucharestDateTime } from '../../../shared/bucharest-date-time';
import type { Location } from '../../../shared/schemas/restaurant';
import type { StaffInvite, StaffMember } from '../../../shared/schemas/staff';
import { STAFF_INVITE_TTL_DAYS, staffInviteSchema } from '../../../shared/schemas/staff';
import { adminKeys, inviteManager, removeManager, resendManagerInvitation, setManagerLocation, staffQueryOptions } from '../api/admin-api';

const HTTP_FORBIDDEN = 403;
const ALL_KITCHENS = 'all';
export const STAFF_OFFLINE_MESSAGE: MessageId = 'admin.staff.offline';

/** What a failed change tells the manager: the server's reason, or that the network is missing. */
function failureText(error: unknown, t: Translate, refusalMessage: ScreenErrorHandler['refusalMessage']): string {
  return error instanceof NetworkError ? t(STAFF_OFFLINE_MESSAGE) : refusalMessage(error, t('admin.staff.somethingWrong'));
}

const fullName = (member: Pick<StaffMember, 'firstName' | 'lastName'>) => `${member.firstName} ${member.lastName}`.trim();

export function StaffSection({ locations, userId }: { locations: Location[]; userId: number }) {
  const t = useT();
  const { refusalMessage } = useErrorHandler();
  const staff = useQuery(staffQueryOptions());
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: adminKeys.staff() });
  const kitchenName = (locationId: number | null) =>
    locationId === null
      ? t('admin.staff.everyKitchen')
      : (locations.find((location) => location.id === locationId)?.name ?? t('admin.staff.kitchenNumber', { id: locationId }));

  const relocate = useMutation({
    mutationFn: ({ member, locationId }: { member: StaffMember; locationId: number | null }) =>
      setManagerLocation(member.id, { locationId }),
    onSuccess: (_answer, { member, locationId }) => {
      notify({
        type: 'success',
        title: t('admin.staff.kitchenChanged'),
        message: t('admin.staff.nowManages', { name: fullName(member), kitchen: kitchenName(locationId) }),
      });
      return reload();
    },
    onError: (error) =>
      notify({ type: 'error', title: t('admin.staff.kitchenNotChanged'), message: failureText(error, t, refusalMessage) }),
  });
  const resend = useMutation({
    mutationFn: (member: StaffMember) => resendManagerInvitation(member.id),
    onSuccess: (_answer, member) =>
      notify({
        type: 'success',
        title: t('admin.staff.invitationSent'),
        message: t('admin.staff.newInvitation', { email: member.email }),
      }),
    onError: (error) =>
      notify({ type: 'error', title: t('admin.staff.invitationNotSent'), message: failureText(error, t, refusalMessage) }),
  });
  const remove = useMutation({
    mutationFn: (member: StaffMember) => removeManager(member.id),
    onSuccess: (_answer, member) => {
      setRemoving(null);
      notify({
        type: 'success',
        title: t('admin.staff.removed.title'),
        message: t('admin.staff.removed.message', { name: fullName(member) }),
      });
      return reload();
    },
    onError: (error) => notify({ type: 'error', title: t('admin.staff.notRemoved'), message: failureText(error, t, refusalMessage) }),
  });

  let list;
  if (staff.isPending) list = <Spinner label={t('admin.staff.loading')} />;
  else if (staff.isError && staff.error instanceof ApiRequestError && staff.error.status === HTTP_FORBIDDEN) {
    return <p className="admin-card">{t('admin.staff.forbidden')}</p>;
  } else if (staff.isError) {
    list = (
      <div role="alert">
        <p>{t(staff.error instanceof NetworkError ? STAFF_OFFLINE_MESSAGE : 'admin.staff.loadFailed')}</p>
        <button type="button" className="button" onClick={() => void staff.refetch()}>
          {t('admin.common.retry')}
        </button>
      </div>
    );
  } else {
    list = (
      <ul className="admin-staff__list" aria-label={t('admin.staff.accounts')}>
        {staff.data.staff.map((member) => (
          <StaffRow
            key={member.id}
            member={member}
            isYou={member.id === userId}
            locations={locations}
            busy={
              (relocate.isPending && relocate.variables?.member.id === member.id) ||
              (resend.isPending && resend.variables?.id === member.id)
            }
            onKitchen={(locationId) => relocate.mutate({ member, locationId })}
            onResend={() => resend.mutate(member)}
            onRemove={() => setRemoving(member)}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="admin-staff">
      <p className="admin-muted">{t('admin.staff.intro')}</p>
      <section className="admin-card" aria-labelledby="admin-staff-managers">
        <h2 id="admin-staff-managers" className="admin-staff__title">
          {t('admin.staff.managers')}
        </h2>
        {list}
      </section>
      <InviteForm locations={locations} onInvited={() => void reload()} />
      {removing ? (
        <Dialog title={t('admin.staff.removeTitle', { name: fullName(removing) })} onClose={() => setRemoving(null)}>
          <p>
            {t(removing.passwordSet ? 'admin.staff.removeBody' : 'admin.staff.removeBodyInvited', {
              name: fullName(removing),
              email: removing.email,
            })}
          </p>
          <div className="admin-actions">
            <button type="button" className="button button--outline" data-autofocus onClick={() => setRemoving(null)}>
              {t('admin.staff.keep')}
            </button>
            <button
              type="button"
              className="button admin-staff__remove"
              disabled={remove.isPending}
              onClick={() => remove.mutate(removing)}
            >
              {remove.isPending ? t('admin.staff.removing') : t('admin.staff.removeManager')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}

/** A kitchen choice's options: every kitchen, or one of them. */
function KitchenOptions({ locations }: { locations: Location[] }) {
  const t = useT();
  return (
    <>
      <option value={ALL_KITCHENS}>{t('admin.common.allKitchens')}</option>
      {locations.map((location) => (
        <option key={location.id} value={location.id}>
          {location.name}
        </option>
      ))}
    </>
  );
}

function StaffRow({
  member,
  isYou,
  locations,
  busy,
  onKitchen,
  onResend,
  onRemove,
}: {
  member: StaffMember;
  isYou: boolean;
  locations: Location[];
  busy: boolean;
  onKitchen(locationId: number | null): void;
  onResend(): void;
  onRemove(): void;
}) {
  const id = useId();
  const t = useT();
  const locale = useLocale();
  const name = fullName(member);
  let note: MessageId | null = null;
  if (isYou) note = 'admin.staff.noteYou';
  else if (member.setByConfiguration) note = 'admin.staff.noteConfigured';
  return (
    <li className="admin-staff__member">
      <div className="admin-staff__who">
        <p className="admin-staff__name">{isYou ? t('admin.staff.you', { name }) : name}</p>
        <p className="admin-muted">{member.email}</p>
        <p className="admin-muted">
          {t(member.passwordSet ? 'admin.staff.managerSince' : 'admin.staff.invited', {
            date: formatBucharestDateTime(member.createdAt, locale),
          })}
        </p>
        {note ? <p className="admin-muted">{t(note)}</p> : null}
      </div>
      <div className="field admin-staff__kitchen">
        <label htmlFor={`${id}-kitchen`}>
          {t('admin.common.kitchen')}
          <span className="visually-hidden"> {t('admin.staff.kitchenOf', { name })}</span>
        </label>
        <select
          id={`${id}-kitchen`}
          value={member.locationId === null ? ALL_KITCHENS : String(member.locationId)}
          disabled={isYou || busy}
          onChange={(event) => onKitchen(event.target.value === ALL_KITCHENS ? null : Number(event.target.value))}
        >
          <KitchenOptions locations={locations} />
        </select>
      </div>
      <div className="admin-actions admin-staff__actions">
        {!member.passwordSet && !isYou ? (
          <button type="button" className="button button--outline" disabled={busy} onClick={onResend}>
            {t('admin.staff.sendNewInvitation')}
            <span className="visually-hidden"> {t('admin.staff.toName', { name })}</span>
          </button>
        ) : null}
        {!isYou ? (
          <button type="button" className="button button--outline" disabled={busy || member.setByConfiguration} onClick={onRemove}>
            {t('admin.common.remove')}
            <span className="visually-hidden"> {name}</span>
          </button>
        ) : null}
      </div>
    </li>
  );
}

type InviteField = 'email' | 'firstName' | 'lastName' | 'locationId';
const EMPTY_INVITE = { email: '', firstName: '', lastName: '', kitchen: ALL_KITCHENS };
const FIELD_HINTS: Record<InviteField, MessageId> = {
  email: 'admin.staff.hint.email',
  firstName: 'admin.staff.hint.firstName',
  lastName: 'admin.staff.hint.lastName',
  locationId: 'admin.staff.hint.locationId',
};

function InviteForm({ locations, onInvited }: { locations: Location[]; onInvited(): void }) {
  const id = useId();
  const t = useT();
  const { describeError, refusalMessage } = useErrorHandler();
  const [form, setForm] = useState(EMPTY_INVITE);
  const [errors, setErrors] = useState<Partial<Record<InviteField, string>>>({});
  // One key per invitation: a retry after a lost answer replays it instead of inviting twice.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const update = (patch: Partial<typeof EMPTY_INVITE>) => {
    setForm((current) => ({ ...current, ...patch }));
    setKey(crypto.randomUUID());
  };
  const invite = useMutation({
    mutationFn: ({ body, key: attempt }: { body: StaffInvite; key: string }) => inviteManager(body, attempt),
    onSuccess: ({ member }) => {
      notify({
        type: 'success',
        title: t('admin.staff.invitationSent'),
        message: t('admin.staff.invited.message', { email: member.email, days: STAFF_INVITE_TTL_DAYS }),
      });
      setForm(EMPTY_INVITE);
      setKey(crypto.randomUUID());
      onInvited();
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 409 && error.code === 'email_taken')
        setErrors({ email: describeError(error).message });
      else if (error instanceof ApiRequestError && error.status === 400) setErrors(fieldErrors(error.details, t));
      notify({ type: 'error', title: t('admin.staff.invitationNotSent'), message: failureText(error, t, refusalMessage) });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = staffInviteSchema.safeParse({
      email: form.email,
      firstName: form.firstName,
      lastName: form.lastName,
      locationId: form.kitchen === ALL_KITCHENS ? null : Number(form.kitchen),
    });
    if (!parsed.success) {
      setErrors(
        fieldErrors(
          parsed.error.issues.map((issue) => ({ path: issue.path.join('.') })),
          t,
        ),
      );
      return;
    }
    setErrors({});
    invite.mutate({ body: parsed.data, key });
  };

  const text = (field: 'email' | 'firstName' | 'lastName', label: MessageId, type = 'text', autoComplete = 'off') => (
    <div className="field">
      <label htmlFor={`${id}-${field}`}>{t(label)}</label>
      <input
        id={`${id}-${field}`}
        type={type}
        autoComplete={autoComplete}
        value={form[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
        onChange={(event) => update({ [field]: event.target.value })}
      />
      {errors[field] ? (
        <p id={`${id}-${field}-error`} className="field__error">
          {errors[field]}
        </p>
      ) : null}
    </div>
  );

  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-staff__title">
        {t('admin.staff.invite.title')}
      </h2>
      <p className="admin-muted">{t('admin.staff.invite.intro', { days: STAFF_INVITE_TTL_DAYS })}</p>
      <form className="admin-staff__invite" noValidate onSubmit={onSubmit}>
        {text('email', 'admin.staff.invite.email', 'email')}
        <div className="admin-form__row">
          {text('firstName', 'admin.staff.invite.firstName')}
          {text('lastName', 'admin.staff.invite.lastName')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-kitchen`}>{t('admin.common.kitchen')}</label>
          <select id={`${id}-kitchen`} value={form.kitchen} onChange={(event) => update({ kitchen: event.target.value })}>
            <KitchenOptions locations={locations} />
          </select>
        </div>
        <div className="admin-actions">
          <button type="submit" className="button" disabled={invite.isPending}>
            {invite.isPending ? t('admin.staff.invite.sending') : t('admin.staff.invite.send')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The server's (or the schema's) field paths, each with the form's words for it. */
function fieldErrors(details: unknown, t: Translate): Partial<Record<InviteField, string>> {
  const errors: Partial<Record<InviteField, string>> = {};
  if (!Array.isArray(details)) return errors;
  for (const detail of details as { path?: unknown }[]) {
    const field = String(detail.path ?? '') as InviteField;
    if (field in FIELD_HINTS) errors[field] = t(FIELD_HINTS[field]);
  }
  return errors;
}
