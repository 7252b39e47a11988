// The kind `documents` (docs/import-erp.md): the orders' invoices and delivery notes, an index row
// each with its PDF beside the CSV.
import fs from 'node:fs';
import path from 'node:path';
import { IMPORT_MESSAGES } from '@comptoir/shared/imports/kinds';
import {
  documentsByKeys,
  registerDocument,
  removeUnreferencedPdfs,
  storedPdfName,
  storePdf,
} from '../../documents/documents.service';
import { byKey, sameRow, type Applier, type BatchContext } from './helpers';

const PDF_MAGIC = Buffer.from('%PDF-');
const PDF_MAX_BYTES = 20 * 1024 * 1024;

/** The PDF named `name` beside the CSV: its bytes, or why it cannot be taken. */
async function readPdf(ctx: BatchContext, name: string): Promise<{ bytes: Buffer } | { problem: string }> {
  const opening = ctx.files.openSibling(name);
  if (!opening) return { problem: IMPORT_MESSAGES.missingPdf(name) };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of (await opening) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > PDF_MAX_BYTES) return { problem: IMPORT_MESSAGES.pdfTooLarge(name) };
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks);
  // Checked by content, not by name: a PDF starts with %PDF- (after at most a few bytes of junk).
  const at = bytes.subarray(0, 1024).indexOf(PDF_MAGIC);
  return at < 0 ? { problem: IMPORT_MESSAGES.notPdf(name) } : { bytes };
}

// Each PDF is stored under its content's digest (storedPdfName), beside the ones the index points to:
// a changed PDF never replaces the file a committed row reads, so a refused file, a rolled-back
// transaction or a server killed at any moment leaves the index and its PDFs as they were. The files
// no row points to (replaced, refused, half-written) are removed at the start of the next documents
// import, which holds the kind's lock.
export function documentApplier(): Applier<'documents'> {
  /** The PDFs this import added to the folder: removed again when the file is not imported. */
  const added = new Set<string>();
  let folder = '';
  let swept = false;
  return {
    key: (row) => `${row.kind}\u0000${row.number}`,
    async apply(ctx, batch) {
      const { documentsDir } = ctx.files;
      folder = documentsDir;
      if (!swept) {
        swept = true;
        await removeUnreferencedPdfs(ctx.tx, documentsDir);
      }
      const existing = byKey(
        await documentsByKeys(
          ctx.tx,
          batch.map(({ row }) => row),
        ),
        (r) => `${r.kind}\u0000${r.number}`,
      );
      for (const { line, row } of batch) {
        const pdf = await readPdf(ctx, row.fileName);
        if ('problem' in pdf) {
          ctx.reject({ line, column: 'fichier', reason: pdf.problem });
          continue;
        }
        if (!ctx.write) continue;
        const storedFile = storedPdfName(pdf.bytes);
        const before = existing.get(`${row.kind}\u0000${row.number}`);
        const stored = before && {
          orderNumber: before.orderNumber,
          kind: before.kind,
          number: before.number,
          issuedOn: before.issuedOn,
          amount: before.amount,
          fileName: before.fileName,
        };
        if (!stored) ctx.counts.created++;
        else if (before.storedFile === storedFile && sameRow(row, stored)) {
          ctx.counts.unchanged++;
          continue;
        } else ctx.counts.updated++;
        if (await storePdf(documentsDir, storedFile, pdf.bytes)) added.add(storedFile);
        await registerDocument(ctx.tx, documentsDir, row, storedFile);
      }
    },
    // Only files that were not in the folder before this import: no committed row points to them.
    async discard() {
      const files = [...added].map((name) => path.join(folder, name));
      added.clear();
      await Promise.all(files.map((file) => fs.promises.rm(file, { force: true })));
    },
  };
}
