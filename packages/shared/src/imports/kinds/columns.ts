// The columns of each kind (docs/import-erp.md, The kinds): their names in the header, in the documented
// order, and how each cell is read.
import { defaultUnitDecimals } from '../../quantity-rules';
import {
  code,
  col,
  dateTime,
  day,
  days,
  documentType,
  flag,
  integer,
  measure,
  money,
  opt,
  options,
  pdfName,
  percent,
  positiveMeasure,
  price,
  signedMeasure,
  status,
  text,
  unitDecimals,
  vatRate,
  webUrl,
  type Columns,
  type RowOf,
} from './cells';
import type { ImportKind } from './format';

export const KIND_COLUMNS = {
  agences: {
    code: col('code_agence', code),
    label: col('libelle', text),
    address: opt('adresse', text),
    postalCode: opt('code_postal', code),
    city: opt('ville', text),
    phone: opt('telephone', text),
    stockQueryUrl: opt('url_stock', webUrl),
    /** Revision 2.2: the opening hours, as the contact page shows them. */
    openingHours: opt('horaires', text),
  },
  familles: {
    code: col('code_famille', code),
    label: col('libelle', text),
    parentCode: opt('code_parent', code),
    activityCode: opt('code_activite', code),
    activityLabel: opt('libelle_activite', text),
    position: opt('position', integer),
  },
  unites: {
    code: col('code_unite', code),
    label: col('libelle', text),
    decimals: opt('decimales', unitDecimals),
  },
  articles: {
    code: col('code_article', code),
    designation1: col('designation1', text),
    designation2: opt('designation2', text),
    description: opt('description', text),
    familyCode: col('code_famille', code),
    priceHt: col('prix_ht', price),
    vatRate: col('taux_tva', vatRate),
    saleUnit: col('unite_vente', code),
    stockUnit: opt('unite_stock', code),
    prepUnit: opt('unite_preparation', code),
    length: opt('longueur', measure),
    width: opt('largeur', measure),
    height: opt('hauteur', measure),
    density: opt('densite', measure),
    weight: opt('poids', measure),
    diameter: opt('diametre', measure),
    capacity: opt('contenance', measure),
    dimensionUnit: opt('unite_dimensions', code),
    weightUnit: opt('unite_poids', code),
    image: opt('image', text),
    minQuantity: opt('quantite_minimum', positiveMeasure),
    saleMultiple: opt('multiple_vente', positiveMeasure),
    backorderDays: opt('delai_commande', days),
    active: col('actif', flag),
  },
  declinaisons: {
    articleCode: col('code_article', code),
    code: col('code_declinaison', code),
    designation: col('designation', text),
    options: opt('options', options),
    priceHt: opt('prix_ht', price),
    weight: opt('poids', measure),
  },
  stocks: {
    articleCode: col('code_article', code),
    variantCode: opt('code_declinaison', code),
    agencyCode: col('code_agence', code),
    quantity: col('quantite', signedMeasure),
  },
  clients: {
    code: col('code_client', code),
    name: col('nom', text),
    typeCode: col('code_type', code),
    typeLabel: opt('libelle_type', text),
    agencyCode: col('code_agence', code),
    isProfessional: col('professionnel', flag),
    creditLimit: opt('limite_encours', money),
    email: opt('email', text),
    phone: opt('telephone', text),
    siret: opt('siret', text),
  },
  adresses: {
    customerCode: col('code_client', code),
    label: col('libelle', text),
    line1: col('ligne1', text),
    line2: opt('ligne2', text),
    postalCode: col('code_postal', code),
    city: col('ville', text),
    zone: opt('zone', text),
    isDefault: opt('par_defaut', flag),
  },
  etats: {
    number: col('numero', code),
    status: col('etat', status),
    date: col('date', dateTime),
    shipmentNumber: opt('numero_expedition', code),
  },
  tarifs: {
    customerCode: opt('code_client', code),
    customerTypeCode: opt('code_type', code),
    articleCode: opt('code_article', code),
    familyCode: opt('code_famille', code),
    agencyCode: opt('code_agence', code),
    netPrice: opt('prix_net', price),
    discount: opt('remise', percent),
    active: opt('actif', flag),
  },
  documents: {
    orderNumber: col('numero', code),
    kind: col('type', documentType),
    number: col('numero_document', code),
    issuedOn: col('date', day),
    amount: opt('montant', money),
    fileName: col('fichier', pdfName),
  },
} as const satisfies Record<ImportKind, Columns>;

export type KindRow<K extends ImportKind> = RowOf<(typeof KIND_COLUMNS)[K]>;
export type FamilyImportRow = KindRow<'familles'>;
export type ArticleImportRow = KindRow<'articles'>;
export type UnitImportRow = KindRow<'unites'>;
export type VariantImportRow = KindRow<'declinaisons'>;
export type StockImportRow = KindRow<'stocks'>;
export type CustomerImportRow = KindRow<'clients'>;
export type AddressImportRow = KindRow<'adresses'>;
export type StatusImportRow = KindRow<'etats'>;
export type AgencyImportRow = KindRow<'agences'>;
export type PriceImportRow = KindRow<'tarifs'>;
export type DocumentImportRow = KindRow<'documents'>;

/** The header names of a kind, in the documented order (what a writer puts on the first line). */
export const kindHeader = (kind: ImportKind): string[] =>
  Object.values(KIND_COLUMNS[kind]).map((c) => c.name);

/** The decimals of a unit row: the file's, else the default of its code (defaultUnitDecimals). */
export const unitRowDecimals = (row: UnitImportRow) => row.decimals ?? defaultUnitDecimals(row.code);
