// The NF-e recipient filled in where the caller left it out — with a CNPJ, name and address from the CNPJ
// registry (simulated BrasilAPI); an address with a CEP, street, district and municipality from the CEP (simulated
// ViaCEP); without `contribuinte`, the state registration from the SEFAZ of the recipient's UF (consultaCadastro).
// Each filled field is an adjustment; registry answers are cached.
import { beforeAll, describe, expect, it } from 'vitest';
import { readRetConsCad } from '../../src/engine/autoridades/sefaz/sefaz-consulta-contribuinte.js';
import { CadastroIndisponivel } from '../../src/engine/autoridades/cadastros/cadastro-gateways.js';
import { cadastrosComCache } from '../../src/engine/autoridades/cadastros/cadastros-com-cache.js';
import { FakeClock } from '../../src/engine/nucleo/clock.js';
import { validateXsd } from '../../src/engine/xml/validate-xsd.js';
import { expectProblem, httpClient, type Http } from '../support/http.js';
import { NFE_COMPANY, nfeBody } from '../support/nfe-fixtures.js';
import type { SeededAccount } from '../support/seed.js';
import type { TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

let t: TestApp;
let acct: SeededAccount;
let http: Http;
let empresaId: string;
let seq = 0;

const PAULISTA = '54550752000155';
const CARIOCA = '11444777000161';
const GAUCHA = '33041908000100';
const DESCONHECIDO = '98765432000198';
const CPF = '52998224725';

useTestApp((s) => ({ t, acct } = s));
beforeAll(async () => {
  empresaId = (await acct.company(NFE_COMPANY)).id;
  http = httpClient(t.url, acct.testKey);
});

const corpo = (destinatario: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  nfeBody({ empresa_id: empresaId, referencia: `DEST-${Date.now().toString(36)}-${++seq}`, destinatario, ...extra });
type Ajuste = { campo: string; regra: string; acao: string; versao: string; fonte: string };
const porCampo = (ajustes: Ajuste[], regra: string) =>
  ajustes
    .filter((a) => a.regra === regra)
    .map((a) => a.campo)
    .sort();

async function emitida(body: Record<string, unknown>) {
  const res = await http.post('/v1/nfe', body);
  expect(res.status, res.text).toBe(201);
  const xml = (await http.get(`/v1/nfe/${res.body.id}/xml`)).text;
  expect(validateXsd(xml, 'nfeProc')).toEqual([]);
  const dest = /<dest>[\s\S]*?<\/dest>/.exec(xml)![0];
  return { nota: res.body, dest };
}

describe('POST /v1/nfe fills in the recipient', () => {
  it('with only a CNPJ: name and address from the registry, the IE from the SEFAZ of its UF, each an adjustment', async () => {
    const { nota, dest } = await emitida(corpo({ documento: PAULISTA }));
    expect(porCampo(nota.ajustes, 'nfe_destinatario_cadastro_cnpj')).toEqual([
      '/destinatario/endereco/bairro',
      '/destinatario/endereco/cep',
      '/destinatario/endereco/complemento',
      '/destinatario/endereco/logradouro',
      '/destinatario/endereco/municipio',
      '/destinatario/endereco/numero',
      '/destinatario/nome',
    ]);
    expect(porCampo(nota.ajustes, 'nfe_destinatario_consulta_cadastro')).toEqual([
      '/destinatario/contribuinte',
      '/destinatario/inscricao_estadual',
    ]);
    const ajuste = nota.ajustes.find((a: Ajuste) => a.regra === 'nfe_destinatario_cadastro_cnpj');
    expect(ajuste).toMatchObject({
      acao: 'preenchido',
      versao: expect.any(String),
      fonte: expect.stringContaining('CNPJ_API_URL'),
    });
    expect(dest).toContain(`<CNPJ>${PAULISTA}</CNPJ>`);
    expect(dest).toContain(
      '<xLgr>AVENIDA PAULISTA</xLgr><nro>1578</nro><xCpl>ANDAR 5</xCpl><xBairro>BELA VISTA</xBairro><cMun>3550308</cMun>',
    );
    expect(dest).toContain('<CEP>01310200</CEP>');
    expect(dest).toContain('<indIEDest>1</indIEDest><IE>110042490114</IE>');
  });

  it('keeps what the caller sent: its name, its contributor status, no registry lookup for them', async () => {
    const { nota, dest } = await emitida(
      corpo({
        documento: PAULISTA,
        nome: 'Nome Do Chamador',
        contribuinte: 'nao_contribuinte',
        endereco: {
          logradouro: 'Rua Augusta',
          numero: '10',
          bairro: 'Consolação',
          municipio: '3550308',
          cep: '01304000',
        },
      }),
    );
    const regras = nota.ajustes.map((a: Ajuste) => a.regra);
    expect(regras).not.toContain('nfe_destinatario_cadastro_cnpj');
    expect(regras).not.toContain('nfe_destinatario_consulta_cadastro');
    expect(dest).toContain('<xLgr>Rua Augusta</xLgr>');
    expect(dest).toContain('<indIEDest>9</indIEDest>');
  });

  it('with a CPF, cep and numero: the address from the CEP; not registered in the UF (264) → non-contributor', async () => {
    const { nota, dest } = await emitida(
      corpo({ documento: CPF, nome: 'Maria Silva', endereco: { cep: '01310-100', numero: '900' } }),
    );
    expect(porCampo(nota.ajustes, 'nfe_destinatario_endereco_cep')).toEqual([
      '/destinatario/endereco/bairro',
      '/destinatario/endereco/logradouro',
      '/destinatario/endereco/municipio',
    ]);
    expect(porCampo(nota.ajustes, 'nfe_destinatario_consulta_cadastro')).toEqual(['/destinatario/contribuinte']);
    expect(dest).toContain(
      '<xLgr>Avenida Paulista</xLgr><nro>900</nro><xBairro>Bela Vista</xBairro><cMun>3550308</cMun><xMun>São Paulo</xMun><UF>SP</UF><CEP>01310100</CEP>',
    );
    expect(dest).toContain('<indIEDest>9</indIEDest>');
  });

  it('finds the municipality by name when the registry gives no IBGE code; a registration not enabled (cSit 0) → non-contributor', async () => {
    const internos = nfeBody().itens.map((i: Record<string, unknown>) => ({ ...i, cfop: '5102' }));
    const { nota, dest } = await emitida(corpo({ documento: GAUCHA }, { itens: internos }));
    expect(dest).toContain('<cMun>4314902</cMun>');
    expect(porCampo(nota.ajustes, 'nfe_destinatario_consulta_cadastro')).toEqual(['/destinatario/contribuinte']);
    expect(dest).toContain('<indIEDest>9</indIEDest>');
  });

  it('a UF whose SEFAZ offers no consultaCadastro: non-contributor, said by its own adjustment', async () => {
    const manaus = {
      documento: CPF,
      nome: 'João Souza',
      endereco: {
        logradouro: 'Avenida Eduardo Ribeiro',
        numero: '520',
        bairro: 'Centro',
        municipio: '1302603',
        cep: '69010001',
      },
    };
    const { nota, dest } = await emitida(corpo(manaus));
    expect(porCampo(nota.ajustes, 'nfe_destinatario_consulta_indisponivel')).toEqual(['/destinatario/contribuinte']);
    expect(dest).toContain('<indIEDest>9</indIEDest>');
  });

  it('an unknown CNPJ or CEP is a 422 naming the field; nothing is created', async () => {
    const cnpj = expectProblem(await http.post('/v1/nfe', corpo({ documento: DESCONHECIDO })), 422, 'validacao');
    expect(cnpj.erros).toEqual([
      expect.objectContaining({ codigo: 'destinatario_nao_encontrado', campo: '/destinatario/documento' }),
    ]);
    const cep = expectProblem(
      await http.post(
        '/v1/nfe',
        corpo({ documento: CPF, nome: 'Maria Silva', endereco: { cep: '99999999', numero: '1' } }),
      ),
      422,
      'validacao',
    );
    expect(cep.erros).toEqual([
      expect.objectContaining({ codigo: 'cep_inexistente', campo: '/destinatario/endereco/cep' }),
    ]);
    // Without a name the CPF is still the caller's to name: the registry is not asked.
    const semNome = expectProblem(await http.post('/v1/nfe', corpo({ documento: CPF })), 422, 'validacao');
    expect(semNome.erros).toEqual([
      expect.objectContaining({ codigo: 'campo_obrigatorio', campo: '/destinatario/nome' }),
    ]);
  });

  it('a registry that does not answer is a 503 to retry; its answers are cached once it does', async () => {
    const publicas = t.app.simulator.consultasPublicas;
    publicas.indisponivel('cnpj', true);
    try {
      const fora = expectProblem(
        await http.post('/v1/nfe', corpo({ documento: CARIOCA })),
        503,
        'servico_indisponivel',
      );
      expect(fora.retentavel).toBe(true);
      expect(fora.correcao).toContain('destinatario.nome');
    } finally {
      publicas.indisponivel('cnpj', false);
    }
    const antes = publicas.chamadas('cnpj');
    const { dest } = await emitida(corpo({ documento: CARIOCA }));
    expect(dest).toContain('<cMun>3304557</cMun>');
    await emitida(corpo({ documento: CARIOCA }));
    expect(publicas.chamadas('cnpj')).toBe(antes + 1);
  });
});

describe('registry pieces', () => {
  it('retConsCad: 111 with an enabled IE, ISENTO, 259/264, and anything else unavailable', () => {
    const ret = (inner: string) =>
      `<retConsCad xmlns="http://www.portalfiscal.inf.br/nfe" versao="2.00"><infCons>${inner}</infCons></retConsCad>`;
    const cad = (ie: string, cSit: string) =>
      `<infCad><IE>${ie}</IE><CNPJ>${PAULISTA}</CNPJ><UF>SP</UF><cSit>${cSit}</cSit></infCad>`;
    expect(readRetConsCad(ret(`<cStat>112</cStat>${cad('111', '0')}${cad('110.042.490.114', '1')}`))).toEqual({
      situacao: 'habilitado',
      inscricaoEstadual: '110042490114',
    });
    expect(readRetConsCad(ret(`<cStat>111</cStat>${cad('ISENTO', '1')}`))).toEqual({ situacao: 'isento' });
    expect(readRetConsCad(ret('<cStat>259</cStat>'))).toEqual({ situacao: 'nao_contribuinte', cStat: '259' });
    expect(() =>
      readRetConsCad(ret('<cStat>262</cStat><xMotivo>Rejeição: UF não fornece consulta por CPF</xMotivo>')),
    ).toThrow(CadastroIndisponivel);
  });

  it('the cache keeps answers (not found included) for their time, not failures, and shares concurrent lookups', async () => {
    const clock = new FakeClock('2026-11-26T12:00:00Z');
    let calls = 0;
    let falha = true;
    const cached = cadastrosComCache(
      {
        cnpj: {
          consultar: async (c) => {
            calls += 1;
            return c === DESCONHECIDO
              ? null
              : {
                  cnpj: c,
                  razaoSocial: 'X',
                  situacao: null,
                  endereco: {
                    logradouro: null,
                    numero: null,
                    complemento: null,
                    bairro: null,
                    municipio: null,
                    cep: null,
                  },
                };
          },
        },
        cep: {
          consultar: async () => {
            calls += 1;
            if (falha) throw new CadastroIndisponivel('fora');
            return null;
          },
        },
        contribuinte: { consultar: async () => ({ situacao: 'isento' as const }) },
      },
      { clock, ttlMs: { cnpj: 60_000, cep: 60_000, contribuinte: 60_000 } },
    );
    await Promise.all([cached.cnpj.consultar(PAULISTA), cached.cnpj.consultar(PAULISTA)]);
    expect(await cached.cnpj.consultar(DESCONHECIDO)).toBeNull();
    expect(await cached.cnpj.consultar(DESCONHECIDO)).toBeNull();
    expect(calls).toBe(2);
    clock.advance(60_001);
    await cached.cnpj.consultar(PAULISTA);
    expect(calls).toBe(3);
    await expect(cached.cep.consultar('01310100')).rejects.toThrow(CadastroIndisponivel);
    falha = false;
    expect(await cached.cep.consultar('01310100')).toBeNull();
    expect(calls).toBe(5);
  });
});
