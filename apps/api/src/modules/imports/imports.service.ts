// The ERP import pipeline (docs/import-erp.md): a dropped or uploaded file is claimed, its CSV files
// (one, or each of a ZIP) are read as a stream and imported one transaction each, in batches through
// the owning modules' services; every CSV gets a row of the import history with its counts, its
// progress while it runs and its report. One import per kind at a time on every instance (an
// advisory lock); a server that dies mid-way leaves its transaction rolled back and the file is put
// back in the queue by the next instance that looks (see drop-folder.ts).
//
// The pipeline's parts: the run of a claimed file (import-runs.service.ts), one CSV of it
// (csv-import.ts) and the applier of each kind (appliers/), the upload (import-upload.service.ts) and
// the page's reads (import-history.service.ts). This file only re-exports what is called from outside
// the module: it is the module's face, and the module's own files never import it.
export { claimedByThisProcess, importClaimedFile, refuseFile } from './import-runs.service';
export { importDetail, importReport, listImports } from './import-history.service';
export type { ImportRuntime } from './runtime';
export { acceptUpload, uploadsDone } from './import-upload.service';
