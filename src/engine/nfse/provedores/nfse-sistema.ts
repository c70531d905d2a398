import type { ProvedorMunicipio } from '../../tabelas/provedor-municipio.js';
import type { CompanyWithCertificate } from '../../empresas/present-company.js';

/** The issuing systems a note can go to: the national one, São Paulo's own (NFS-e Paulistana), an ABRASF 2.04 city. */
export type SistemaEmissor = 'nacional' | 'sao_paulo' | 'abrasf' | 'abrasf_1' | 'provedor_layout_nacional';

/** A readiness item as GET …/prontidao shows it (the shape of prontidao's ReadinessItem). */
export interface SistemaReadinessItem {
  item: string;
  situacao: 'ok' | 'aviso' | 'bloqueio';
  mensagem: string;
  correcao: string | null;
}

/** Where the notes issued to a company established in one of the system's municipalities are captured from. */
export interface SistemaCaptura {
  /** The capture row's `fonte`. */
  fonte: string;
  /** IBGE codes of the municipalities where the system offers the query of received notes. */
  municipios: readonly string[];
}

/**
 * What is known of an issuing system without reaching it: which municipalities it serves, what it asks of a
 * company, where received notes are captured from, how a failed transmission is explained. Readiness and capture
 * read it for every company; the provider (NfseProvider) adds the calls to the system.
 */
export interface NfseSistema {
  readonly sistema: SistemaEmissor;
  /** How messages name the system to users ("o sistema nacional", "a Prefeitura de São Paulo"). */
  readonly nome: string;
  /** Every document id this system's provider builds starts with it (and no other provider's does). */
  readonly idPrefix: string;
  /**
   * Own systems: whether this one issues for the municipality, as the provider table places it (its IBGE code,
   * route, family and version). The national system serves the rest.
   */
  serves(provedor: ProvedorMunicipio): boolean;
  /**
   * What the system asks of the company beyond the national layout, as readiness items; each takes the place of
   * the general item of its name where that one found nothing to report, and one no general item names is added.
   * [] when nothing is missing.
   */
  readinessItems(
    company: Pick<CompanyWithCertificate, 'municipio' | 'inscricaoMunicipal' | 'padroes' | 'email'>,
  ): SistemaReadinessItem[];
  /** The capture of received notes the system offers; null where it offers none of its own. */
  readonly captura: SistemaCaptura | null;
  /** The `correcao` of a failed transmission: whether the document is known not to have reached the system. */
  failureAdvice(notReceived: boolean): string;
}

/** The advice of an own system, which the user checks with the city itself. */
export function ownSystemFailureAdvice(nome: string): NfseSistema['failureAdvice'] {
  return (notReceived) =>
    notReceived
      ? `O documento não chegou: ${nome} não o recebeu, é seguro emitir de novo.`
      : `Confira com ${nome} se a nota existe antes de emitir de novo.`;
}
