import { DAY } from '../../nucleo/clock.js';

/** How long a note's transmission is retried and recovered before it fails for good. */
export const RECOVERY_LIMIT = 7 * DAY;
