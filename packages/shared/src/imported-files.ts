// The contract of the imported-files page (docs/contract/imported-files.md): the files of the ERP
// drop folder, their size in words ('1,2 Mo') and their state, 50 a page.
import { z } from 'zod';
import { formatDecimal } from './format';
import { importFileState } from './imports';
import { pageNumberField, pageSizeField } from './page-query';

/** The page's name, in the back-office navigation too. */
export const IMPORTED_FILES_TITLE = 'Fichiers importés';

export const IMPORTED_FILES_PAGE_SIZE = 50;
export const IMPORTED_FILES_MAX_PAGE_SIZE = 100;

/** GET /admin/fichierimportation/fetch: page (0-based) and size. */
export const importedFilesQuery = z.object({
  page: pageNumberField(),
  size: pageSizeField(IMPORTED_FILES_MAX_PAGE_SIZE, IMPORTED_FILES_PAGE_SIZE),
});
export type ImportedFilesQuery = z.input<typeof importedFilesQuery>;

/** An imported file: name, size in bytes (fullsize), size in words (formatsize), state (etat). */
export const fichierImportation = z.object({
  name: z.string(),
  fullsize: z.number().int(),
  formatsize: z.string(),
  etat: importFileState,
  /** Last change, seconds since the epoch. */
  date: z.number().int(),
});
export type FichierImportation = z.infer<typeof fichierImportation>;

export const importedFilesResponse = z.object({
  total: z.number().int(),
  elements: z.array(fichierImportation),
});
export type ImportedFilesResponse = z.infer<typeof importedFilesResponse>;

/** A file name in a path: checked by the server (nothing outside the folder), only bounded here. */
export const importedFileParams = z.object({ name: z.string().min(1).max(100) });

export const IMPORTED_FILE_MESSAGES = {
  invalidName: 'Nom de fichier invalide',
  notFound: 'Fichier introuvable',
  inProgress: 'Import en cours : ce fichier ne peut pas être modifié',
  notRequeueable: 'Seul un fichier importé ou refusé peut être remis en attente',
  alreadyQueued: 'Un fichier de ce nom est déjà en attente',
  deleted: 'Fichier supprimé',
} as const;

export const deleteImportedFileResponse = z.object({ message: z.string() });

const UNITS = ['o', 'Ko', 'Mo', 'Go', 'To'] as const;

/** A size in bytes in words, 1024-based: '850 o', '12 Ko', '1,2 Mo'. */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  // Rounding 1023,96 Ko up would read '1 024 Ko': show it in the next unit instead.
  if (unit < UNITS.length - 1 && Math.round(value * 10) / 10 >= 1024) {
    value /= 1024;
    unit++;
  }
  return `${formatDecimal(unit === 0 ? Math.round(value) : value, 1)} ${UNITS[unit]}`;
}
