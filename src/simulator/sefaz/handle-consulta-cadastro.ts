import { el } from '../../engine/xml/el.js';
import { brasilia } from '../../engine/nfe/build-nfe-xml.js';
import { NFE_NS } from '../../engine/xml/nfe-ns.js';
import { codigoUf } from '../../engine/tabelas/index.js';
import { extractElement } from '../../engine/autoridades/soap-envelope.js';
import { CADASTRO_SIMULADO } from '../cadastros/cadastro-simulado.js';
import { motivo, tag, VER_APLIC, type SefazState } from './sefaz-state.js';

/**
 * CadConsultaCadastro4 (consCad/retConsCad 2.00): 111 with the registration (infCad: IE, cSit, name) the simulated
 * SEFAZ holds for the CNPJ or CPF in that UF; 259 (CNPJ) or 264 (CPF) when it holds none; 215 for a message that is
 * not a consCad 2.00 with CONS-CAD, a UF and exactly one of CNPJ, CPF or IE.
 */
export function handleConsultaCadastro(state: SefazState, message: string): string {
  const cons = extractElement(message, 'ConsCad') ?? '';
  const uf = tag(cons, 'UF') ?? '';
  const cnpj = tag(cons, 'CNPJ');
  const cpf = tag(cons, 'CPF');
  const ie = tag(cons, 'IE');
  const valida =
    /versao="2\.00"/.test(cons) &&
    tag(cons, 'xServ') === 'CONS-CAD' &&
    codigoUf(uf) !== null &&
    [cnpj, cpf, ie].filter(Boolean).length === 1;
  const documento = cnpj ?? cpf;
  const achadas = valida
    ? CADASTRO_SIMULADO.inscricoes.filter((i) => i.uf === uf && (i.documento === documento || i.ie === ie))
    : [];
  const cStat = !valida ? '215' : achadas.length === 1 ? '111' : achadas.length > 1 ? '112' : cpf ? '264' : '259';
  const consultado = cnpj ? el('CNPJ', cnpj) : cpf ? el('CPF', cpf) : el('IE', ie ?? '');
  const cadastros = achadas
    .map(
      (i) =>
        `<infCad>${el('IE', i.ie)}${el(i.documento.length === 14 ? 'CNPJ' : 'CPF', i.documento)}${el('UF', i.uf)}${el('cSit', i.cSit)}` +
        `${el('indCredNFe', i.cSit === '1' ? '1' : '0')}${el('indCredCTe', '4')}${el('xNome', i.nome)}${el('xRegApur', 'NORMAL - REGIME PERIÓDICO DE APURAÇÃO')}</infCad>`,
    )
    .join('');
  return (
    `<retConsCad xmlns="${NFE_NS}" versao="2.00"><infCons>${el('verAplic', VER_APLIC)}${el('cStat', cStat)}${el('xMotivo', motivo(cStat))}` +
    `${el('UF', uf || 'AN')}${consultado}${el('dhCons', brasilia(state.now()))}${el('cUF', codigoUf(uf) ?? '')}${cadastros}</infCons></retConsCad>`
  );
}
