/** The ids of the terminal demo's master data, handed from the main terminal seed to the seeds that build on it. */
import type { Row } from './seed-kit';

export interface Refs {
  siteOf: Record<string, string>;
  unit: Record<string, string>;
  locations: (Row & { id: string; kind: string; siteKey?: string; product?: string; cap?: number })[];
  products: (Row & { id: string; product_code: string; product_name: string; productType: string; density: string; meta: { sour?: boolean } })[];
  companies: (Row & { id: string; types: string[]; status: string })[];
  vehicles: (Row & { id: string; vehicle_type: string; carrier: string })[];
  drivers: (Row & { id: string; carrier: string; first_name: string; last_name: string })[];
  users: (Row & { first_name: string; last_name: string })[];
}
