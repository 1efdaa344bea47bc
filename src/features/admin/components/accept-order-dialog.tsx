/**
 * Accepting a new order (issue 19): the kitchen picks the preparation time, a preset (15 / 30 / 45 /
 * 60 min) or its own number of minutes, and sees the ready time the customer will be promised (in
 * Bucharest time, by the server's clock). For a delivery the server adds the zone's travel band,
 * so the customer reads an arrival window. Needs the network (admin-api.ts acceptOrder).
 */
import { useId, useState } from 'react';

import { Dialog } from '../../../components/dialog';
import { useT } from '../../../lib/i18n';
import { useServerNow } from '../../../entities/restaurant/api/server-clock';
import { localClockText } from '../../../shared/domain/opening-hours';
import type { Order } from '../../../shared/schemas/order';
import { MAX_PREP_MINUTES, PREP_MINUTES_PRESETS } from '../../../shared/schemas/order';
import type { PrepChoice } from '../prep-time';
import { chosenPrepMinutes } from '../prep-time';

const MS_PER_MINUTE = 60_000;
const PREVIEW_TICK_MS = 15_000;

export function AcceptOrderDialog({
  order,
  busy,
  onClose,
  onAccept,
}: {
  order: Order;
  busy: boolean;
  onClose(): void;
  onAccept(prepMinutes: number): void;
}) {
  const id = useId();
  const t = useT();
  const serverNow = useServerNow(PREVIEW_TICK_MS);
  const [choice, setChoice] = useState<PrepChoice | null>(null);
  const [custom, setCustom] = useState('');
  const minutes = chosenPrepMinutes(choice, custom);
  const readyAt = minutes === null ? null : localClockText(new Date(serverNow + minutes * MS_PER_MINUTE));

  return (
    <Dialog title={t('admin.accept.title', { orderNumber: order.orderNumber })} onClose={onClose}>
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (minutes !== null) onAccept(minutes);
        }}
      >
        <fieldset className="admin-choices">
          <legend>{t('admin.accept.prepTime')}</legend>
          {PREP_MINUTES_PRESETS.map((preset, index) => (
            <label key={preset} className="admin-choice">
              <input
                type="radio"
                name={`${id}-prep`}
                checked={choice?.kind === 'preset' && choice.minutes === preset}
                onChange={() => setChoice({ kind: 'preset', minutes: preset })}
                data-autofocus={index === 0 ? true : undefined}
              />
              {t('admin.common.minutes', { minutes: preset })}
            </label>
          ))}
          <label className="admin-choice">
            <input type="radio" name={`${id}-prep`} checked={choice?.kind === 'custom'} onChange={() => setChoice({ kind: 'custom' })} />
            {t('admin.accept.custom')}
          </label>
        </fieldset>
        {choice?.kind === 'custom' ? (
          <div className="field">
            <label htmlFor={`${id}-custom`}>{t('admin.accept.customMinutes', { max: MAX_PREP_MINUTES })}</label>
            <input
              id={`${id}-custom`}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_PREP_MINUTES}
              step={1}
              required
              value={custom}
              onChange={(e) => setCustom(e.target.value)}
            />
          </div>
        ) : null}
        <p className="admin-muted" aria-live="polite">
          {readyAt ? t('admin.order.readyAt', { time: readyAt }) : t('admin.accept.choose')}
          {readyAt && order.fulfilment === 'delivery' ? ` · ${t('admin.accept.travelNote')}` : ''}
        </p>
        <div className="admin-actions">
          <button type="button" className="button button--outline" onClick={onClose}>
            {t('admin.common.back')}
          </button>
          <button type="submit" className="button" disabled={busy || minutes === null}>
            {busy ? t('admin.accept.accepting') : t('admin.accept.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
