// The 'Pages du site' screen's texts.
export const SITE_PAGES_LABELS = {
  title: 'Pages du site',
  subtitle: 'Les textes des conditions générales de vente, des mentions légales et de la page Contact.',
  pageChoice: 'Page à modifier',
  text: 'Texte (Markdown)',
  textHint:
    'Titres : « ## Article 1 », listes : « - », gras : **texte**, liens : [texte](https://…). Le HTML saisi est affiché comme du texte.',
  preview: 'Aperçu',
  previewTitle: 'Aperçu de la page',
  previewEmpty: 'Cliquez sur « Aperçu » pour voir la page telle que la boutique l’affichera.',
  save: 'Enregistrer',
  saveHint:
    'Chaque enregistrement crée une nouvelle version ; les commandes gardent la version des CGV acceptée.',
  see: 'Voir la page sur la boutique',
  versions: 'Versions',
  version: 'Version',
  date: 'Date',
  by: 'Enregistrée par',
  noVersion: 'Aucune version enregistrée : la boutique affiche une page vide.',
  demo: 'Texte par défaut',
} as const;
