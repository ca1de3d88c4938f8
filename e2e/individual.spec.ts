import { SHOWCASE } from '../sandbox/dataset/showcase';
import { expect, expectAccessible, expectNoPageOverflow, sectionsLoaded, test } from './support/register-fixtures';

test.describe('individual pages', () => {
  test('a prohibited individual: warnings first, then details, roles and history', async ({ page }) => {
    await page.goto(`/individual/${SHOWCASE.prohibitedIrn}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Piers Rowntree');
    const header = page.locator('main header').first();
    await expect(header).toContainText(`IRN ${SHOWCASE.prohibitedIrn}`);
    await expect(header).toContainText('Regulatory approval no longer required');
    await expect(header.getByTestId('provenance')).toContainText('Retrieved');
    await sectionsLoaded(page);

    const prohibition = page.getByRole('note').filter({ hasText: 'Prohibition order from 1 Mar 2022' });
    await expect(prohibition).toBeVisible();
    // Warnings come before the details.
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.slice(0, 2)).toEqual(['Warnings', 'Details']);
    await expect(page.getByRole('note').filter({ hasText: 'Disciplinary history: 2 actions on the register' })).toBeVisible();

    const history = page.getByRole('table', { name: /Disciplinary history/ });
    await expect(history.getByRole('row').filter({ hasText: 'Fines' })).toContainText('£7,781,000');
    await expect(page.getByRole('link', { name: 'All controlled functions (0 current, 3 previous)' })).toBeVisible();
    await expectAccessible(page);
  });

  test('a bank individual: commonly used name, workplace and current roles linked to the firm', async ({ page }) => {
    await page.goto(`/individual/${SHOWCASE.bankIndividualIrn}`);
    await sectionsLoaded(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beatrice Katherine Sutcliffe');
    await expect(page.locator('main header').first()).toContainText('Known as Bea');
    const details = page.locator('dl').first();
    await expect(details).toContainText('Commonly used name');
    await expect(details.getByRole('link', { name: 'Albion Crown Bank plc' })).toHaveAttribute('href', '/search?q=Albion+Crown+Bank+plc&type=firm');
    await expect(details).toContainText('London');
    const roles = page.getByRole('table', { name: /Current controlled functions/ });
    await expect(roles.getByRole('row').filter({ hasText: 'SMF1 Chief Executive' }).getByRole('link', { name: 'Albion Crown Bank plc' })).toHaveAttribute(
      'href',
      `/firm/${SHOWCASE.bankFrn}`,
    );
    await expect(page.getByText('No prohibition, disciplinary action or restriction is recorded for this individual.')).toBeVisible();
    await expectAccessible(page);
  });

  test('controlled functions: current and previous, each linked to its firm', async ({ page }) => {
    await page.goto(`/individual/${SHOWCASE.bankIndividualIrn}/controlled-functions`);
    await sectionsLoaded(page);
    await expect(page.getByRole('navigation', { name: 'Individual’s pages' }).getByRole('link', { name: 'Controlled functions' })).toHaveAttribute('aria-current', 'page');
    const current = page.getByRole('table', { name: /Current controlled functions/ });
    await expect(current.getByRole('row')).toHaveCount(3); // header + 2
    await expect(current).toContainText('4 Jan 2021');
    const previous = page.getByRole('table', { name: /Previous controlled functions/ });
    await expect(previous.getByRole('columnheader')).toContainText(['Function', 'Firm', 'Effective from', 'Ended']);
    const knight = previous.getByRole('row').filter({ hasText: 'CF3 Chief Executive' });
    await expect(knight).toContainText('30 Mar 2012');
    await expect(knight.getByRole('link')).toHaveAttribute('href', /^\/firm\/\d+$/);
    await expectAccessible(page);
  });

  test('disciplinary history: every action with its dates', async ({ page }) => {
    await page.goto(`/individual/${SHOWCASE.prohibitedIrn}/disciplinary-history`);
    await sectionsLoaded(page);
    const table = page.getByRole('table', { name: /Disciplinary actions/ });
    await expect(table.getByRole('columnheader')).toHaveText(['Action', 'Effective from', 'Enforcement type', 'Description']);
    await expect(table.getByRole('row').filter({ hasText: 'Prohibition' })).toContainText('1 Mar 2022');
    await expect(table.getByRole('row').filter({ hasText: 'Fines' })).toContainText('FSMA');
    await expectAccessible(page);
  });

  test('names with accents and apostrophes, and a lower-case IRN', async ({ page }) => {
    await page.goto(`/individual/${SHOWCASE.nonAsciiIrn.toLowerCase()}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Órla Caitríona M'Naghten");
    await expect(page.locator('main header').first()).toContainText(`IRN ${SHOWCASE.nonAsciiIrn}`);
    await sectionsLoaded(page);
    await expect(page.getByRole('table', { name: /Current controlled functions/ })).toContainText("Ó Súilleabháin & D'Arcy Financial Planning Ltd");
  });

  test('the refresh button fetches the page’s calls again and says so', async ({ page }) => {
    await page.goto(`/individual/${SHOWCASE.bankIndividualIrn}`);
    await sectionsLoaded(page);
    await page.getByRole('button', { name: 'Refresh from the register' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Refresh(ed)? at / })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beatrice Katherine Sutcliffe');
  });

  test('an unknown IRN is a 404 that says what was looked for and offers a search', async ({ page }) => {
    const res = await page.goto('/individual/ZZZ99999');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No individual with IRN ZZZ99999 is on the register');
    await expect(page.getByRole('link', { name: 'Search for an individual by name' })).toHaveAttribute('href', '/search?type=individual');
    await expectAccessible(page);
  });

  test('an impossible IRN is refused with HTTP 400 before any register call', async ({ page, sandbox }) => {
    const before = JSON.stringify(sandbox.stats());
    for (const path of ['/individual/ABC', '/individual/12345678/controlled-functions', '/individual/AB1234567/disciplinary-history']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(400);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('That is not a valid individual reference number (IRN)');
      await expect(page.getByRole('main').getByRole('alert')).toContainText('an IRN is 3 letters and 5 digits');
    }
    expect(JSON.stringify(sandbox.stats())).toBe(before);
    await expectAccessible(page);
  });

  test('prints without navigation or buttons, and fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/individual/${SHOWCASE.bankIndividualIrn}/controlled-functions`);
    await sectionsLoaded(page);
    await expectNoPageOverflow(page);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Refresh from the register' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Individual’s pages' })).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Search the register by name or reference number' })).toBeHidden();
    await expect(page.getByRole('table', { name: /Previous controlled functions/ })).toBeVisible();
  });
});
