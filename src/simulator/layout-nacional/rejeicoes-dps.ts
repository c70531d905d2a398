import type { AuthorityMessage } from '../../engine/autoridades/authority-message.js';
import { JsonLinesLog } from '../json-lines-log.js';

interface Linha {
  idDps: string;
  erros: AuthorityMessage[];
}

/**
 * The rejections of DPS received asynchronously (the reception answers a protocol; the query tells the outcome),
 * kept as JSON lines beside the notes: a rejected DPS has no note for the query to find.
 */
export class RejeicoesDps {
  private readonly porDps = new Map<string, AuthorityMessage[]>();
  private readonly log: JsonLinesLog<Linha>;

  constructor(stateDir: string | undefined) {
    this.log = new JsonLinesLog<Linha>(stateDir, 'layout-nacional-rejeicoes.jsonl', (l) =>
      this.porDps.set(l.idDps, l.erros),
    );
  }

  add(idDps: string, erros: AuthorityMessage[]): void {
    this.log.write({ idDps, erros });
  }

  of(idDps: string): AuthorityMessage[] | undefined {
    this.log.sync();
    return this.porDps.get(idDps);
  }

  close(): void {
    this.log.close();
  }
}
