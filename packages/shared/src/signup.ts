// Sign-up and temporary accounts (docs/contract/sign-up-temporary-accounts-and-credit-limit.md, Sign-up and temporary accounts): the contract of
// POST /auth/inscription and POST /auth/compte-temporaire, and the pure rules both sides check (SIRET
// key, password strength).
import { z } from 'zod';

export const SIGNUP_MESSAGES = {
  parRefused: 'La création de compte est fermée aux particuliers',
  proRefused: 'La création de compte est fermée aux professionnels',
  temporaryRefused: 'La commande sans compte n’est pas proposée par cette boutique',
  temporaryNotConfigured: 'La commande sans compte n’est pas configurée : contactez la boutique',
  emailTaken: 'Un compte existe déjà avec cette adresse e-mail',
  noAgency: 'Création de compte impossible : aucune agence n’est configurée',
  tooManyAttempts: 'Trop de tentatives, réessayez dans une minute',
  emailInvalid: 'Adresse e-mail invalide',
  emailRequired: 'Adresse e-mail obligatoire',
  siretInvalid: 'SIRET invalide : 14 chiffres dont la clé de contrôle',
  siretRequired: 'SIRET obligatoire',
  companyRequired: 'Raison sociale obligatoire',
  nameRequired: 'Nom obligatoire',
  line1Required: 'Adresse obligatoire',
  postalCodeInvalid: 'Code postal invalide : 5 chiffres',
  nameTooLong: 'Le nom ne peut dépasser 100 caractères',
  line1TooLong: 'L’adresse ne peut dépasser 100 caractères',
  line2TooLong: 'Le complément d’adresse ne peut dépasser 100 caractères',
  cityTooLong: 'La ville ne peut dépasser 60 caractères',
  companyTooLong: 'La raison sociale ne peut dépasser 100 caractères',
  cityRequired: 'Ville obligatoire',
  phoneInvalid: 'Téléphone invalide',
  passwordTooShort: 'Le mot de passe doit contenir au moins 10 caractères',
  passwordTooLong: 'Le mot de passe ne doit pas dépasser 200 caractères',
  passwordContainsLogin: 'Le mot de passe ne doit pas contenir l’adresse e-mail',
} as const;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

/** The kinds of account a visitor may create. */
export const ACCOUNT_KINDS = ['particulier', 'professionnel'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/**
 * The customer type a new account gets (the signing-up visitor does not choose it): created in the
 * reference data with this label when the ERP has not sent it.
 */
export const SIGNUP_CUSTOMER_TYPES = {
  particulier: { code: 'PAR', label: 'Particulier' },
  professionnel: { code: 'PRO', label: 'Professionnel (inscription en ligne)' },
} as const satisfies Record<AccountKind, { code: string; label: string }>;

/** Luhn check of a string of digits (the last one is the key). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** La Poste's establishments share one SIREN and are keyed by a digit sum multiple of 5 instead. */
const LA_POSTE_SIREN = '356000000';

/** A SIRET without its spaces: 14 digits whose Luhn key is right (La Poste's rule for its own). */
export function siretValid(value: string): boolean {
  const digits = value.replace(/\s/g, '');
  if (!/^\d{14}$/.test(digits)) return false;
  if (digits.startsWith(LA_POSTE_SIREN) && digits !== `${LA_POSTE_SIREN}00048`)
    return [...digits].reduce((sum, digit) => sum + Number(digit), 0) % 5 === 0;
  return luhnValid(digits);
}

/** What is wrong with `password` for the account `login` (its e-mail), or null. Case is ignored. */
export function passwordProblem(password: string, login: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return SIGNUP_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return SIGNUP_MESSAGES.passwordTooLong;
  const folded = password.toLocaleLowerCase('fr-FR');
  const email = login.trim().toLocaleLowerCase('fr-FR');
  const localPart = email.split('@')[0] ?? '';
  // The login, or the name before the @ when it is long enough to be guessed from the e-mail.
  if (email && (folded.includes(email) || (localPart.length >= 4 && folded.includes(localPart))))
    return SIGNUP_MESSAGES.passwordContainsLogin;
  return null;
}

/**
 * A required text: `message` when it is missing or blank, `tooLong` past `max` characters (without
 * it, zod would answer the schema's own message, 'Nom obligatoire' for a name too long).
 */
const required = (message: string, tooLong: string, max = 100) =>
  z.string(message).trim().min(1, message).max(max, tooLong);
const hasNoControlCharacter = (text: string) => !/\p{Cc}/u.test(text);
const line = (message: string, tooLong: string, max = 100) =>
  required(message, tooLong, max).refine(
    hasNoControlCharacter,
    'Retour à la ligne ou caractère de contrôle interdit',
  );

export const email = z
  .string(SIGNUP_MESSAGES.emailRequired)
  .trim()
  .min(1, SIGNUP_MESSAGES.emailRequired)
  .max(254, SIGNUP_MESSAGES.emailInvalid)
  .toLowerCase()
  .pipe(z.email(SIGNUP_MESSAGES.emailInvalid));

/** A French postal code: its spaces (no-break ones too) removed first ('69 007' is 69007), then 5 digits. */
export const postalCode = z
  .string(SIGNUP_MESSAGES.postalCodeInvalid)
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{5}$/, SIGNUP_MESSAGES.postalCodeInvalid));

export const signupAddress = z.object({
  ligne1: line(SIGNUP_MESSAGES.line1Required, SIGNUP_MESSAGES.line1TooLong),
  ligne2: z
    .string()
    .trim()
    .max(100, SIGNUP_MESSAGES.line2TooLong)
    .refine(hasNoControlCharacter, 'Retour à la ligne ou caractère de contrôle interdit')
    .optional(),
  codePostal: postalCode,
  ville: line(SIGNUP_MESSAGES.cityRequired, SIGNUP_MESSAGES.cityTooLong, 60),
});
export type SignupAddress = z.infer<typeof signupAddress>;

export const phone = z
  .string()
  .trim()
  .max(20, SIGNUP_MESSAGES.phoneInvalid)
  .regex(/^(\+?[\d .-]{6,20})?$/, SIGNUP_MESSAGES.phoneInvalid)
  .optional();

/** POST /auth/inscription. A professional names its company and SIRET; both give the delivery address. */
export const signupBody = z
  .object({
    type: z.enum(ACCOUNT_KINDS, 'Type de compte invalide : particulier ou professionnel'),
    email,
    motDePasse: z
      .string('Mot de passe obligatoire')
      .max(PASSWORD_MAX_LENGTH, SIGNUP_MESSAGES.passwordTooLong),
    /** The person's name (the contact's, for a professional). */
    nom: line(SIGNUP_MESSAGES.nameRequired, SIGNUP_MESSAGES.nameTooLong),
    raisonSociale: z.string().trim().max(100, SIGNUP_MESSAGES.companyTooLong).optional(),
    siret: z.string().trim().max(20, SIGNUP_MESSAGES.siretInvalid).optional(),
    telephone: phone,
    adresse: signupAddress,
  })
  .superRefine((body, ctx) => {
    const problem = passwordProblem(body.motDePasse, body.email);
    if (problem) ctx.addIssue({ code: 'custom', path: ['motDePasse'], message: problem });
    if (body.type !== 'professionnel') return;
    if (!body.raisonSociale)
      ctx.addIssue({ code: 'custom', path: ['raisonSociale'], message: SIGNUP_MESSAGES.companyRequired });
    if (!body.siret)
      ctx.addIssue({ code: 'custom', path: ['siret'], message: SIGNUP_MESSAGES.siretRequired });
    else if (!siretValid(body.siret))
      ctx.addIssue({ code: 'custom', path: ['siret'], message: SIGNUP_MESSAGES.siretInvalid });
  });
export type SignupBody = z.input<typeof signupBody>;

/** POST /auth/compte-temporaire: who orders without an account, and where to deliver. */
export const temporaryAccountBody = z.object({
  email,
  nom: line(SIGNUP_MESSAGES.nameRequired, SIGNUP_MESSAGES.nameTooLong),
  telephone: phone,
  adresse: signupAddress,
});
export type TemporaryAccountBody = z.input<typeof temporaryAccountBody>;

/** GET /auth/inscription: what the sign-up page may offer. */
export const signupOptions = z.object({
  particulier: z.boolean(),
  professionnel: z.boolean(),
  /** Ordering without an account (a temporary account) is offered. */
  compteTemporaire: z.boolean(),
});
export type SignupOptions = z.infer<typeof signupOptions>;
