import { SHOWCASE } from '../sandbox/dataset/showcase';
import { countrySlug } from '../lib/firm/country-slug';
import { expect, sectionsLoaded, test } from './support/register-fixtures';

const FRN = SHOWCASE.bankFrn;

test.describe('register API paths redirect to the portal’s routes', () => {
  test('every API-shaped path answers a permanent redirect to its portal route', async ({ page }) => {
    const cases: Array<[string, string]> = [
      [`/Firm/${FRN}`, `/firm/${FRN}`],
      [`/Firm/${FRN}/Address`, `/firm/${FRN}/address`],
      [`/Firm/${FRN}/AR?pgnp=2`, `/firm/${FRN}/appointed-representatives?page=2`],
      [`/Firm/${FRN}/CF`, `/firm/${FRN}/controlled-functions`],
      [`/Firm/${FRN}/DisciplinaryHistory`, `/firm/${FRN}/disciplinary-history`],
      [`/Firm/${FRN}/Exclusions`, `/firm/${FRN}/exclusions`],
      [`/Firm/${FRN}/Individuals`, `/firm/${FRN}/individuals`],
      [`/Firm/${FRN}/Names`, `/firm/${FRN}/names`],
      [`/Firm/${FRN}/Passports`, `/firm/${FRN}/passports`],
      [`/Firm/${FRN}/Passports/${SHOWCASE.bankPassportCountry}/Permission`, `/firm/${FRN}/passports/${countrySlug(SHOWCASE.bankPassportCountry)}`],
      [`/Firm/${FRN}/Permissions`, `/firm/${FRN}/permissions`],
      [`/Firm/${FRN}/Regulators`, `/firm/${FRN}/regulators`],
      [`/Firm/${FRN}/Requirements`, `/firm/${FRN}/requirements`],
      [`/Firm/${FRN}/Requirements/${SHOWCASE.bankRequirementRef}/InvestmentTypes`, `/firm/${FRN}/requirements/${SHOWCASE.bankRequirementRef}`],
      [`/Firm/${FRN}/Waivers`, `/firm/${FRN}/waivers`],
      [`/Individuals/${SHOWCASE.prohibitedIrn}`, `/individual/${SHOWCASE.prohibitedIrn}`],
      [`/Individuals/${SHOWCASE.prohibitedIrn}/CF`, `/individual/${SHOWCASE.prohibitedIrn}/controlled-functions`],
      [`/Individuals/${SHOWCASE.prohibitedIrn}/DisciplinaryHistory`, `/individual/${SHOWCASE.prohibitedIrn}/disciplinary-history`],
      [`/CIS/${SHOWCASE.umbrellaFundPrn}`, `/fund/${SHOWCASE.umbrellaFundPrn}`],
      [`/CIS/${SHOWCASE.umbrellaFundPrn}/Names`, `/fund/${SHOWCASE.umbrellaFundPrn}/names`],
      [`/CIS/${SHOWCASE.umbrellaFundPrn}/Subfund`, `/fund/${SHOWCASE.umbrellaFundPrn}/subfunds`],
      [`/services/V0.1/Firm/${FRN}/AR`, `/firm/${FRN}/appointed-representatives`],
      [`/services/apexrest/V0.1/CIS/${SHOWCASE.umbrellaFundPrn}`, `/fund/${SHOWCASE.umbrellaFundPrn}`],
      ['/CommonSearch?q=RM', '/markets'],
      ['/Search?q=revolution&type=firm&pgnp=2', '/search?q=revolution&type=firm&page=2'],
    ];
    for (const [from, to] of cases) {
      const res = await page.request.get(from, { maxRedirects: 0 });
      expect(res.status(), from).toBe(308);
      expect(new URL(res.headers().location, 'http://portal.invalid').pathname + new URL(res.headers().location, 'http://portal.invalid').search, from).toBe(to);
    }
  });

  test('the redirects land on the pages, with the page number carried over', async ({ page }) => {
    await page.goto(`/Individuals/${SHOWCASE.bankIndividualIrn}/CF`);
    await expect(page).toHaveURL(new RegExp(`/individual/${SHOWCASE.bankIndividualIrn}/controlled-functions$`));
    await sectionsLoaded(page);
    await expect(page.getByRole('table', { name: /Current controlled functions/ })).toBeVisible();

    await page.goto(`/services/V0.1/CIS/${SHOWCASE.umbrellaFundPrn}/Subfund?pgnp=2`);
    await expect(page).toHaveURL(new RegExp(`/fund/${SHOWCASE.umbrellaFundPrn}/subfunds\\?page=2$`));
    await sectionsLoaded(page);
    await expect(page.getByRole('table', { name: /Sub-funds/ })).toContainText('page 2 of');

    await page.goto(`/individuals/${SHOWCASE.prohibitedIrn.toLowerCase()}/disciplinaryhistory`);
    await expect(page).toHaveURL(new RegExp(`/individual/${SHOWCASE.prohibitedIrn}/disciplinary-history$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Piers Rowntree');
  });

  test('the portal’s own paths are never redirected', async ({ page }) => {
    for (const path of [`/individual/${SHOWCASE.prohibitedIrn}`, `/fund/${SHOWCASE.umbrellaFundPrn}/subfunds?page=2`, '/search?q=revolution&type=firm', '/markets']) {
      const res = await page.request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
    }
  });

  test('signed-out visitors are redirected first, then asked to sign in for the real page', async ({ browser, portal }) => {
    const context = await browser.newContext({ baseURL: portal.baseURL, storageState: { cookies: [], origins: [] } });
    const res = await context.request.get(`/CIS/${SHOWCASE.umbrellaFundPrn}/Names`, { maxRedirects: 0 });
    expect(res.status()).toBe(308);
    expect(res.headers().location).toMatch(new RegExp(`/fund/${SHOWCASE.umbrellaFundPrn}/names$`));
    const page = await context.newPage();
    await page.goto(`/CIS/${SHOWCASE.umbrellaFundPrn}/Names`);
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Ffund%2F800800%2Fnames$/);
    await context.close();
  });
});
