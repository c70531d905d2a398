import { randomFillSync } from 'node:crypto';
import { V7Generator } from 'uuidv7';

// The library's default source refills 32 random bytes per two ids through WebCrypto; 1 KiB at a time costs
// one call per 128 ids.
const random = new Uint32Array(256);
let cursor = random.length;
const generator = new V7Generator({
  nextUint32: () => {
    if (cursor === random.length) {
      randomFillSync(random);
      cursor = 0;
    }
    return random[cursor++]!;
  },
});

// The library's toString builds the text one character at a time (a string of 36 parts); ids are made twice
// per webhook delivery, where that was a visible part of the worker's CPU and garbage. Here each byte's two
// digits are written into a buffer read once as latin1.
const HEX = new Uint16Array(256);
for (let i = 0; i < 256; i++) {
  const digits = i.toString(16).padStart(2, '0');
  HEX[i] = digits.charCodeAt(0) | (digits.charCodeAt(1) << 8);
}
const AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
const text = Buffer.alloc(36, '-');

/** Resource ids are UUIDv7 (monotonic within this process): sortable by creation, unguessable enough for public use. */
export const newId = (): string => {
  const bytes = generator.generate().bytes;
  for (let i = 0; i < 16; i++) {
    const digits = HEX[bytes[i]!]!;
    text[AT[i]!] = digits & 0xff;
    text[AT[i]! + 1] = digits >> 8;
  }
  return text.toString('latin1');
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);
