/**
 * Partner invitations as people meet them (docs/partners.md, Invitations), in two browsers: the
 * shipper's site administrator invites a new company from the Invitations page; the invitee opens
 * the link in the mail (the local mail server of e2e/support), creates the company and its account
 * on a phone and lands on the invitations it received, accepted; the shipper sees it accepted; the
 * new partner's order and nomination run through rejection, revision and approval into the
 * shipper's schedule, a car ships, and the partner opens its bill of lading on the phone.
 * The demo partner, who has an account, accepts one invitation and declines another on the
 * Incoming page; the shipper revokes the accepted one and the partner reads that the partnership
 * ended. The dispatcher has no invitation screens. Screenshots go to /tmp/invitation-shots.
 */
import { type Browser, type Page, expect, test } from '@playwright/test';
import { apiAs, signIn } from './helpers';
import { mailsTo } from './support/mail-sink';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/invitation-shots';
const stamp = Date.now() % 1_000_000;


/** The link of the newest mail to `to`, as the app mailed it. */
async function linkMailedTo(to: string): Promise<string> {
  await expect.poll(() => mailsTo(to).length, { message: `a mail to ${to}` }).toBeGreaterThan(0);
  const mails = mailsTo(to);
  const m = /https?:\/\/[^\s/]+(\/auth\/invitation\/\d+\/[\w-]+\/)/.exec(mails[mails.length - 1]);
  expect(m, 'the invitation link in the mail').toBeTruthy();
  return m![1];
}

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  return context.newPage();
}

test('a new company signs up by the mailed link, the shipper sees it accepted, and the partnership runs to a bill of lading the partner opens', async ({ page, request, browser }) => {
  const shipper = await apiAs(request);
  const party = await shipper.post('/api/party/', { name: `Thunder Bay Asphalt ${stamp}`, code: `TBA${stamp}`, party_type: 'consignee', enabled: true });
  const email = `rail.${stamp}@thunderbay.example`;

  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/partner/invitations/');
  await page.getByRole('button', { name: 'Invite a partner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a partner company' });
  await dialog.getByLabel('Email').fill(email);
  const box = dialog.getByRole('combobox', { name: 'Party', exact: true });
  await box.click();
  await box.fill(party.name as string);
  await page.getByRole('option', { name: party.name as string }).first().click();
  await dialog.getByLabel('Message').fill('Nominations for the winter asphalt program.');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  const row = page.locator('.MuiDataGrid-row', { hasText: email });
  await expect(row).toContainText('Sent');
  await page.screenshot({ path: `${SHOTS}/invitations-1400.png` });

  // The invitee, on a phone with no session, opens the link in the mail.
  const invitee = await phone(browser);
  await invitee.goto(await linkMailedTo(email));
  await expect(invitee.getByTestId('invitation-about')).toHaveText(`Prairie Bulk Terminals Ltd. invites you (${email}) to trade by rail as its customer.`);
  await expect(invitee.getByText('“Nominations for the winter asphalt program.”')).toBeVisible();
  await invitee.getByLabel('Your name').fill('Terry Bay');
  await invitee.getByLabel('Company name').fill(`Thunder Bay Asphalt ${stamp}`);
  await invitee.getByLabel('Time zone').fill('America/Toronto');
  await invitee.getByLabel('Password', { exact: true }).fill('short');
  await invitee.getByRole('button', { name: 'Create account and accept' }).click();
  await expect(invitee.getByText(/at least|too short|characters/i).first()).toBeVisible();
  await invitee.getByLabel('Password', { exact: true }).fill('winter asphalt 2026');
  await invitee.getByLabel('Password again').fill('winter asphalt 2026');
  await invitee.screenshot({ path: `${SHOTS}/sign-up-390.png`, fullPage: true });
  expect(await invitee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await invitee.getByRole('button', { name: 'Create account and accept' }).click();
  await expect(invitee).toHaveURL(/\/partner\/invitations\/incoming\/$/);
  const card = invitee.locator('[data-testid^="incoming-"]', { hasText: 'Prairie Bulk Terminals Ltd.' });
  await expect(card).toContainText('Accepted');
  await expect(card).toContainText('by Terry Bay');
  await invitee.screenshot({ path: `${SHOTS}/incoming-390.png`, fullPage: true });
  expect(await invitee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The link is spent; the shipper sees the new partner.
  await page.reload();
  await expect(row).toContainText('Accepted');
  await expect(row).toContainText(`Thunder Bay Asphalt ${stamp}`);

  // On to the end of the flow (the screens between are e2e/partner-orders.spec.ts): the
  // new partner orders and nominates on a contract shared with it, the shipper rejects with a
  // reason, the partner revises, the shipper approves into its schedule and ships a car, and the
  // partner opens the bill of lading on its phone.
  const them = await apiAs(request, email, 'winter asphalt 2026');
  const idOf = async (path: string, code: string) => ((await shipper.get(`/api/${path}/?code=${code}&page_size=0`)) as { id: number }[])[0].id;
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const contract = await shipper.post('/api/contract/', {
    contract_type: 'sale', status: 'active', party: party.id, product: await idOf('product', 'CRUDE'), facility: await idOf('facility', 'FSK'),
    carrier: await idOf('party', 'CN'), number_of_cars: 10, start_date: day(-6), end_date: day(30),
  });
  const order = await them.post('/api/partner/railorder/', { contract: contract.id, number_of_cars: 2, start_date: day(-4), end_date: day(-2) });
  await them.post(`/api/partner/railorder/${String(order.id)}/send/`, {});
  const first = await them.post('/api/partner/railnomination/', { order: order.id, shipping_schedule: [{ date: day(-4), quantity: 2 }] });
  await them.post(`/api/partner/railnomination/${String(first.id)}/send/`, {});
  const revised = await shipper.post(`/api/partner/railnomination/${String(first.id)}/reject/`, { reason: 'No crew that day' });
  expect(revised).toMatchObject({ status: 'rejected', reject_reason: 'No crew that day' });
  const second = await them.post(`/api/partner/railnomination/${String(first.id)}/revise/`, {});
  await them.patch(`/api/partner/railnomination/${String(second.id)}/`, { shipping_schedule: [{ date: day(-3), quantity: 2 }], version: second.version });
  await them.post(`/api/partner/railnomination/${String(second.id)}/send/`, {});
  await shipper.post(`/api/partner/railnomination/${String(second.id)}/approve/`, {});
  const [schedule] = (await shipper.get(`/api/rail_schedule/list/?contract_id=${String(contract.id)}`)) as { id: number; entries: { date: string; quantity: number }[] }[];
  expect(schedule.entries.find((e) => e.date === day(-3))?.quantity).toBe(2);
  const made = await shipper.post(`/api/rail_schedule/${schedule.id}/create_shipment/`, { date: day(-3) });
  await shipper.patch(`/api/rail_shipment/${String(made.id)}/`, { destination: await idOf('facility', 'HRD'), routing: 'CN', version: made.version });
  for (const n of [1, 2]) {
    await shipper.post('/api/loaded_rail_car/', {
      rail_shipment: made.id, car_mark: 'TILX', car_number: 300000 + ((stamp + n) % 99999),
      shell_capacity: '30000.00', volume_outage: '600.00', temperature_correction_factor: '0.985000', density: '0.8700',
    });
  }
  const shipped = await shipper.post(`/api/rail_shipment/${String(made.id)}/ship/`, { hazardous_certificate_person: 'Sam Site' });
  await invitee.goto('/partner/shipments/');
  const bol = invitee.locator('.MuiDataGrid-row', { hasText: String(shipped.bol_number) });
  await expect(bol).toHaveCount(1);
  const printed = invitee.waitForResponse((r) => r.url().includes(`/api/partner/railshipment/${String(made.id)}/print/`));
  await bol.click();
  const pdf = await printed;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-disposition']).toContain(`bol-${String(shipped.bol_number)}.pdf`);
  await invitee.context().close();
});

test('the partner accepts one invitation and declines another; the shipper revokes the accepted one', async ({ page, request, browser }) => {
  const shipper = await apiAs(request);
  const sent = [];
  for (const name of ['Sarnia crude', 'Sarnia diluent']) {
    const party = await shipper.post('/api/party/', { name: `${name} ${stamp}`, code: `${name.slice(7, 10).toUpperCase()}${stamp}`, party_type: 'consignee', enabled: true });
    const inv = await shipper.post('/api/partner/invitations/create-invitation/', { email: 'partner@partner.test', party: party.id, relation: 'customer', message: `${name} ${stamp}` });
    await shipper.post(`/api/partner/invitations/${inv.id as number}/send-invitation/`, {});
    sent.push(inv);
  }

  const partner = await phone(browser);
  await signIn(partner, 'partner@partner.test');
  await partner.goto('/partner/invitations/incoming/');
  const accept = partner.locator(`[data-testid="incoming-${String(sent[0].id)}"]`);
  const decline = partner.locator(`[data-testid="incoming-${String(sent[1].id)}"]`);
  await expect(accept).toContainText(`Sarnia crude ${stamp}`);
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(partner.getByText('You are now partners with Prairie Bulk Terminals Ltd.')).toBeVisible();
  await expect(accept).toContainText('Accepted');
  await decline.getByRole('button', { name: 'Decline' }).click();
  await partner.getByRole('dialog').getByRole('button', { name: 'Decline' }).click();
  await expect(partner.getByText('Invitation from Prairie Bulk Terminals Ltd. declined')).toBeVisible();
  // A declined invitation is no longer open to the partner: it leaves the list.
  await expect(decline).toHaveCount(0);

  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/partner/invitations/');
  const row = page.locator('.MuiDataGrid-row', { has: page.locator('[data-field="status"]', { hasText: 'Accepted' }) }).filter({ hasText: `Sarnia crude ${stamp}` });
  await expect(row).toBeVisible();
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByLabel('Reason (optional)').fill('The crude program ended');
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('1 invitation revoked')).toBeVisible();
  await expect(row).toHaveCount(0);

  await partner.reload();
  await expect(accept).toContainText('Prairie Bulk Terminals Ltd. ended the partnership.');
  await partner.context().close();
});

test('the dispatcher has no invitation screens', async ({ page }) => {
  await signIn(page, 'dispatcher@demo.test');
  await page.goto('/partner/invitations/');
  await expect(page.getByText('You do not have access to view this page. Please contact an administrator to gain access.')).toBeVisible();
});
