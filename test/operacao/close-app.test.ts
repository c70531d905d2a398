// The close order of src/composition/close-app.ts, on parts that record their calls: websockets, then the server
// and the workers together, then the request log, the first attempts (only with a grace period), the metrics port
// and the resources, in the order releaseResources gives them back.
import { describe, expect, it } from 'vitest';
import { byDeadline, closeApp, releaseResources, type RunningApp } from '../../src/composition/close-app.js';

function recordingApp(calls: string[], serverCloseMs = 0): RunningApp {
  const step = (name: string) => async () => void calls.push(name);
  return {
    sockets: [{ close: step('ws') }, { close: step('painelWs') }],
    server: {
      close: () => new Promise((resolve) => setTimeout(() => resolve(calls.push('server')), serverCloseMs)),
      startDrain: () => void calls.push('drain'),
      server: { closeAllConnections: () => void calls.push('cut connections') },
    },
    worker: { stop: async (deadline) => void calls.push(`worker ${deadline === undefined ? 'waits' : 'deadline'}`) },
    webhookWorker: { stop: step('webhookWorker') },
    requestLog: { close: step('requestLog') },
    settleFirstAttempts: async () => void calls.push('firstAttempts'),
    metricsServer: () => ({ close: step('metricsServer') }),
    release: step('release'),
  };
}

describe('closeApp', () => {
  it('without a grace period: websockets, server and workers, request log, metrics port, resources', async () => {
    const calls: string[] = [];
    await closeApp(recordingApp(calls));
    expect(calls).toEqual([
      'ws',
      'painelWs',
      'worker waits',
      'webhookWorker',
      'server',
      'requestLog',
      'metricsServer',
      'release',
    ]);
  });

  it('with a grace period: the first attempts are settled, and a server late past it has its connections cut', async () => {
    const calls: string[] = [];
    await closeApp(recordingApp(calls, 200), 20);
    expect(calls).toEqual([
      'ws',
      'painelWs',
      'worker deadline',
      'webhookWorker',
      'cut connections',
      'requestLog',
      'firstAttempts',
      'metricsServer',
      'release',
    ]);
  });

  it('a server that closes in time keeps its connections', async () => {
    const calls: string[] = [];
    await closeApp(recordingApp(calls), 5_000);
    expect(calls).not.toContain('cut connections');
    expect(calls.slice(-3)).toEqual(['firstAttempts', 'metricsServer', 'release']);
  });
});

describe('releaseResources', () => {
  it('simulators and their clients, the infrastructure, the webhook pools, then the SEFAZ clients', async () => {
    const calls: string[] = [];
    await releaseResources({
      authorities: {
        closeSimulators: async () => void calls.push('simulators'),
        closeSefaz: async () => void calls.push('sefaz'),
      },
      infrastructure: { close: async () => void calls.push('infrastructure') },
      webhooks: {
        mailer: { close: () => void calls.push('mailer') } as never,
        dispatchers: { close: async () => void calls.push('dispatchers') } as never,
      },
    });
    expect(calls).toEqual(['simulators', 'infrastructure', 'mailer', 'dispatchers', 'sefaz']);
  });
});

describe('byDeadline', () => {
  it('is the work itself without a deadline, and late once the deadline passes first', async () => {
    const slow = new Promise<string>((resolve) => setTimeout(resolve, 100, 'done'));
    await expect(byDeadline(Promise.resolve('done'), undefined)).resolves.toBe('done');
    await expect(byDeadline(slow, Date.now() + 10)).resolves.toBe('late');
    await expect(byDeadline(Promise.resolve('done'), Date.now() + 1_000)).resolves.toBe('done');
  });
});
