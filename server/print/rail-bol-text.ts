/**
 * The fixed wording of the rail bill of lading `rail-bol-custom` (docs/rail.md, 10.1 What it
 * carries, and from where). Kept apart from the layout so the regulated statements are read and
 * checked in one place, each with its source; a change of wording is a new template version, since
 * an archived document prints with the version it was issued with.
 */

/** The document's title: a straight bill of lading is consigned to a named consignee and cannot be negotiated. */
export const TITLE = 'Straight bill of lading - rail - not negotiable';

/** Under the title: what this copy is, by the shipment's `bol_revision`. */
export const revisionLabel = (revision: number) => (revision > 0 ? `Corrected, revision ${revision}` : 'Original');

/**
 * The shipper's certification of 49 CFR 172.204(a)(1) (Hazardous Materials Regulations, Shipper's
 * certification), word for word as the regulation gives it: "This is to certify that the
 * above-named materials are properly classified, described, packaged, marked and labeled, and are
 * in proper condition for transportation according to the applicable regulations of the Department
 * of Transportation." 172.204(d) has it signed by the shipper's principal, officer, partner or
 * employee, or its agent. 172.204(b) exempts neither a loaded rail car nor its shipper (only cargo
 * tanks by road and returned empty tank cars), so every hazardous shipment carries it. Wording
 * compared with the GPO's published text of 172.204; compare it with the current eCFR before a
 * release (docs/rail.md §10.1).
 */
export const CFR_172_204_CERTIFICATION =
  'This is to certify that the above-named materials are properly classified, described, packaged, marked and labeled, and are in proper condition for transportation according to the applicable regulations of the Department of Transportation.';

/**
 * The consignor's certification of the Transportation of Dangerous Goods Regulations (SOR/2001-286),
 * section 3.6.1(1)(a), word for word: after the information of section 3.5. Section 3.6.1(2): it is
 * made by the consignor, or an individual acting for the consignor, and sets out that individual's
 * name (the signer is printed under it). Section 3.6.1(1)(b) would accept the 49 CFR certification
 * alone; both are printed so the document serves on either side of the border. Wording compared with
 * the Justice Laws consolidation of section 3.6.1 in force 2020-02-19 to 2023-07-04; compare it with
 * the current consolidation before a release.
 */
export const TDG_3_6_1_CERTIFICATION =
  'I hereby declare that the contents of this consignment are fully and accurately described above by the proper shipping name, are properly classified and packaged, have dangerous goods safety marks properly affixed or displayed on them, and are in all respects in proper condition for transport according to the Transportation of Dangerous Goods Regulations.';

/** Where each statement comes from, printed beside it so a railroad clerk or inspector can see which rule it answers. */
export const CFR_SOURCE = '49 CFR 172.204(a)(1)';
export const TDG_SOURCE = 'TDG Regulations, s. 3.6.1(1)(a)';

/**
 * The receipt the carrier's agent signs: the product's own words (docs/rail.md §10.1), not the
 * Uniform Straight Bill of Lading's terms, which a railroad's own tariff or contract replaces. It
 * says what the signature means: the cars were received as described, their contents unchecked,
 * under the carrier's tariffs and the contract between the parties.
 */
export const RECEIPT_STATEMENT =
  'RECEIVED by the carrier named above, subject to its tariffs and classifications in effect on the date of this bill of lading and to any contract that applies, the cars described above, loaded and sealed by the shipper (contents and their condition unknown), consigned and destined as shown, to be carried by the route shown.';

/**
 * The emergency telephone's label, version 2 (docs/rail.md §10.7). The TDG Regulations, s.
 * 3.5(1)(f), ask for the words "24-Hour Number" (or "Numéro 24 heures") followed by the number; 49
 * CFR 172.604(a) and 172.201(d) ask for an emergency response telephone number on the shipping
 * paper, identified as such when it is entered once for the document. One label says both.
 * Version 1 printed "24-HOUR EMERGENCY TELEPHONE", which meets neither literally.
 */
export const EMERGENCY_LABEL = 'EMERGENCY RESPONSE TELEPHONE, 24-Hour Number: ';
export const EMERGENCY_LABEL_V1 = '24-HOUR EMERGENCY TELEPHONE: ';

/**
 * Before the ERAP reference number, version 2: TDG Regulations s. 3.6(1)(a) has it "preceded or
 * followed by the letters 'ERAP' or 'PIU'". Version 1 printed "ERAP NO.:".
 */
export const ERAP_PREFIX = 'ERAP ';
export const ERAP_PREFIX_V1 = 'ERAP NO.: ';

/**
 * After the ERAP number, version 3: TDG Regulations s. 3.6(1)(b) asks for "the telephone number to
 * call to activate the ERAP" with the reference number.
 */
export const ERAP_PHONE_LABEL = 'ERAP telephone: ';

/**
 * After the 24-hour number, version 3, when the product names who registered it: 49 CFR 172.604(b)
 * asks for the name, contract number or other unique identifier of the person registered with an
 * emergency response information provider, unless that person is the offeror named on the paper.
 */
export const REGISTRANT_LABEL = 'Registrant: ';

/** A product that is not a dangerous good says so, so the carrier need not wonder whether a description is missing. */
export const NOT_REGULATED = 'Not regulated as dangerous goods';

/** What a copy that is not a valid document says across the top. */
export const DRAFT_BAND = 'DRAFT: not a bill of lading. The shipment has not been shipped; the numbers and values may still change.';
export const correctionDraftBand = (bol: string, revision: number) =>
  `CORRECTION DRAFT of revision ${revision}: BOL ${bol} revision ${revision - 1} stays in force until this revision is issued.`;
export const voidBand = (reason: string) => `VOID: ${reason || 'no reason given'}. This bill of lading is not valid for transport.`;
