// The child process of measuredLoad (bench/load-clients.ts): runs one plan's clients and sends back the result.
import { runClients, type LoadPlan } from './load-clients.js';

process.once('message', (plan: LoadPlan) => {
  void runClients(plan, () => process.send!('measuring')).then((result) =>
    process.send!(result, () => process.exit(0)),
  );
});
