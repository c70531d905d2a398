import { EngineError } from '../errors.js';
import type { Readiness } from '../prontidao/get-readiness.js';
import { NFE_ITEMS } from '../prontidao/nfe-readiness-items.js';

// serie_nfe only advises; the other NF-e items make an NF-e impossible (no IE, no address, no authoriser).
const BLOCKING = new Set<string>(NFE_ITEMS.filter((i) => i !== 'serie_nfe'));
// Readiness items that hold for any document; the municipal ones (token, own system, DPS series…) are NFS-e only.
const SHARED = new Set(['empresa_ativa', 'certificado', 'regime_tributario', 'plano_emissao']);

/**
 * NF-e issuance gate: a bloqueio among the shared items, or an unmet NF-e item, refuses with 412 and the
 * NF-e readiness (nothing created).
 */
export function assertNfeReady(readiness: Readiness): void {
  const itens = readiness.itens
    .filter((i) => SHARED.has(i.item) || (NFE_ITEMS as readonly string[]).includes(i.item))
    .map((i) => (BLOCKING.has(i.item) && i.situacao !== 'ok' ? { ...i, situacao: 'bloqueio' as const } : i));
  if (itens.some((i) => i.situacao === 'bloqueio')) {
    throw new EngineError('empresa_nao_pronta', 'A empresa não está pronta para emitir NF-e.', {
      correcao: 'Resolva os itens em bloqueio (inscrição estadual, endereço, certificado...) e emita de novo.',
      extra: { itens },
    });
  }
}
