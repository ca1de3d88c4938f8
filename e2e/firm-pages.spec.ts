import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { FIRM_SECTION_SLUGS } from '@/lib/sections/firm-sections';
import { sandboxOrigin } from './support/shared-portal';
import { expect, test } from './support/signed-in';

// Every firm route renders a showcase record with its values visible (the sandbox's fixed
// showcase data: sandbox/dataset/showcase-records.ts).

const bank = SHOWCASE.bankFrn;

test.describe('firm overview', () => {
  test('at a glance: principal address and trading names in the header, a count on every card, no warnings said, and what it cost the register', async ({ page }) => {
    // Register calls the sandbox answered for this view (at most: anything cached costs nothing).
    const requests = async () =>
      Object.values((await (await fetch(`${sandboxOrigin}/__sandbox/stats`)).json()) as Record<string, { requests: number }>).reduce((n, u) => n + u.requests, 0);
    const before = await requests();
    await page.goto(`/firm/${bank}`);
    const glance = page.getByTestId('firm-header').getByTestId('firm-at-a-glance');
    await expect(glance.getByTestId('firm-principal-address')).toContainText(/\w+/);
    await expect(glance.getByTestId('firm-principal-address')).not.toContainText('not available');
    await expect(glance.getByTestId('firm-trading-names')).not.toContainText('not available');
    for (const slug of FIRM_SECTION_SLUGS) {
      await expect(page.getByTestId(`count-${slug}`), slug).toHaveText(/^(None recorded|\d[\d,]* \w+)/);
    }
    await expect(page.getByTestId('count-waivers')).toHaveText('34 waivers');
    await expect(page.getByTestId('no-warnings')).toContainText('No warnings on the register');
    const spent = (await requests()) - before;
    console.log(`firm overview of ${bank}: ${spent} register calls (cold at most 13: the record, 12 counts, the standing's reads shared with two of them)`);
    expect(spent).toBeLessThanOrEqual(13);
  });

  test('the bank: header, key facts, section links with counts, provenance', async ({ page }) => {
    await page.goto(`/firm/${bank}`);
    const header = page.getByTestId('firm-header');
    await expect(header.getByRole('heading', { level: 1 })).toHaveText('Albion Crown Bank plc');
    await expect(header).toContainText('FRN');
    await expect(header).toContainText(bank);
    await expect(header).toContainText('Authorised');
    await expect(header).toContainText('since 1 Dec 2001');
    await expect(header).toContainText('Regulated');
    await expect(header.getByTestId('provenance')).toContainText('Sandbox register');
    const facts = page.getByRole('region', { name: 'Key facts' });
    await expect(facts).toContainText('02164830');
    await expect(facts).toContainText('Registered, since 18 Jul 2014');
    const sections = page.getByRole('navigation', { name: 'On the register' });
    for (const title of [
      'Permissions',
      'Requirements',
      'Individuals',
      'Controlled functions',
      'Appointed representatives',
      'Disciplinary history',
      'Passports',
      'Waivers',
      'Exclusions',
      'Names',
      'Address',
      'Regulators',
    ]) {
      await expect(sections.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', new RegExp(`^/firm/${bank}/`));
    }
    await expect(page.getByTestId('count-requirements')).toHaveText('5 requirements');
    await expect(page.getByTestId('count-appointed-representatives')).toHaveText('None recorded');
    await expect(page.getByTestId('count-permissions')).toContainText('permissions');
  });

  test('warnings come first: Exceptional Info notices and a sub-status', async ({ page }) => {
    await page.goto(`/firm/${SHOWCASE.exceptionalInfoFrn}`);
    const warnings = page.getByRole('region', { name: 'Warnings' });
    await expect(warnings).toContainText('Firm in administration');
    await expect(warnings).toContainText('Client money and assets');
    await expect(warnings).toContainText('Sub-status: In administration');
    await expect(warnings).toContainText('In force from 14 Oct 2025');
    await expect(page.getByTestId('no-warnings')).toHaveCount(0);
  });

  test('a firm no longer authorised, and an appointed representative, are flagged', async ({ page }) => {
    await page.goto(`/firm/${SHOWCASE.noLongerAuthorisedFrns[0]}`);
    await expect(page.getByRole('region', { name: 'Warnings' })).toContainText('Status: No longer authorised');
    await expect(page.getByRole('region', { name: 'Warnings' })).toContainText('30 Jun 2019');
    await page.goto(`/firm/${SHOWCASE.appointedRepresentativeFrn}`);
    await expect(page.getByRole('region', { name: 'Warnings' })).toContainText('Appointed representative: not authorised in its own right');
  });

  test('a payment institution shows its PSD status', async ({ page }) => {
    await page.goto(`/firm/${SHOWCASE.paymentInstitutionFrn}`);
    await expect(page.getByRole('region', { name: 'Key facts' })).toContainText('Authorised Payment Institution, since 1 Mar 2018');
  });
});

test.describe('firm sections', () => {
  test('address: principal place of business and complaints contact', async ({ page }) => {
    await page.goto(`/firm/${bank}/address`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Address');
    const ppob = page.getByRole('region', { name: 'Principal place of business' });
    await expect(ppob).toContainText('Crown House');
    await expect(ppob).toContainText('EC2V 6AA');
    await expect(ppob.getByRole('link', { name: 'www.albioncrownbank.co.uk' })).toHaveAttribute('href', 'https://www.albioncrownbank.co.uk');
    await expect(ppob.getByRole('link', { name: '+4402079460001' })).toHaveAttribute('href', 'tel:+4402079460001');
    await expect(page.getByRole('region', { name: 'Complaints contact' })).toContainText("Siobhán O'Hara");
  });

  test('appointed representatives: both buckets, links both ways, paging by the larger bucket', async ({ page }) => {
    const frn = SHOWCASE.networkPrincipalFrn;
    await page.goto(`/firm/${frn}/appointed-representatives`);
    await expect(page.getByText('1,544 appointed representatives in all')).toBeVisible();
    const current = page.getByRole('table', { name: /Current appointed representatives/ });
    const previous = page.getByRole('table', { name: /Previous appointed representatives/ });
    await expect(current.getByRole('row')).toHaveCount(11);
    await expect(previous.getByRole('columnheader', { name: 'Termination date' })).toBeVisible();
    await expect(current.getByRole('rowheader').first().getByRole('link')).toHaveAttribute('href', /^\/firm\/\d+$/);
    // The link back to the principal is on paper only (the page itself is the principal's): hidden on screen, printed.
    const back = current.getByRole('link', { name: 'Kingsmere Mortgage Network Limited', includeHidden: true }).first();
    await expect(back).toHaveAttribute('href', `/firm/${frn}`);
    await expect(back).toBeHidden();
    const pager = page.getByRole('navigation', { name: 'Appointed representatives pages' });
    // Where the reader is, said once: in the bar above the rows (printed too), not again at the pager.
    await expect(page.getByTestId('list-position')).toContainText('Page 1 of at least 78');
    await expect(page.getByRole('main').getByText(/page 1 of at least 78/i)).toHaveCount(1);
    await expect(pager).not.toContainText('of at least');
    await pager.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(`/firm/${frn}/appointed-representatives?page=2`);
    await expect(page.getByTestId('list-position')).toContainText('Page 2 of at least 78');
    await expect(page.getByRole('main').getByText(/page 2 of at least 78/i)).toHaveCount(1);
  });

  test('a long list: first, previous, next and last, a jump to any page, and a search of every page that says how many rows match', async ({ page }) => {
    const frn = SHOWCASE.networkPrincipalFrn;
    await page.goto(`/firm/${frn}/appointed-representatives`);
    const pager = page.getByRole('navigation', { name: 'Appointed representatives pages' });
    await expect(pager.locator('[aria-current="page"]')).toHaveText('Page 1');
    // The register has not said how many pages there are (two buckets): Last asks the portal to find the last one.
    await expect(pager.getByRole('link', { name: 'Last page' })).toHaveAttribute('href', `/firm/${frn}/appointed-representatives?page=last`);
    await expect(pager.getByRole('link', { name: 'First page' })).toHaveCount(0);
    await pager.getByRole('link', { name: 'Last page' }).click();
    await expect(page).toHaveURL(`/firm/${frn}/appointed-representatives?page=last`);
    const lastPager = page.getByRole('navigation', { name: 'Appointed representatives pages' });
    // 714 current and 830 previous representatives, ten of each a page: the previous bucket ends on page 83.
    await expect(page.getByTestId('list-position')).toContainText('Page 83 of 83');
    await expect(lastPager.locator('[aria-current="page"]')).toHaveText('Page 83');
    await expect(lastPager.getByRole('link', { name: 'Next page' })).toHaveCount(0);
    await expect(lastPager.getByRole('link', { name: 'First page' })).toHaveAttribute('href', `/firm/${frn}/appointed-representatives`);
    await expect(lastPager.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', `/firm/${frn}/appointed-representatives?page=82`);
    const previous = page.getByRole('table', { name: /Previous appointed representatives/ });
    await expect(previous.getByRole('row')).toHaveCount(11);
    const late = (await previous.getByRole('rowheader').last().innerText()).trim();

    // Go to a page: a plain GET form.
    await lastPager.getByLabel('Go to page').fill('40');
    await lastPager.getByRole('button', { name: 'Go' }).click();
    await expect(page).toHaveURL(`/firm/${frn}/appointed-representatives?page=40`);
    await expect(page.getByRole('navigation', { name: 'Appointed representatives pages' }).locator('[aria-current="page"]')).toHaveText('Page 40');

    // Search within every page: the row from page 83 is found, and the count is said.
    await page.getByLabel('Find in every page of the appointed representatives').fill(late);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/firm/${frn}/appointed-representatives\\?find=`));
    await expect(page.getByTestId('find-count')).toContainText(/^\d+ of 1,544 rows match “/, { timeout: 75_000 });
    await expect(page.getByRole('table', { name: /Previous appointed representatives/ }).getByRole('rowheader', { name: late })).toBeVisible();
    const matched = Number((await page.getByTestId('find-count').innerText()).match(/^(\d+)/)?.[1]);
    const shown = await page
      .getByRole('table', { name: /appointed representatives/ })
      .locator('tbody tr')
      .filter({ has: page.getByRole('rowheader') })
      .count();
    expect(shown).toBe(matched);
    await expect(page.getByRole('link', { name: 'Clear the search' })).toHaveAttribute('href', `/firm/${frn}/appointed-representatives`);

    // By FRN, and a text that matches nothing says so.
    await page.goto(`/firm/${frn}/appointed-representatives?find=no+such+representative+anywhere`);
    await expect(page.getByTestId('find-count')).toHaveText('0 of 1,544 rows match “no such representative anywhere”. Only the matching rows are shown below.', {
      timeout: 75_000,
    });

    // An impossible page or find text is a 400 with the reason.
    const bad = await page.request.get(`/firm/${frn}/appointed-representatives?find=${'x'.repeat(101)}`);
    expect(bad.status()).toBe(400);
    expect(await bad.text()).toContain('The text to find must be at most 100 characters.');
  });

  test('a wide table on a phone scrolls sideways in its own region with its first column held', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/firm/${SHOWCASE.networkPrincipalFrn}/appointed-representatives`);
    const table = page.getByRole('table', { name: /Current appointed representatives/ });
    const region = page.getByRole('region', { name: /Current appointed representatives/ });
    const widths = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, page: document.documentElement.scrollWidth }));
    expect(widths.scroll).toBeGreaterThan(widths.client);
    expect(widths.page).toBeLessThanOrEqual(375);
    const firstCell = table.getByRole('rowheader').first();
    const otherCell = table.locator('tbody tr').first().locator('td').first();
    const before = { first: await firstCell.boundingBox(), other: await otherCell.boundingBox() };
    await region.evaluate((el) => el.scrollBy(200, 0));
    await expect.poll(async () => (await otherCell.boundingBox())?.x).toBeLessThan((before.other?.x ?? 0) - 100);
    // The first column stayed put while the rest moved under it.
    expect(Math.abs(((await firstCell.boundingBox())?.x ?? -1) - (before.first?.x ?? 0))).toBeLessThan(1);
    expect(await firstCell.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
  });

  test('controlled functions: current and previous, names link to individuals', async ({ page }) => {
    await page.goto(`/firm/${bank}/controlled-functions`);
    const current = page.getByRole('table', { name: /Current controlled functions/ });
    await expect(current).toBeVisible();
    await expect(page.getByRole('table', { name: /Previous controlled functions/ }).getByRole('columnheader', { name: 'End date' })).toBeVisible();
    await expect(current.getByRole('link').first()).toHaveAttribute('href', /^\/individual\/[A-Z]{3}\d{5}$/);
    await expect(page.getByText(/93 roles in all/)).toBeVisible();
  });

  test('disciplinary history: actions listed, and "none recorded" where the register says not found', async ({ page }) => {
    await page.goto(`/firm/${SHOWCASE.disciplinaryFrn}/disciplinary-history`);
    const table = page.getByRole('table', { name: /Disciplinary actions/ });
    await expect(table.getByText('Castlegate Securities Limited', { exact: false }).first()).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Enforcement type' })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'FSMA' }).first()).toBeVisible();
    await page.goto(`/firm/${bank}/disciplinary-history`);
    await expect(page.getByTestId('none-recorded')).toHaveText('None recorded: the register lists no disciplinary history for Albion Crown Bank plc.');
  });

  test('exclusions of a payment institution', async ({ page }) => {
    await page.goto(`/firm/${SHOWCASE.paymentInstitutionFrn}/exclusions`);
    const table = page.getByRole('table', { name: /PSD2 exclusions relied upon/ });
    await expect(table.getByRole('rowheader', { name: 'Limited Network Exclusion' }).first()).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Description of services' })).toBeVisible();
  });

  test('individuals: every page, names link to /individual, statuses as tags', async ({ page }) => {
    await page.goto(`/firm/${bank}/individuals?all=1`);
    await expect(page.getByRole('main').getByText(/Complete: all \d+ pages fetched/)).toBeVisible({ timeout: 60_000 });
    const table = page.getByRole('table', { name: /Individuals at the firm/ });
    await expect(table.getByRole('link', { name: 'Beatrice Katherine Sutcliffe' })).toHaveAttribute('href', `/individual/${SHOWCASE.bankIndividualIrn}`);
    await expect(table.getByText('Approved by regulator').first()).toBeVisible();
  });

  test('names: current and previous, with non-ASCII names intact', async ({ page }) => {
    await page.goto(`/firm/${SHOWCASE.nonAsciiFrn}/names`);
    await expect(page.getByRole('table', { name: /Current names/ }).getByRole('rowheader', { name: "Zoë's Mortgage Café" })).toBeVisible();
    const previous = page.getByRole('table', { name: /Previous names/ });
    await expect(previous.getByRole('rowheader', { name: "Müller & O'Brien Associates Limited" })).toBeVisible();
    await expect(previous).toContainText('1 Feb 2009');
  });

  test('passports: countries link to their permissions, which show directives and activities', async ({ page }) => {
    await page.goto(`/firm/${bank}/passports`);
    const table = page.getByRole('table', { name: /Passports by country/ });
    const gibraltar = table.getByRole('link', { name: /GIBRALTAR/ });
    await expect(gibraltar).toHaveAttribute('href', `/firm/${bank}/passports/gibraltar`);
    await expect(page.getByRole('navigation', { name: 'Passports pages' })).toBeVisible();
    await gibraltar.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Passport: ${SHOWCASE.bankPassportCountry}`);
    await expect(page.getByText('Passporting Out').first()).toBeVisible();
    await expect(page.getByRole('table', { name: /Activities passported under/ }).first()).toBeVisible();
  });

  test('a country whose name has a space round-trips through its slug', async ({ page }) => {
    await page.goto(`/firm/${bank}/passports`);
    const czech = page.getByRole('link', { name: /CZECH REPUBLIC/ });
    await expect(czech).toHaveAttribute('href', `/firm/${bank}/passports/czech-republic`);
    await czech.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Passport: CZECH REPUBLIC');
  });

  test('permissions: each with its lists in its own column; every page including the CBTL lists', async ({ page }) => {
    await page.goto(`/firm/${bank}/permissions`);
    const table = page.getByRole('table', { name: /^Permissions/ });
    for (const column of ['Permission', 'Customer types', 'Investment types', 'Limitations']) {
      await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('navigation', { name: 'Permissions pages' })).toBeVisible();
    await expect(page.getByTestId('list-position')).toContainText(/Page 1 of \d+/);
    await expect(page.getByRole('main').getByText(/page 1 of \d+/i)).toHaveCount(1);
    await page.getByRole('link', { name: /Show all permissions on one page/ }).click();
    await expect(page.getByRole('main').getByText(/Complete: all \d+ pages fetched, \d+ permissions/)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('table', { name: /^Permissions/ })).toContainText('CBTL Status');
  });

  test('regulators', async ({ page }) => {
    await page.goto(`/firm/${bank}/regulators`);
    const table = page.getByRole('table', { name: /Regulators/ });
    await expect(table.getByRole('rowheader', { name: 'Financial Conduct Authority' })).toBeVisible();
    await expect(table.getByRole('rowheader', { name: 'Prudential Regulation Authority' })).toBeVisible();
    await expect(table.getByText('Current').first()).toBeVisible();
  });

  test('requirements link to their investment types', async ({ page }) => {
    await page.goto(`/firm/${bank}/requirements`);
    const table = page.getByRole('table', { name: /Requirements/ });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: SHOWCASE.bankRequirementRef }) });
    await expect(row.getByRole('cell').nth(3)).toHaveText('Yes');
    await row.getByRole('link', { name: /View investment types/ }).click();
    await expect(page).toHaveURL(`/firm/${bank}/requirements/${SHOWCASE.bankRequirementRef}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Requirement ${SHOWCASE.bankRequirementRef}`);
    await expect(page.getByRole('table', { name: /Investment types under requirement/ }).getByRole('rowheader', { name: 'Debentures' })).toBeVisible();
  });

  test('waivers: rules and documents, with the unpublished ones said in words', async ({ page }) => {
    await page.goto(`/firm/${bank}/waivers`);
    const table = page.getByRole('table', { name: /Waivers and modifications/ });
    await expect(table.getByRole('link').first()).toHaveAttribute('href', /servlet\.FileDownload\?file=/);
    await expect(table.getByText('No document published').first()).toBeVisible();
    await expect(page.getByText('34 waivers in all')).toBeVisible();
  });

  test('show all says so when identical rows make the list shorter than the register’s count', async ({ page }) => {
    // Two of the bank's 34 waivers are identical in every field; the walk shows such rows once.
    await page.goto(`/firm/${bank}/waivers?all=1`);
    await expect(page.getByRole('main').getByText('Complete: all 4 pages fetched, 33 waivers.')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('walk-count-note')).toContainText('The register counts 34 waivers.');
  });

  test('every section page carries the firm header and the section tabs', async ({ page }) => {
    await page.goto(`/firm/${bank}/regulators`);
    await expect(page.getByTestId('firm-header').getByRole('link', { name: 'Albion Crown Bank plc' })).toHaveAttribute('href', `/firm/${bank}`);
    const tabs = page.getByRole('navigation', { name: 'Firm sections' });
    await expect(tabs.getByRole('link', { name: 'Regulators' })).toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('link', { name: 'Names' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Names');
  });

  test('prints without navigation or controls, tables in full', async ({ page }) => {
    await page.goto(`/firm/${bank}/permissions`);
    const table = page.getByRole('table', { name: /^Permissions/ });
    const rows = table.locator('tbody tr');
    // The section streams in after the header: wait for its rows before counting them.
    await expect(rows.nth(10)).toBeAttached();
    const all = await rows.count();
    expect(all).toBeGreaterThan(10);
    // A filter narrows the screen, never the printout.
    await page
      .getByLabel(/^Filter /)
      .first()
      .fill('zzz-no-such-word');
    await expect(page.getByText('0 matching rows')).toBeVisible();
    await expect(rows.first()).toBeHidden();
    await page.emulateMedia({ media: 'print' });
    await expect(table).toBeVisible();
    await expect(rows.first()).toBeVisible();
    await expect(rows.nth(all - 1)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Firm sections' })).toBeHidden();
    await expect(page.getByRole('link', { name: /Show all permissions/ })).toBeHidden();
    await expect(page.getByRole('button', { name: /Refresh from the register/ })).toBeHidden();
  });
});
