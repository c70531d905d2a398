// Typed mirror of the national DPS layout (infDPS, XSD v1.01, TCInfDPS in tiposComplexos_v1.01.xsd).
// Field names keep the official tag names so a reader can follow the XSD and Anexo I side by side.
// Money and rates are decimal strings in the XSD formats (TSDec15V2, TSDec1V2 ...), never JS numbers.

/** A decimal written as the XSD wants it: "0", "0.50", "100", "100.00" (no "100.0", no leading zeros). */
export type DecimalString = string;

export type TipoAmbiente = '1' | '2';

/** Federal registration: exactly one of CNPJ (14 digits) or CPF (11 digits). */
export type Inscricao = { CNPJ: string; CPF?: never } | { CPF: string; CNPJ?: never };

export interface EnderecoNacional {
  endNac: { cMun: string; CEP: string };
  xLgr: string;
  nro: string;
  xCpl?: string;
  xBairro: string;
}

export interface RegTrib {
  /** 1 não optante, 2 MEI, 3 ME/EPP */
  opSimpNac: '1' | '2' | '3';
  /** Required when opSimpNac = 3 (E0166), forbidden otherwise (E0162). */
  regApTribSN?: '1' | '2' | '3';
  regEspTrib: '0' | '1' | '2' | '3' | '4' | '5' | '6' | '9';
}

export type Prestador = Inscricao & {
  IM?: string;
  fone?: string;
  email?: string;
  regTrib: RegTrib;
};

export type Tomador = Inscricao & {
  IM?: string;
  xNome: string;
  end?: EnderecoNacional;
  fone?: string;
  email?: string;
};

export interface Substituicao {
  chSubstda: string;
  /**
   * The ChaveAcesso the replaced note's city wrote in it (InfNfse), where the note is one the service issued through a
   * family whose substitution names it (EloTech); not part of the national DPS.
   */
  chaveAcessoMunicipio?: string;
  cMotivo: '01' | '02' | '03' | '04' | '05' | '99';
  /** 15-255 chars; required when cMotivo = 99 (E0078). */
  xMotivo?: string;
}

export interface EnderecoObra {
  CEP: string;
  xLgr: string;
  nro: string;
  xCpl?: string;
  xBairro: string;
}

/** TCInfoObra: inscImobFisc optional, then exactly one of cObra (CNO), cCIB or end. */
export interface Obra {
  inscImobFisc?: string;
  cObra?: string;
  cCIB?: string;
  end?: EnderecoObra;
}

export interface Servico {
  locPrest: { cLocPrestacao: string };
  cServ: {
    cTribNac: string;
    cTribMun?: string;
    xDescServ: string;
    cNBS?: string;
  };
  obra?: Obra;
  infoCompl?: { xInfComp?: string };
}

export type TotTrib =
  | { vTotTrib: { vTotTribFed: DecimalString; vTotTribEst: DecimalString; vTotTribMun: DecimalString } }
  | { pTotTrib: { pTotTribFed: DecimalString; pTotTribEst: DecimalString; pTotTribMun: DecimalString } }
  | { indTotTrib: '0' }
  | { pTotTribSN: DecimalString };

export interface Valores {
  vServPrest: { vServ: DecimalString };
  vDescCondIncond?: { vDescIncond?: DecimalString; vDescCond?: DecimalString };
  trib: {
    tribMun: {
      /** 1 tributável, 2 imunidade, 3 exportação, 4 não incidência */
      tribISSQN: '1' | '2' | '3' | '4';
      /** 1 não retido, 2 retido pelo tomador, 3 retido pelo intermediário */
      tpRetISSQN: '1' | '2' | '3';
      pAliq?: DecimalString;
    };
    totTrib: TotTrib;
  };
}

/** IBS/CBS group of the tax reform (TCRTCInfoIBSCBS, layout 1.01 only). Values are computed by the national system. */
export interface IbsCbs {
  finNFSe: '0';
  indFinal?: '0' | '1';
  cIndOp: string;
  tpOper?: '1' | '2' | '3' | '4' | '5';
  gRefNFSe?: { refNFSe: string[] };
  tpEnteGov?: '1' | '2' | '3' | '4';
  indDest: '0' | '1';
  valores: {
    trib: {
      gIBSCBS: {
        CST: string;
        cClassTrib: string;
        cCredPres?: string;
        gTribRegular?: { CSTReg: string; cClassTribReg: string };
        gDif?: { pDifUF: DecimalString; pDifMun: DecimalString; pDifCBS: DecimalString };
      };
    };
  };
}

export interface DpsInput {
  tpAmb: TipoAmbiente;
  /** AAAA-MM-DDThh:mm:ss±hh:00 (whole-hour offsets, no Z, no fraction: TSDateTimeUTC). */
  dhEmi: string;
  verAplic: string;
  /** Up to 5 digits; 00001-49999 is the range of the emitter's own application (rule E0010). */
  serie: string;
  nDPS: string;
  /** AAAA-MM-DD */
  dCompet: string;
  tpEmit: '1' | '2' | '3';
  cLocEmi: string;
  subst?: Substituicao;
  prest: Prestador;
  toma?: Tomador;
  serv: Servico;
  valores: Valores;
  IBSCBS?: IbsCbs;
}

export const NFSE_NAMESPACE = 'http://www.sped.fazenda.gov.br/nfse';
export const LAYOUT_VERSION = '1.01';
