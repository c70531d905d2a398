import type { SaoPauloGateway } from '../../autoridades/sao-paulo/sao-paulo-gateway.js';
import type { TransmissionDeps } from '../../transmission-deps.js';
import { buildSaoPauloDocument } from '../sao-paulo/build-sao-paulo-document.js';
import { cancelSaoPaulo } from '../sao-paulo/cancel-sao-paulo.js';
import { checkSaoPauloIssuance } from '../sao-paulo/check-sao-paulo-issuance.js';
import { correctSaoPauloLayout } from '../sao-paulo/correct-sao-paulo-layout.js';
import { emitSaoPaulo } from '../sao-paulo/emit-sao-paulo.js';
import { emitSaoPauloLot, SAO_PAULO_LOT_LIMIT } from '../sao-paulo/emit-sao-paulo-lot.js';
import { explainSaoPauloRejection } from '../sao-paulo/explain-sao-paulo-rejection.js';
import { recoverSaoPaulo } from '../sao-paulo/recover-sao-paulo.js';
import type { NfseProvider } from './nfse-provider.js';
import { SISTEMA_SAO_PAULO } from './sistema-sao-paulo.js';

/**
 * São Paulo's NFS-e Paulistana (LoteNFe web service): one RPS per note, sent with EnvioRPS or, for batch lines,
 * EnvioLoteRPS; recovery queries the RPS (ConsultaNFe) before any resend, so one RPS never gives two notes.
 */
export function saoPauloProvider(deps: TransmissionDeps, gateway: SaoPauloGateway): NfseProvider {
  return {
    ...SISTEMA_SAO_PAULO,
    lotLimit: SAO_PAULO_LOT_LIMIT,
    checkIssuance: (input) => checkSaoPauloIssuance(gateway.settings, input),
    buildDocument: (input) => buildSaoPauloDocument(gateway.settings, input),
    emit: (call) => emitSaoPaulo(gateway, call),
    emitLot: (calls) => emitSaoPauloLot(gateway, calls),
    recover: (call) => recoverSaoPaulo(gateway, call),
    explain: explainSaoPauloRejection,
    // São Paulo answers a resent RPS with the note it already gave; no code says "already issued".
    alreadyIssued: () => false,
    correct: (note, erros, step, codigo) =>
      correctSaoPauloLayout(deps, gateway.settings, { note, erros, step, codigo }),
    cancel: (call) => cancelSaoPaulo(gateway, call),
  };
}
