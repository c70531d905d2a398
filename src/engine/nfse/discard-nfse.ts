import type { Principal } from '../chaves/principal.js';
import { EngineError } from '../errors.js';
import { companyCredentials } from '../empresas/company-credentials.js';
import type { TransmissionDeps } from '../transmission-deps.js';
import { findNfse } from './find-nfse.js';
import { presentNfse, type NfseView, type NfseWithTimeline } from './present-nfse.js';
import { providerOfNote } from './provedores/resolve-nfse-provider.js';
import { updateNote } from './update-note.js';

type Falha = { dps_enviada?: 'nao' | 'desconhecido' } | null;

/**
 * GraphQL `discardNfse` (the dashboard's "descartar"): a note in `falha_transmissao` becomes `descartada`, a final
 * status with no event and no webhook. While its DPS may have reached the national system (`dps_enviada` other
 * than `nao`) a note may exist there under that DPS, and discarding it would hide a valid fiscal document: the
 * DPS is queried first, as recovery does before any resend, and only a "not found" lets the discard go on.
 */
export async function discardNfse(
  deps: TransmissionDeps,
  principal: Principal,
  options: { id: string; empresaId?: string | null },
): Promise<NfseView> {
  const note = await findNfse(deps, principal, options);
  if (note.status !== 'falha_transmissao') {
    throw new EngineError(
      'nfse_nao_descartavel',
      `A nota ${note.id} está ${note.status}; só uma nota em falha_transmissao pode ser descartada.`,
      {
        correcao:
          note.status === 'autorizada'
            ? 'Uma nota autorizada se cancela (POST /v1/nfse/{id}/cancelamento).'
            : 'Consulte a nota: só uma falha de transmissão é descartada; os outros status são finais ou ainda mudam sozinhos.',
      },
    );
  }
  const enviada = (note.falha as Falha)?.dps_enviada ?? 'desconhecido';
  const steps = enviada === 'nao' ? [] : [await dpsNotAtNationalSystem(deps, note)];
  const discarded = await updateNote(deps, note.id, {
    expectStatus: 'falha_transmissao',
    data: { status: 'descartada' },
    timeline: [...steps, { tipo: 'descartada', detalhe: { dps_enviada: enviada } }],
  });
  if (!discarded) {
    throw new EngineError('nfse_nao_descartavel', 'A nota mudou de status durante o descarte.', {
      correcao: 'Consulte a nota.',
    });
  }
  return presentNfse(discarded);
}

/** The timeline step of a DPS query that did not find the DPS; any other answer refuses the discard. */
async function dpsNotAtNationalSystem(deps: TransmissionDeps, note: NfseWithTimeline) {
  const unverified = (cause: string) =>
    new EngineError(
      'nfse_dps_nao_verificada',
      `Não foi possível confirmar com o sistema nacional que a DPS ${note.dpsId} não chegou lá (${cause}); a nota não foi descartada.`,
      {
        correcao:
          'Tente de novo mais tarde. Enquanto a DPS puder ter gerado uma NFS-e, confira no emissor nacional antes de emitir outra nota.',
      },
    );
  const provider = providerOfNote(deps, note);
  const found = await (async () => {
    try {
      const { credentials, signer } = await companyCredentials(deps, note.companyId);
      return await provider.recover({ note, credentials, signer, scenario: note.simulacao });
    } catch (err) {
      // A company without its A1 (removed since) cannot query: the discard waits like any unanswered query.
      if (err instanceof EngineError) throw unverified(err.message);
      throw err;
    }
  })();
  if (found.kind === 'not_found') return { tipo: 'consulta_dps', detalhe: { resultado: 'nao_encontrada' } };
  if (found.kind === 'unknown') throw unverified(found.cause);
  // The DPS is there but its note could not be read yet: it exists all the same.
  if (found.kind === 'pending' && found.resultado !== 'nota_indisponivel') throw unverified(found.resultado);
  const chave = found.kind === 'found' ? found.nfse.chave : null;
  // The system holds a note for this DPS: it is recorded on the note's timeline, and the note stays.
  await updateNote(deps, note.id, {
    timeline: [
      { tipo: 'consulta_dps', detalhe: { resultado: 'encontrada', ...(chave ? { chave_acesso: chave } : {}) } },
    ],
  });
  throw new EngineError(
    'nfse_dps_no_sistema_nacional',
    `A DPS ${note.dpsId} chegou ao sistema nacional e gerou uma NFS-e${chave ? ` (chave ${chave})` : ''}; a nota não pode ser descartada.`,
    {
      correcao:
        'A NFS-e existe no sistema nacional: consulte-a no emissor nacional e, se não for devida, cancele-a lá. Não emita outra nota para o mesmo serviço.',
    },
  );
}
