import type { SaoPauloSettings } from '../../autoridades/sao-paulo/sao-paulo-gateway.js';
import type { CompanyWithCertificate } from '../../empresas/present-company.js';
import { signEnvelopedDocument } from '../../xml/enveloped-document.js';
import type { XmlSigner } from '../../xml/sign-xml.js';
import type { ProviderDocument, ProviderDocumentInput } from '../provedores/nfse-provider.js';
import type { NfseRequest } from '../validacao/nfse-request.js';
import type { RpsInput } from './build-rps-input.js';
import { buildRpsInput } from './build-rps-input.js';
import { buildRpsXml } from './build-rps-xml.js';
import { SAO_PAULO_ID_PREFIX, type DadosSaoPaulo } from './dados-sao-paulo.js';
import { pedidoEnvioRps } from './pedido-xml.js';

/** The city's service code of a note: the request's, else the company's default. */
export function codigoServicoOf(company: Pick<CompanyWithCertificate, 'padroes'>, request: NfseRequest): string | null {
  const pedido = (request.servico?.codigo_municipal ?? '').replace(/\D/g, '');
  const padrao = (company.padroes as Record<string, unknown> | null)?.codigo_municipal;
  return pedido || (typeof padrao === 'string' ? padrao : null);
}

/** The provider's CCM (inscrição municipal), digits only: the request's, else the company's. */
export const ccmOf = (input: Pick<ProviderDocumentInput, 'company' | 'dps'>) =>
  (input.dps.prest.IM ?? input.company.inscricaoMunicipal ?? '').replace(/\D/g, '');

/** The EnvioRPS request of one RPS, signed, and what the provider keeps about it. */
export function signedEnvioRps(
  rps: RpsInput,
  company: Pick<CompanyWithCertificate, 'cnpj'>,
  signer: XmlSigner,
): { xml: string; dados: DadosSaoPaulo } {
  return {
    xml: signEnvelopedDocument(pedidoEnvioRps(rps.layout, company.cnpj, buildRpsXml(rps, signer)), signer),
    dados: {
      leiaute: rps.layout,
      cnpjRemetente: company.cnpj,
      codigoServico: rps.codigoServico,
      dataEmissao: rps.dataEmissao,
    },
  };
}

/** The note's document: its RPS signed inside an EnvioRPS request, named `SP-<CCM>-<série>-<número>`. */
export function buildSaoPauloDocument(settings: SaoPauloSettings, input: ProviderDocumentInput): ProviderDocument {
  const ccm = ccmOf(input);
  const rps = buildRpsInput({
    dps: input.dps,
    company: { ...input.company, inscricaoMunicipal: ccm },
    codigoServico: codigoServicoOf(input.company, input.request)!,
    settings,
  });
  const { xml, dados } = signedEnvioRps(rps, input.company, input.signer);
  return { id: `${SAO_PAULO_ID_PREFIX}${ccm.replace(/^0+(?=\d)/, '')}-${rps.serie}-${rps.numero}`, xml, dados };
}
