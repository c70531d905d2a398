import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSignedCancellationXml,
  type CancellationEventInput,
} from '../../src/engine/nfse/nacional/build-event-xml.js';
import { emitDps, getEvent, registerEvent } from '../../src/engine/autoridades/nfse-nacional/emit-dps.js';
import { validateXsd } from '../../src/engine/xml/validate-xsd.js';
import { verifyXmlSignature } from '../../src/engine/xml/verify-xml-signature.js';
import { baseDps, PREST_CNPJ, testIdentity } from '../support/nfse-fixtures.js';
import { signedDps, startSimulator, type SimKit } from '../support/simulator.js';

describe('simulator: events (POST /nfse/{chave}/eventos)', () => {
  let kit: SimKit;
  beforeAll(async () => {
    kit = await startSimulator();
  });
  afterAll(() => kit.close());

  async function issue(): Promise<string> {
    const r = await emitDps(kit.client, { dpsXml: signedDps(baseDps()).xml });
    if (r.kind !== 'authorized') throw new Error(r.kind);
    return r.chave;
  }

  function cancellation(chave: string, extra: Partial<CancellationEventInput> = {}): string {
    const input: CancellationEventInput = {
      tpAmb: '2',
      verAplic: 'fiscal-api-1.0',
      dhEvento: '2026-01-16T09:00:00-03:00',
      CNPJAutor: PREST_CNPJ,
      chNFSe: chave,
      cMotivo: '2',
      xMotivo: 'Serviço não foi prestado ao tomador',
      ...extra,
    };
    return buildSignedCancellationXml(input, testIdentity().signer);
  }

  it('cancels (101101): evento valid against evento_v1.01.xsd; a second cancellation → E0840; event is queryable', async () => {
    const chave = await issue();
    const first = await registerEvent(kit.client, { chave, eventXml: cancellation(chave) });
    if (first.kind !== 'registered') throw new Error(JSON.stringify(first));
    expect(validateXsd(first.eventoXml, 'evento')).toEqual([]);
    expect(first.eventoXml).toContain(`<infEvento Id="EVT${chave}101101001">`);
    expect(verifyXmlSignature(first.eventoXml, 'infEvento').valid).toBe(true);
    expect(kit.sim.note(chave)?.status).toBe('cancelada');

    const second = await registerEvent(kit.client, { chave, eventXml: cancellation(chave) });
    expect(second.kind === 'rejected' && second.erros.map((e) => e.codigo)).toEqual(['E0840']);

    const got = await getEvent(kit.client, { chave, tipoEvento: '101101', nSeqEvento: 1 });
    expect(got.kind === 'found' && got.eventos[0].xml).toBe(first.eventoXml);
    expect(got.kind === 'found' && got.eventos[0].tipoEvento).toBe('101101');
    expect(await getEvent(kit.client, { chave, tipoEvento: '101101', nSeqEvento: 2 })).toEqual({ kind: 'not_found' });
  });

  it('substitution registers 105102 on the old note; cancelling it afterwards → E0840; substituting a cancelled note → E0046', async () => {
    const old = await issue();
    const replacement = await emitDps(kit.client, {
      dpsXml: signedDps(baseDps({ subst: { chSubstda: old, cMotivo: '02' } })).xml,
    });
    expect(replacement.kind).toBe('authorized');
    const ev = await getEvent(kit.client, { chave: old, tipoEvento: '105102', nSeqEvento: 1 });
    expect(ev.kind === 'found' && ev.eventos[0].xml).toContain('<chSubstituta>');
    expect(ev.kind === 'found' && validateXsd(ev.eventos[0].xml, 'evento')).toEqual([]);
    const cancel = await registerEvent(kit.client, { chave: old, eventXml: cancellation(old) });
    expect(cancel.kind === 'rejected' && cancel.erros[0]).toMatchObject({
      codigo: 'E0840',
      complemento: expect.stringContaining('Substituição'),
    });

    const cancelled = await issue();
    expect((await registerEvent(kit.client, { chave: cancelled, eventXml: cancellation(cancelled) })).kind).toBe(
      'registered',
    );
    const subst = await emitDps(kit.client, {
      dpsXml: signedDps(baseDps({ subst: { chSubstda: cancelled, cMotivo: '01' } })).xml,
    });
    expect(subst.kind === 'rejected' && subst.erros.map((e) => e.codigo)).toEqual(['E0046']);
  });

  it('event rules: unknown note E1831, wrong tpAmb E1845, unsigned E1989, rejeitar default E0822', async () => {
    const chave = await issue();
    const unknown = `${chave.slice(0, 40)}0000000000`;
    const e1831 = await registerEvent(kit.client, { chave: unknown, eventXml: cancellation(unknown) });
    expect(e1831.kind === 'rejected' && e1831.erros.map((e) => e.codigo)).toEqual(['E1831']);
    const e1845 = await registerEvent(kit.client, { chave, eventXml: cancellation(chave, { tpAmb: '1' }) });
    expect(e1845.kind === 'rejected' && e1845.erros.map((e) => e.codigo)).toEqual(['E1845']);
    const unsigned = cancellation(chave).replace(/<Signature[\s\S]*<\/Signature>/, '');
    const e1989 = await registerEvent(kit.client, { chave, eventXml: unsigned });
    expect(e1989.kind === 'rejected' && e1989.erros.map((e) => e.codigo)).toEqual(['E1989']);
    const e0822 = await registerEvent(kit.client, { chave, eventXml: cancellation(chave), scenario: 'rejeitar' });
    expect(e0822.kind === 'rejected' && e0822.erros.map((e) => e.codigo)).toEqual(['E0822']);
    expect(kit.sim.note(chave)?.status).toBe('autorizada');
  });
});
