import type { Convenio } from '../../tabelas/index.js';
import type { RegimeApuracaoSimples, RegimeTributario } from '../validacao/nfse-request.js';

/**
 * Whether the DPS must carry, must not carry, or may carry `pAliq`, per the presence rules of Anexo I
 * (E0600, E0617/E0619, E0621/E0625/E0628/E0631, E0635/E0640). `convenio` is that of the municipality where
 * ISSQN is due; `nacional` = convênio active in the competence. With an unknown convênio the rules that depend on
 * it cannot be decided and the rate is left as the caller and the company defaults give it (`livre`).
 * Special regimes (regEspTrib ≠ 0, E0604) are not modelled: the company body has no such field.
 */
export type SituacaoAliquota =
  | {
      situacao: 'exigida';
      regra: 'dps.pAliq.exigido.simples_retido' | 'dps.pAliq.exigido.convenio_inativo';
      codigos: string[];
    }
  | {
      situacao: 'proibida';
      regra: 'dps.pAliq.omitido.mei' | 'dps.pAliq.omitido.convenio_ativo' | 'dps.pAliq.omitido.simples_sem_retencao';
      codigos: string[];
    }
  | { situacao: 'livre' };

export function situacaoAliquota(opts: {
  regime: RegimeTributario | null;
  regimeApuracaoSimples?: RegimeApuracaoSimples | null;
  issRetido: boolean;
  convenio: Convenio;
}): SituacaoAliquota {
  const { regime, issRetido, convenio } = opts;
  switch (regime) {
    case 'mei':
      return { situacao: 'proibida', regra: 'dps.pAliq.omitido.mei', codigos: ['E0600'] };
    case 'lucro_presumido':
    case 'lucro_real':
      if (convenio === 'nacional')
        return { situacao: 'proibida', regra: 'dps.pAliq.omitido.convenio_ativo', codigos: ['E0617'] };
      if (convenio === 'proprio')
        return { situacao: 'exigida', regra: 'dps.pAliq.exigido.convenio_inativo', codigos: ['E0619'] };
      return { situacao: 'livre' };
    case 'simples_nacional': {
      // A Simples ME/EPP without a stated assessment regime is assessed by the Simples Nacional (regApTribSN = 1).
      const apuracao = opts.regimeApuracaoSimples ?? '1';
      if (apuracao === '1') {
        // Regardless of the convênio: E0621 (active) and E0628 (not active) require it; E0625/E0631 refuse it.
        return issRetido
          ? { situacao: 'exigida', regra: 'dps.pAliq.exigido.simples_retido', codigos: ['E0621', 'E0628'] }
          : { situacao: 'proibida', regra: 'dps.pAliq.omitido.simples_sem_retencao', codigos: ['E0625', 'E0631'] };
      }
      if (convenio === 'nacional')
        return { situacao: 'proibida', regra: 'dps.pAliq.omitido.convenio_ativo', codigos: ['E0635'] };
      if (convenio === 'proprio')
        return { situacao: 'exigida', regra: 'dps.pAliq.exigido.convenio_inativo', codigos: ['E0640'] };
      return { situacao: 'livre' };
    }
    default:
      return { situacao: 'livre' };
  }
}
