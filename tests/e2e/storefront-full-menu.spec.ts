/**
 * Issue 3, /meniul-complet: search with and without diacritics, chips, counts, empty state and reset. The
 * browser is English: dishes and chips show the seed's English names, and the search finds a dish by
 * either language's name (issue 23).
 */
import { expectNoSeriousAxeViolations, expectTouchTargets } from './storefront-a11y';
import { expect, test } from './fixtures';

test('full menu: the whole catalogue, search, chips, empty state and reset', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/meniul-complet');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Meniul Complet' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Înapoi' })).toHaveAttribute('href', '/');
  await expect(main.getByText('51 produse').first()).toBeVisible();
  const products = main.getByRole('list', { name: 'Produse' }).getByRole('listitem');
  await expect(products).toHaveCount(51);

  const ceafa = products.filter({ hasText: 'Grilled pork neck' });
  await expect(ceafa).toContainText('Off the charcoal grill');
  await expect(ceafa).toContainText('Kg');
  await expect(ceafa).toContainText('129.00 lei');
  await expect(ceafa).toContainText('Tradițional românesc');
  const orderBox = main.getByRole('complementary', { name: 'Pentru comenzi' });
  await expect(orderBox.getByRole('link', { name: '0244 520 520' })).toHaveAttribute('href', 'tel:0244520520');
  await expect(orderBox).toContainText('11:00-22:00');
  await expectNoSeriousAxeViolations(page);
  if (test.info().project.name === 'phone') await expectTouchTargets(main.getByRole('group', { name: 'Filtrează după categorie' }));

  const search = main.getByPlaceholder('Caută produse...');
  // By the dish's Romanian name, without its diacritics or in capitals, and by its English name.
  await search.fill('ceafa');
  await expect(products).toHaveCount(1);
  await expect(products).toContainText('Grilled pork neck');
  await expect(main.getByRole('status').filter({ hasText: 'produs' })).toHaveText('1 produs pentru „ceafa”');
  await search.fill('CEAFĂ');
  await expect(products).toHaveCount(1);
  await search.fill('pork neck');
  await expect(products).toHaveCount(1);
  await expect(products).toContainText('Grilled pork neck');
  await expect(main.getByRole('status').filter({ hasText: 'produs' })).toHaveText('1 produs pentru „pork neck”');
  await search.fill('salată');
  await expect(products).toHaveCount(12);
  await expect(main.getByRole('status').filter({ hasText: 'produse' })).toHaveText('12 produse pentru „salată”');

  await search.fill('');
  await main.getByRole('button', { name: /Desserts/ }).click();
  await expect(main.getByRole('button', { name: /Desserts/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(products).toHaveCount(5);
  await expect(page).toHaveURL(/categorie=desert/);
  await search.fill('mici');
  await expect(main.getByText('Nu am găsit produse')).toBeVisible();
  await expect(main.getByText('Încearcă să schimbi filtrele sau termenii de căutare')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await main.getByRole('button', { name: 'Resetează filtrele' }).click();
  await expect(search).toHaveValue('');
  await expect(main.getByRole('button', { name: 'Toate' })).toHaveAttribute('aria-pressed', 'true');
  await expect(products).toHaveCount(51);
});

test('full menu: the search term survives a reload (it lives in the URL)', async ({ page }) => {
  await page.goto('/meniul-complet?q=mici');
  await expect(page.getByPlaceholder('Caută produse...')).toHaveValue('mici');
  await expect(page.getByRole('list', { name: 'Produse' }).getByRole('listitem')).toHaveCount(1);
});

test('full menu by keyboard only: Tab to the chips, Enter and Space choose, the reset button works', async ({ page }) => {
  await page.goto('/meniul-complet');
  const main = page.getByRole('main');
  const products = main.getByRole('list', { name: 'Produse' }).getByRole('listitem');
  await expect(products).toHaveCount(51);
  const chips = main.getByRole('group', { name: 'Filtrează după categorie' });
  const search = main.getByPlaceholder('Caută produse...');
  // From the search box, Tab walks forward until the 'Sides' (Garnituri) chip has focus.
  await search.focus();
  const garnituri = chips.getByRole('button', { name: /Sides/ });
  for (let i = 0; i < 10 && !(await garnituri.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(garnituri).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(garnituri).toHaveAttribute('aria-pressed', 'true');
  await expect(products).toHaveCount(11);
  await page.keyboard.press('Tab');
  const next = chips.getByRole('button', { name: /Home cooking/ });
  await expect(next).toBeFocused();
  await page.keyboard.press('Space');
  await expect(next).toHaveAttribute('aria-pressed', 'true');
  await expect(garnituri).toHaveAttribute('aria-pressed', 'false');
  await expect(products.filter({ hasText: "Today's set menu" })).toHaveCount(1);
  // Type a search that finds nothing, then reach and press the reset button by keyboard.
  await search.focus();
  await page.keyboard.type('zzz');
  await expect(main.getByText('Nu am găsit produse')).toBeVisible();
  const reset = main.getByRole('button', { name: 'Resetează filtrele' });
  for (let i = 0; i < 15 && !(await reset.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(reset).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(search).toHaveValue('');
  await expect(chips.getByRole('button', { name: 'Toate' })).toHaveAttribute('aria-pressed', 'true');
  await expect(products).toHaveCount(51);
});

test('full menu search: results follow each keystroke, the URL follows a pause, and a chip keeps the typed term', async ({ page }) => {
  // QUALITY P4: typing no longer navigates per keystroke (that made typing lag at 4x CPU).
  await page.goto('/meniul-complet');
  const main = page.getByRole('main');
  const products = main.getByRole('list', { name: 'Produse' }).getByRole('listitem');
  await expect(products).toHaveCount(51);
  const search = main.getByPlaceholder('Caută produse...');
  await search.pressSequentially('salat');
  await expect(search).toHaveValue('salat');
  await expect(products).toHaveCount(12);
  await expect(page).toHaveURL(/[?&]q=salat(&|$)/);
  // A chip pressed right after typing writes the typed term and the category together.
  await search.pressSequentially('a');
  await main.getByRole('button', { name: /Desserts/ }).click();
  await expect(page).toHaveURL(/q=salata/);
  await expect(page).toHaveURL(/categorie=desert/);
  await expect(search).toHaveValue('salata');
  await expect(main.getByText('Nu am găsit produse')).toBeVisible();
});
