// The French texts of the back office's 'Comptes' page and of the invitation page
// (docs/contract/accounts.md): the states, the messages of the calls and the page's labels.

/** The page's name, in the back-office navigation too. */
export const ACCOUNTS_TITLE = 'Comptes';

/** An account's states: invited (no password chosen yet), active, disabled (cannot log in). */
export const ACCOUNT_STATES = ['invite', 'actif', 'desactive'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export const ACCOUNT_STATE_LABELS: Record<AccountState, string> = {
  invite: 'Invité',
  actif: 'Actif',
  desactive: 'Désactivé',
};

export const ACCOUNT_ROLE_LABELS = { admin: 'Administrateur', client: 'Client' } as const;

/** How long an invitation link stays valid. */
export const INVITATION_TTL_DAYS = 7;

export const ACCOUNTS_MESSAGES = {
  emailTaken: 'Un compte existe déjà pour cette adresse e-mail',
  unknownCustomer: (code: string) => `Code client inconnu : ${code}`,
  customerRequired: 'Un compte client doit indiquer son code client',
  adminWithCustomer: 'Un compte administrateur ne peut pas être rattaché à un client',
  notFound: 'Compte introuvable',
  invitationInvalid: 'Ce lien d’invitation a expiré ou a déjà servi',
  notInvited: 'Ce compte a déjà choisi son mot de passe : envoyez-lui plutôt un nouveau mot de passe',
  ownAccountDisabled: 'Vous ne pouvez pas désactiver votre propre compte',
  ownAccountDeleted: 'Vous ne pouvez pas supprimer votre propre compte',
  invitedNotEnabled: 'Un compte invité devient actif en choisissant son mot de passe',
  noResetAddress: 'Ce compte n’a pas d’adresse e-mail où envoyer le lien',
  invited: (email: string) => `Invitation envoyée à ${email}`,
  invitationResent: (email: string) => `Invitation renvoyée à ${email}`,
  resetSent: (email: string) => `Lien de nouveau mot de passe envoyé à ${email}`,
  disabled: 'Compte désactivé : ses sessions sont fermées',
  enabled: 'Compte réactivé',
  saved: 'Compte enregistré',
  deleted: 'Compte supprimé',
  nameRequired: 'Nom obligatoire',
  nameTooLong: 'Nom : 100 caractères au plus',
  searchTooLong: 'Recherche : 100 caractères au plus',
  invitationAccepted: 'Bienvenue : votre mot de passe est enregistré',
  tooManyAttempts: 'Trop de tentatives, réessayez dans une minute',
  loginDisabled: 'Ce compte est désactivé : contactez la boutique',
} as const;

export const ACCOUNTS_LABELS = {
  search: 'Rechercher',
  searchPlaceholder: 'Identifiant, nom ou code client',
  role: 'Rôle',
  state: 'État',
  all: 'Tous',
  invite: 'Inviter un compte',
  email: 'Adresse e-mail',
  name: 'Nom',
  customerCode: 'Code client',
  customer: 'Client',
  lastLogin: 'Dernière connexion',
  never: 'Jamais',
  actions: 'Actions',
  resend: 'Renvoyer l’invitation',
  disable: 'Désactiver',
  enable: 'Réactiver',
  resetPassword: 'Nouveau mot de passe',
  delete: 'Supprimer',
  cancel: 'Annuler',
  send: 'Envoyer l’invitation',
  confirmDelete: (login: string) => `Supprimer le compte ${login} ? Ses paniers sont supprimés avec lui.`,
  confirmDisable: (login: string) => `Désactiver le compte ${login} ? Ses sessions sont fermées à l’instant.`,
  empty: 'Aucun compte',
  count: (total: number) => (total <= 1 ? `${total} compte` : `${total} comptes`),
  professional: 'Professionnel',
  individual: 'Particulier',
} as const;

export const INVITATION_TEXTS = {
  title: 'Choisir votre mot de passe',
  intro: 'Vous avez été invité à ouvrir votre compte. Choisissez votre mot de passe pour vous connecter.',
  password: 'Mot de passe',
  submit: 'Enregistrer et me connecter',
  missingToken: 'Ce lien d’invitation est incomplet : ouvrez le lien reçu par e-mail.',
} as const;
