/**
 * Terminal data the e2e tests need, created through the API (the demo seed of terminal data is
 * built in parallel; these tests do not rely on it): a site, a unit, a product with its
 * dangerous-goods identifiers, companies and a draft ticket.
 */
import { type APIRequestContext, expect } from '@playwright/test';
import { PASSWORD } from './helpers';

export async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/auth/login/', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { key: string }).key;
}

export async function apiCall<T = Record<string, unknown>>(request: APIRequestContext, token: string, method: string, path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`/api/${path}`, { method, data, headers: { Authorization: `Token ${token}` } });
  const text = await res.text();
  expect(res.ok(), `${method} ${path}: ${res.status()} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : null) as T;
}

export interface TicketFixture { ticketId: string; code: string; productId: string; siteId: string }

/** A draft ticket with its site, product (STCC, HS, UN, class, PG, CAS), unit and parties. */
export async function createTicket(request: APIRequestContext, token: string, tag: string, extra: Record<string, unknown> = {}): Promise<TicketFixture> {
  const site = await apiCall(request, token, 'POST', 'terminalboss/v3/site/', { name: `E2E Site ${tag}`, username: `e2e-site-${tag}`, timezone: 'America/Edmonton' });
  const unit = await apiCall(request, token, 'POST', 'terminalboss/measurementunit/', { name: `Cubic metre ${tag}`, code: `m3-${tag}`, unit_type: 'volume' });
  const product = await apiCall(request, token, 'POST', 'terminalboss/v3/product/', {
    product_name: `E2E Crude ${tag}`, product_code: `E2EC${tag}`, productType: 'crude_oil', stcc: '4910165', harmonized_system_tariff_number: '2709.00',
    unCode: 'UN1267', hazard_class: '3', packingGroup: 'I', chemical_abstracts_service_number: '8002-05-9', shipping_name: 'Petroleum crude oil',
  });
  const shipper = await apiCall(request, token, 'POST', 'terminalboss/v3/company/', { name: `E2E Shipper ${tag}`, company_code: `E2ES${tag}` });
  const code = `E2E-${tag}`;
  const ticket = await apiCall(request, token, 'POST', 'terminalboss/v3/ticket/', {
    code, status: 'draft', ticket_type: 'receipt', created_by_server: site.id, ticket_date: '2026-03-14', product: product.id, shipper: shipper.id,
    volume_unit: unit.id, gross_volume: '31.250', net_volume: '30.984', bsw_percent: '0.350', temperature: '12.40', density_15c: '871.300', net_weight: '26996.4',
    ...extra,
  });
  return { ticketId: String(ticket.id), code, productId: String(product.id), siteId: String(site.id) };
}
