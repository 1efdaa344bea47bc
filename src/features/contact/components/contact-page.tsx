/**
 * The contact page (spec §2 "Contact"): cards for phone, e-mail, hours and the two locations, and a
 * message form. Sending stores the message on the server; success shows a toast and clears the form,
 * a failure shows the error and keeps what was typed.
 */
import type { FormEvent } from 'react';
import { useState } from 'react';

import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../../components/icons';
import { OpeningHoursInfo } from '../../../components/opening-hours-info';
import { notify } from '../../../lib/notify';
import { useErrorHandler } from '../../../lib/use-error-handler';
import type { ContactMessageInput } from '../../../shared/schemas/contact';
import { contactMessageSchema, MAX_CONTACT_MESSAGE_LENGTH } from '../../../shared/schemas/contact';
import type { RestaurantInfo } from '../../../shared/schemas/restaurant';
import { useSendContactMessage } from '../api/send-contact-message';
import './contact-page.css';

type FieldErrors = Partial<Record<keyof ContactMessageInput, string>>;
const EMPTY: ContactMessageInput = { name: '', email: '', message: '' };

export function ContactPage({ info, hoursText }: { info: RestaurantInfo | undefined; hoursText: string }) {
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
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    send.mutate(parsed.data, {
      onSuccess: () => {
        setValues(EMPTY);
        notify({ type: 'success', title: 'Message sent', message: 'Mulțumim! Vă răspundem în cel mai scurt timp.' });
      },
      onError: (error) => handleError(error, 'Message not sent'),
    });
  };

  const fieldError = (field: keyof ContactMessageInput) =>
    errors[field] ? (
      <p id={`contact-${field}-error`} className="field__error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <div className="contact">
      <h1 className="contact__title">Contact</h1>
      <p className="contact__lead">Suntem aici pentru comenzi, rezervări și orice întrebare despre meniu.</p>
      <div className="contact__cards">
        <section className="contact-card" aria-labelledby="contact-phone">
          <PhoneIcon />
          <h2 id="contact-phone">Telefon</h2>
          {info ? <a href={`tel:${info.settings.phone.replace(/\s+/g, '')}`}>{info.settings.phone}</a> : <p>…</p>}
        </section>
        <section className="contact-card" aria-labelledby="contact-email">
          <MailIcon />
          <h2 id="contact-email">E-mail</h2>
          {info ? <a href={`mailto:${info.settings.email}`}>{info.settings.email}</a> : <p>…</p>}
        </section>
        <section className="contact-card" aria-labelledby="contact-hours">
          <ClockIcon />
          <h2 id="contact-hours">Program</h2>
          <OpeningHoursInfo locations={info?.locations} fallback={`${hoursText}, deschis zilnic`} dailyLabel="Deschis zilnic" />
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
        <h2 id="contact-form-title">Trimite-ne un mesaj</h2>
        <form noValidate onSubmit={submit}>
          <div className="field">
            <label htmlFor="contact-name">Name</label>
            <input
              id="contact-name"
              name="name"
              autoComplete="name"
              value={values.name}
              onChange={update('name')}
              aria-invalid={!!errors.name}
              aria-describedby={errors.name ? 'contact-name-error' : undefined}
            />
            {fieldError('name')}
          </div>
          <div className="field">
            <label htmlFor="contact-email-input">Email</label>
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
            {fieldError('email')}
          </div>
          <div className="field">
            <label htmlFor="contact-message">Message</label>
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
            {fieldError('message')}
          </div>
          <button type="submit" className="button" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send Message'}
          </button>
        </form>
      </section>
    </div>
  );
}
