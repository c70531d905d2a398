import { type AuthorityMessage } from '../../autoridades/authority-message.js';
import type { Rejeicao } from '../present-nfse.js';

/**
 * São Paulo's `Erro`/`Alerta` codes integrators meet, in plain language with how to fix them. The city's answer
 * carries its own `Descricao`; these say what it means for the caller of this service.
 */
const CODIGOS: Record<string, { significado: string; correcao: string }> = {
  '1000': {
    significado: 'A conexão não usou TLS 1.2 ou o certificado cliente não foi aceito.',
    correcao: 'Confira o certificado A1 da empresa; o serviço usa TLS 1.2.',
  },
  '1001': {
    significado: 'A mensagem não segue o schema da prefeitura (campo com formato ou valor fora do permitido).',
    correcao: 'Confira os textos (sem travessões, aspas tipográficas ou º/ª na discriminação) e os códigos enviados.',
  },
  '1050': {
    significado: 'O certificado que assinou a mensagem não é válido para a prefeitura.',
    correcao: 'Envie um certificado A1 ICP-Brasil válido (tipo A, com o CNPJ da empresa).',
  },
  '1057': {
    significado: 'A assinatura digital da mensagem não confere.',
    correcao: 'Envie o certificado A1 de novo; se persistir, fale com o suporte.',
  },
  '1100': {
    significado: 'O CNPJ do certificado usado na conexão difere do remetente da mensagem.',
    correcao: 'O certificado A1 precisa ser do CNPJ da empresa emissora.',
  },
  '1101': { significado: 'A mensagem passou de 500 KB.', correcao: 'Reduza a discriminação do serviço.' },
  '1107': {
    significado: 'O CNPJ da assinatura não é o do prestador.',
    correcao: 'O certificado A1 precisa ser do CNPJ da empresa emissora.',
  },
  '1201': {
    significado: 'O lote tem RPS de mais de um prestador (CCM).',
    correcao: 'Cada lote deve ter um único CCM.',
  },
  '1206': {
    significado: 'A assinatura do RPS não confere com os dados enviados.',
    correcao: 'Confira a inscrição municipal (CCM) e o código de serviço da empresa; o serviço assina o RPS com eles.',
  },
  '1223': {
    significado: 'O município de prestação só pode ser informado quando o serviço é prestado fora de São Paulo.',
    correcao: 'Remova servico.municipio_prestacao ou informe um município fora de São Paulo.',
  },
  '1301': {
    significado: 'A NFS-e já estava cancelada.',
    correcao: 'Nada a fazer: a nota já está cancelada na prefeitura.',
  },
  '1305': {
    significado: 'A assinatura do pedido de cancelamento não confere.',
    correcao: 'Confira a inscrição municipal (CCM) da empresa.',
  },
  '1306': {
    significado: 'A NFS-e não foi emitida por web service e não pode ser cancelada por ele.',
    correcao: 'Cancele a nota no portal da NFS-e Paulistana.',
  },
  '631': {
    significado: 'Para a data do fato gerador a prefeitura exige o leiaute 2 (Reforma Tributária).',
    correcao:
      'O serviço reenvia o RPS no leiaute 2; se persistir, confira a data de corte configurada (SAO_PAULO_LAYOUT2_DESDE).',
  },
  '632': {
    significado: 'Contribuinte do Simples Nacional: para esta data a prefeitura exige o leiaute 2.',
    correcao: 'O serviço reenvia o RPS no leiaute 2; confira SAO_PAULO_LAYOUT2_SIMPLES_DESDE.',
  },
  '639': {
    significado: 'Para a data do fato gerador a prefeitura ainda exige o leiaute 1.',
    correcao: 'O serviço reenvia o RPS no leiaute 1; confira SAO_PAULO_LAYOUT2_DESDE.',
  },
  '640': {
    significado: 'ValorInicialCobrado não é mais aceito no leiaute 2.',
    correcao: 'O serviço envia ValorFinalCobrado; fale com o suporte se aparecer.',
  },
  '641': {
    significado: 'O prestador era do Simples Nacional na data do fato: use o leiaute 1.',
    correcao: 'O serviço reenvia o RPS no leiaute 1; confira o regime tributário da empresa.',
  },
};

/** `rejeicao` of a note São Paulo refused: the first `Erro` is the official code. */
export function explainSaoPauloRejection(erros: AuthorityMessage[]): Rejeicao {
  const first = erros[0];
  const code = first?.codigo || null;
  const known = code ? CODIGOS[code] : undefined;
  return {
    codigo_oficial: code,
    mensagem: first?.descricao || known?.significado || 'Rejeitada pela Prefeitura de São Paulo.',
    explicacao: known ? `${known.significado} Como corrigir: ${known.correcao}` : null,
    erros: erros.map((e) => ({
      codigo: e.codigo || null,
      descricao: e.descricao || null,
      complemento: e.complemento ?? null,
    })),
  };
}
