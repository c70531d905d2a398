import { loadLibxml2 } from '../../src/engine/national/libxml2.js';

await loadLibxml2();
