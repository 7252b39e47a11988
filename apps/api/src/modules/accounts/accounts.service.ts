// The back office's 'Comptes' (docs/contract/accounts.md): the web accounts, their invitations, their
// state and password reset, and the invitation link where a person chooses a password. Every write is
// one transaction; its mail is written to the outbox inside it, and leaves once it committed.
import { randomBytes } from 'node:crypto';
import type { Database, DbOrTx } from '@comptoir/db/client';
import {
  ACCOUNTS_MESSAGES,
  INVITATION_TTL_DAYS,
  type AccountsQuery,
  type AcceptInvitationBody,
  type AccountAnswer,
  type AccountsPage,
  type InviteAccountBody,
  type UpdateAccountBody,
  type WebAccount,
} from '@comptoir/shared/accounts';
import { accountsQuery, inviteAccountBody } from '@comptoir/shared/accounts';
import { passwordProblem } from '@comptoir/shared/account';
import { badRequest, conflict, notFound } from '../../errors';
import {
  createInvitedUser,
  deleteUser,
  hashPassword,
  newResetToken,
  setUserPassword,
  type SessionUser,
} from '../auth/auth.service';
import { endUserSessions, sessionId, sessionsEnded } from '../../sessions/sessions';
import { queueInvitationMail, queuePasswordResetMailTo, type MailQueue } from '../mail/mail.service';
import { findCustomer } from '../reference/reference.service';
import * as repo from './accounts.repository';
import type { AccountRow } from './accounts.repository';

const toWebAccount = (row: AccountRow): WebAccount => ({
  id: row.id,
  login: row.login,
  nom: row.name,
  role: row.role,
  etat: row.state,
  codeClient: row.customerCode,
  nomClient: row.customerName,
  professionnel: row.professional,
  invitationLe: row.invitedAt?.toISOString() ?? null,
  derniereConnexion: row.lastLoginAt?.toISOString() ?? null,
});

export async function listAccounts(db: Database, input: AccountsQuery): Promise<AccountsPage> {
  const query = accountsQuery.parse(input);
  const filter = { text: query.recherche || undefined, role: query.role, state: query.etat };
  const [total, rows] = await Promise.all([
    repo.countAccounts(db, filter),
    repo.listAccounts(db, filter, { offset: query.page * query.size, limit: query.size }),
  ]);
  return { total, elements: rows.map(toWebAccount) };
}

async function accountOf(db: DbOrTx, id: number): Promise<AccountRow> {
  const row = await repo.findAccount(db, id);
  if (!row) throw notFound(ACCOUNTS_MESSAGES.notFound);
  return row;
}

const answer = async (db: DbOrTx, id: number, message: string): Promise<AccountAnswer> => ({
  message,
  compte: toWebAccount(await accountOf(db, id)),
});

/** The keyed hash an invitation token is stored as (SHA-256, as the sessions' tokens). */
const invitationId = (token: string, secret: string) => sessionId(`invitation:${token}`, secret);

/** A new invitation link for user `userId`, mailed to `to`; the links sent before stop working. */
async function sendInvitation(
  tx: DbOrTx,
  mail: MailQueue,
  secret: string,
  invitation: { userId: number; to: string; name: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await repo.deleteInvitations(tx, invitation.userId);
  await repo.insertInvitation(tx, {
    id: invitationId(token, secret),
    userId: invitation.userId,
    expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 3600 * 1000),
  });
  await repo.saveProfile(tx, invitation.userId, { invitedAt: new Date() });
  await queueInvitationMail(tx, mail, {
    to: invitation.to,
    name: invitation.name,
    token,
    validDays: INVITATION_TTL_DAYS,
  });
}

/** POST /admin/comptes: an invited account (no password yet) and its invitation mail. */
export async function inviteAccount(
  db: Database,
  input: InviteAccountBody,
  mail: MailQueue,
  secret: string,
): Promise<AccountAnswer> {
  const body = inviteAccountBody.parse(input);
  const codeClient = body.codeClient ?? null;
  const id = await db.transaction(async (tx) => {
    if (codeClient && !(await findCustomer(tx, codeClient)))
      throw badRequest(ACCOUNTS_MESSAGES.unknownCustomer(codeClient));
    if (await repo.loginTaken(tx, body.email)) throw conflict(ACCOUNTS_MESSAGES.emailTaken);
    const user = await createInvitedUser(tx, { login: body.email, role: body.role, codeClient });
    // A twin created between the check and the insert.
    if (!user) throw conflict(ACCOUNTS_MESSAGES.emailTaken);
    await repo.saveProfile(tx, user.id, { name: body.nom, state: 'invite' });
    await sendInvitation(tx, mail, secret, { userId: user.id, to: body.email, name: body.nom });
    return user.id;
  });
  mail.wake();
  return answer(db, id, ACCOUNTS_MESSAGES.invited(body.email));
}

/** POST /admin/comptes/:id/invitation: a new link for an account still invited. */
export async function resendInvitation(
  db: Database,
  id: number,
  mail: MailQueue,
  secret: string,
): Promise<AccountAnswer> {
  const account = await db.transaction(async (tx) => {
    const row = await accountOf(tx, id);
    if (row.state !== 'invite') throw conflict(ACCOUNTS_MESSAGES.notInvited);
    await sendInvitation(tx, mail, secret, { userId: id, to: row.login, name: row.name ?? row.login });
    return row;
  });
  mail.wake();
  return answer(db, id, ACCOUNTS_MESSAGES.invitationResent(account.login));
}

/** PATCH /admin/comptes/:id: renames, disables (its sessions end at once) or enables an account. */
export async function updateAccount(
  db: Database,
  id: number,
  body: UpdateAccountBody,
  admin: SessionUser,
): Promise<AccountAnswer> {
  let message: string = ACCOUNTS_MESSAGES.saved;
  await db.transaction(async (tx) => {
    const row = await accountOf(tx, id);
    if (body.etat === 'desactive' && id === admin.id) throw badRequest(ACCOUNTS_MESSAGES.ownAccountDisabled);
    if (body.etat === 'actif' && row.state === 'invite') throw conflict(ACCOUNTS_MESSAGES.invitedNotEnabled);
    await repo.saveProfile(tx, id, {
      ...(body.nom !== undefined && { name: body.nom }),
      ...(body.etat !== undefined && { state: body.etat }),
    });
    if (body.etat === 'desactive') {
      await endUserSessions(tx, id);
      message = ACCOUNTS_MESSAGES.disabled;
    } else if (body.etat === 'actif') message = ACCOUNTS_MESSAGES.enabled;
  });
  if (body.etat === 'desactive') sessionsEnded(db);
  return answer(db, id, message);
}

/**
 * POST /admin/comptes/:id/mot-de-passe: the forgotten-password mail, to the account's login when it
 * is an e-mail address, else to its customer's.
 */
export async function sendPasswordReset(
  db: Database,
  id: number,
  mail: MailQueue,
  secret: string,
): Promise<AccountAnswer> {
  const to = await db.transaction(async (tx) => {
    const row = await accountOf(tx, id);
    const address = row.login.includes('@') ? row.login : row.customerEmail;
    if (!address) throw conflict(ACCOUNTS_MESSAGES.noResetAddress);
    const token = await newResetToken(tx, id, secret);
    await queuePasswordResetMailTo(tx, mail, {
      to: address,
      name: row.name ?? row.customerName ?? row.login,
      login: row.login,
      token,
    });
    return address;
  });
  mail.wake();
  return answer(db, id, ACCOUNTS_MESSAGES.resetSent(to));
}

/** DELETE /admin/comptes/:id: the login, its sessions, carts and links; never the administrator's own. */
export async function deleteAccount(
  db: Database,
  id: number,
  admin: SessionUser,
): Promise<{ message: string }> {
  if (id === admin.id) throw badRequest(ACCOUNTS_MESSAGES.ownAccountDeleted);
  await db.transaction(async (tx) => {
    await accountOf(tx, id);
    await deleteUser(tx, id);
  });
  sessionsEnded(db);
  return { message: ACCOUNTS_MESSAGES.deleted };
}

/**
 * POST /auth/invitation: sets the password of the link's account, once; the account becomes active.
 * The caller opens its session.
 */
export async function acceptInvitation(
  db: Database,
  body: AcceptInvitationBody,
  secret: string,
): Promise<SessionUser> {
  const id = invitationId(body.jeton, secret);
  const found = await repo.findLiveInvitation(db, id);
  const account = found && (await repo.findAccount(db, found.userId));
  if (!account || account.state !== 'invite') throw badRequest(ACCOUNTS_MESSAGES.invitationInvalid);
  const problem = passwordProblem(body.motDePasse, account.login);
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(body.motDePasse);
  await db.transaction(async (tx) => {
    // Locked and checked again: of two uses of one link, the second finds it used.
    if (!(await repo.findLiveInvitation(tx, id, { lock: true })))
      throw badRequest(ACCOUNTS_MESSAGES.invitationInvalid);
    await setUserPassword(tx, account.id, passwordHash);
    await repo.useInvitation(tx, id, account.id);
    await repo.saveProfile(tx, account.id, { state: 'actif' });
  });
  sessionsEnded(db);
  return { id: account.id, login: account.login, role: account.role, codeClient: account.customerCode };
}

/**
 * The login flow's hook: records the login of user `userId` (its last login) and says whether it may
 * log in (a disabled account may not).
 */
export async function loginAllowed(db: Database, userId: number): Promise<boolean> {
  return (await repo.recordLogin(db, userId)) !== 'desactive';
}
