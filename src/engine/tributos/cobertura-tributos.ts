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
      cst: ['00', '10', '20', '30', '40', '41', '50', '51', '60', '70', '90'],
      csosn: ['101', '102', '103', '201', '202', '203', '300', '400', '500', '900'],
      aliquotas:
        'alíquota interna modal da UF (ou a do perfil do produto), interestadual de 7 % ou 12 % e 4 % para importados; FCP do perfil ou FCP geral de RJ, AL e SE',
      perfil:
        'reducao_bc (CST 20, 70, 90, CSOSN 900), diferimento (CST 51), mva, aliquota_st, reducao_bc_st, fcp, fcp_st e c_benef do perfil do produto, com as regras tributárias da empresa aplicadas por cima',
      difal:
        'venda interestadual a não contribuinte de CST 00, 20 (base reduzida) e 90 com ICMS próprio, 100 % para a UF de destino, com o FCP geral dela; base única (lei nacional) onde nenhuma lista diverge (DF, ES), senão o método que o perfil ou a regra da empresa escolhe (metodo_difal: base_unica ou base_dupla); Simples Nacional sem DIFAL (LC 123/2006 art. 13; STF ADI 5464)',
      cBenef:
        'exigido e validado como a SEFAZ da UF do emitente (NT 2019.001 v1.70, regras N12-85, N12-86, N12-94, N12-98, N12-97, N12-90; rejeições 930, 928, 931, 946, 929, 934) nas UFs e desde as datas em que cada regra vale; códigos conferidos só contra a tabela completa de SP',
    },
    icmsSt: mvaStCobertas().map((s) => ({ segmentoCest: s.segmento, produtos: s.descricao, ufsDestino: s.ufs })),
    ipi: { cst: ['50', '51', '52', '53', '54', '55'], aliquota: 'TIPI pelo NCM (e Ex) na data de emissão' },
    pisCofins: {
      cst: ['01', '02', '04', '05', '06', '07', '08', '09', '49'],
      regimes: 'não cumulativo (lucro real), cumulativo (lucro presumido), DAS (Simples Nacional)',
    },
    ibsCbs: {
      grupos: ['gIBSCBS', 'gRed', 'gDif', 'gTribRegular', 'gIBSCBSMono', 'IS'],
      aliquotas:
        'alíquotas de referência do ano da emissão (2026 a 2033; a prévia aceita data_emissao); diferimento pelo p_dif do perfil; tributação regular pelo c_class_trib_reg do perfil (000001 por padrão); Imposto Seletivo a partir de 2027 pela alíquota do perfil; monofásico sem alíquota (620007) com totais zero',
      foraDoMotor:
        'cClassTrib monofásico com alíquota ad rem (620001 a 620006: os dados oficiais não trazem adRemIBS nem adRemCBS; envie em modo informado) e diferimento monofásico (gMonoDif), crédito presumido, transferência de crédito, ajuste de competência, estorno, compra governamental ou alíquota fixa; Simples Nacional (grupo omitido)',
    },
    limites: [
      'benefícios fiscais de ICMS (redução de base, diferimento, FCP por produto) só pelos membros do perfil ou da regra da empresa: não há tabela oficial deles por produto',
      'MVA-ST oficial só onde a tabela de margens a traz (TO, MT em parte, autopeças e pneus em 20 UFs); fora dela, a margem vem da regra da empresa (mva) ou a nota é recusada nomeando a margem que falta',
      'a participação das UFs nos protocolos de ICMS-ST não é conferida (sem matriz de signatários); hipóteses de margem que a nota não distingue (lista positiva/negativa, fidelidade de compra) exigem a margem na regra da empresa',
      'desoneração do ICMS não é calculada: a fórmula oficial do vICMSDeson não está nos dados oficiais; o perfil aceita motivo_desoneracao (motDesICMS do grupo do CST) e deduz_desoneracao, e o item é recusado nomeando-os; no modo informado os valores enviados são somados (vICMSDeson, rejeição 795) e deduzidos do vNF com ind_deduz_deson 1 (regra N12-90, rejeição 934; 627 sem o valor)',
      'diferimento em UF com FCP geral (RJ, AL, SE) não é calculado',
      'DIFAL de CST 10, 30, 40, 41, 50, 51, 60, 70 e 90 com ST ou sem ICMS próprio não é calculado; nem a base dupla em UF com FCP geral (RJ, AL, SE); a redução de base do perfil vale para as duas UFs',
      'método do DIFAL (base única × base dupla) de UF em que listas de terceiros divergem da lei nacional: decidido só pelo perfil ou pela regra da empresa (metodo_difal), senão a nota é recusada',
      'NCM criados pelo ADE RFB nº 1/2026 sem alíquota na TIPI disponível',
    ],
  };
}

export type CoberturaTributos = ReturnType<typeof coberturaTributos>;
