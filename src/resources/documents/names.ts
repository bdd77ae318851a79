/** The documents' resource names, apart so that a trip can refer to its bill of lading without importing the document's declaration. */
export const BILL_OF_LADING = 'billoflading';
export const BILL_OF_LADING_ATTACHMENT = 'billoflading_attachment';
