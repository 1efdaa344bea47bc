/**
 * Change every price in a category by a percentage or an amount in lei (issue 18). The preview is
 * the server's own calculation (it rounds to whole bani and refuses a price at or below 0, naming
 * the dish) and needs the network; applying is queued like every menu change.
 */
import { useId, useState } from 'react';

import { useLocale, useT } from '../../../lib/i18n';
import { useErrorHandler } from '../../../lib/use-error-handler';
import type { Bani } from '../../../shared/money';
import { formatLei } from '../../../shared/money';
import type { BulkPrice, EditorCatalogue } from '../../../shared/schemas/menu-editor';
import { cataloguePaths, previewBulkPrice } from '../api/catalogue-api';
import type { MenuWrites } from '../hooks/use-menu-writes';
import { parseSignedLeiToBani } from '../price';
import { FieldErrorText } from './field-error';

type Preview = { request: BulkPrice; changes: { dishId: number; name: string; beforeBani: number; afterBani: number }[] };

const PERCENT_PATTERN = /^[+-]?\d{1,3}([.,]\d)?$/;

export function BulkPriceView({ catalogue, writes }: { catalogue: EditorCatalogue; writes: MenuWrites }) {
  const id = useId();
  const t = useT();
  const { refusalMessage } = useErrorHandler();
  const locale = useLocale();
  const [categoryId, setCategoryId] = useState<number | null>(catalogue.categories[0]?.id ?? null);
  const [mode, setMode] = useState<BulkPrice['mode']>('percent');
  const [valueText, setValueText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);

  const request = (): BulkPrice | null => {
    if (categoryId === null) return null;
    if (mode === 'percent') {
      const text = valueText.trim().replace(',', '.');
      if (!PERCENT_PATTERN.test(text)) return null;
      return { categoryId, mode, value: Number(text) };
    }
    const bani = parseSignedLeiToBani(valueText);
    return bani === null ? null : { categoryId, mode, value: bani };
  };

  const onPreview = async () => {
    setPreview(null);
    const body = request();
    if (!body) {
      setProblem(mode === 'percent' ? t('menu-editor.bulk.percentProblem') : t('menu-editor.bulk.amountProblem'));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      setPreview({ request: body, changes: (await previewBulkPrice(body)).changes });
    } catch (error) {
      setProblem(refusalMessage(error, t('menu-editor.bulk.offline')));
    } finally {
      setBusy(false);
    }
  };

  const onApply = () => {
    if (!preview) return;
    const category = catalogue.categories.find((c) => c.id === preview.request.categoryId);
    void writes.send(
      {
        label: category ? t('menu-editor.write.pricesIn', { category: category.name }) : t('menu-editor.write.pricesInACategory'),
        method: 'POST',
        path: cataloguePaths.bulkPrice(),
        body: preview.request,
      },
      {
        savedMessage: t('menu-editor.bulk.changed', { count: preview.changes.length }),
        optimistic: (current) => ({
          ...current,
          dishes: current.dishes.map((dish) => {
            const change = preview.changes.find((c) => c.dishId === dish.id);
            return change ? { ...dish, priceBani: change.afterBani } : dish;
          }),
        }),
      },
    );
    setPreview(null);
    setValueText('');
  };

  const valuePlaceholder = mode === 'percent' ? t('menu-editor.bulk.percentPlaceholder') : t('menu-editor.bulk.amountPlaceholder');
  return (
    <section className="admin-card" aria-labelledby="me-bulk-title">
      <h2 id="me-bulk-title" className="me-pane__title">
        {t('menu-editor.bulk.title')}
      </h2>
      <form
        className="admin-form me-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onPreview();
        }}
      >
        <div className="me-form__grid">
          <div className="field">
            <label htmlFor={`${id}-category`}>{t('menu-editor.field.category')}</label>
            <select
              id={`${id}-category`}
              value={categoryId ?? ''}
              onChange={(e) => {
                setCategoryId(Number(e.target.value));
                setPreview(null);
              }}
            >
              {catalogue.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="admin-choices me-fieldset">
            <legend>{t('menu-editor.bulk.changeBy')}</legend>
            {(['percent', 'amount'] as const).map((option) => (
              <label key={option} className="admin-choice">
                <input
                  type="radio"
                  name={`${id}-mode`}
                  checked={mode === option}
                  onChange={() => {
                    setMode(option);
                    setPreview(null);
                  }}
                />
                {option === 'percent' ? t('menu-editor.bulk.percent') : t('menu-editor.bulk.amount')}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={`${id}-value`}>
              {mode === 'percent' ? t('menu-editor.bulk.percentLabel') : t('menu-editor.bulk.amountLabel')}
            </label>
            <input
              id={`${id}-value`}
              inputMode="decimal"
              placeholder={valuePlaceholder}
              value={valueText}
              onChange={(e) => {
                setValueText(e.target.value);
                setPreview(null);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
            <FieldErrorText id={`${id}-problem`} text={problem ?? undefined} />
          </div>
        </div>
        <div className="admin-actions">
          <button type="submit" className="button button--outline" disabled={busy || categoryId === null}>
            {busy ? t('menu-editor.bulk.calculating') : t('menu-editor.bulk.preview')}
          </button>
        </div>
      </form>
      {preview ? (
        <>
          {preview.changes.length === 0 ? (
            <p>{t('menu-editor.bulk.noChange')}</p>
          ) : (
            <table className="me-table">
              <caption>{t('menu-editor.bulk.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('menu-editor.bulk.dish')}</th>
                  <th scope="col">{t('menu-editor.bulk.now')}</th>
                  <th scope="col">{t('menu-editor.bulk.new')}</th>
                </tr>
              </thead>
              <tbody>
                {preview.changes.map((change) => (
                  <tr key={change.dishId}>
                    <th scope="row">{change.name}</th>
                    <td>{formatLei(change.beforeBani as Bani, locale)}</td>
                    <td>{formatLei(change.afterBani as Bani, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="admin-actions">
            <button type="button" className="button" disabled={preview.changes.length === 0} onClick={onApply}>
              {t('menu-editor.bulk.apply')}
            </button>
            <button type="button" className="button button--outline" onClick={() => setPreview(null)}>
              {t('menu-editor.cancel')}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}
