import { el, group } from '../../xml/el.js';
import type { EnderecoNacional, Tomador } from '../nacional/dps-input.js';
import {
  cpfCnpjXml,
  identificacaoRps,
  identificacaoXml,
  rpsId,
  servicoXml,
  type AbrasfRpsInput,
} from './build-abrasf-rps.js';
import { idAbrasf, xmlnsAbrasf } from './perfil-abrasf.js';

/**
 * `<Rps>` of MegaSoft's 2.00 schema (its tcDeclaracaoPrestacaoServico), unsigned, in the layout's namespace:
 * InfDeclaracaoPrestacaoServico holds the RPS identification (tcInfRps: the number alone and the issue instant, with an
 * identifier of its own), then Servico, Prestador and Tomador. The schema has no Competencia, special regime, Simples
 * option nor incentive, and no replaced RPS (the family offers no substitution). Its taker's group requires the
 * address: a note whose taker has none is refused before it is built (abrasfServiceFields).
 */
export function buildMegasoftRps({ leiaute, dps, campos }: AbrasfRpsInput): string {
  const rps = identificacaoRps(dps);
  const documento = dps.prest.CNPJ ?? dps.prest.CPF!;
  const toma = dps.toma;
  const inf =
    `<Rps${idAbrasf(leiaute, `Inf${rpsId(documento, rps)}`)}>` +
    identificacaoXml('IdentificacaoRps', rps, leiaute) +
    el('DataEmissao', dps.dhEmi) +
    '</Rps>' +
    servicoXml(leiaute, dps, campos) +
    group('Prestador', cpfCnpjXml(dps.prest), el('InscricaoMunicipal', campos.inscricaoMunicipal)) +
    (toma?.end ? tomadorXml(toma, toma.end) : '');
  return `<Rps${xmlnsAbrasf(leiaute)}><InfDeclaracaoPrestacaoServico${idAbrasf(leiaute, rpsId(documento, rps))}>${inf}</InfDeclaracaoPrestacaoServico></Rps>`;
}

/** tcDadosTomador of MegaSoft: identification, name and the address in its order (no Uf, no contact). */
function tomadorXml(toma: Tomador, end: EnderecoNacional): string {
  return group(
    'Tomador',
    group('IdentificacaoTomador', cpfCnpjXml(toma), el('InscricaoMunicipal', toma.IM)),
    el('RazaoSocial', toma.xNome),
    group(
      'Endereco',
      el('Endereco', end.xLgr),
      el('Numero', end.nro),
      el('Complemento', end.xCpl),
      el('Bairro', end.xBairro),
      el('Cep', end.endNac.CEP),
      el('CodigoMunicipio', end.endNac.cMun),
    ),
  );
}
