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
// increasing. Written straight into the text: a library's id object (a byte array, about 250 bytes) and its
// text built from 36 parts cost more than the rest of an id, and the webhook worker makes two per delivery.
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
const put = (i: number, byte: number) => {
  const digits = HEX[byte & 0xff]!;
  text[AT[i]!] = digits & 0xff;
  text[AT[i]! + 1] = digits >> 8;
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
  const high = Math.floor(lastMs / 0x100000000);
  const low = lastMs >>> 0;
  const tail = nextUint32();
  put(0, high >>> 8);
  put(1, high);
  put(2, low >>> 24);
  put(3, low >>> 16);
  put(4, low >>> 8);
  put(5, low);
  put(6, 0x70 | (counterHigh >>> 8));
  put(7, counterHigh);
  put(8, 0x80 | (counterLow >>> 24));
  put(9, counterLow >>> 16);
  put(10, counterLow >>> 8);
  put(11, counterLow);
  put(12, tail >>> 24);
  put(13, tail >>> 16);
  put(14, tail >>> 8);
  put(15, tail);
  return text.toString('latin1');
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);
