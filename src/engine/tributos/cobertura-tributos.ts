import { mvaStCobertas } from './mva-st.js';

/**
 * What the tax engine computes (`calcular`) and checks (`conferir`), stated rather than implied: outside it
 * `calcular` answers 422 nfe_fora_de_cobertura naming what is missing and `conferir` marks the item
 * nfe_conferencia_fora_de_cobertura. GET /v1/nfe/cobertura answers this.
 */
export function coberturaTributos() {
  return {
    ufs: [
      'AC',
      'AL',
      'AM',
      'AP',
      'BA',
      'CE',
      'DF',
      'ES',
      'GO',
      'MA',
      'MG',
      'MS',
      'MT',
      'PA',
      'PB',
      'PE',
      'PI',
      'PR',
      'RJ',
      'RN',
      'RO',
      'RR',
      'RS',
      'SC',
      'SE',
      'SP',
      'TO',
    ],
    regimes: ['simples_nacional', 'mei', 'lucro_presumido', 'lucro_real'],
    operacoesCalculadas: ['venda', 'venda_consumidor_final', 'bonificacao'],
    operacoesInformadas: ['remessa', 'transferencia', 'devolucao'],
    icms: {
      cst: ['00', '10', '40', '41', '50', '60'],
      csosn: ['101', '102', '103', '201', '202', '203', '300', '400', '500'],
      aliquotas:
        'alíquota interna modal da UF (ou a do perfil do produto), interestadual de 7 % ou 12 % e 4 % para importados; FCP geral de RJ, AL e SE',
      difal: 'venda interestadual a não contribuinte, regime normal, base única, 100 % para a UF de destino',
    },
    icmsSt: mvaStCobertas().map((s) => ({ segmentoCest: s.segmento, produtos: s.descricao, ufsDestino: s.ufs })),
    ipi: { cst: ['50', '51', '52', '53', '54', '55'], aliquota: 'TIPI pelo NCM (e Ex) na data de emissão' },
    pisCofins: {
      cst: ['01', '02', '04', '05', '06', '07', '08', '09', '49'],
      regimes: 'não cumulativo (lucro real), cumulativo (lucro presumido), DAS (Simples Nacional)',
    },
    ibsCbs: {
      grupos: ['gIBSCBS', 'gRed', 'gDif', 'gTribRegular', 'IS'],
      aliquotas:
        'alíquotas de referência do ano da emissão (2026 a 2033; a prévia aceita data_emissao); diferimento pelo p_dif do perfil; tributação regular pelo c_class_trib_reg do perfil (000001 por padrão); Imposto Seletivo a partir de 2027 pela alíquota do perfil',
      foraDoMotor:
        'cClassTrib monofásico (alíquotas ad rem que a tabela não traz), crédito presumido, transferência de crédito, ajuste de competência, estorno, compra governamental ou alíquota fixa; Simples Nacional (grupo omitido)',
    },
    limites: [
      'benefícios fiscais de ICMS (redução de base, isenções por produto) e listas de FCP por produto não são aplicados',
      'MVA-ST só para autopeças (CEST 01) e pneus (CEST 16), nas UFs que a tabela traz',
      'DIFAL de UF que adota base dupla é calculado pela base única',
      'NCM criados pelo ADE RFB nº 1/2026 sem alíquota na TIPI disponível',
    ],
  };
}

export type CoberturaTributos = ReturnType<typeof coberturaTributos>;
