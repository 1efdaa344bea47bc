/**
 * The contact page (spec §2 "Contact"): cards for phone, e-mail, hours and the two locations, and a
 * message form. Sending stores the message on the server; success shows a toast and clears the form,
 * a failure shows the error and keeps what was typed.
 */
import type { FormEvent } from 'react';
import { useState } from 'react';

import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../../components/icons';
import { OpeningHoursInfo } from '../../../components/opening-hours-info';
import type { MessageId, MessageValues } from '../../../lib/i18n';
import { useT, useWords } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useErrorHandler } from '../../../lib/use-error-handler';
import type { ContactMessageInput } from '../../../shared/schemas/contact';
import {
  contactMessageSchema,
  MAX_CONTACT_EMAIL_LENGTH,
  MAX_CONTACT_MESSAGE_LENGTH,
  MAX_CONTACT_NAME_LENGTH,
  MIN_CONTACT_MESSAGE_LENGTH,
} from '../../../shared/schemas/contact';
import type { RestaurantInfo } from '../../../shared/schemas/restaurant';
import { useSendContactMessage } from '../api/send-contact-message';
import './contact-page.css';

interface FieldError {
  id: MessageId;
  values?: MessageValues;
}
type FieldErrors = Partial<Record<keyof ContactMessageInput, FieldError>>;
const EMPTY: ContactMessageInput = { name: '', email: '', message: '' };
const MAX_LENGTH: Record<keyof ContactMessageInput, number> = {
  name: MAX_CONTACT_NAME_LENGTH,
  email: MAX_CONTACT_EMAIL_LENGTH,
  message: MAX_CONTACT_MESSAGE_LENGTH,
};

/** What the schema refused, as the screen's language says it (the schema's own words are English). */
function fieldError(field: keyof ContactMessageInput, code: string): FieldError {
  if (code === 'too_big') return { id: 'contact.form.error.tooLong', values: { max: MAX_LENGTH[field] } };
  if (field === 'name') return { id: 'contact.form.error.name' };
  if (field === 'email') return { id: 'contact.form.error.email' };
  return { id: 'contact.form.error.message', values: { min: MIN_CONTACT_MESSAGE_LENGTH } };
}

export function ContactPage({ info, hoursText }: { info: RestaurantInfo | undefined; hoursText: string }) {
  useWords('pages');
  const t = useT();
  const [values, setValues] = useState<ContactMessageInput>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const send = useSendContactMessage();
  const { handleError } = useErrorHandler();

  const update = (field: keyof ContactMessageInput) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = contactMessageSchema.safeParse(values);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof ContactMessageInput;
        next[field] ??= fieldError(field, issue.code);
      }
      setErrors(next);
      return;
    }
    send.mutate(parsed.data, {
      onSuccess: () => {
        setValues(EMPTY);
        notify({ type: 'success', title: t('contact.sent.title'), message: t('contact.sent.message') });
      },
      onError: (error) => handleError(error, t('contact.notSent')),
    });
  };

  const errorOf = (field: keyof ContactMessageInput) => {
    const error = errors[field];
    return error ? (
      <p id={`contact-${field}-error`} className="field__error">
        {t(error.id, error.values)}
      </p>
    ) : null;
  };

  return (
    <div className="contact">
      <h1 className="contact__title">{t('contact.title')}</h1>
      <p className="contact__lead">{t('contact.lead')}</p>
      <div className="contact__cards">
        <section className="contact-card" aria-labelledby="contact-phone">
          <PhoneIcon />
          <h2 id="contact-phone">{t('contact.phone')}</h2>
          {info ? <a href={`tel:${info.settings.phone.replace(/\s+/g, '')}`}>{info.settings.phone}</a> : <p>…</p>}
        </section>
        <section className="contact-card" aria-labelledby="contact-email">
          <MailIcon />
          <h2 id="contact-email">{t('contact.email')}</h2>
          {info ? <a href={`mailto:${info.settings.email}`}>{info.settings.email}</a> : <p>…</p>}
        </section>
        <section className="contact-card" aria-labelledby="contact-hours">
          <ClockIcon />
          <h2 id="contact-hours">{t('contact.hours')}</h2>
          <OpeningHoursInfo
            locations={info?.locations}
            fallback={t('contact.hoursFallback', { hours: hoursText })}
            dailyLabel={t('contact.openDaily')}
          />
        </section>
        {(info?.locations ?? []).map((location) => (
          <section key={location.id} className="contact-card" aria-labelledby={`contact-location-${location.id}`}>
            <MapPinIcon />
            <h2 id={`contact-location-${location.id}`}>{location.name}</h2>
            <p>{location.address}</p>
            <a href={`tel:${location.phone.replace(/\s+/g, '')}`}>{location.phone}</a>
          </section>
        ))}
      </div>

      <section className="contact-form" aria-labelledby="contact-form-title">
        <h2 id="contact-form-title">{t('contact.form.title')}</h2>
        <form noValidate onSubmit={submit}>
          <div className="field">
            <label htmlFor="contact-name">{t('contact.form.name')}</label>
            <input
              id="contact-name"
              name="name"
              autoComplete="name"
              value={values.name}
              onChange={update('name')}
              aria-invalid={!!errors.name}
              aria-describedby={errors.name ? 'contact-name-error' : undefined}
            />
            {errorOf('name')}
          </div>
          <div className="field">
            <label htmlFor="contact-email-input">{t('contact.form.email')}</label>
            <input
              id="contact-email-input"
              name="email"
              type="email"
              autoComplete="email"
              value={values.email}
              onChange={update('email')}
              aria-invalid={!!errors.email}
              aria-describedby={errors.email ? 'contact-email-error' : undefined}
            />
            {errorOf('email')}
          </div>
          <div className="field">
            <label htmlFor="contact-message">{t('contact.form.message')}</label>
            <textarea
              id="contact-message"
              name="message"
              rows={5}
              maxLength={MAX_CONTACT_MESSAGE_LENGTH}
              value={values.message}
              onChange={update('message')}
              aria-invalid={!!errors.message}
              aria-describedby={errors.message ? 'contact-message-error' : undefined}
            />
            {errorOf('message')}
          </div>
          <button type="submit" className="button" disabled={send.isPending}>
            {send.isPending ? t('contact.form.sending') : t('contact.form.send')}
          </button>
        </form>
      </section>
    </div>
  );
}
