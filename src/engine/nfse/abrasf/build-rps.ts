import { buildAbrasfRps, type AbrasfRpsInput } from './build-abrasf-rps.js';
import { buildAbrasfRpsItens } from './build-abrasf-rps-itens.js';
import { buildElRps } from './build-el-rps.js';
import { buildMegasoftRps } from './build-megasoft-rps.js';
import type { ModeloRpsAbrasf } from './perfil-abrasf.js';

const CONSTRUTORES: Record<ModeloRpsAbrasf, (input: AbrasfRpsInput) => string> = {
  abrasf: buildAbrasfRps,
  itens: buildAbrasfRpsItens,
  megasoft: buildMegasoftRps,
  el: buildElRps,
};

/** The note's unsigned `<Rps>` in the shape its layout's profile names (`modeloRps`; the ABRASF template's by default). */
export const buildRps = (input: AbrasfRpsInput): string => CONSTRUTORES[input.leiaute.modeloRps ?? 'abrasf'](input);
