// The contract of the back office's 'Comptes' page and of the invitation link (docs/contract/accounts.md):
// the schemas of every request and answer. The French texts are in accounts-texts.ts.
import { z } from 'zod';
import { role } from './auth';
import { ACCOUNT_STATES, ACCOUNTS_MESSAGES } from './accounts-texts';
import { PASSWORD_MAX_LENGTH, SIGNUP_MESSAGES, email } from './signup';
import { pageNumberField, pageSizeField } from './page-query';
import { idParam } from './validation';

export * from './accounts-texts';

export const ACCOUNTS_PAGE_SIZE = 50;
export const ACCOUNTS_MAX_PAGE_SIZE = 100;

export const accountState = z.enum(ACCOUNT_STATES);

/** GET /admin/comptes: text searched in the login, name and customer code; role; state; page (0-based), size. */
export const accountsQuery = z.object({
  recherche: z.string().trim().max(100, ACCOUNTS_MESSAGES.searchTooLong).optional(),
  role: role.optional(),
  etat: accountState.optional(),
  page: pageNumberField(),
  size: pageSizeField(ACCOUNTS_MAX_PAGE_SIZE, ACCOUNTS_PAGE_SIZE),
});
export type AccountsQuery = z.input<typeof accountsQuery>;

/** One web account as the list shows it. */
export const webAccount = z.object({
  id: z.number().int(),
  login: z.string(),
  nom: z.string().nullable(),
  role,
  etat: accountState,
  codeClient: z.string().nullable(),
  nomClient: z.string().nullable(),
  /** Whether the customer is a professional (false: a private individual); null without a customer. */
  professionnel: z.boolean().nullable(),
  /** ISO date-times. */
  invitationLe: z.string().nullable(),
  derniereConnexion: z.string().nullable(),
});
export type WebAccount = z.infer<typeof webAccount>;

export const accountsPage = z.object({ total: z.number().int(), elements: z.array(webAccount) });
export type AccountsPage = z.infer<typeof accountsPage>;

const name = z
  .string(ACCOUNTS_MESSAGES.nameRequired)
  .trim()
  .min(1, ACCOUNTS_MESSAGES.nameRequired)
  .max(100, ACCOUNTS_MESSAGES.nameTooLong)
  .refine((text) => !/\p{Cc}/u.test(text), 'Retour à la ligne ou caractère de contrôle interdit');

const customerCode = z
  .string()
  .trim()
  .max(50, 'Code client : 50 caractères au plus')
  .transform((code) => code || null)
  .nullable()
  .optional();

/** POST /admin/comptes: invites the person of `email` (its login) to an account of customer `codeClient`. */
export const inviteAccountBody = z
  .object({ email, nom: name, codeClient: customerCode, role: role.default('client') })
  .superRefine((body, ctx) => {
    if (body.role === 'client' && !body.codeClient)
      ctx.addIssue({ code: 'custom', path: ['codeClient'], message: ACCOUNTS_MESSAGES.customerRequired });
    if (body.role === 'admin' && body.codeClient)
      ctx.addIssue({ code: 'custom', path: ['codeClient'], message: ACCOUNTS_MESSAGES.adminWithCustomer });
  });
export type InviteAccountBody = z.input<typeof inviteAccountBody>;

/** PATCH /admin/comptes/:id: the name, or the state (an invited account cannot be made active here). */
export const updateAccountBody = z
  .object({ nom: name.optional(), etat: z.enum(['actif', 'desactive']).optional() })
  .refine((body) => body.nom !== undefined || body.etat !== undefined, 'Indiquez nom ou etat');
export type UpdateAccountBody = z.input<typeof updateAccountBody>;

export const accountParams = z.object({ id: idParam() });

/** The answer of every write: its message, and the account as it now is. */
export const accountAnswer = z.object({ message: z.string(), compte: webAccount });
export type AccountAnswer = z.infer<typeof accountAnswer>;

export const accountDeleted = z.object({ message: z.string() });

/** POST /auth/invitation: the token of the mailed link and the chosen password (the sign-up's rules). */
export const acceptInvitationBody = z.object({
  jeton: z
    .string(ACCOUNTS_MESSAGES.invitationInvalid)
    .trim()
    .min(20, ACCOUNTS_MESSAGES.invitationInvalid)
    .max(200, ACCOUNTS_MESSAGES.invitationInvalid),
  motDePasse: z.string('Mot de passe obligatoire').max(PASSWORD_MAX_LENGTH, SIGNUP_MESSAGES.passwordTooLong),
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBody>;
