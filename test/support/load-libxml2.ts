import { loadLibxml2 } from '../../src/engine/xml/libxml2.js';

await loadLibxml2();
