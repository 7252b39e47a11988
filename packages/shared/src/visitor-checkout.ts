// Ordering without an account (docs/contract/connection-settings.md, Connection settings and Checkout and payments): the
// delivery addresses a visitor types in its cart session (POST /rest/panier/adresses), and who it is
// and where it is billed, sent with its order. Shared by the API, the web app and the tests.
import { z } from 'zod';
import { SIGNUP_MESSAGES, email, phone, signupAddress } from './signup';

export const VISITOR_CHECKOUT_MESSAGES = {
  accountAddresses:
    'Les adresses d’un compte client se gèrent dans « Mes adresses » : cette adresse n’est pas enregistrée',
  tooManyAddresses: 'Vous avez déjà saisi 10 adresses : choisissez l’une d’elles',
  contactRequired: 'Vos coordonnées sont obligatoires pour commander sans compte',
  reachRequired: 'Indiquez un courriel ou un téléphone : l’agence doit pouvoir vous joindre',
  onlyVisitors: 'Les coordonnées et l’adresse de facturation ne se saisissent que sans compte',
} as const;

/** Addresses one visitor cart session may hold. */
export const VISITOR_ADDRESSES_MAX = 10;

/** POST /rest/panier/adresses: a delivery address a visitor types (the zone comes from the postal code). */
export const visitorAddressBody = signupAddress;
export type VisitorAddressBody = z.input<typeof visitorAddressBody>;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** Who ordered without an account, and its billing address when it is not the delivery address. */
export const visitorOrderDetails = z
  .object({
    nom: z
      .string(SIGNUP_MESSAGES.nameRequired)
      .trim()
      .min(1, SIGNUP_MESSAGES.nameRequired)
      .max(100, 'Nom trop long (100 caractères au plus)')
      .refine((text) => !/\p{Cc}/u.test(text), 'Retour à la ligne ou caractère de contrôle interdit'),
    email: z.preprocess(blankToUndefined, email.optional()),
    telephone: z.preprocess(blankToUndefined, phone),
    /** Absent: billed at the delivery address ('identique'). */
    facturation: signupAddress.optional(),
  })
  .refine((details) => details.email !== undefined || details.telephone !== undefined, {
    message: VISITOR_CHECKOUT_MESSAGES.reachRequired,
    path: ['email'],
  });
export type VisitorOrderDetails = z.input<typeof visitorOrderDetails>;
