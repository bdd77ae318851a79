/**
 * `GET /api/time_zones/?zones=America/Edmonton,America/Dawson_Creek` -> `{zone: {zone, until,
 * rules: [{from, offset, abbreviation}]}}`: the rules this server converts times by, 1990-2050, so
 * the browser writes a site's times as the PDF and the CSV do even where its own zone data says
 * otherwise (docs/architecture.md, Time zones). Signed-in users only; at most 20 zones a call.
 */
import type { FastifyInstance } from 'fastify';
import { tags } from '../../src/resources/fields';
import { type ZoneRules, isTimeZone, zoneRules } from '../../src/lib/time-zone';
import { parseFields } from '../engine/action-input';
import { badRequest } from '../engine/errors';

const INPUT = { zones: tags({ required: true, max: 20, label: 'Zones', help: 'IANA zone names, comma-separated.' }) };

/** Computed once per zone per process (about 0.1 s each): they change only with the server's zone data. */
const computed = new Map<string, ZoneRules>();
/** The rules this server converts a zone's times by. */
export const rulesOf = (zone: string) => {
  let r = computed.get(zone);
  if (!r) computed.set(zone, (r = zoneRules(zone)));
  return r;
};

export function mountTimeZones(app: FastifyInstance) {
  app.get('/api/time_zones/', async (req) => {
    const raw = (req.query as Record<string, unknown>).zones;
    const list = (Array.isArray(raw) ? raw : [raw]).filter((v) => typeof v === 'string').flatMap((v) => (v as string).split(',')).map((v) => v.trim()).filter(Boolean);
    const zones = parseFields(INPUT, { zones: list }).zones as string[];
    const unknown = zones.filter((z) => !isTimeZone(z));
    if (unknown.length) throw badRequest({ zones: unknown.map((z) => `Unknown time zone "${z}".`) });
    return Object.fromEntries(zones.map((z) => [z, rulesOf(z)]));
  });
}
