// The legal pages' own texts (their titles are shared: @comptoir/shared/site-pages-texts).
export const SITE_PAGE_LABELS = {
  notWritten: 'Le texte de cette page n’est pas encore rédigé : contactez votre agence.',
  agencies: 'Nos agences',
  phone: 'Téléphone',
  hours: 'Horaires',
  noHours: 'Horaires : contactez l’agence',
  version: (version: number, date: string) => `Version ${version} du ${date}`,
} as const;
