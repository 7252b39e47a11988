// The connection settings screen's own texts; the field labels and messages are shared with the API
// (packages/shared/src/connection-settings.ts).
export const CONNECTION_SETTINGS_LABELS = {
  title: 'Paramètres de connexion',
  subtitle: 'Accès anonyme, affichage des prix, création de compte, encours et agence de tarif',
  sections: {
    anonymous: 'Accès anonyme',
    accounts: 'Création de compte',
    temporary: 'Comptes clients temporaires',
    encours: 'Encours client',
    agency: 'Agence de tarif',
  },
  hints: {
    allowAnonymousAccess:
      'Désactivé : seules les pages d’accueil, de connexion et d’inscription restent visibles.',
    visiteurCodeClient: 'Le client dont les visiteurs anonymes prennent les droits et l’agence.',
    showAnonymousPrices: 'Désactivé : aucun prix n’est envoyé aux visiteurs anonymes.',
    anonymousParametrages: 'Au moins un profil reste choisi une fois la liste remplie.',
    agenceDefautTarif: '« Aucune agence » : le stock de toutes les agences ensemble.',
  },
  customerSearch: 'Nom ou code du client',
  save: 'Enregistrer',
  saving: 'Enregistrement…',
  history: 'Historique des modifications',
  historyCaption: 'Historique des modifications des paramètres de connexion',
  columns: {
    date: 'Date',
    login: 'Utilisateur',
    field: 'Paramètre',
    before: 'Ancienne valeur',
    after: 'Nouvelle valeur',
  },
  yes: 'Oui',
  no: 'Non',
  none: '—',
} as const;
