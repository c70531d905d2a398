import { expect } from 'vitest';
import { RAIZ_MENSAGEM } from '../../src/engine/nfse/abrasf/call-abrasf.js';
import type { PerfilAbrasf } from '../../src/engine/nfse/abrasf/perfil-abrasf.js';
import { perfilAbrasfDoMunicipio } from '../../src/engine/nfse/abrasf/perfis-abrasf.js';
import { esquemaDaMensagem } from '../../src/engine/nfse/abrasf/qualify-abrasf-message.js';
import type { AbrasfSignedElement } from '../../src/engine/nfse/abrasf/sign-abrasf-xml.js';
import { schemaFile } from '../../src/engine/xml/validate-xsd.js';
import type { AbrasfCall } from '../../src/simulator/abrasf/create-abrasf-simulator.js';
import { xmllint, xmlsecVerify } from './external-tools.js';
import type { TestApp } from './test-app.js';
import { waitFor } from './wait.js';

const ASSINATURA: Record<AbrasfSignedElement, keyof PerfilAbrasf['assinaturas']> = {
  InfDeclaracaoPrestacaoServico: 'rps',
  LoteRps: 'lote',
  InfPedidoCancelamento: 'cancelamento',
  SubstituicaoNfse: 'substituicao',
};

/** The signer's certificate a signed ABRASF message carries, as PEM. */
export function certificateOf(xml: string): string {
  const body = /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(xml)![1]!;
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/**
 * A request the ABRASF simulator received validates against its municipality's family schema (xmllint) and the
 * signatures its family asks of `elements` verify (xmlsec1); a family that asks none gets none.
 */
export function expectWellFormedAbrasfCall(call: AbrasfCall, elements: readonly AbrasfSignedElement[]): void {
  const perfil = perfilAbrasfDoMunicipio(call.ibge)!;
  const esquema = esquemaDaMensagem(perfil, RAIZ_MENSAGEM[call.operacao]);
  const lint = xmllint(call.dados, schemaFile(`provedor:${esquema}`));
  expect(lint.ok, lint.output).toBe(true);
  const signed = elements.filter((e) => perfil.assinaturas[ASSINATURA[e]]);
  if (signed.length === 0) return expect(call.dados).not.toContain('<Signature');
  const verified = xmlsecVerify(call.dados, certificateOf(call.dados), [...signed], perfil.atributoId ?? 'Id');
  expect(verified.ok, verified.output).toBe(true);
}

/** Waits until the note's first transmission attempt released its job (sent, held or failed). */
export async function firstAttemptOver(engine: TestApp['app']['engine'], nfseId: string): Promise<void> {
  await waitFor(async () => {
    const job = await engine.db.transmissionJob.findFirst({ where: { nfseId } });
    return !job || job.lockedUntil === null;
  }, `first attempt of ${nfseId}`);
}
