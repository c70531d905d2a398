import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import type { Clock } from './kernel/clock.js';
import type { PubSub } from './kernel/pubsub.js';
import type { SecretBox } from './crypto/secret-box.js';

/** What engine operations receive: infrastructure built once in src/main.ts. */
export interface EngineDeps {
  db: Db;
  clock: Clock;
  secrets: SecretBox;
  pubsub: PubSub;
  logger: Logger;
}
