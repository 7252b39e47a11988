// The forgotten-password pages' texts; the messages come from @comptoir/shared/account.
export const PASSWORD_RESET_LABELS = {
  forgotTitle: 'Mot de passe oublié',
  forgotIntro:
    'Indiquez l’adresse e-mail de votre compte client : nous vous envoyons un lien pour choisir un nouveau mot de passe.',
  email: 'Adresse e-mail',
  send: 'Envoyer le lien',
  resetTitle: 'Nouveau mot de passe',
  save: 'Enregistrer le mot de passe',
  missingToken: 'Ce lien est incomplet : ouvrez le lien du courriel reçu, ou demandez-en un nouveau.',
  askAgain: 'Demander un nouveau lien',
  login: 'Se connecter',
} as const;
