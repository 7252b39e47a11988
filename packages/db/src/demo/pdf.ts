// A minimal, valid one-page PDF 1.4 (A4) with lines of text in Helvetica, written by hand: the demo
// data's invoices and delivery notes need a real PDF and no browser or library is worth it for that.
// Text is encoded in WinAnsi (Latin-1 plus the euro sign at 0x80), which covers French.

const WIN_ANSI_EXTRA: Record<string, number> = { '€': 0x80, '’': 0x92, '–': 0x96, '—': 0x97, '\u202f': 0xa0 };

/** A PDF literal string's bytes: WinAnsi, with (, ) and \ escaped; other characters become '?'. */
function pdfString(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const code = WIN_ANSI_EXTRA[char] ?? char.charCodeAt(0);
    const byte = code <= 0xff && char.length === 1 && (code >= 0x20 || code === 0x80) ? code : 0x3f;
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) bytes.push(0x5c);
    bytes.push(byte);
  }
  return Buffer.from(bytes);
}

export interface PdfLine {
  text: string;
  /** Font size in points (default 11). */
  size?: number;
}

/** The PDF bytes of one A4 page showing `lines` from the top, one under the other. */
export function simplePdf(title: string, lines: readonly PdfLine[]): Buffer {
  const content: Buffer[] = [Buffer.from('BT\n/F1 11 Tf\n56 790 Td\n')];
  let previous = 0;
  for (const line of lines) {
    const size = line.size ?? 11;
    if (previous) content.push(Buffer.from(`0 -${Math.round(previous * 1.6)} Td\n`));
    content.push(Buffer.from(`/F1 ${size} Tf\n(`), pdfString(line.text), Buffer.from(') Tj\n'));
    previous = size;
  }
  content.push(Buffer.from('ET\n'));
  const stream = Buffer.concat(content);

  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    ),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} >>\nstream\n`),
      stream,
      Buffer.from('\nendstream'),
    ]),
    Buffer.concat([Buffer.from('<< /Title ('), pdfString(title), Buffer.from(') /Producer (Comptoir) >>')]),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    offset += object.length;
    parts.push(object);
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    '0000000000 65535 f \n',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\n`,
    `startxref\n${offset}\n%%EOF\n`,
  ].join('');
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}
