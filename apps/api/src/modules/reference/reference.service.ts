// Reference data: customers, customer types, agencies, zones and delivery addresses. With
// reference.reads.ts (the reads other modules call as they are), the one door to their tables: the
// orders, cart, catalogue, shipping fees and back-office lists read them here.
import type { DbOrTx } from '@comptoir/db/client';
import type { Agence, Client, ValLib } from '@comptoir/shared/reference';
import type { DeliveryAddress } from '@comptoir/shared/cart';
import type { Zone } from '@comptoir/shared/shipping/contract';
import type { ContactAgency } from '@comptoir/shared/site-pages';
import { agencyStockQueryUrl, findCustomer } from './reference.kept';
import * as agenciesRepo from './agencies.repository';
import * as customersRepo from './customers.repository';
import * as addressesRepo from './delivery-addresses.repository';
import { agencyExists, zoneOfPostalCode, type DeliveryAddressRow } from './reference.reads';
import type { CodeLabelFilters, CodeLabelRow } from './reference-lists.repository';

export type { CustomerRow } from './customers.repository';
export type { DeliveryAddressRow } from './reference.reads';

const toValLib = (row: CodeLabelRow): ValLib => ({ VAL: row.code, LIB: row.label });

/** GET /service/agences: every agency, by label. */
export async function listAgencies(db: DbOrTx): Promise<Agence[]> {
  return (await agenciesRepo.findAgencies(db)).map((row) => ({
    code_agence: row.code,
    libelle_agence: row.label,
  }));
}

/** GET /service/typesClient: every customer type, by label. */
export async function listCustomerTypes(db: DbOrTx): Promise<ValLib[]> {
  return (await customersRepo.findCustomerTypes(db)).map(toValLib);
}

/** GET /service/clients: customers whose code starts with `search` or whose name contains it. */
export async function searchCustomers(
  db: DbOrTx,
  search: string | undefined,
  limit: number,
): Promise<Client[]> {
  const rows = await customersRepo.findCustomers(db, { codeOrName: search, limit });
  return rows.map((row) => ({
    code: row.code,
    libelle: row.name,
    libelle_type: row.typeLabel,
    code_type: row.typeCode,
  }));
}

/** The back-office pickers' filters: VAL (equality, or a prefix for customers), LIB contains. */
export interface ChoiceFilters {
  value?: string;
  label?: string;
  limit: number;
}

const codeLabelFilters = (filters: ChoiceFilters): CodeLabelFilters => ({
  code: filters.value,
  labelContains: filters.label,
  limit: filters.limit,
});

/** Customers as { VAL: code, LIB: name }: the code starts with `value`; optionally of some types only. */
export async function customerChoices(
  db: DbOrTx,
  filters: ChoiceFilters & { typeCodes?: string[] },
): Promise<ValLib[]> {
  const rows = await customersRepo.findCustomers(db, {
    codePrefix: filters.value,
    nameContains: filters.label,
    typeCodes: filters.typeCodes,
    limit: filters.limit,
  });
  return rows.map((row) => ({ VAL: row.code, LIB: row.name }));
}

/** Customer types as { VAL: code, LIB: label }. */
export async function customerTypeChoices(db: DbOrTx, filters: ChoiceFilters): Promise<ValLib[]> {
  return (await customersRepo.findCustomerTypes(db, codeLabelFilters(filters))).map(toValLib);
}

/** Every agency with its address, phone and opening hours, by name (the storefront's contact page). */
export async function agencyContacts(db: DbOrTx): Promise<ContactAgency[]> {
  return (await agenciesRepo.findAgencyContacts(db)).map((row) => ({
    code: row.code,
    libelle: row.label,
    adresse: row.address,
    codePostal: row.postalCode,
    ville: row.city,
    telephone: row.phone,
    horaires: row.openingHours,
  }));
}

/** Agencies as { VAL: code_agence, LIB: libelle_agence }. */
export async function agencyChoices(db: DbOrTx, filters: ChoiceFilters): Promise<ValLib[]> {
  return (await agenciesRepo.findAgencies(db, codeLabelFilters(filters))).map(toValLib);
}

/** The customer of this code, or undefined (reference.kept.ts). */
export { findCustomer };

/** The customer, its row locked until the transaction ends: checks of its credit limit take turns. */
export const lockCustomer = (tx: DbOrTx, code: string) =>
  customersRepo.findCustomer(tx, code, { lock: true });

/** Customers created on the shop (sign-up, temporary accounts) are coded WEB and 6 digits. */
export const SHOP_CUSTOMER_PREFIX = 'WEB';

export interface NewShopCustomer {
  name: string;
  /** The customer type, created with `typeLabel` when the reference data lacks it. */
  typeCode: string;
  typeLabel?: string;
  /** The agency; the first one by code when none is given. Undefined result: no agency exists. */
  agencyCode: string | null;
  isProfessional: boolean;
  email: string;
  phone: string | null;
  siret: string | null;
  address: { line1: string; line2: string | null; postalCode: string; city: string };
}

/**
 * Creates a customer of the shop and its default delivery address (inside the caller's transaction);
 * returns its code, or null when no agency exists to attach it to.
 */
export async function createShopCustomer(tx: DbOrTx, input: NewShopCustomer): Promise<string | null> {
  const agencyCode =
    input.agencyCode && (await agencyExists(tx, input.agencyCode))
      ? input.agencyCode
      : await agenciesRepo.firstAgencyCode(tx);
  if (!agencyCode) return null;
  if (input.typeLabel) await customersRepo.ensureCustomerType(tx, input.typeCode, input.typeLabel);
  const code = await customersRepo.nextShopCustomerCode(tx, SHOP_CUSTOMER_PREFIX);
  await customersRepo.insertCustomer(tx, {
    code,
    name: input.name,
    typeCode: input.typeCode,
    agencyCode,
    isProfessional: input.isProfessional,
    email: input.email,
    phone: input.phone,
    siret: input.siret,
  });
  await addressesRepo.insertDeliveryAddress(tx, {
    customerCode: code,
    label: input.name,
    line1: input.address.line1,
    line2: input.address.line2,
    postalCode: input.address.postalCode,
    city: input.address.city,
    isDefault: true,
  });
  return code;
}

/** The agency of a customer; undefined for an unknown customer. */
export async function customerAgency(db: DbOrTx, code: string): Promise<string | undefined> {
  return (await findCustomer(db, code))?.agencyCode;
}

/** The agency's stock-query URL (the product page's, for a customer). */
export { agencyStockQueryUrl };

/** GET /service/zones: every zone, by label. */
export async function listZones(db: DbOrTx): Promise<Zone[]> {
  return (await addressesRepo.listZones(db)).map((row) => ({ id: row.id, libelle: row.label }));
}

/** A delivery address as the checkout and the account show it. */
export const toDeliveryAddress = (row: DeliveryAddressRow): DeliveryAddress => ({
  id: row.id,
  libelle: row.label,
  ligne1: row.line1,
  ligne2: row.line2,
  codePostal: row.postalCode,
  ville: row.city,
  zoneId: row.zoneId,
  zone: row.zoneLabel,
  parDefaut: row.isDefault,
});

/** A delivery address as the customer edits it (the zone is found from the postal code). */
export interface OwnAddressInput {
  label: string;
  line1: string;
  line2: string | null;
  postalCode: string;
  city: string;
  isDefault: boolean;
}

const writeOf = async (tx: DbOrTx, input: OwnAddressInput): Promise<addressesRepo.OwnAddressWrite> => ({
  label: input.label,
  line1: input.line1,
  line2: input.line2,
  postalCode: input.postalCode,
  city: input.city,
  zoneId: await zoneOfPostalCode(tx, input.postalCode),
});

/** Adds an address (inside the caller's transaction); the first one, or one asked so, is the default. */
export async function addOwnAddress(
  tx: DbOrTx,
  customerCode: string,
  input: OwnAddressInput,
): Promise<number> {
  const count = await addressesRepo.lockOwnAddresses(tx, customerCode);
  const id = await addressesRepo.insertOwnAddress(tx, customerCode, {
    ...(await writeOf(tx, input)),
    isDefault: false,
  });
  if (input.isDefault || count === 0) await addressesRepo.setDefaultAddress(tx, customerCode, id);
  return id;
}

/** Rewrites one of the customer's addresses; false when it has none of that id. */
export async function updateOwnAddress(
  tx: DbOrTx,
  customerCode: string,
  id: number,
  input: OwnAddressInput,
): Promise<boolean> {
  await addressesRepo.lockOwnAddresses(tx, customerCode);
  if (!(await addressesRepo.updateOwnAddress(tx, customerCode, id, await writeOf(tx, input)))) return false;
  if (input.isDefault) await addressesRepo.setDefaultAddress(tx, customerCode, id);
  return true;
}

/** Deletes one of the customer's addresses; its default passes to the first left. False: none of that id. */
export async function deleteOwnAddress(tx: DbOrTx, customerCode: string, id: number): Promise<boolean> {
  await addressesRepo.lockOwnAddresses(tx, customerCode);
  const deleted = await addressesRepo.deleteOwnAddress(tx, customerCode, id);
  if (!deleted) return false;
  if (deleted.wasDefault) await addressesRepo.setDefaultAddress(tx, customerCode, null);
  return true;
}

// ERP imports (docs/import-erp.md): the imports module writes agencies, customers, their types and
// delivery addresses through these (it reads them in reference.reads.ts).
export type { AgencyWriteRow } from './agencies.repository';
export type { CustomerWriteRow } from './customers.repository';
export type { AddressWriteRow } from './delivery-addresses.repository';
export type { CodeLabelRow } from './reference-lists.repository';
export const upsertAgencies = (db: DbOrTx, rows: readonly agenciesRepo.AgencyWriteRow[]) =>
  agenciesRepo.upsertAgencies(db, rows);
export const upsertCustomerTypes = (db: DbOrTx, rows: readonly CodeLabelRow[]) =>
  customersRepo.upsertCustomerTypes(db, rows);
export const upsertCustomers = (db: DbOrTx, rows: readonly customersRepo.CustomerWriteRow[]) =>
  customersRepo.upsertCustomers(db, rows);
export const saveAddresses = (db: DbOrTx, rows: readonly addressesRepo.AddressWriteRow[]) =>
  addressesRepo.saveAddresses(db, rows);
