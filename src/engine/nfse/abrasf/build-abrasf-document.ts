import type { ProviderDocument, ProviderDocumentInput } from '../provedores/nfse-provider.js';
import type { DpsInput } from '../nacional/dps-input.js';
import {
  enviarLoteRpsSincronoMessage,
  gerarNfseMessage,
  pedidoCancelamentoMessage,
  substituirNfseMessage,
  type AbrasfPrestador,
} from './abrasf-message.js';
import { documentIdOfNote, type DadosAbrasf } from './abrasf-note.js';
import { elLoteRpsMessage } from './el-message.js';
import { abrasfServiceFields } from './abrasf-service-fields.js';
import { identificacaoRps } from './build-abrasf-rps.js';
import { buildRps } from './build-rps.js';
import type { OperacaoAbrasf, PerfilAbrasf } from './perfil-abrasf.js';
import { perfilAbrasfDoMunicipio } from './perfis-abrasf.js';
import { signAbrasfXml } from './sign-abrasf-xml.js';

type Signer = Parameters<typeof signAbrasfXml>[1];

interface MessageParts {
  perfil: PerfilAbrasf;
  dps: DpsInput;
  prestador: AbrasfPrestador;
  signedRps: string;
  signer: Signer;
}

/** SubstituirNfse: the replaced note's signed cancellation request and the new RPS, signed together. */
function substituicaoMessage({ perfil, dps, prestador, signedRps, signer }: MessageParts): string {
  // The replaced note is one of this city's: its key is <IBGE>-<número>-<código de verificação>; the city's
  // ChaveAcesso comes from its stored document where the family's Pedido names it (abrasfServiceFields refuses a
  // substitution without it before the note is created).
  const chave = dps.subst!.chSubstda;
  const numeroNfse = chave.split('-')[1] ?? chave;
  const chaveAcesso = dps.subst!.chaveAcessoMunicipio;
  const pedidoAssinado = signAbrasfXml(
    pedidoCancelamentoMessage(perfil, {
      numeroNfse,
      prestador,
      codigoMunicipio: perfil.ibge,
      codigoCancelamento: '1',
      // The national reason of a replaced note: an error in its issuance, in the substitution's own words.
      motivo: { codigo: '1', texto: dps.subst!.xMotivo ?? 'Substituição da NFS-e por erro na emissão' },
      ...(chaveAcesso ? { chaveAcesso } : {}),
    }),
    signer,
    'InfPedidoCancelamento',
    perfil,
  );
  return signAbrasfXml(
    substituirNfseMessage(perfil, { numeroNfse, pedidoAssinado, rpsAssinado: signedRps }),
    signer,
    'SubstituicaoNfse',
    perfil,
  );
}

/** The document stored for a note: the operation's whole nfseDadosMsg, signed, so every resend is the same bytes. */
function messageFor(parts: MessageParts): { operacao: OperacaoAbrasf; xml: string } {
  const { perfil, dps, prestador, signedRps, signer } = parts;
  if (dps.subst) return { operacao: 'SubstituirNfse', xml: substituicaoMessage(parts) };
  if (perfil.emissao === 'GerarNfse') return { operacao: 'GerarNfse', xml: gerarNfseMessage(perfil, signedRps) };
  // The lot number is the taxpayer's: the RPS number keeps it unique.
  const lote = enviarLoteRpsSincronoMessage(perfil, { numeroLote: dps.nDPS, prestador, rpsAssinados: [signedRps] });
  return { operacao: 'RecepcionarLoteRpsSincrono', xml: signAbrasfXml(lote, signer, 'LoteRps', perfil) };
}

/**
 * EL's own lot (el-nfse.xsd's LoteRps) of one RPS, numbered as the RPS: the document EnviarLoteRpsEnvio carries as
 * its `arquivo`; the session and the CNPJ beside it are written when it is sent.
 */
function elLoteFor(
  perfil: PerfilAbrasf,
  dps: DpsInput,
  rps: string,
  inscricaoMunicipal: string,
): { operacao: OperacaoAbrasf; xml: string } {
  const prestador = { documento: dps.prest.CNPJ ?? dps.prest.CPF!, inscricaoMunicipal };
  return { operacao: 'EnviarLoteRps', xml: elLoteRpsMessage(perfil, { numeroLote: dps.nDPS, prestador, rps: [rps] }) };
}

/** The note's signed RPS inside the message its city's profile sends it with (NfseProvider.buildDocument). */
export function buildAbrasfDocument({ company, dps, signer }: ProviderDocumentInput): ProviderDocument {
  const perfil = perfilAbrasfDoMunicipio(company.municipio);
  if (!perfil) throw new Error(`buildDocument sem perfil ABRASF para o município ${company.municipio}`);
  const fields = abrasfServiceFields(dps, perfil, company.padroes, {
    razaoSocial: company.razaoSocial,
    email: company.email,
  });
  if (!('campos' in fields)) throw new Error('buildDocument sem checkIssuance: campos ABRASF indisponíveis');
  const signedRps = signAbrasfXml(
    buildRps({ leiaute: perfil, dps, campos: fields.campos }),
    signer,
    'InfDeclaracaoPrestacaoServico',
    perfil,
  );
  const prestador: AbrasfPrestador = {
    documento: dps.prest.CNPJ ? { CNPJ: dps.prest.CNPJ } : { CPF: dps.prest.CPF! },
    inscricaoMunicipal: fields.campos.inscricaoMunicipal,
  };
  const { operacao, xml } =
    perfil.emissao === 'EnviarLoteRps'
      ? elLoteFor(perfil, dps, signedRps, fields.campos.inscricaoMunicipal ?? '')
      : messageFor({ perfil, dps, prestador, signedRps, signer });
  const dados: DadosAbrasf = { operacao, inscricaoMunicipal: fields.campos.inscricaoMunicipal || null };
  return { id: documentIdOfNote(perfil.ibge, company.cnpj, identificacaoRps(dps)), xml, dados };
}
