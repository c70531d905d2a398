import type { DpsInput, EnderecoNacional, IbsCbs, Obra, TotTrib } from './dps-input.js';
import { LAYOUT_VERSION, NFSE_NAMESPACE } from './dps-input.js';
import { el, escapeAttr, group, XML_DECLARATION } from '../../xml/el.js';

export interface DpsIdParts {
  cLocEmi: string;
  CNPJ?: string;
  CPF?: string;
  serie: string;
  nDPS: string;
}

/**
 * DPS Id (TSIdDPS, 45 chars): "DPS" + cLocEmi(7) + tipo de inscrição (1 = CPF, 2 = CNPJ) + inscrição(14,
 * CPF left-padded with zeros) + série(5) + nDPS(15). Rule E0004 rejects any other concatenation.
 */
export function buildDpsId(parts: DpsIdParts): string {
  const tipo = parts.CNPJ ? '2' : '1';
  const inscricao = (parts.CNPJ ?? parts.CPF ?? '').padStart(14, '0');
  return `DPS${parts.cLocEmi}${tipo}${inscricao}${parts.serie.padStart(5, '0')}${parts.nDPS.padStart(15, '0')}`;
}

/** DpsInput → unsigned DPS XML (layout 1.01), elements in the XSD sequence order, no formatting whitespace. */
export function buildDpsXml(input: DpsInput): string {
  const id = buildDpsId({ cLocEmi: input.cLocEmi, serie: input.serie, nDPS: input.nDPS, ...input.prest });
  const inf =
    el('tpAmb', input.tpAmb) +
    el('dhEmi', input.dhEmi) +
    el('verAplic', input.verAplic) +
    // The Id pads série/nDPS; the elements carry them without padding (TSNumDPS forbids leading zeros).
    el('serie', input.serie) +
    el('nDPS', input.nDPS) +
    el('dCompet', input.dCompet) +
    el('tpEmit', input.tpEmit) +
    el('cLocEmi', input.cLocEmi) +
    substXml(input) +
    prestXml(input) +
    tomaXml(input) +
    servXml(input) +
    valoresXml(input) +
    ibsCbsXml(input.IBSCBS);
  return (
    `${XML_DECLARATION}<DPS xmlns="${NFSE_NAMESPACE}" versao="${LAYOUT_VERSION}">` +
    `<infDPS Id="${escapeAttr(id)}">${inf}</infDPS></DPS>`
  );
}

function substXml({ subst }: DpsInput): string {
  if (!subst) return '';
  return group('subst', el('chSubstda', subst.chSubstda), el('cMotivo', subst.cMotivo), el('xMotivo', subst.xMotivo));
}

function inscricaoXml(p: { CNPJ?: string; CPF?: string }): string {
  return p.CNPJ ? el('CNPJ', p.CNPJ) : el('CPF', p.CPF);
}

function prestXml({ prest }: DpsInput): string {
  // xNome/end are not sent: they must be absent when the prestador is the emitter (E0121/E0128).
  const reg = prest.regTrib;
  return group(
    'prest',
    inscricaoXml(prest),
    el('IM', prest.IM),
    el('fone', prest.fone),
    el('email', prest.email),
    group(
      'regTrib',
      el('opSimpNac', reg.opSimpNac),
      el('regApTribSN', reg.regApTribSN),
      el('regEspTrib', reg.regEspTrib),
    ),
  );
}

function enderecoXml(end: EnderecoNacional | undefined): string {
  if (!end) return '';
  return group(
    'end',
    group('endNac', el('cMun', end.endNac.cMun), el('CEP', end.endNac.CEP)),
    el('xLgr', end.xLgr),
    el('nro', end.nro),
    el('xCpl', end.xCpl),
    el('xBairro', end.xBairro),
  );
}

function tomaXml({ toma }: DpsInput): string {
  if (!toma) return '';
  return group(
    'toma',
    inscricaoXml(toma),
    el('IM', toma.IM),
    el('xNome', toma.xNome),
    enderecoXml(toma.end),
    el('fone', toma.fone),
    el('email', toma.email),
  );
}

function obraXml(obra: Obra | undefined): string {
  if (!obra) return '';
  const end = obra.end
    ? group(
        'end',
        el('CEP', obra.end.CEP),
        el('xLgr', obra.end.xLgr),
        el('nro', obra.end.nro),
        el('xCpl', obra.end.xCpl),
        el('xBairro', obra.end.xBairro),
      )
    : '';
  // XSD choice: exactly one of cObra | cCIB | end, after the optional inscImobFisc.
  const choice =
    obra.cObra !== undefined ? el('cObra', obra.cObra) : obra.cCIB !== undefined ? el('cCIB', obra.cCIB) : end;
  return `<obra>${el('inscImobFisc', obra.inscImobFisc)}${choice}</obra>`;
}

function servXml({ serv }: DpsInput): string {
  const c = serv.cServ;
  return group(
    'serv',
    group('locPrest', el('cLocPrestacao', serv.locPrest.cLocPrestacao)),
    group(
      'cServ',
      el('cTribNac', c.cTribNac),
      el('cTribMun', c.cTribMun),
      el('xDescServ', c.xDescServ),
      el('cNBS', c.cNBS),
    ),
    obraXml(serv.obra),
    group('infoCompl', el('xInfComp', serv.infoCompl?.xInfComp)),
  );
}

function totTribXml(t: TotTrib): string {
  if ('vTotTrib' in t) {
    const v = t.vTotTrib;
    return group(
      'vTotTrib',
      el('vTotTribFed', v.vTotTribFed),
      el('vTotTribEst', v.vTotTribEst),
      el('vTotTribMun', v.vTotTribMun),
    );
  }
  if ('pTotTrib' in t) {
    const p = t.pTotTrib;
    return group(
      'pTotTrib',
      el('pTotTribFed', p.pTotTribFed),
      el('pTotTribEst', p.pTotTribEst),
      el('pTotTribMun', p.pTotTribMun),
    );
  }
  if ('indTotTrib' in t) return el('indTotTrib', t.indTotTrib);
  return el('pTotTribSN', t.pTotTribSN);
}

function valoresXml({ valores }: DpsInput): string {
  const m = valores.trib.tribMun;
  const d = valores.vDescCondIncond;
  return group(
    'valores',
    group('vServPrest', el('vServ', valores.vServPrest.vServ)),
    d ? group('vDescCondIncond', el('vDescIncond', d.vDescIncond), el('vDescCond', d.vDescCond)) : '',
    group(
      'trib',
      group('tribMun', el('tribISSQN', m.tribISSQN), el('tpRetISSQN', m.tpRetISSQN), el('pAliq', m.pAliq)),
      group('totTrib', totTribXml(valores.trib.totTrib)),
    ),
  );
}

function ibsCbsXml(g: IbsCbs | undefined): string {
  if (!g) return '';
  const t = g.valores.trib.gIBSCBS;
  const reg = t.gTribRegular;
  const dif = t.gDif;
  return group(
    'IBSCBS',
    el('finNFSe', g.finNFSe),
    el('indFinal', g.indFinal),
    el('cIndOp', g.cIndOp),
    el('tpOper', g.tpOper),
    g.gRefNFSe ? group('gRefNFSe', ...g.gRefNFSe.refNFSe.map((k) => el('refNFSe', k))) : '',
    el('tpEnteGov', g.tpEnteGov),
    el('indDest', g.indDest),
    group(
      'valores',
      group(
        'trib',
        group(
          'gIBSCBS',
          el('CST', t.CST),
          el('cClassTrib', t.cClassTrib),
          el('cCredPres', t.cCredPres),
          reg ? group('gTribRegular', el('CSTReg', reg.CSTReg), el('cClassTribReg', reg.cClassTribReg)) : '',
          dif ? group('gDif', el('pDifUF', dif.pDifUF), el('pDifMun', dif.pDifMun), el('pDifCBS', dif.pDifCBS)) : '',
        ),
      ),
    ),
  );
}
