// The ERP drop folder (FILES_DIR/imports) and the states of its files, told by their suffixes
// (docs/import-erp.md, The drop folder). The import pipeline and the imported-files page both read
// them from here.

/**
 * A file's state is its name's last suffix: queued files end with one of QUEUED_EXTENSIONS; the
 * pipeline claims one by renaming it `<name>.encours` (an atomic rename: of two instances only one
 * wins), then renames it `<name>.ok` (imported) or `<name>.err` (refused, the report is in the import
 * history). Putting a file back in the queue renames it to its queued name again.
 */
export const IMPORT_FILE_STATES = {
  queued: { suffix: '', label: 'En attente' },
  running: { suffix: '.encours', label: 'En cours' },
  imported: { suffix: '.ok', label: 'Importé' },
  refused: { suffix: '.err', label: 'Refusé' },
} as const;

export type ImportFileState = keyof typeof IMPORT_FILE_STATES;

/** The extensions of a file the pipeline takes (case ignored). */
export const QUEUED_EXTENSIONS = ['.zip', '.csv'] as const;

const DONE_STATES = ['running', 'imported', 'refused'] as const satisfies readonly ImportFileState[];

const isQueuedName = (name: string) => QUEUED_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/** The state of a file of the drop folder and its queued name, or null for a file that is none of ours. */
export function importFileState(name: string): { state: ImportFileState; queuedName: string } | null {
  for (const state of DONE_STATES) {
    const { suffix } = IMPORT_FILE_STATES[state];
    if (name.endsWith(suffix)) {
      const queuedName = name.slice(0, -suffix.length);
      return isQueuedName(queuedName) ? { state, queuedName } : null;
    }
  }
  return isQueuedName(name) ? { state: 'queued', queuedName: name } : null;
}

/** The name a queued file takes in `state`. */
export const nameInState = (queuedName: string, state: ImportFileState): string =>
  queuedName + IMPORT_FILE_STATES[state].suffix;
