// Query keys of the data only the fee screen reads. The schedule and the carriers are shared
// resources: their keys live in lib/resources.
export const shippingKeys = {
  tranches: ['service', 'tranches'],
  typeForfait: ['service', 'typeForfaitTransport'],
  zones: ['service', 'zones'],
  planVente: ['service', 'planVente'],
} as const;
