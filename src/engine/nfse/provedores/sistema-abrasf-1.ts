import { ABRASF_1_ID_PREFIX } from '../abrasf/v1/abrasf-1-note.js';
import { perfilAbrasf1 } from '../abrasf/v1/perfis-abrasf-1.js';
import { provedorMunicipio } from '../../tabelas/provedor-municipio.js';
import { ownSystemFailureAdvice, type NfseSistema } from './nfse-sistema.js';

const NOME = 'o sistema ABRASF 1.00 do município';

/** The municipalities the provider table places on an ABRASF 1.00 family we have a profile of (perfis-abrasf-1.ts). */
export const SISTEMA_ABRASF_1: NfseSistema = {
  sistema: 'abrasf_1',
  nome: NOME,
  idPrefix: ABRASF_1_ID_PREFIX,
  serves: (provedor) => perfilAbrasf1(provedor) !== null,
  // What a family asks beyond the national fields is checked per note (checkIssuance); where the family's schema
  // requires the Reforma Tributária codes (ISSSalvador), defaults missing from the company are announced here.
  readinessItems(company) {
    const provedor = provedorMunicipio(company.municipio);
    const perfil = provedor ? perfilAbrasf1(provedor) : null;
    if (!perfil?.servicoRtc) return [];
    const padroes = (company.padroes ?? {}) as {
      nbs?: unknown;
      ibs_cbs?: { c_class_trib?: unknown; indicador_operacao?: unknown };
    };
    const faltam = [
      ...(typeof padroes.nbs === 'string' ? [] : ['padroes.nbs (NBS)']),
      ...(typeof padroes.ibs_cbs?.c_class_trib === 'string' ? [] : ['padroes.ibs_cbs.c_class_trib (cClassTrib)']),
      ...(typeof padroes.ibs_cbs?.indicador_operacao === 'string'
        ? []
        : ['padroes.ibs_cbs.indicador_operacao (INDOP)']),
    ];
    if (faltam.length === 0) return [];
    return [
      {
        item: 'padroes_emissao',
        situacao: 'aviso',
        mensagem: `As notas vão para ${perfil.nome}, que exige em cada RPS ${faltam.join(', ')}; a empresa não tem esse padrão.`,
        correcao: 'Cadastre-os nos padrões da empresa, ou envie servico.nbs e servico.ibs_cbs em cada nota.',
      },
    ];
  },
  // The 1.00 families offer no query of received notes here.
  captura: null,
  failureAdvice: ownSystemFailureAdvice(NOME),
};
