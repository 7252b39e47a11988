// The app frame's own texts: the storefront and back-office layouts, the guards, the login, home and
// error pages. A screen's texts live in its feature's labels.ts.
export const APP_LABELS = {
  brand: 'Comptoir',
  skipLink: 'Aller au contenu',
  login: 'Se connecter',
  logout: 'Se déconnecter',
  shop: {
    cart: 'Panier',
    account: 'Mon compte',
    admin: 'Administration',
    footer: 'Comptoir — négoce de matériaux de construction, pour les professionnels et les particuliers.',
    homeTitle: 'Nos catégories',
    homeSubtitle: 'Matériaux, outillage et fournitures pour vos chantiers.',
  },
  admin: {
    title: 'Comptoir — Administration',
    viewShop: 'Voir la boutique',
    openNavigation: 'Ouvrir la navigation',
    closeNavigation: 'Fermer la navigation',
    navigation: "Écrans d'administration",
    homeSubtitle: 'Administration de la boutique Comptoir',
    today: "Aujourd'hui",
    screens: "Écrans d'administration",
    retry: 'Réessayer',
    customerSession: (login: string) => `Vous êtes connecté avec le compte client « ${login} ».`,
    loginAsAdmin: 'Se connecter avec un compte administrateur',
  },
  loginPage: {
    title: 'Connexion',
    returnHint: 'Connectez-vous pour accéder à cette page.',
    signupLink: 'Pas encore de compte ? Créer un compte ou commander sans compte',
    forgotLink: 'Mot de passe oublié ?',
  },
  notFound: {
    title: 'Page introuvable',
    text: "L'adresse demandée ne correspond à aucune page.",
    backHome: "Retour à l'accueil",
  },
  reload: 'Recharger la page',
} as const;
