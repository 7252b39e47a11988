// Query keys of the fee screen. forfaitsTransport and transporteurs are the carriers screen's keys too:
// one cache per resource.
export const shippingKeys = {
  forfaits: ['service', 'forfaitsTransport'],
  tranches: ['service', 'tranches'],
  typeForfait: ['service', 'typeForfaitTransport'],
  zones: ['service', 'zones'],
  agences: ['service', 'agences'],
  planVente: ['service', 'planVente'],
  transporteurs: ['service', 'transporteurs'],
} as const;
