// The sign-up page's texts; the messages of the checks come from @comptoir/shared/signup.
export const SIGNUP_LABELS = {
  title: 'Créer un compte',
  subtitle: 'Votre adresse e-mail sera votre identifiant.',
  closed: 'La création de compte en ligne n’est pas ouverte : contactez votre agence.',
  kind: 'Vous êtes',
  kinds: { particulier: 'Un particulier', professionnel: 'Un professionnel' },
  email: 'Adresse e-mail',
  password: 'Mot de passe',
  passwordHint: '10 caractères au moins, sans votre adresse e-mail',
  name: 'Nom et prénom',
  contactName: 'Nom et prénom du contact',
  company: 'Raison sociale',
  siret: 'SIRET',
  siretHint: '14 chiffres',
  phone: 'Téléphone (facultatif)',
  address: 'Adresse de livraison',
  submit: 'Créer mon compte',
  loginLink: 'Déjà client ? Se connecter',
  temporaryTitle: 'Commander sans compte',
  temporaryText:
    'Donnez votre adresse e-mail, votre nom et votre adresse de livraison : vous pourrez commander aussitôt, sans mot de passe. Ce compte ne vaut que pour cette visite.',
  temporarySubmit: 'Continuer sans compte',
} as const;
