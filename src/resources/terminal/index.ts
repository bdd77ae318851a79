/** The terminal-management declarations, in dependency order (a resource after those it refers to). */
import { site } from './site';
import { measurementUnit } from './measurement-unit';
import { companyType } from './company-type';
import { terminalCompany } from './terminal-company';
import { companyTypeTable } from './company-type-table';
import { companyHierarchy } from './company-hierarchy';
import { terminalUser } from './terminal-user';
import { person } from './person';
import { personCompany } from './person-company';
import { terminalProduct } from './terminal-product';
import { gipProduct } from './gip-product';
import { location } from './location';
import { locationProduct } from './location-product';
import { vehicle } from './vehicle';
import { staff } from './staff';
import { driver } from './driver';
import { gcAnalysis } from './gc-analysis';
import { certification } from './certification';
import { certificateType } from './certificate-type';
import { companyCertification, userCertification, vehicleCertification } from './held-certificates';
import { userAccess } from './user-access';
import { tbRoute } from './route';
import { companyRole, tbGroup, tbPermission } from './site-roles';
import { ticket } from './ticket';
import { ticketAttachment, ticketEntry, ticketProperty } from './ticket-parts';
import { ticketWasteDisposal } from './ticket-waste-disposal';
import { unattachedFile } from './unattached-file';
import { barcode } from './barcode';
import { tankGauging } from './tank-gauging';
import { serviceContract, serviceContractTicket } from './service-contract';
import { ticketInvoice, ticketInvoiceLine } from './ticket-invoice';
import { crossBorderContract } from './cross-border-contract';
import { limitPeriod, limitProperties, periodicLimit } from './periodic-limit';
import { allocation, transferLimit } from './allocation';

export const terminalResources = [
  site, measurementUnit, companyType, terminalCompany, companyTypeTable, companyHierarchy, terminalUser, person, personCompany,
  terminalProduct, gipProduct, location, locationProduct, vehicle, staff, driver, gcAnalysis,
  certification, certificateType, userCertification, companyCertification, vehicleCertification,
  userAccess, tbRoute, tbPermission, tbGroup, companyRole,
  ticket, ticketEntry, ticketProperty, ticketAttachment, ticketWasteDisposal, unattachedFile, barcode, tankGauging,
  serviceContract, serviceContractTicket, ticketInvoice, ticketInvoiceLine, crossBorderContract,
  periodicLimit, limitPeriod, limitProperties, allocation, transferLimit,
];
