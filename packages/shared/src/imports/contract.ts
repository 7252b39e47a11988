// The import page's contract (docs/contract/erp-imports.md): the imports, running and past, with
// their counts and reports, and the upload's answer.
import { z } from 'zod';
import { TEXT_ENCODINGS } from './encoding';
import { IMPORT_KINDS } from './kinds';

export const IMPORT_STATUSES = ['en_cours', 'ok', 'erreur', 'interrompu'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  en_cours: 'En cours',
  ok: 'Importé',
  erreur: 'Refusé',
  interrompu: 'Interrompu',
};

export const IMPORT_SOURCES = ['dossier', 'page'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** History page size of the import page. */
export const IMPORT_HISTORY_PAGE_SIZE = 20;
/** Largest file the page uploads. */
export const IMPORT_UPLOAD_MAX_BYTES = 512 * 1024 * 1024;
/** Rejected rows kept in a report; past that the report says how many more there were. */
export const IMPORT_REPORT_MAX_REJECTS = 10_000;

export const importRejet = z.object({
  fichier: z.string(),
  ligne: z.number().int().nullable(),
  colonne: z.string().nullable(),
  motif: z.string(),
});
export type ImportRejet = z.infer<typeof importRejet>;

/** One import: one CSV file, alone or inside a dropped ZIP. */
export const importSummary = z.object({
  id: z.number().int(),
  /** The dropped or uploaded file. */
  fichier: z.string(),
  /** The CSV imported (the same name, or the entry of the ZIP). */
  entree: z.string(),
  type: z.enum(IMPORT_KINDS).nullable(),
  statut: z.enum(IMPORT_STATUSES),
  source: z.enum(IMPORT_SOURCES),
  /** Data rows of the file (header excluded), known once counted. */
  lignesTotal: z.number().int().nullable(),
  lignesTraitees: z.number().int(),
  lues: z.number().int(),
  creees: z.number().int(),
  modifiees: z.number().int(),
  inchangees: z.number().int(),
  desactivees: z.number().int(),
  rejets: z.number().int(),
  /** Seconds since the epoch. */
  debut: z.number().int(),
  fin: z.number().int().nullable(),
  message: z.string().nullable(),
  /** The encoding the CSV was read in (docs/import-erp.md, Encodage des fichiers); null until known. */
  encodage: z.enum(TEXT_ENCODINGS).nullable(),
});
export type ImportSummary = z.infer<typeof importSummary>;

export const importDetail = importSummary.extend({ lignesRejetees: z.array(importRejet) });
export type ImportDetail = z.infer<typeof importDetail>;

export const importListQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const importList = z.object({
  enCours: z.array(importSummary),
  historique: z.array(importSummary),
  total: z.number().int(),
});
export type ImportList = z.infer<typeof importList>;

export const importIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const importUploadResponse = z.object({ fichier: z.string(), message: z.string() });
export type ImportUploadResponse = z.infer<typeof importUploadResponse>;

/** The import page's title (navigation, home card and heading). */
export const IMPORT_PAGE_TITLE = 'Imports ERP';

export const IMPORT_PAGE_MESSAGES = {
  uploaded: (name: string) => `Fichier ${name} déposé : l’import démarre`,
  noFile: 'Aucun fichier reçu (champ « fichier »)',
  badExtension: 'Fichier .zip ou .csv attendu',
  tooLarge: 'Fichier trop volumineux (512 Mo au maximum)',
  notFound: 'Import introuvable',
} as const;

/** The report file's name and its CSV header. */
export const reportFileName = (id: number) => `rapport-import-${id}.csv`;
export const REPORT_HEADER = ['fichier', 'ligne', 'colonne', 'motif'] as const;
