import type { LookupAddress, LookupOptions } from 'node:dns';
import { Agent } from 'undici';
import { checkHost, type AddressPolicy } from './address-safety.js';

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The undici dispatcher of webhook deliveries. Its socket `lookup` resolves the name, checks every address and
 * hands the connection exactly the checked addresses, so a name that rebinds to an internal address between
 * registration (or an earlier check) and connect is refused: there is no second resolution to race. IP
 * literals never reach `lookup` (net.connect skips it), so deliver-webhook.ts checks them before the request.
 * Redirects are not followed: undici only follows them with the redirect interceptor, which is not installed.
 */
export function createSafeDispatcher(policy: AddressPolicy, connections = 128): Agent {
  const checkedLookup = (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    checkHost(policy, hostname).then(
      (verdict) => {
        if (!verdict.ok) {
          const err: NodeJS.ErrnoException = new Error(`webhook refused: ${verdict.motivo}`);
          err.code = 'EWEBHOOKADDRESS';
          callback(err, '');
          return;
        }
        const family = (a: string) => (a.includes(':') ? 6 : 4);
        const wanted = verdict.addresses.filter((a) => !options.family || family(a) === options.family);
        const list = wanted.length ? wanted : verdict.addresses;
        if (options.all) callback(null, list.map((address) => ({ address, family: family(address) })));
        else callback(null, list[0]!, family(list[0]!));
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
  return new Agent({ connections, connect: { lookup: checkedLookup as never }, keepAliveTimeout: 10_000 });
}
