import { randomFillSync } from 'node:crypto';

// Random words drawn 1 KiB at a time: one call per 256 words instead of one per id.
const random = new Uint32Array(256);
let cursor = random.length;
const nextUint32 = (): number => {
  if (cursor === random.length) {
    randomFillSync(random);
    cursor = 0;
  }
  return random[cursor++]!;
};

// UUIDv7 (RFC 9562, method 1 of section 6.2): 48-bit Unix milliseconds, then a 42-bit counter (the 12 bits of
// rand_a and the first 30 of rand_b) seeded at random each millisecond with its top bit clear, then 32 random
// bits. Within a millisecond, and when the clock steps back, the counter goes up, so ids made here are strictly
// increasing. Written straight into the text, with no intermediate byte array or id object: the webhook worker
// makes two ids per delivery.
let lastMs = 0;
let counterHigh = 0;
let counterLow = 0;
const reseed = () => {
  counterHigh = nextUint32() & 0x7ff;
  counterLow = nextUint32() & 0x3fffffff;
};

const HEX = new Uint16Array(256);
for (let i = 0; i < 256; i++) {
  const digits = i.toString(16).padStart(2, '0');
  HEX[i] = digits.charCodeAt(0) | (digits.charCodeAt(1) << 8);
}
const AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
const text = Buffer.alloc(36, '-');
/** Writes the `count` low bytes of `value` (up to 48 bits) from byte `at` on, most significant first. */
const put = (at: number, count: number, value: number) => {
  for (let i = at + count - 1; i >= at; i--) {
    const digits = HEX[value % 256]!;
    text[AT[i]!] = digits & 0xff;
    text[AT[i]! + 1] = digits >> 8;
    value = Math.floor(value / 256);
  }
};

/** Resource ids are UUIDv7 (monotonic within this process): sortable by creation, unguessable enough for public use. */
export const newId = (): string => {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    reseed();
  } else if (++counterLow > 0x3fffffff) {
    counterLow = 0;
    if (++counterHigh > 0xfff) {
      lastMs++;
      reseed();
    }
  }
  put(0, 6, lastMs);
  // Version 7 above the counter's 12 high bits, variant 10 above its 30 low bits.
  put(6, 2, 0x7000 | counterHigh);
  put(8, 4, 0x80000000 + counterLow);
  put(12, 4, nextUint32());
  return text.toString('latin1');
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);
