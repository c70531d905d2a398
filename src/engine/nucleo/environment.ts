/** The environment of an API key and of everything it touches: test keys never reach live data. */
export type Environment = 'test' | 'live';
