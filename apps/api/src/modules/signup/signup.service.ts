// Sign-up and temporary accounts (docs/contract/sign-up-temporary-accounts-and-credit-limit.md, Sign-up and temporary accounts). Owns no table:
// the customer and its address are created by the reference module, the account by the auth module,
// in one transaction; the settings say who may sign up.
import type { Database, DbOrTx } from '@comptoir/db/client';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import {
  SIGNUP_CUSTOMER_TYPES,
  SIGNUP_MESSAGES,
  type SignupAddress,
  type SignupOptions,
  type signupBody,
  type temporaryAccountBody,
} from '@comptoir/shared/signup';
import type { z } from 'zod';
import { badRequest, conflict, forbidden } from '../../errors';
import { createCustomerAccount, type SessionUser } from '../auth/auth.service';
import { queueAccountCreatedMail, type MailQueue } from '../mail/mail.service';
import { createShopCustomer, type NewShopCustomer } from '../reference/reference.service';
import { customerTypeExists } from '../reference/reference.reads';
import { readSetting } from '../settings/settings.service';

/** What the sign-up page may offer, from the connection settings. */
export async function signupOptions(db: DbOrTx): Promise<SignupOptions> {
  const [par, pro, temporary, temporaryType] = await Promise.all([
    readSetting(db, SETTING_KEYS.allowParAccount),
    readSetting(db, SETTING_KEYS.allowProAccount),
    readSetting(db, SETTING_KEYS.anonymousAccount),
    readSetting(db, SETTING_KEYS.typeClientTemporaire),
  ]);
  return {
    particulier: par === '1',
    professionnel: pro === '1',
    compteTemporaire: temporary === '1' && temporaryType !== null,
  };
}

const toAddress = (address: SignupAddress): NewShopCustomer['address'] => ({
  line1: address.ligne1,
  line2: address.ligne2 || null,
  postalCode: address.codePostal,
  city: address.ville,
});

/** Creates the customer (in the default tariff agency, else the first) and its account, or refuses. */
async function createCustomerWithAccount(
  tx: DbOrTx,
  customer: Omit<NewShopCustomer, 'agencyCode'>,
  account: { login: string | null; password: string | null },
): Promise<SessionUser> {
  const agencyCode = await readSetting(tx, SETTING_KEYS.agenceDefautTarif);
  const code = await createShopCustomer(tx, { ...customer, agencyCode });
  if (code === null) throw conflict(SIGNUP_MESSAGES.noAgency);
  // A temporary account is known by its customer code: its e-mail may order again another day.
  const user = await createCustomerAccount(tx, {
    login: account.login ?? code,
    password: account.password,
    codeClient: code,
  });
  if (!user) throw conflict(SIGNUP_MESSAGES.emailTaken);
  return user;
}

/**
 * POST /auth/inscription: a private individual's or a professional's account, as the settings allow
 * (403 otherwise); its e-mail is its login (409 when taken). Its account-created mail is queued in the
 * same transaction. The caller opens the session.
 */
export async function signUp(
  db: Database,
  body: z.output<typeof signupBody>,
  mail: MailQueue,
): Promise<SessionUser> {
  const user = await db.transaction(async (tx) => {
    const options = await signupOptions(tx);
    const professional = body.type === 'professionnel';
    if (!options[body.type])
      throw forbidden(professional ? SIGNUP_MESSAGES.proRefused : SIGNUP_MESSAGES.parRefused);
    const type = SIGNUP_CUSTOMER_TYPES[body.type];
    const created = await createCustomerWithAccount(
      tx,
      {
        name: professional ? body.raisonSociale! : body.nom,
        typeCode: type.code,
        typeLabel: type.label,
        isProfessional: professional,
        email: body.email,
        phone: body.telephone || null,
        siret: professional ? body.siret!.replace(/\s/g, '') : null,
        address: toAddress(body.adresse),
      },
      { login: body.email, password: body.motDePasse },
    );
    await queueAccountCreatedMail(tx, mail, created);
    return created;
  });
  mail.wake();
  return user;
}

/**
 * POST /auth/compte-temporaire: with anonymousAccount, a visitor who orders without an account gets a
 * temporary customer of typeClientTemporaire and an account that lives in this session only.
 */
export function openTemporaryAccount(
  db: Database,
  body: z.output<typeof temporaryAccountBody>,
): Promise<SessionUser> {
  return db.transaction(async (tx) => {
    if ((await readSetting(tx, SETTING_KEYS.anonymousAccount)) !== '1')
      throw forbidden(SIGNUP_MESSAGES.temporaryRefused);
    const typeCode = await readSetting(tx, SETTING_KEYS.typeClientTemporaire);
    if (typeCode === null || !(await customerTypeExists(tx, typeCode)))
      throw badRequest(SIGNUP_MESSAGES.temporaryNotConfigured);
    return createCustomerWithAccount(
      tx,
      {
        name: body.nom,
        typeCode,
        isProfessional: false,
        email: body.email,
        phone: body.telephone || null,
        siret: null,
        address: toAddress(body.adresse),
      },
      { login: null, password: null },
    );
  });
}
