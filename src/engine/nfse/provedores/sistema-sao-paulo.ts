import { SAO_PAULO_IBGE } from '../../autoridades/sao-paulo/sao-paulo-gateway.js';
import { ownSystemFailureAdvice, type NfseSistema } from './nfse-sistema.js';

const NOME = 'a Prefeitura de São Paulo';

/** São Paulo's NFS-e Paulistana, for the companies established in the city. */
export const SISTEMA_SAO_PAULO: NfseSistema = {
  sistema: 'sao_paulo',
  nome: NOME,
  idPrefix: 'SP-',
  // The route is `sao_paulo` only where the city's act keeps the NFS-e Paulistana mandatory (decideRotaNfse).
  serves: (provedor) => provedor.rota === 'sao_paulo' && provedor.ibge === SAO_PAULO_IBGE,
  /** The CCM (inscrição municipal) and the city's service code, which the national layout does not have. */
  readinessItems(company) {
    const padroes = (company.padroes ?? {}) as Record<string, unknown>;
    const faltam = [
      ...(company.inscricaoMunicipal ? [] : ['inscricao_municipal (CCM)']),
      ...(typeof padroes.codigo_municipal === 'string'
        ? []
        : ['padroes.codigo_municipal (código de serviço de São Paulo)']),
    ];
    if (faltam.length === 0) return [];
    return [
      {
        item: 'padroes_emissao',
        situacao: 'aviso',
        mensagem: `As notas vão para a NFS-e Paulistana, que exige ${faltam.join(' e ')}.`,
        correcao:
          'Cadastre-os na empresa, ou envie prestador.inscricao_municipal e servico.codigo_municipal em cada nota.',
      },
    ];
  },
  // Notes received from São Paulo providers come from the city's own system (ConsultaNFeRecebidas).
  captura: { fonte: 'PREFEITURA_SP', municipios: [SAO_PAULO_IBGE] },
  failureAdvice: ownSystemFailureAdvice(NOME),
};
