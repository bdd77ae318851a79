/**
 * The BOL register's columns (docs/rail.md §11.10): the document's own facts, led by its number.
 * The shipment list's columns would lead with the shipment number and the contract, and at 1,400 px
 * leave the BOL number itself cut short.
 */
export const BOL_REGISTER_COLUMNS = ['bol_number', 'bol_revision', 'status', 'ship_date', 'shipper', 'consignee', 'origin', 'destination', 'product', 'car_count'] as const;
/** On a phone: the number, its status and the day it shipped. */
export const BOL_REGISTER_COMPACT = ['bol_number', 'status', 'ship_date'] as const;
