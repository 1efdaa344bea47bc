/**
 * Change every price in a category by a percentage or an amount in lei (issue 18). The preview is
 * the server's own calculation (it rounds to whole bani and refuses a price at or below 0, naming
 * the dish) and needs the network; applying is queued like every menu change.
 */
import { useId, useState } from 'react';

import { ApiRequestError } from '../../../lib/api-fetch';
import type { Bani } from '../../../shared/money';
import { formatLei } from '../../../shared/money';
import type { BulkPrice, EditorCatalogue } from '../../../shared/schemas/menu-editor';
import { cataloguePaths, previewBulkPrice } from '../api/catalogue-api';
import type { MenuWrites } from '../hooks/use-menu-writes';
import { parseSignedLeiToBani } from '../price';
import { FieldError } from './field-error';

type Preview = { request: BulkPrice; changes: { dishId: number; name: string; beforeBani: number; afterBani: number }[] };

const PERCENT_PATTERN = /^[+-]?\d{1,3}([.,]\d)?$/;

export function BulkPriceView({ catalogue, writes }: { catalogue: EditorCatalogue; writes: MenuWrites }) {
  const id = useId();
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
      setProblem(mode === 'percent' ? 'Enter a percentage, e.g. 10 or -5' : 'Enter an amount in lei, e.g. 2.50 or -1');
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      setPreview({ request: body, changes: (await previewBulkPrice(body)).changes });
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : 'The preview needs a connection. Try again when you are online.');
    } finally {
      setBusy(false);
    }
  };

  const onApply = () => {
    if (!preview) return;
    const category = catalogue.categories.find((c) => c.id === preview.request.categoryId);
    void writes.send(
      { label: `Prices in ${category?.name ?? 'a category'}`, method: 'POST', path: cataloguePaths.bulkPrice(), body: preview.request },
      {
        savedMessage: `${preview.changes.length === 1 ? '1 price' : `${preview.changes.length} prices`} changed`,
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

  return (
    <section className="admin-card" aria-labelledby="me-bulk-title">
      <h2 id="me-bulk-title" className="me-pane__title">
        Change prices in a category
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
            <label htmlFor={`${id}-category`}>Category</label>
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
            <legend>Change by</legend>
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
                {option === 'percent' ? 'Percentage' : 'Amount in lei'}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={`${id}-value`}>{mode === 'percent' ? 'Change (%)' : 'Change (lei)'}</label>
            <input
              id={`${id}-value`}
              inputMode="decimal"
              placeholder={mode === 'percent' ? '10 or -5' : '2.50 or -1'}
              value={valueText}
              onChange={(e) => {
                setValueText(e.target.value);
                setPreview(null);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
            <FieldError id={`${id}-problem`} message={problem ?? undefined} />
          </div>
        </div>
        <div className="admin-actions">
          <button type="submit" className="button button--outline" disabled={busy || categoryId === null}>
            {busy ? 'Calculating...' : 'Preview'}
          </button>
        </div>
      </form>
      {preview ? (
        <>
          {preview.changes.length === 0 ? (
            <p>No prices would change.</p>
          ) : (
            <table className="me-table">
              <caption>New prices (not saved yet)</caption>
              <thead>
                <tr>
                  <th scope="col">Dish</th>
                  <th scope="col">Now</th>
                  <th scope="col">New</th>
                </tr>
              </thead>
              <tbody>
                {preview.changes.map((change) => (
                  <tr key={change.dishId}>
                    <th scope="row">{change.name}</th>
                    <td>{formatLei(change.beforeBani as Bani)}</td>
                    <td>{formatLei(change.afterBani as Bani)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="admin-actions">
            <button type="button" className="button" disabled={preview.changes.length === 0} onClick={onApply}>
              Apply new prices
            </button>
            <button type="button" className="button button--outline" onClick={() => setPreview(null)}>
              Cancel
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}
