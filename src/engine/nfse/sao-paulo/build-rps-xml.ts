import { createSign } from 'node:crypto';
import { el, group } from '../../xml/el.js';
import type { XmlSigner } from '../../xml/sign-xml.js';
import type { RpsInput } from './build-rps-input.js';
import { rpsSignatureString, type DocumentoAssinatura } from './signature-string.js';

/** Base64 RSA-SHA1 (PKCS#1 v1.5) of an ASCII string, as São Paulo's `Assinatura` and `AssinaturaCancelamento` are. */
export function signAscii(text: string, signer: XmlSigner): string {
  return createSign('RSA-SHA1').update(text, 'ascii').sign(signer.privateKey, 'base64');
}

function cpfCnpj(name: string, doc: DocumentoAssinatura): string {
  if (doc.tipo === 'cpf') return group(name, el('CPF', doc.numero));
  if (doc.tipo === 'cnpj') return group(name, el('CNPJ', doc.numero));
  return '';
}

/**
 * One `<RPS>` (unqualified, as every child of São Paulo's request roots) in the order of tpRPS of its layout, with
 * its `Assinatura` first.
 */
export function buildRpsXml(rps: RpsInput, signer: XmlSigner): string {
  const assinatura = signAscii(
    rpsSignatureString(
      {
        inscricaoPrestador: rps.inscricaoPrestador,
        serie: rps.serie,
        numero: rps.numero,
        dataEmissao: rps.dataEmissao,
        tributacao: rps.tributacao,
        status: 'N',
        issRetido: rps.issRetido,
        valorServicos: rps.valorServicos,
        valorDeducoes: rps.valorDeducoes,
        codigoServico: rps.codigoServico,
        tomador: rps.tomador,
      },
      rps.layout,
    ),
    signer,
  );
  const l2 = rps.layout === 2;
  return (
    '<RPS xmlns="">' +
    el('Assinatura', assinatura) +
    group(
      'ChaveRPS',
      el('InscricaoPrestador', rps.inscricaoPrestador),
      el('SerieRPS', rps.serie),
      el('NumeroRPS', rps.numero),
    ) +
    el('TipoRPS', 'RPS') +
    el('DataEmissao', rps.dataEmissao) +
    el('StatusRPS', 'N') +
    el('TributacaoRPS', rps.tributacao) +
    (l2 ? '' : el('ValorServicos', rps.valorServicos)) +
    el('ValorDeducoes', rps.valorDeducoes) +
    (l2 ? ['ValorPIS', 'ValorCOFINS', 'ValorINSS', 'ValorIR', 'ValorCSLL'].map((n) => el(n, '0')).join('') : '') +
    el('CodigoServico', rps.codigoServico) +
    el('AliquotaServicos', rps.aliquota) +
    el('ISSRetido', String(rps.issRetido)) +
    cpfCnpj('CPFCNPJTomador', rps.tomador) +
    el('RazaoSocialTomador', rps.razaoSocialTomador) +
    el('EmailTomador', rps.emailTomador) +
    el('Discriminacao', rps.discriminacao) +
    el('MunicipioPrestacao', rps.municipioPrestacao) +
    (l2
      ? el('ValorFinalCobrado', rps.valorServicos) +
        el('ValorIPI', '0') +
        el('ExigibilidadeSuspensa', '0') +
        el('NBS', rps.nbs) +
        el('cLocPrestacao', rps.localPrestacao) +
        group(
          'IBSCBS',
          el('finNFSe', '0'),
          el('indFinal', '0'),
          el('cIndOp', rps.cIndOp),
          el('indDest', '0'),
          group('valores', group('trib', group('gIBSCBS', el('cClassTrib', rps.cClassTrib)))),
        )
      : '') +
    '</RPS>'
  );
}
