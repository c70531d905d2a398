import type { Environment as EnvironmentColumn } from '../../generated/prisma/enums.js';

/**
 * The environment of an API key and of everything it touches: test keys never reach live data. It is the
 * database's `Environment` enum ('test' | 'live'), so every row reads back typed.
 */
export type Environment = EnvironmentColumn;
