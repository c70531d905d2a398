import { inflateSync } from 'node:zlib';

/**
 * Text drawn by pdfkit: hex strings (<...>) inside the Flate content streams, decoded as WinAnsi. Each stream is
 * cut by its /Length: compressed bytes may end in a CR that a `\r?\nendstream` pattern would swallow.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  for (const m of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, start + Number(m[1]))).toString('latin1');
    } catch {
      continue; // images
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      text +=
        [...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join('') +
        '\n';
    }
  }
  return text;
}
