import { codigoUf } from '../../tabelas/index.js';
import { buildConsCad } from './build-nfe-messages.js';
import {
  CadastroIndisponivel,
  type ConsultaContribuinteGateway,
  type ContribuinteUf,
} from '../cadastros/cadastro-gateways.js';
import { AutorizadorForaDoAr, type SefazGateway } from './sefaz-gateway.js';
import { extractElement, tag } from '../soap-envelope.js';

/**
 * The recipient's state registration from the SEFAZ of its UF (NF-e 4.00 web service CadConsultaCadastro4,
 * consCad/retConsCad 2.00), through the NF-e SOAP client and its mutual TLS. retConsCad cStat 111/112 lists the
 * registrations (infCad): one enabled (cSit 1) is the answer; "ISENTO" in IE is an exempt contributor; none enabled,
 * or cStat 259/264 (not registered as a contributor in the UF), is a non-contributor. A UF without the service
 * (no endpoint), an unreachable one or any other cStat (262: no query by CPF) is unavailable.
 */
export function sefazConsultaContribuinte(sefaz: SefazGateway): ConsultaContribuinteGateway {
  return {
    async consultar(alvo) {
      const cUF = codigoUf(alvo.uf);
      if (!cUF) throw new CadastroIndisponivel(`consultaCadastro: UF desconhecida ${alvo.uf}`);
      let answer: string;
      try {
        answer = await sefaz.consultCadastro(buildConsCad(alvo.uf, { tipo: alvo.tipo, numero: alvo.documento }), {
          environment: alvo.environment,
          cUF,
          simulacao: null,
          credentials: alvo.credentials,
        });
      } catch (err) {
        throw new CadastroIndisponivel(
          `consultaCadastro ${alvo.uf}: ${err instanceof AutorizadorForaDoAr ? 'fora do ar' : (err as Error).message}`,
        );
      }
      return readRetConsCad(answer);
    },
  };
}

/** retConsCad → the registration it states, or CadastroIndisponivel. */
export function readRetConsCad(answer: string): ContribuinteUf {
  const ret = extractElement(answer, 'retConsCad');
  const cStat = ret ? tag(ret, 'cStat') : null;
  if (cStat === '259' || cStat === '264') return { situacao: 'nao_contribuinte', cStat };
  if (cStat !== '111' && cStat !== '112')
    throw new CadastroIndisponivel(
      `consultaCadastro: cStat ${cStat ?? '(sem retConsCad)'} ${ret ? (tag(ret, 'xMotivo') ?? '') : ''}`.trim(),
    );
  const cadastros = [...ret!.matchAll(/<infCad>([\s\S]*?)<\/infCad>/g)].map((m) => ({
    ie: tag(m[1]!, 'IE'),
    cSit: tag(m[1]!, 'cSit'),
  }));
  const habilitado = cadastros.find((c) => c.cSit === '1' && c.ie);
  if (!habilitado) return { situacao: 'nao_contribuinte', cStat };
  if (habilitado.ie!.toUpperCase() === 'ISENTO') return { situacao: 'isento' };
  return { situacao: 'habilitado', inscricaoEstadual: habilitado.ie!.replace(/\D/g, '') };
}
