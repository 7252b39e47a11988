// Query keys of the data only the fee screen reads. The schedule and the carriers are shared
// resources: their keys live in lib/resources.
export const shippingKeys = {
  bands: ['service', 'tranches'],
  feeType: ['service', 'typeForfaitTransport'],
  zones: ['service', 'zones'],
  salesPlan: ['service', 'planVente'],
} as const;
