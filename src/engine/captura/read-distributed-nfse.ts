/**
 * Fast readers of the fields a received document shows, straight from the NFS-e and event XML the ADN
 * distributes (NFSe_v1.01.xsd, evento_v1.01.xsd). Regular expressions instead of a DOM: capture stores
 * thousands of documents per second and needs a handful of leaf values whose paths are fixed by the layout.
 */
export interface DistributedNfse {
  chaveAcesso: string;
  numero: string | null;
  emitenteDocumento: string | null;
  emitenteNome: string | null;
  tomadorDocumento: string | null;
  intermediarioDocumento: string | null;
  valor: string | null;
  /** dhProc of the NFS-e (TSDateTimeUTC). */
  emitidaEm: Date | null;
}

const first = (xml: string, re: RegExp): string | null => re.exec(xml)?.[1] ?? null;
const docOf = (xml: string, tag: string) => first(xml, new RegExp(`<${tag}>\\s*<(?:CNPJ|CPF|NIF)>([^<]+)</`));

function date(text: string | null): Date | null {
  if (!text) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function readDistributedNfse(xml: string): DistributedNfse {
  const emit = /<emit>([\s\S]*?)<\/emit>/.exec(xml)?.[1] ?? '';
  return {
    chaveAcesso: first(xml, /<infNFSe[^>]*\sId="NFS([0-9A-Z]{50})"/) ?? '',
    numero: first(xml, /<nNFSe>(\d+)<\/nNFSe>/),
    emitenteDocumento: first(emit, /<(?:CNPJ|CPF)>([^<]+)</),
    emitenteNome: first(emit, /<xNome>([^<]*)<\/xNome>/),
    tomadorDocumento: docOf(xml, 'toma'),
    intermediarioDocumento: docOf(xml, 'interm'),
    valor: first(xml, /<vServ>([\d.]+)<\/vServ>/),
    emitidaEm: date(first(xml, /<dhProc>([^<]+)<\/dhProc>/)),
  };
}

export interface DistributedEvent {
  chaveAcesso: string;
  /** Anexo II code (101101 cancellation, 105102 substitution, …), from the Id "EVT" + chave(50) + tipo(6) + seq(3). */
  tipoEvento: string;
  ocorridoEm: Date | null;
}

export function readDistributedEvent(xml: string): DistributedEvent {
  const id = first(xml, /<infEvento[^>]*\sId="EVT([0-9A-Z]{59})"/) ?? '';
  return {
    chaveAcesso: id.slice(0, 50) || (first(xml, /<chNFSe>([0-9A-Z]{50})<\/chNFSe>/) ?? ''),
    tipoEvento: id.slice(50, 56) || (first(xml, /<infPedReg[^>]*\sId="PRE[0-9A-Z]{50}(\d{6})"/) ?? ''),
    ocorridoEm: date(first(xml, /<dhProc>([^<]+)<\/dhProc>/)),
  };
}

/** How an event changes the document it refers to. */
export function situacaoAfter(tipoEvento: string): 'cancelada' | 'substituida' | null {
  if (tipoEvento === '101101' || tipoEvento === '105104' || tipoEvento === '305101') return 'cancelada';
  if (tipoEvento === '105102') return 'substituida';
  return null;
}
