/**
 * What some terminal records add to the generic record page: the location form's UWI helper,
 * the product card, the certificates a vehicle, driver, user or company holds, an invoice's lines
 * a service contract's prices, a periodic limit's periods and an allocation's transfer limits.
 */
import type { ReactNode } from 'react';
import { TB_COMPANY, TB_DRIVER, TB_LOCATION, TB_PRODUCT, TB_SERVICE_CONTRACT, TB_TICKET_INVOICE, TB_USER, TB_VEHICLE } from '../../resources/terminal/common';
import { UwiHelper } from './location/UwiHelper';
import { ProductCardOfRecord } from './product/ProductCard';
import { HeldCertificatesOfRecord } from './certification/HeldCertificates';
import { InvoiceLinesOfRecord } from './invoice/InvoiceLines';
import { InvoiceSummary } from './invoice/InvoiceSummary';
import { ServiceContractPrices } from './ServiceContractPrices';
import { LimitPeriods } from './limit/LimitPeriods';
import { TB_PERIODIC_LIMIT } from '../../resources/terminal/periodic-limit';
import { TB_ALLOCATION } from '../../resources/terminal/allocation';
import { AllocationLimits } from './allocation/AllocationLimits';

export interface RecordExtras {
  /** Content at the top of form sections, by section label. */
  sectionExtras?: Record<string, ReactNode>;
  leadSection?: string;
  aside?: ReactNode;
  below?: ReactNode;
}

const HOLDERS: Record<string, 'user' | 'driver' | 'company_table' | 'vehicle' | 'certification'> = {
  [TB_USER]: 'user', [TB_DRIVER]: 'driver', [TB_COMPANY]: 'company_table', [TB_VEHICLE]: 'vehicle', 'terminalboss/v3/certification': 'certification',
};

export function recordExtras(resource: string): RecordExtras {
  if (resource === TB_LOCATION) return { sectionExtras: { 'Unique well identifier': <UwiHelper /> }, leadSection: 'Unique well identifier' };
  if (resource === TB_PRODUCT) return { aside: <ProductCardOfRecord /> };
  if (resource === TB_TICKET_INVOICE) return { sectionExtras: { Invoice: <InvoiceSummary /> }, below: <InvoiceLinesOfRecord /> };
  if (resource === TB_SERVICE_CONTRACT) return { below: <ServiceContractPrices /> };
  if (resource === TB_PERIODIC_LIMIT) return { below: <LimitPeriods /> };
  if (resource === TB_ALLOCATION) return { below: <AllocationLimits /> };
  const holder = HOLDERS[resource];
  if (holder) return { below: <HeldCertificatesOfRecord holder={holder} /> };
  return {};
}
