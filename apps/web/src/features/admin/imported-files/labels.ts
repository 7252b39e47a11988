// The imported-files screen's own labels (docs/contract/imported-files.md). The state labels and the
// API's messages come from @comptoir/shared (IMPORT_FILE_STATE_LABELS, IMPORTED_FILE_MESSAGES).
export const IMPORTED_FILES_LABELS = {
  subtitle: 'Les fichiers déposés par l’ERP dans le dossier d’import, et ceux déjà traités',
  caption: 'Fichiers du dossier d’import',
  back: 'Retour',
  columns: {
    name: 'Nom',
    size: 'Taille',
    date: 'Date',
    state: 'État',
    actions: 'Actions',
  },
  download: (name: string) => `Télécharger ${name}`,
  requeue: (name: string) => `Remettre ${name} en attente (renommer en .zip)`,
  remove: (name: string) => `Supprimer ${name}`,
  requeued: (name: string) => `Fichier remis en attente : ${name}`,
  deleteTitle: 'Supprimer le fichier',
  deleteQuestion: (name: string) => `Supprimer définitivement le fichier « ${name} » ?`,
  deleteConfirm: 'Supprimer',
} as const;
