// The ABRASF simulator answers in each family's own format: the GerarNfse answer it gives a family's signed RPS, and
// its answer to the query by that RPS, validate against that family's schema (xmllint), as the city's own answers would.
import { describe, expect, it } from 'vitest';
import { consultarNfseRpsMessage, gerarNfseMessage } from '../../src/engine/nfse/abrasf/abrasf-message.js';
import { abrasfServiceFields } from '../../src/engine/nfse/abrasf/abrasf-service-fields.js';
import { identificacaoRps } from '../../src/engine/nfse/abrasf/build-abrasf-rps.js';
import { buildRps } from '../../src/engine/nfse/abrasf/build-rps.js';
import { perfilAbrasfDoMunicipio } from '../../src/engine/nfse/abrasf/perfis-abrasf.js';
import { signAbrasfXml } from '../../src/engine/nfse/abrasf/sign-abrasf-xml.js';
import { schemaFile } from '../../src/engine/xml/validate-xsd.js';
import { AbrasfState } from '../../src/simulator/abrasf/abrasf-state.js';
import { handleAbrasfOperation } from '../../src/simulator/abrasf/handle-abrasf-operation.js';
import { xmllint } from '../support/external-tools.js';
import { baseDps, PREST_CNPJ, TOMA_CNPJ, testIdentity } from '../support/nfse-fixtures.js';

const { signer } = testIdentity();

describe.each([
  { familia: 'Futurize 2.02', ibge: '1502004' },
  // IPM's schema nests each note's CompNfse in another of the same name.
  { familia: 'IPM 2.04', ibge: '4313409' },
  { familia: 'MegaSoft 2.00', ibge: '5220603' },
])('ABRASF simulator answers of $familia', ({ ibge }) => {
  it('GerarNfseResposta with the issued note, and ConsultarNfseRpsResposta finding it, validate against the family schema', () => {
    const perfil = perfilAbrasfDoMunicipio(ibge)!;
    const base = baseDps();
    const dps = {
      ...base,
      cLocEmi: ibge,
      prest: { ...base.prest, IM: '0712345600' },
      toma: {
        CNPJ: TOMA_CNPJ,
        xNome: 'Cliente Exemplo S.A.',
        end: { endNac: { cMun: ibge, CEP: '75180000' }, xLgr: 'Rua das Flores', nro: '100', xBairro: 'Centro' },
      },
      serv: { ...base.serv, locPrest: { cLocPrestacao: ibge } },
    };
    const fields = abrasfServiceFields(dps, perfil);
    if (!('campos' in fields)) throw new Error(JSON.stringify(fields.erros));
    const rps = signAbrasfXml(
      buildRps({ leiaute: perfil, dps, campos: fields.campos }),
      signer,
      'InfDeclaracaoPrestacaoServico',
      perfil,
    );
    const ctx = { state: new AbrasfState(), perfil, signer, now: new Date('2026-11-02T12:00:00Z') };
    const answer = handleAbrasfOperation(ctx, 'GerarNfse', gerarNfseMessage(perfil, rps), { kind: 'autorizar' });
    expect(answer).toContain('<ListaNfse><CompNfse>');
    const lint = xmllint(answer!, schemaFile(`provedor:${perfil.esquema}`));
    expect(lint.ok, lint.output).toBe(true);
    const consulta = consultarNfseRpsMessage(perfil, {
      rps: identificacaoRps(dps),
      prestador: { documento: { CNPJ: PREST_CNPJ }, inscricaoMunicipal: '0712345600' },
    });
    const found = handleAbrasfOperation(ctx, 'ConsultarNfsePorRps', consulta, { kind: 'autorizar' });
    expect(found).toMatch(/<ConsultarNfseRpsResposta[^>]*><CompNfse>/);
    const lintFound = xmllint(found!, schemaFile(`provedor:${perfil.esquema}`));
    expect(lintFound.ok, lintFound.output).toBe(true);
  });
});
