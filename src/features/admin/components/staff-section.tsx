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
import { notify } from '../../../lib/notify';
import { formatBucharestDateTime } from '../../../shared/bucharest-date-time';
import type { Location } from '../../../shared/schemas/restaurant';
import type { StaffInvite, StaffMember } from '../../../shared/schemas/staff';
import { STAFF_INVITE_TTL_TEXT, staffInviteSchema } from '../../../shared/schemas/staff';
import { adminKeys, inviteManager, removeManager, resendManagerInvitation, setManagerLocation, staffQueryOptions } from '../api/admin-api';

const HTTP_FORBIDDEN = 403;
const ALL_KITCHENS = 'all';
export const STAFF_OFFLINE_MESSAGE = 'You are offline. Managing staff needs the network: nothing was changed or queued.';

/** What a failed change tells the manager: the server's reason, or that the network is missing. */
function failureText(error: unknown): string {
  if (error instanceof NetworkError) return STAFF_OFFLINE_MESSAGE;
  if (error instanceof ApiRequestError) return error.message;
  return 'Something went wrong. Please try again.';
}

const fullName = (member: Pick<StaffMember, 'firstName' | 'lastName'>) => `${member.firstName} ${member.lastName}`.trim();

export function StaffSection({ locations, userId }: { locations: Location[]; userId: number }) {
  const staff = useQuery(staffQueryOptions());
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: adminKeys.staff() });
  const kitchenName = (locationId: number | null) =>
    locationId === null ? 'every kitchen' : (locations.find((location) => location.id === locationId)?.name ?? `kitchen #${locationId}`);

  const relocate = useMutation({
    mutationFn: ({ member, locationId }: { member: StaffMember; locationId: number | null }) =>
      setManagerLocation(member.id, { locationId }),
    onSuccess: (_answer, { member, locationId }) => {
      notify({ type: 'success', title: 'Kitchen changed', message: `${fullName(member)} now manages ${kitchenName(locationId)}.` });
      return reload();
    },
    onError: (error) => notify({ type: 'error', title: 'Kitchen not changed', message: failureText(error) }),
  });
  const resend = useMutation({
    mutationFn: (member: StaffMember) => resendManagerInvitation(member.id),
    onSuccess: (_answer, member) =>
      notify({
        type: 'success',
        title: 'Invitation sent',
        message: `A new invitation went to ${member.email}; the earlier link no longer works.`,
      }),
    onError: (error) => notify({ type: 'error', title: 'Invitation not sent', message: failureText(error) }),
  });
  const remove = useMutation({
    mutationFn: (member: StaffMember) => removeManager(member.id),
    onSuccess: (_answer, member) => {
      setRemoving(null);
      notify({ type: 'success', title: 'Manager removed', message: `${fullName(member)} is no longer a manager and was signed out.` });
      return reload();
    },
    onError: (error) => notify({ type: 'error', title: 'Manager not removed', message: failureText(error) }),
  });

  let list;
  if (staff.isPending) list = <Spinner label="Loading managers..." />;
  else if (staff.isError && staff.error instanceof ApiRequestError && staff.error.status === HTTP_FORBIDDEN) {
    return <p className="admin-card">Only a manager of every kitchen can manage staff.</p>;
  } else if (staff.isError) {
    list = (
      <div role="alert">
        <p>{staff.error instanceof NetworkError ? STAFF_OFFLINE_MESSAGE : 'Could not load the managers. Please try again.'}</p>
        <button type="button" className="button" onClick={() => void staff.refetch()}>
          Retry
        </button>
      </div>
    );
  } else {
    list = (
      <ul className="admin-staff__list" aria-label="Manager accounts">
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
      <p className="admin-muted">
        A manager of every kitchen sees every board and changes the restaurant&apos;s settings and staff. A manager of one kitchen sees and
        handles only that kitchen&apos;s orders.
      </p>
      <section className="admin-card" aria-labelledby="admin-staff-managers">
        <h2 id="admin-staff-managers" className="admin-staff__title">
          Managers
        </h2>
        {list}
      </section>
      <InviteForm locations={locations} onInvited={() => void reload()} />
      {removing ? (
        <Dialog title={`Remove ${fullName(removing)}?`} onClose={() => setRemoving(null)}>
          <p>
            {fullName(removing)} ({removing.email}) will no longer be a manager: they are signed out on every device at once
            {removing.passwordSet ? '' : ', and their invitation link stops working'}.
          </p>
          <div className="admin-actions">
            <button type="button" className="button button--outline" data-autofocus onClick={() => setRemoving(null)}>
              Keep
            </button>
            <button
              type="button"
              className="button admin-staff__remove"
              disabled={remove.isPending}
              onClick={() => remove.mutate(removing)}
            >
              {remove.isPending ? 'Removing...' : 'Remove manager'}
            </button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}

/** A kitchen choice's options: every kitchen, or one of them. */
function KitchenOptions({ locations }: { locations: Location[] }) {
  return (
    <>
      <option value={ALL_KITCHENS}>All kitchens</option>
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
  const name = fullName(member);
  let note: string | null = null;
  if (isYou) note = 'This is you: another manager of every kitchen can change your kitchen.';
  else if (member.setByConfiguration) note = "Set by the server's configuration (ADMIN_EMAIL): it is not removed here.";
  return (
    <li className="admin-staff__member">
      <div className="admin-staff__who">
        <p className="admin-staff__name">
          {name}
          {isYou ? ' (you)' : ''}
        </p>
        <p className="admin-muted">{member.email}</p>
        <p className="admin-muted">
          {member.passwordSet
            ? `Manager since ${formatBucharestDateTime(member.createdAt)}`
            : `Invited ${formatBucharestDateTime(member.createdAt)}: no password set yet`}
        </p>
        {note ? <p className="admin-muted">{note}</p> : null}
      </div>
      <div className="field admin-staff__kitchen">
        <label htmlFor={`${id}-kitchen`}>
          Kitchen<span className="visually-hidden"> of {name}</span>
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
            Send a new invitation<span className="visually-hidden"> to {name}</span>
          </button>
        ) : null}
        {!isYou ? (
          <button type="button" className="button button--outline" disabled={busy || member.setByConfiguration} onClick={onRemove}>
            Remove<span className="visually-hidden"> {name}</span>
          </button>
        ) : null}
      </div>
    </li>
  );
}

type InviteField = 'email' | 'firstName' | 'lastName' | 'locationId';
const EMPTY_INVITE = { email: '', firstName: '', lastName: '', kitchen: ALL_KITCHENS };
const FIELD_HINTS: Record<InviteField, string> = {
  email: 'Enter a valid e-mail address',
  firstName: 'Enter the first name',
  lastName: 'Enter the last name',
  locationId: 'Choose a kitchen',
};

function InviteForm({ locations, onInvited }: { locations: Location[]; onInvited(): void }) {
  const id = useId();
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
        title: 'Invitation sent',
        message: `${member.email} can choose a password from the e-mail's link for ${STAFF_INVITE_TTL_TEXT}.`,
      });
      setForm(EMPTY_INVITE);
      setKey(crypto.randomUUID());
      onInvited();
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 409 && error.code === 'email_taken') setErrors({ email: error.message });
      else if (error instanceof ApiRequestError && error.status === 400) setErrors(fieldErrors(error.details));
      notify({ type: 'error', title: 'Invitation not sent', message: failureText(error) });
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
      setErrors(fieldErrors(parsed.error.issues.map((issue) => ({ path: issue.path.join('.') }))));
      return;
    }
    setErrors({});
    invite.mutate({ body: parsed.data, key });
  };

  const text = (field: 'email' | 'firstName' | 'lastName', label: string, type = 'text', autoComplete = 'off') => (
    <div className="field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
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
        Invite a manager
      </h2>
      <p className="admin-muted">
        They get an e-mail with a link to choose their password (it works for {STAFF_INVITE_TTL_TEXT}, once). An e-mail that already has an
        account, a customer&apos;s too, cannot be invited.
      </p>
      <form className="admin-staff__invite" noValidate onSubmit={onSubmit}>
        {text('email', 'E-mail', 'email')}
        <div className="admin-form__row">
          {text('firstName', 'First name')}
          {text('lastName', 'Last name')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-kitchen`}>Kitchen</label>
          <select id={`${id}-kitchen`} value={form.kitchen} onChange={(event) => update({ kitchen: event.target.value })}>
            <KitchenOptions locations={locations} />
          </select>
        </div>
        <div className="admin-actions">
          <button type="submit" className="button" disabled={invite.isPending}>
            {invite.isPending ? 'Sending...' : 'Send invitation'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The server's (or the schema's) field paths, each with the form's words for it. */
function fieldErrors(details: unknown): Partial<Record<InviteField, string>> {
  const errors: Partial<Record<InviteField, string>> = {};
  if (!Array.isArray(details)) return errors;
  for (const detail of details as { path?: unknown }[]) {
    const field = String(detail.path ?? '') as InviteField;
    if (field in FIELD_HINTS) errors[field] = FIELD_HINTS[field];
  }
  return errors;
}
