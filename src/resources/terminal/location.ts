import { defineResource } from '../define';
import { bool, choice, date, decimal, integer, longText, ref, text } from '../fields';
import { decimalText, maybe, num, obj, oneOfChoices, str } from '../answers';
import { MEASUREMENT_UNIT, SITE, TB_COMPANY, TB_LOCATION, TB_PRODUCT, createdByServer, legacyNumber, terminalRecords, terminalScreen } from './common';

/** What a terminal location is; `location/types/` lists them. */
export const LOCATION_TYPES = [
  ['tank', 'Tank'], ['truck_bay', 'Truck bay'], ['rail_spot', 'Rail spot'], ['pipeline', 'Pipeline connection'],
  ['well', 'Well'], ['battery', 'Battery'], ['disposal_well', 'Disposal well'], ['pit', 'Pit'], ['meter', 'Meter'], ['other', 'Other'],
] as const;

const letter = (set: string, what: string) => ({ source: `[${set}]`, message: `${what} must be a letter ${set.replace('-', ' to ')}.` });

/**
 * A place at or served by the terminal: a tank, a bay, a well site. Wells carry their Canadian land
 * location (DLS or NTS) and UWI (docs/terminal.md, Land locations); with `use_uwi_for_name_and_code` the name and code
 * are derived from the UWI on save. Position mapping: `second_character` = UWI position 2,
 * `*_well_identifier` = position 3 (drilling sequence), `fifteenth_character` = position 15,
 * `*_event_identifier` = position 16 (event sequence).
 */
export const location = defineResource({
  name: TB_LOCATION,
  aliases: ['terminalboss/location'],
  label: 'Location',
  ...terminalRecords('location'),
  screen: terminalScreen('location', { form: 'location-form', v2: 'location', menu: { section: 'Terminal master data', icon: 'facility', order: 3, count: true } }),
  fields: {
    legacy_id: legacyNumber(),
    // Required by the location rule (server/actions/terminal/location-land.ts) unless derived from the UWI.
    name: text({ max: 120, index: true }),
    code: text({ max: 40, index: true }),
    location_type: choice(LOCATION_TYPES, { required: true, default: 'tank', index: true }),
    site: ref(SITE, { index: true }),
    company_location: ref(TB_COMPANY, { label: 'Operator', help: 'Company that operates the location.' }),
    product_location: ref(TB_PRODUCT, { label: 'Default product' }),
    description: longText(),
    enabled: bool({ default: true, index: true }),
    capacity: decimal({ digits: 14, places: 3, help: 'Working capacity of a tank or container.' }),
    capacity_unit: ref(MEASUREMENT_UNIT),
    latitude: decimal({ digits: 9, places: 6 }),
    longitude: decimal({ digits: 10, places: 6 }),
    // Land location and UWI
    use_uwi_for_name_and_code: bool({ default: false, label: 'Use UWI for name and code' }),
    uwi: text({ max: 24, label: 'UWI', index: true, help: 'e.g. 100/16-09-010-09W1/00 or 200/A-002-F/093-P-08/00' }),
    format: choice([['DLS', 'DLS'], ['NTS', 'NTS']], { label: 'Survey system' }),
    // UWI positions 2 and 15 (docs/terminal.md, Land locations), labelled as people read them.
    second_character: text({
      max: 1, label: 'Location exception', pattern: { source: '[0A-DSW]', message: 'Position 2 is 0, A-D, S or W.' },
      help: 'UWI position 2: 0 for the LSD itself, A-D for a quarter of it, S or W for a road allowance.',
    }),
    fifteenth_character: text({
      max: 1, label: 'Event sequence (first digit)', pattern: { source: '\\d', message: 'Position 15 is a digit.' },
      help: 'UWI position 15: the first digit of the event sequence, 0 for most wells.',
    }),
    dls_well_identifier: text({ max: 1, label: 'DLS drilling sequence', pattern: { source: '[02-9]', message: 'The drilling sequence is 0 or 2-9.' } }),
    dls_event_identifier: text({ max: 1, label: 'DLS event sequence', pattern: { source: '[02-9]', message: 'The event sequence digit is 0 or 2-9.' } }),
    nts_well_identifier: text({ max: 1, label: 'NTS drilling sequence', pattern: { source: '[02-9]', message: 'The drilling sequence is 0 or 2-9.' } }),
    nts_event_identifier: text({ max: 1, label: 'NTS event sequence', pattern: { source: '[02-9]', message: 'The event sequence digit is 0 or 2-9.' } }),
    lsd: integer({ min: 1, max: 16, label: 'LSD' }),
    section: integer({ min: 1, max: 36 }),
    township: integer({ min: 1, max: 126 }),
    range: integer({ min: 1, max: 34 }),
    meridian: integer({ min: 1, max: 6, help: 'West of meridian 1-6 (W4-W6 in Alberta).' }),
    quarter_unit: text({ max: 1, pattern: letter('A-D', 'Quarter unit') }),
    unit: integer({ min: 1, max: 100 }),
    block: text({ max: 1, pattern: letter('A-L', 'Block') }),
    series_number: integer({ min: 1, max: 120, label: 'Map series' }),
    map_area: text({ max: 1, pattern: letter('A-P', 'Map area') }),
    map_sheet: integer({ min: 1, max: 16 }),
    created_by_server: createdByServer(),
  },
  unique: [['company', 'code']],
  actions: {
    types: { on: 'collection', method: 'GET', permission: 'view', label: 'Location types', result: 'list', answer: obj({ value: oneOfChoices(LOCATION_TYPES), label: str() }) },
    container_volumes: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Container volumes', result: 'list',
      // Per tank of the site: volumes in the tank's capacity unit, written with 3 decimals.
      answer: obj({
        location: str('The tank (location id).'),
        name: maybe(str()),
        code: maybe(str()),
        capacity: decimalText(),
        unit: maybe(str('The code of the capacity unit, when it has one.')),
        opening_volume: decimalText('In the tank at the start of the period.'),
        received: decimalText('Brought in by completed tickets during the period.'),
        delivered: decimalText('Taken out by completed tickets during the period.'),
        closing_volume: decimalText('Left at the end of the period.'),
        fill_percent: maybe(num('Closing volume as a percentage of the capacity (2 decimals); null for a capacity of 0.')),
      }),
      input: {
        created_by_server: ref(SITE, { required: true, label: 'Site' }),
        from: date({ help: 'First day; 30 days before the last when left out.' }),
        to: date({ help: 'Last day; today when left out.' }),
      },
    },
  },
  labelFields: ['code', 'name'],
  list: { columns: ['legacy_id', 'name', 'code', 'location_type', 'site', 'uwi', 'capacity', 'enabled'], search: ['name', 'code', 'uwi'], ordering: ['name'] },
  form: {
    sections: [
      { label: 'Location', fields: ['name', 'code', 'location_type', 'site', 'company_location', 'product_location', 'enabled', 'description', 'capacity', 'capacity_unit', 'latitude', 'longitude'] },
      { label: 'Unique well identifier', fields: ['uwi', 'use_uwi_for_name_and_code', 'format', 'second_character', 'fifteenth_character'] },
      { label: 'DLS', fields: ['lsd', 'section', 'township', 'range', 'meridian', 'dls_well_identifier', 'dls_event_identifier'] },
      { label: 'NTS', fields: ['quarter_unit', 'unit', 'block', 'series_number', 'map_area', 'map_sheet', 'nts_well_identifier', 'nts_event_identifier'] },
    ],
  },
});
