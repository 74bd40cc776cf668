// Binary content made from scratch so the seed needs no asset files: tile icons (SVG), a small
// but valid PDF (real xref offsets, so viewers open it without repair) and a stored-only ZIP.

const escapeXml = (s: string) => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** A square icon: a gradient tile with a simple glyph path and a monogram. */
export function iconSvg(monogram: string, from: string, to: string, glyph = ''): Uint8Array {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${escapeXml(monogram)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="256" height="256" rx="48" fill="url(#g)"/>
${glyph ? `<path d="${glyph}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>` : ''}
<text x="128" y="150" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="84" font-weight="700" fill="#ffffff">${escapeXml(monogram)}</text>
</svg>`;
  return new TextEncoder().encode(svg);
}

/** A banner for category tiles, 2:1 like a tile. The title is sized to stay inside the middle
 * 440 px, which every tile crop keeps (16:9 tiles show 569 of the 640 px, from the left, middle
 * or right as the position hint says). */
export function bannerSvg(title: string, from: string, to: string): Uint8Array {
  // Helvetica bold averages ~0.6 em a character.
  const size = Math.min(56, Math.floor(440 / (0.6 * Math.max(1, title.length))));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320" viewBox="0 0 640 320" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="640" height="320" fill="url(#g)"/>
<circle cx="540" cy="90" r="130" fill="#ffffff" fill-opacity="0.12"/><circle cx="100" cy="300" r="100" fill="#ffffff" fill-opacity="0.10"/>
<text x="320" y="${160 + Math.round(size * 0.35)}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="${size}" font-weight="700" fill="#ffffff">${escapeXml(title)}</text>
</svg>`;
  return new TextEncoder().encode(svg);
}

export const svgDataUrl = (bytes: Uint8Array) => `data:image/svg+xml;base64,${Buffer.from(bytes).toString('base64')}`;

/** PDF text strings escape backslashes and parentheses; only Latin-1 is drawable by Helvetica. */
const pdfText = (s: string) => s.replace(/[^\x20-\x7e]/g, '-').replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A PDF with one page per entry of `pages`, each a heading and paragraphs, wrapped at ~90
 * characters. Object offsets are counted as the file is assembled, so the xref table is exact.
 */
export function makePdf(title: string, pages: Array<{ heading: string; paragraphs: string[] }>): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => { objects.push(body); return objects.length; };
  const catalog = add('');
  const pagesObj = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>');
  const pageIds: number[] = [];
  pages.forEach((page, index) => {
    const lines: string[] = ['BT', '/F2 18 Tf', '56 780 Td', `(${pdfText(page.heading)}) Tj`, '/F1 11 Tf', '0 -30 Td', '14 TL'];
    for (const paragraph of page.paragraphs) {
      for (const line of wrap(paragraph, 90)) lines.push(`(${pdfText(line)}) '`);
      lines.push('() \'');
    }
    lines.push('ET', 'BT', '/F1 9 Tf', '56 40 Td', `(${pdfText(`${title} - page ${index + 1} of ${pages.length}`)}) Tj`, 'ET');
    const stream = lines.join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    pageIds.push(add(`<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R /F2 ${bold} 0 R >> >> /Contents ${content} 0 R >>`));
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  const info = add(`<< /Title (${pdfText(title)}) /Producer (Agora demo seed) /CreationDate (D:20250602090000Z) >>`);

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) { lines.push(line); line = word; } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A ZIP archive of text files, stored without compression (every unzip tool reads it). */
export function makeZip(files: Array<{ name: string; text: string }>): Uint8Array {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  // 2025-06-02 09:00 in DOS date/time format.
  const dosTime = (9 << 11) | (0 << 5);
  const dosDate = ((2025 - 1980) << 9) | (6 << 5) | 2;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const data = Buffer.from(file.text, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    chunks.push(local, name, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(0, 10);
    entry.writeUInt16LE(dosTime, 12);
    entry.writeUInt16LE(dosDate, 14);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += local.length + name.length + data.length;
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...chunks, ...central, end]));
}
