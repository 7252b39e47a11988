// The ERP drop folder (FILES_DIR/imports) and the states of its files (docs/contract/imported-files.md, Imported
// files). The state of a file is its name's suffix: the import pipeline claims a queued file by
// renaming it `<name>.encours`, and when done renames it `<name>.ok` (imported) or `<name>.err`
// (refused). Both the pipeline and the imported-files page read these suffixes from here.
import { z } from 'zod';

/** Suffixes of a file waiting in the queue (the name the ERP or an upload gave it). */
export const QUEUED_FILE_EXTENSIONS = ['.zip', '.csv'] as const;

/** Suffix → state, for the states the pipeline adds to a queued file's name. */
export const IMPORT_FILE_STATES = {
  inProgress: '.encours',
  imported: '.ok',
  refused: '.err',
} as const;

export const IMPORT_FILE_STATE_CODES = ['attente', 'encours', 'importe', 'refuse', 'autre'] as const;
export const importFileState = z.enum(IMPORT_FILE_STATE_CODES);
export type ImportFileState = z.infer<typeof importFileState>;

export const IMPORT_FILE_STATE_LABELS: Record<ImportFileState, string> = {
  attente: 'En attente',
  encours: 'Import en cours',
  importe: 'Importé',
  refuse: 'Refusé',
  autre: 'Autre fichier',
};

/** The state a file's name says. */
export function importFileStateOf(name: string): ImportFileState {
  const lower = name.toLowerCase();
  if (lower.endsWith(IMPORT_FILE_STATES.inProgress)) return 'encours';
  if (lower.endsWith(IMPORT_FILE_STATES.imported)) return 'importe';
  if (lower.endsWith(IMPORT_FILE_STATES.refused)) return 'refuse';
  if (QUEUED_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension))) return 'attente';
  return 'autre';
}

/**
 * The queued name of an imported or refused file (its state suffix removed), or null when the file
 * cannot go back to the queue: in progress, already queued, or not a file the pipeline produced
 * (its name without the suffix must end with .zip or .csv).
 */
export function requeuedName(name: string): string | null {
  const state = importFileStateOf(name);
  if (state !== 'importe' && state !== 'refuse') return null;
  const suffix = state === 'importe' ? IMPORT_FILE_STATES.imported : IMPORT_FILE_STATES.refused;
  const base = name.slice(0, -suffix.length);
  return importFileStateOf(base) === 'attente' ? base : null;
}

/** The states the pipeline gives a queued file, by renaming it. */
export type PipelineState = 'running' | 'imported' | 'refused';
const PIPELINE_SUFFIXES: Record<PipelineState, string> = {
  running: IMPORT_FILE_STATES.inProgress,
  imported: IMPORT_FILE_STATES.imported,
  refused: IMPORT_FILE_STATES.refused,
};

/** The name a queued file takes in `state`. */
export const nameInState = (queuedName: string, state: PipelineState): string =>
  queuedName + PIPELINE_SUFFIXES[state];

/** The queued name of a file being imported (`<name>.encours`), or null for any other file. */
export function runningFileQueuedName(name: string): string | null {
  if (importFileStateOf(name) !== 'encours') return null;
  const base = name.slice(0, -IMPORT_FILE_STATES.inProgress.length);
  return importFileStateOf(base) === 'attente' ? base : null;
}
