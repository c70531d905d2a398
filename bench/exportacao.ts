// Exports of 10,000 authorised NFS-e through HTTP: GET /v1/nfse/exportacao?formato=csv, then ?formato=zip (each
// note's stored XML and a DANFSe rendered for it, the CSV as index). The notes are one note issued through the API
// against the national simulator and copied in SQL (its stored XML and DPS with it; test/support/clone-nfse.ts).
// The service runs in this process on the embedded database (startTestApp), the client too: it reads each export
// to its end and keeps nothing. Memory while each export streams: the peak RSS (sampled every 50 ms), and the heap
// that stays live — after a forced GC, at every 4 MB of a ZIP and 256 kB of a CSV read — whose samples are flat
// when nothing is kept as the export grows; its largest growth over the live heap before the export is compared
// with `heapBoundMb`, the bound docs/nfse.md claims. (The heap's unforced peak is mostly garbage not yet collected;
// it is printed beside, as heapPeakGrowthMb.)
// Prints one JSON object. Usage: npm run bench:exportacao [-- --notes 10000]
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import { EXPORT_LIMITS } from '../src/rest/stream-export.js';
import { cloneNfse } from '../test/support/clone-nfse.js';
import { nfseBody } from '../test/support/nfse.js';
import { seedAccount } from '../test/support/seed.js';
import { startTestApp } from '../test/support/test-app.js';

const arg = (name: string, standard: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) || standard : standard;
};
const notes = arg('notes', 10_000);
const MB = 1024 * 1024;
const HEAP_BOUND_MB = 64;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const round = (n: number) => Math.round(n * 10) / 10;

const t = await startTestApp();
const account = await seedAccount(t.app.engine, 'bench exportacao');
const company = await account.company();
const issued = await request(`${t.url}/v1/nfse`, {
  method: 'POST',
  headers: { authorization: `Bearer ${account.testKey}`, 'content-type': 'application/json' },
  body: JSON.stringify(nfseBody(company.id)),
});
const note = (await issued.body.json()) as { id: string; status: string };
if (issued.statusCode !== 201) throw new Error(`issuance answered ${issued.statusCode}: ${JSON.stringify(note)}`);
const seedStart = performance.now();
await cloneNfse(t.app.engine.db, note.id, notes - 1);
const seedSeconds = (performance.now() - seedStart) / 1000;

const dispatcher = new Agent({ connections: 1, bodyTimeout: 0, headersTimeout: 0 });

async function exportOnce(formato: 'csv' | 'zip') {
  // A key of its own: the export's units are charged to a minute no other call has spent.
  const key = await account.key('test');
  gc();
  await sleep(200);
  const heapBefore = process.memoryUsage().heapUsed;
  let peakRss = process.memoryUsage().rss;
  let peakHeap = heapBefore;
  let peakLive = heapBefore;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 50);
  const start = performance.now();
  const res = await request(`${t.url}/v1/nfse/exportacao?formato=${formato}`, {
    headers: { authorization: `Bearer ${key}` },
    dispatcher,
  });
  if (res.statusCode !== 200) throw new Error(`${formato} answered ${res.statusCode}: ${await res.body.text()}`);
  let bytes = 0;
  const liveHeap: number[] = [];
  let firstByteMs: number | null = null;
  for await (const chunk of res.body) {
    firstByteMs ??= performance.now() - start;
    bytes += (chunk as Buffer).length;
    // The expected size is not known in advance: a sample every 4 MB (CSV: every 256 kB) read.
    const every = formato === 'zip' ? 4 * MB : MB / 4;
    if (Math.floor(bytes / every) > liveHeap.length) {
      gc();
      const live = process.memoryUsage().heapUsed;
      peakLive = Math.max(peakLive, live);
      liveHeap.push(round(live / MB));
    }
  }
  const seconds = (performance.now() - start) / 1000;
  clearInterval(timer);
  return {
    seconds: round(seconds),
    firstByteMs: Math.round(firstByteMs ?? 0),
    bytes,
    peakRssMb: round(peakRss / MB),
    heapBeforeMb: round(heapBefore / MB),
    heapGrowthMb: round((peakLive - heapBefore) / MB),
    heapPeakGrowthMb: round((peakHeap - heapBefore) / MB),
    liveHeapSamplesMb: liveHeap,
  };
}

const rssBefore = process.memoryUsage().rss;
const csv = await exportOnce('csv');
const zip = await exportOnce('zip');
await t.close();
const heapGrowthMb = Math.max(csv.heapGrowthMb, zip.heapGrowthMb);
console.log(
  JSON.stringify({
    notes,
    seedSeconds: round(seedSeconds),
    csvSeconds: csv.seconds,
    csvBytes: csv.bytes,
    zipSeconds: zip.seconds,
    zipBytes: zip.bytes,
    zipFirstByteMs: zip.firstByteMs,
    rssBeforeExportsMb: round(rssBefore / MB),
    peakRssMb: Math.max(csv.peakRssMb, zip.peakRssMb),
    heapGrowthMb,
    csv,
    zip,
    heapBoundMb: HEAP_BOUND_MB,
    withinHeapBound: heapGrowthMb < HEAP_BOUND_MB,
    limits: EXPORT_LIMITS,
  }),
);
