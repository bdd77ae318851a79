/** The product fields the additional fields tests define: one of each kind, the text one required. */
export const PRODUCT_FIELDS = [
  { model: 'product', name: 'sap_material', label: 'SAP material', kind: 'text', required: true, position: 1 },
  { model: 'product', name: 'flash_point', label: 'Flash point (°C)', kind: 'number', position: 2 },
  { model: 'product', name: 'hazard_class', label: 'Hazard class', kind: 'choice', choices: ['2.1', '3', '8'], position: 3 },
  { model: 'product', name: 'reviewed_on', label: 'Reviewed on', kind: 'date', position: 4 },
  { model: 'product', name: 'heated', label: 'Heated', kind: 'boolean', position: 5 },
];
