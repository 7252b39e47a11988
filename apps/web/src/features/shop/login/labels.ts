// The login form's texts.
export const LOGIN_LABELS = {
  login: 'Identifiant',
  password: 'Mot de passe',
  submit: 'Se connecter',
} as const;
