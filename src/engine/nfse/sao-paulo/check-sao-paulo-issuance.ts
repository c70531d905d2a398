import type { SaoPauloSettings } from '../../autoridades/sao-paulo/sao-paulo-gateway.js';
import type { ErrorItem } from '../../errors.js';
import type { ProviderDocumentInput } from '../provedores/nfse-provider.js';
import { buildRpsInput } from './build-rps-input.js';
import { ccmOf, codigoServicoOf } from './build-sao-paulo-document.js';

const CAMPO_CCM = '/prestador/inscricao_municipal';

/** The CCM São Paulo identifies the provider by: present, at most 12 digits. */
function ccmErros(ccm: string): ErrorItem[] {
  if (!ccm)
    return [
      {
        codigo: 'inscricao_municipal_obrigatoria',
        campo: CAMPO_CCM,
        mensagem:
          'A Prefeitura de São Paulo identifica o prestador pela inscrição municipal (CCM), que a empresa não tem cadastrada.',
        correcao:
          'Cadastre inscricao_municipal na empresa (PATCH /v1/companies/{id}) ou envie prestador.inscricao_municipal.',
      },
    ];
  if (ccm.length > 12)
    return [
      {
        codigo: 'inscricao_municipal_invalida',
        campo: CAMPO_CCM,
        mensagem: `A inscrição municipal ${ccm} tem mais de 12 dígitos.`,
        correcao: 'Informe o CCM de São Paulo, com até 12 dígitos.',
      },
    ];
  return [];
}

const CODIGO_MUNICIPAL_OBRIGATORIO: ErrorItem = {
  codigo: 'codigo_municipal_obrigatorio',
  campo: '/servico/codigo_municipal',
  mensagem: 'A Prefeitura de São Paulo exige o código de serviço municipal (lista de serviços da NFS-e Paulistana).',
  correcao: 'Envie servico.codigo_municipal (4 ou 5 dígitos) ou cadastre padroes.codigo_municipal na empresa.',
};

/** What the layout the note's RPS would take asks of it: an 8-digit CCM in layout 1, the NBS in layout 2. */
function layoutErros(
  settings: SaoPauloSettings,
  input: Omit<ProviderDocumentInput, 'signer'>,
  ccm: string,
  codigoServico: string,
): ErrorItem[] {
  const rps = buildRpsInput({ dps: input.dps, company: input.company, codigoServico, settings });
  const erros: ErrorItem[] = [];
  if (rps.layout === 1 && ccm.replace(/^0+/, '').length > 8) {
    erros.push({
      codigo: 'inscricao_municipal_invalida',
      campo: CAMPO_CCM,
      mensagem: `O leiaute 1 da prefeitura aceita CCM de 8 dígitos; ${ccm} tem mais.`,
      correcao: 'Confira o CCM da empresa.',
    });
  }
  if (rps.layout === 2 && !rps.nbs) {
    erros.push({
      codigo: 'nbs_obrigatoria',
      campo: '/servico/nbs',
      mensagem: 'O leiaute 2 da Prefeitura de São Paulo (IBS/CBS) exige o código NBS do serviço.',
      correcao: 'Envie servico.nbs (9 dígitos) ou cadastre padroes.nbs na empresa.',
    });
  }
  return erros;
}

/** What São Paulo needs beyond the national fields (NfseProvider.checkIssuance). */
export function checkSaoPauloIssuance(
  settings: SaoPauloSettings,
  input: Omit<ProviderDocumentInput, 'signer'>,
): ErrorItem[] {
  const ccm = ccmOf(input);
  const codigoServico = codigoServicoOf(input.company, input.request);
  return [
    ...ccmErros(ccm),
    ...(codigoServico ? [] : [CODIGO_MUNICIPAL_OBRIGATORIO]),
    ...(ccm && codigoServico ? layoutErros(settings, input, ccm, codigoServico) : []),
  ];
}
