// `fiscal-api simulator` in a process of its own for the issuance benches, so that the service's CPU per note is
// the service alone and the simulator's is read apart.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CredenciaisProvedor } from '../src/engine/empresas/credenciais-provedor.js';
import type { MunicipalSimulatorMessage, MunicipalSimulatorUrls } from './municipal-simulators.js';

/**
 * `fiscal-api simulator` as a child process (national system and SEFAZ); its first stdout line is {simulador, sefaz}.
 * Under `node --cpu-prof` it profiles itself too (a CPU.*.cpuprofile of its own pid).
 */
export async function startSimulatorProcess(): Promise<{ child: ChildProcess; sefazUrl: string; nationalUrl: string }> {
  const main = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
  const profile = process.execArgv.filter((a) => a.startsWith('--cpu-prof'));
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', main, 'simulator', '--port', '0'], {
    env: { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-simulator-')), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      if (buffered.includes('\n')) resolve(buffered.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`simulador terminou (${code})`)));
  });
  const urls = JSON.parse(line) as { simulador: string; sefaz: string };
  return { child, sefazUrl: urls.sefaz, nationalUrl: urls.simulador };
}

/**
 * bench/municipal-simulators.ts as a child process: every NFS-e system bench:nfse-municipal issues through (national,
 * São Paulo, ABRASF 2.0x and 1.00, the providers in the national layout), its URLs the first IPC message.
 * `credenciais` registers a company's provider credentials with the ABRASF simulator there (it refuses others).
 */
export async function startMunicipalSimulators(): Promise<{
  child: ChildProcess;
  urls: MunicipalSimulatorUrls;
  credenciais(cnpj: string, esperadas: CredenciaisProvedor): Promise<void>;
}> {
  const script = fileURLToPath(new URL('./municipal-simulators.ts', import.meta.url));
  const profile = process.execArgv.filter((a) => a.startsWith('--cpu-prof'));
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const urls = await new Promise<MunicipalSimulatorUrls>((resolve, reject) => {
    child.once('message', (m) => resolve(m as MunicipalSimulatorUrls));
    child.once('exit', (code) => reject(new Error(`simuladores terminaram (${code})`)));
  });
  return {
    child,
    urls,
    credenciais: (cnpj, esperadas) =>
      new Promise((resolve) => {
        const registered = (m: { registrado?: string }) => {
          if (m.registrado !== cnpj) return;
          child.off('message', registered);
          resolve();
        };
        child.on('message', registered);
        child.send({ credenciais: { cnpj, esperadas } } satisfies MunicipalSimulatorMessage);
      }),
  };
}

/** utime + stime of a process (/proc/<pid>/stat fields 14 and 15, in clock ticks of 10 ms). */
export function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
