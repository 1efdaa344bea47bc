/** 'Send Feedback' on the order details: a 1-5 rating and a short message, stored on the server. */
import { useState } from 'react';

import { Dialog } from '../../../components/dialog';
import { useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useErrorHandler } from '../../../lib/use-error-handler';
import { MAX_FEEDBACK_MESSAGE_LENGTH, MAX_FEEDBACK_RATING } from '../../../shared/schemas/feedback';
import { sendOrderFeedback } from '../api/orders-api';

const RATINGS = Array.from({ length: MAX_FEEDBACK_RATING }, (_, index) => index + 1);

export function FeedbackDialog({ orderNumber, onClose }: { orderNumber: string; onClose(): void }) {
  const [rating, setRating] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [showError, setShowError] = useState(false);
  const t = useT();
  const { describeError } = useErrorHandler();

  async function submit() {
    if (rating === null) {
      setShowError(true);
      return;
    }
    setBusy(true);
    try {
      await sendOrderFeedback(orderNumber, { rating, message: message.trim() });
      notify({ type: 'success', title: t('orders.feedback.thanks'), message: t('orders.feedback.sent') });
      onClose();
    } catch (error) {
      setBusy(false);
      notify({ type: 'error', title: t('orders.feedback.notSent'), message: describeError(error).message });
    }
  }

  return (
    <Dialog title={t('orders.feedback.send')} onClose={onClose}>
      <form
        className="feedback-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void submit();
        }}
      >
        <fieldset className="feedback-form__rating" aria-describedby={showError && rating === null ? 'feedback-rating-error' : undefined}>
          <legend>{t('orders.feedback.question')}</legend>
          <div className="feedback-form__stars">
            {RATINGS.map((value) => (
              <label key={value} className={`order-chip${rating === value ? ' order-chip--active' : ''}`}>
                <input type="radio" name="feedback-rating" value={value} checked={rating === value} onChange={() => setRating(value)} />
                {t('orders.feedback.stars', { count: value })}
              </label>
            ))}
          </div>
          {showError && rating === null ? (
            <p className="field__error" id="feedback-rating-error">
              {t('orders.feedback.ratingRequired')}
            </p>
          ) : null}
        </fieldset>
        <div className="field">
          <label htmlFor="feedback-message">{t('orders.feedback.message')}</label>
          <textarea
            id="feedback-message"
            rows={4}
            maxLength={MAX_FEEDBACK_MESSAGE_LENGTH}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </div>
        <div className="order-state__actions order-state__actions--start">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('orders.feedback.sending') : t('orders.feedback.send')}
          </button>
          <button type="button" className="button button--outline" onClick={onClose}>
            {t('orders.cancelButton')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
