import AxeBuilder from '@axe-core/playwright';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { storageStatePath } from './support/shared-portal';
import { expect, test } from './support/signed-in';

// API tokens end to end against the production build: an admin issues one on /admin/tokens (the
// secret shown once, the page accessible), a program uses it at the register API gateway and
// the reconciliation service; a person's session does not work there, and the token works
// nowhere else.

test.use({ storageState: storageStatePath('admin') });

test('an admin issues a token that works at the gateway and /reconcile, and only there', async ({ page, playwright, baseURL }) => {
  await page.goto('/admin/tokens');
  await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Issue a token' });
  const program = `e2e program ${Date.now()}`;
  await form.getByLabel('Program').fill(program);
  await form.getByLabel('Register API').check(); // Reconciliation is ticked already
  await form.getByRole('button', { name: 'Issue token' }).click();
  await expect(page.getByText(`Issued a token to ${program}.`)).toBeVisible();
  const id = (await page.getByTestId('token-id').textContent())!.trim();
  const secret = (await page.getByTestId('token-secret').textContent())!.trim();
  expect(id).toMatch(/^tok_[0-9a-f]{20}$/);
  expect(secret).toHaveLength(43);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.reload();
  await expect(page.getByTestId(`token-row-${id}`)).toContainText(program);
  await expect(page.getByText(secret)).toHaveCount(0);

  const program_ = await playwright.request.newContext({ baseURL });
  const gateway = await program_.get(`/register-api/services/V0.1/Firm/${SHOWCASE.bankFrn}`, { headers: { 'X-AUTH-EMAIL': id, 'X-AUTH-KEY': secret } });
  expect(gateway.status()).toBe(200);
  expect((await gateway.json()).Status).toBe('FSR-API-02-01-00');
  expect(['live', 'cached']).toContain(gateway.headers()['x-fsr-source']);

  const reconcile = await program_.post('/reconcile', { form: { queries: JSON.stringify({ q0: { query: SHOWCASE.bankFrn } }) }, headers: { 'X-API-Token': `${id}.${secret}` } });
  expect(reconcile.status()).toBe(200);
  expect((await reconcile.json()).q0.result[0]).toMatchObject({ id: SHOWCASE.bankFrn, match: true });

  // The token is refused on a person's page; the admin's session is refused at the gateway.
  const elsewhere = await program_.get(`/firm/${SHOWCASE.bankFrn}`, { headers: { 'X-AUTH-EMAIL': id, 'X-AUTH-KEY': secret }, maxRedirects: 0 });
  expect(elsewhere.status()).toBe(403);
  const withSession = await page.request.get(`/register-api/services/V0.1/Firm/${SHOWCASE.bankFrn}`);
  expect(withSession.status()).toBe(401);
  expect(await withSession.json()).toMatchObject({ Status: 'FSR-API-01-01-11', Data: null });
  await program_.dispose();

  // Revoked from the page: refused from then on.
  await page.getByTestId(`token-row-${id}`).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`${program}'s token is revoked`)).toBeVisible();
  const after = await page.request.fetch(`/register-api/services/V0.1/Firm/${SHOWCASE.bankFrn}`, { headers: { 'X-AUTH-EMAIL': id, 'X-AUTH-KEY': secret, cookie: '' } });
  expect(after.status()).toBe(401);
  expect(await after.json()).toMatchObject({ Status: 'FSR-API-01-01-21' });
});
