import { SHOWCASE } from '../sandbox/dataset/showcase';
import { expect, expectAccessible, expectNoPageOverflow, sectionsLoaded, test } from './support/register-fixtures';

test.describe('search', () => {
  test('the home page searches firms by name, and the query lives in the URL', async ({ page }) => {
    await page.goto('/');
    await expectAccessible(page);
    const main = page.getByRole('main');
    await main.getByLabel('Name or reference number').fill(SHOWCASE.unauthorisedSearch);
    await main.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\?q=revolution&type=firm$/);
    await sectionsLoaded(page);
    const table = page.getByRole('table', { name: /Firms matching “revolution”/ });
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Reference number', 'Status', 'Standing', 'Type', 'Postcode or region']);
    await expect(page.getByTestId('result-count')).toContainText(/\d+ firms match “revolution” · page 1 of \d+/);
    // Status is a text tag; a linked name goes to the firm's page.
    await expect(table.getByRole('cell', { name: 'Authorised', exact: true }).first()).toBeVisible();
    const firstLink = table.getByRole('rowheader').first().getByRole('link');
    await expect(firstLink).toHaveAttribute('href', /^\/firm\/\d+$/);
    await expect(page.getByTestId('provenance')).toContainText('Sandbox register');
    await expectAccessible(page);
  });

  test('pages over the register’s pages; unauthorised and clone firms carry a warning and no link', async ({ page }) => {
    await page.goto(`/search?q=${SHOWCASE.unauthorisedSearch}&type=firm`);
    await sectionsLoaded(page);
    await page.getByRole('navigation', { name: 'Firm results pages' }).getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await sectionsLoaded(page);
    await expect(page.getByTestId('result-count')).toContainText('page 2 of');
    await expect(page.getByRole('note').filter({ hasText: /unauthorised or clone firm/ })).toBeVisible();
    const table = page.getByRole('table', { name: /Firms matching/ });
    const clone = table.getByRole('row').filter({ hasText: 'clone of FCA authorised firm' }).first();
    await expect(clone).toContainText('Clone firm');
    await expect(clone.getByRole('link')).toHaveCount(0);
    const unauthorised = table.getByRole('row').filter({ hasText: 'Unauthorised firm' });
    expect(await unauthorised.count()).toBeGreaterThan(1);
    await expectAccessible(page);
  });

  test('sorts by name and filters by status through the address, over one page or every page, saying the position once and the counts', async ({ page }) => {
    await page.goto(`/search?q=${SHOWCASE.unauthorisedSearch}&type=firm&page=2`);
    await sectionsLoaded(page);
    // Where the reader is, said once (not in the caption, the bar above the table or the pager).
    await expect(page.getByRole('main').getByText(/page 2 of \d+/i)).toHaveCount(1);
    const total = Number((await page.getByTestId('result-count').innerText()).match(/^([\d,]+) firms/)?.[1].replace(/,/g, ''));
    expect(total).toBeGreaterThan(20);
    const form = page.getByRole('form', { name: 'Sort and filter the results' });
    // A plain GET form: it works without JavaScript and its result can be shared.
    await expect(form).toHaveAttribute('method', 'get');
    await form.getByLabel('Sort by').selectOption('name');
    await form.getByLabel('Status').selectOption('unauthorised-or-clone');
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
    await expect(page).toHaveURL(/[?&]status=unauthorised-or-clone(&|$)/);
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await sectionsLoaded(page);
    const table = page.getByRole('table', { name: /Firms matching/ });
    const names = (await table.getByRole('rowheader').allInnerTexts()).map((t) => t.split('\n')[0].trim());
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-GB', { sensitivity: 'base', numeric: true })));
    await expect(page.getByTestId('filter-count')).toContainText(`Showing ${names.length} of 20 firms on this page`);
    await expect(page.getByTestId('sort-scope')).toContainText('Sort and filter use the results on this page only.');
    for (const row of await table.locator('tbody tr').all()) await expect(row).toContainText('Not authorised by the FCA');
    // The links of the page keep the sort and the filter.
    await expect(page.getByRole('navigation', { name: 'Firm results pages' }).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'href',
      /sort=name&status=unauthorised-or-clone/,
    );

    // Over every page: the walk the reader asks for, and the count over the whole result set.
    await page.getByRole('link', { name: new RegExp(`Sort and filter all ${total.toLocaleString('en-GB')} firms`) }).click();
    await expect(page).toHaveURL(/[?&]all=1(&|$)/);
    await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
    await expect(page.getByTestId('filter-count')).toContainText(new RegExp(`Showing \\d+ of ${total.toLocaleString('en-GB')} firms:`), { timeout: 60_000 });
    const everywhere = (
      await page
        .getByRole('table', { name: /Firms matching/ })
        .getByRole('rowheader')
        .allInnerTexts()
    ).map((t) => t.split('\n')[0].trim());
    expect(everywhere.length).toBeGreaterThanOrEqual(names.length);
    expect(everywhere).toEqual([...everywhere].sort((a, b) => a.localeCompare(b, 'en-GB', { sensitivity: 'base', numeric: true })));
    await expect(page.getByTestId('filter-count')).toContainText(`Showing ${everywhere.length} of`);
    await expectAccessible(page);

    // Impossible values are refused with the reason.
    const badSort = await page.request.get(`/search?q=${SHOWCASE.unauthorisedSearch}&sort=date`);
    expect(badSort.status()).toBe(400);
    expect(await badSort.text()).toContain('The register’s search gives no status date to sort by.');
    const badStatus = await page.request.get(`/search?q=${SHOWCASE.unauthorisedSearch}&status=${encodeURIComponent('<b>')}`);
    expect(badStatus.status()).toBe(400);
  });

  test('the type switch searches the same words among individuals and funds', async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent(SHOWCASE.individualSearch)}&type=firm`);
    await page.getByRole('navigation', { name: 'Result type' }).getByRole('link', { name: 'Individuals' }).click();
    await expect(page).toHaveURL(/type=individual/);
    await sectionsLoaded(page);
    const table = page.getByRole('table', { name: /Individuals matching “edward thornton”/ });
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Reference number', 'Status', 'Standing', 'Type']);
    await expect(table.getByRole('rowheader').first().getByRole('link')).toHaveAttribute('href', /^\/individual\/[A-Z]{3}\d{5}$/);
    await expect(page.getByRole('navigation', { name: 'Individual results pages' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Result type' }).getByRole('link', { name: 'Funds' }).click();
    await expect(page).toHaveURL(/type=fund/);
    await sectionsLoaded(page);
    await expect(
      page.getByRole('table', { name: /Funds matching “edward thornton”/ }).or(page.getByRole('status').filter({ hasText: 'No funds on the register match “edward thornton”.' })),
    ).toBeVisible();
  });

  test('a bare reference number jumps straight to its record', async ({ page }) => {
    await page.goto(`/search?q=${SHOWCASE.prohibitedIrn.toLowerCase()}&type=firm`);
    await expect(page).toHaveURL(new RegExp(`/individual/${SHOWCASE.prohibitedIrn}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Piers Rowntree');

    // Funds chosen: digits are a PRN.
    await page.goto(`/search?q=${SHOWCASE.umbrellaFundPrn}&type=fund`);
    await expect(page).toHaveURL(new RegExp(`/fund/${SHOWCASE.umbrellaFundPrn}$`));

    // Firms chosen, but no firm has that number: the fund with that PRN is the useful answer.
    await page.goto(`/search?q=${SHOWCASE.umbrellaFundPrn}&type=firm`);
    await expect(page).toHaveURL(new RegExp(`/fund/${SHOWCASE.umbrellaFundPrn}$`));

    // Labelled and pasted forms.
    await page.goto(`/search?q=${encodeURIComponent(`IRN ${SHOWCASE.bankIndividualIrn}`)}`);
    await expect(page).toHaveURL(new RegExp(`/individual/${SHOWCASE.bankIndividualIrn}$`));
    await page.goto(`/search?q=${encodeURIComponent(`https://register.fca.org.uk/services/V0.1/CIS/${SHOWCASE.umbrellaFundPrn}/Subfund?pgnp=2`)}`);
    await expect(page).toHaveURL(new RegExp(`/fund/${SHOWCASE.umbrellaFundPrn}/subfunds\\?page=2$`));

    // An FRN goes to the firm page.
    const res = await page.request.get(`/search?q=${SHOWCASE.bankFrn}`, { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    expect(res.headers().location).toBe(`/firm/${SHOWCASE.bankFrn}`);
  });

  test('a number that is neither an FRN nor a PRN says so', async ({ page }) => {
    await page.goto('/search?q=9999999');
    await expect(page.getByRole('status').filter({ hasText: 'There is no firm with FRN 9999999, and no fund with PRN 9999999 either.' })).toBeVisible();
    await expectAccessible(page);
  });

  test('malformed searches get a clear message and HTTP 400, with nothing sent to the register', async ({ page, sandbox }) => {
    const before = JSON.stringify(sandbox.stats());
    for (const [q, message] of [
      ['bank*', 'Search text cannot contain "*"'],
      ['', 'Enter something to search for'],
      ['x'.repeat(101), 'Search text is at most 100 characters.'],
    ] as const) {
      const res = await page.goto(`/search?q=${encodeURIComponent(q)}&type=firm`);
      expect(res?.status(), q).toBe(400);
      const field = page.getByRole('main').getByLabel('Name or reference number');
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('main').getByText(message).first()).toBeVisible();
      await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'Nothing was searched.' })).toBeVisible();
    }
    const res = await page.goto('/search?q=acme&type=company');
    expect(res?.status()).toBe(400);
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Search type must be firm, individual or fund');
    expect(JSON.stringify(sandbox.stats())).toBe(before);
    await expectAccessible(page);
  });

  test('no results gets suggestions', async ({ page }) => {
    await page.goto('/search?q=zzqxv%20quorple&type=firm');
    await sectionsLoaded(page);
    const status = page.getByRole('status').filter({ hasText: 'No firms on the register match “zzqxv quorple”.' });
    await expect(status).toBeVisible();
    await expect(status.getByRole('link', { name: 'Search firms for “zzqxv” only' })).toHaveAttribute('href', '/search?q=zzqxv&type=firm');
    await expect(status.getByRole('link', { name: 'individuals matching “zzqxv quorple”' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the header typeahead works from the keyboard', async ({ page }) => {
    await page.goto('/markets');
    const box = page.getByRole('combobox', { name: 'Search the register by name or reference number' });
    await box.focus();
    await page.keyboard.type('revo');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(list).toBeVisible();
    const options = list.getByRole('option');
    expect(await options.count()).toBeGreaterThan(1);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('status').filter({ hasText: /suggestions?\. Use the up and down arrows/ })).toBeAttached();

    await page.keyboard.press('ArrowDown');
    const first = options.nth(0);
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expectAccessible(page); // with the list open and an option active
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(first).toHaveAttribute('aria-selected', 'true');

    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).not.toHaveAttribute('aria-activedescendant', /.+/);

    await page.keyboard.press('ArrowDown');
    await expect(list).toBeVisible();
    const name = (await first.locator('span').first().textContent())!;
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/(firm|individual|fund)\/\w+$/);
    expect(name.length).toBeGreaterThan(0);
  });

  test('the typeahead finds an IRN directly, and Enter without a choice runs the full search', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search the register by name or reference number' });
    await box.fill(SHOWCASE.nonAsciiIrn);
    const option = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await expect(option).toHaveCount(1);
    await expect(option).toContainText("Órla Caitríona M'Naghten");
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/individual/${SHOWCASE.nonAsciiIrn}$`));

    await box.fill('revolution');
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=revolution$/);
    await sectionsLoaded(page);
    await expect(page.getByRole('table', { name: /Firms matching “revolution”/ })).toBeVisible();
  });

  test('the typeahead handler validates q and answers JSON', async ({ page }) => {
    const short = await page.request.get('/api/search/typeahead?q=ab');
    expect(short.status()).toBe(400);
    expect(await short.json()).toEqual({ error: 'bad-input', message: 'Type at least 3 characters for suggestions.' });
    const star = await page.request.get('/api/search/typeahead?q=bank*');
    expect(star.status()).toBe(400);
    expect((await star.json()).message).toContain('cannot contain "*"');
    const ok = await page.request.get(`/api/search/typeahead?q=${SHOWCASE.prohibitedIrn}`);
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toEqual({
      query: SHOWCASE.prohibitedIrn.toLowerCase(),
      results: [expect.objectContaining({ name: 'Piers Rowntree', referenceNumber: SHOWCASE.prohibitedIrn, type: 'Individual', href: `/individual/${SHOWCASE.prohibitedIrn}` })],
    });
    const words = await page.request.get('/api/search/typeahead?q=wessex%20horizon');
    const body = await words.json();
    expect(body.results.some((r: { entity: string }) => r.entity === 'fund')).toBe(true);
  });

  test('search results fit a phone screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/search?q=${SHOWCASE.unauthorisedSearch}&type=firm`);
    await sectionsLoaded(page);
    await expectNoPageOverflow(page);
  });
});
