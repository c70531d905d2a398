import { httpClient, type Http, type HttpResponse } from './http.js';
import { nfseBody } from './nfse.js';
import { seedAccount, type SeededAccount, type SeededCompany } from './seed.js';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app.js';

export interface NationalApiKit {
  t: TestApp;
  account: SeededAccount;
  company: SeededCompany;
  /** Test-key client. */
  http: Http;
  /** Live-key client of the same account. */
  live: Http;
  /** POST /v1/nfse for the kit's company; `simular` → X-Service-Simular, `wait` → Prefer: wait. */
  issue(options?: {
    simular?: string;
    wait?: number;
    body?: Record<string, unknown>;
    client?: Http;
  }): Promise<HttpResponse>;
  close(): Promise<void>;
}

export async function startKit(options: TestAppOptions = {}): Promise<NationalApiKit> {
  const t = await startTestApp(options);
  const account = await seedAccount(t.app.engine);
  const company = await account.company();
  const http = httpClient(t.url, account.testKey);
  const live = httpClient(t.url, account.liveKey);
  return {
    t,
    account,
    company,
    http,
    live,
    issue: ({ simular, wait, body, client } = {}) =>
      (client ?? http).post('/v1/nfse', nfseBody(company.id, body), {
        headers: {
          ...(simular ? { 'x-service-simular': simular } : {}),
          ...(wait !== undefined ? { prefer: `wait=${wait}` } : {}),
        },
      }),
    close: () => t.close(),
  };
}
