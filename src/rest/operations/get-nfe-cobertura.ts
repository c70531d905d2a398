import type { RestOperation } from '../rest-operation.js';

/** `GET /v1/nfe/cobertura` → what the tax engine covers. */
export const getNfeCobertura: RestOperation = {
  document: `query { nfeCobertura { ufs regimes operacoesCalculadas operacoesInformadas icms { cst csosn aliquotas perfil difal cBenef }
    icmsSt { segmentoCest produtos ufsDestino } ipi { cst aliquota } pisCofins { cst regimes } ibsCbs { grupos aliquotas foraDoMotor } limites } }`,
  toVariables: () => ({}),
  successStatus: 200,
};
