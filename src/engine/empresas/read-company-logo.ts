import { EngineError } from '../errors.js';

/**
 * A company logo accepted for the DANFSe/DANFE header: PNG or JPEG recognised by its magic bytes (pdfkit embeds
 * only these two), at most LOGO_MAX_BYTES and LOGO_MAX_SIDE pixels on each side, the dimensions read from the
 * image header itself so no image library is needed and a file that does not parse is refused before it reaches
 * the PDF renderer.
 */
export const LOGO_MAX_BYTES = 200 * 1024;
export const LOGO_MAX_SIDE = 1000;

export interface CompanyLogo {
  tipo: 'image/png' | 'image/jpeg';
  largura: number;
  altura: number;
  bytes: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** `campo` is the JSON Pointer of the logo in the request body that carried it (e.g. "/logo"). */
export function readCompanyLogo(bytes: Buffer, campo: string | null): CompanyLogo {
  const refuse = (mensagem: string) =>
    new EngineError('validacao', mensagem, {
      campo,
      correcao: 'Envie uma imagem PNG ou JPEG de até 200 KB e até 1000×1000 pixels.',
    });
  if (bytes.length === 0) throw refuse('Logotipo vazio: envie uma imagem PNG ou JPEG.');
  if (bytes.length > LOGO_MAX_BYTES)
    throw refuse(`Logotipo com ${bytes.length} bytes: o limite é ${LOGO_MAX_BYTES} bytes (200 KB).`);
  const size = pngSize(bytes) ?? jpegSize(bytes);
  if (!size) throw refuse('Logotipo não é uma imagem PNG ou JPEG válida (formatos aceitos: PNG e JPEG).');
  if (size.largura < 1 || size.altura < 1) throw refuse('Logotipo sem dimensões válidas no cabeçalho da imagem.');
  if (size.largura > LOGO_MAX_SIDE || size.altura > LOGO_MAX_SIDE)
    throw refuse(
      `Logotipo de ${size.largura}×${size.altura} pixels: o limite é ${LOGO_MAX_SIDE}×${LOGO_MAX_SIDE} pixels.`,
    );
  return { ...size, bytes };
}

type Size = Omit<CompanyLogo, 'bytes'>;

/** PNG: the signature, then IHDR as the first chunk carrying width and height as big-endian 32-bit integers. */
function pngSize(b: Buffer): Size | null {
  if (b.length < 24 || !b.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { tipo: 'image/png', largura: b.readUInt32BE(16), altura: b.readUInt32BE(20) };
}

/**
 * JPEG: SOI, then marker segments until a start-of-frame (SOF0–SOF15 except DHT C4, JPG C8 and DAC CC), whose
 * payload holds precision, height and width.
 */
function jpegSize(b: Buffer): Size | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan before any frame
    const length = b.readUInt16BE(i + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (i + 9 > b.length) return null;
      return { tipo: 'image/jpeg', altura: b.readUInt16BE(i + 5), largura: b.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  return null;
}
