import { describe, expect, it } from 'vitest';
import { decideRotaNfse } from './decide-rota-nfse.js';
import { provedorMunicipioItem } from './provedor-municipio-item.js';
import { sistemaOf } from './sistemas-proprios.js';

const itemOf = (ibge: string, rotaEmpresa: string | null = null) => {
  const decisao = decideRotaNfse({ ibge, adesao: null, rotaEmpresa, dia: '2026-11-29' });
  return provedorMunicipioItem(decisao, sistemaOf(decisao));
};

describe('readiness item provedor_municipio', () => {
  it('blocks naming the municipality and the reason where no system serves the route', () => {
    expect(itemOf('2303709')).toMatchObject({
      situacao: 'bloqueio',
      mensagem: expect.stringMatching(/^As notas de Caucaia\/CE não podem ser emitidas: nenhum provedor de NFS-e/),
      correcao: expect.stringContaining('rota_nfse: "nacional"'),
    });
    expect(itemOf('3534401').mensagem).toContain('o provedor eGoverneISS usa um layout próprio');
  });

  it("refuses an EL 1.00 row whose URL is EL 2.04's service, and serves one with EL 1.00's", () => {
    // Ibiraci/MG: the table says EL 1.00 with …/producao06/NfseWSService, the path of EL 2.04's service.
    expect(itemOf('3129707')).toMatchObject({
      situacao: 'bloqueio',
      mensagem: expect.stringContaining(
        '(https://mg-ibiraci-pm-nfs-backend.cloud.el.com.br/producao06/NfseWSService) não é a do serviço EL 1.00 (termina em /RpsServiceService)',
      ),
    });
    expect(itemOf('2932507')).toMatchObject({ situacao: 'ok', mensagem: expect.stringContaining('Una/BA vão para') });
  });

  it('says where the notes go, and warns when the company chose the national system against the data', () => {
    expect(itemOf('5300108')).toMatchObject({
      situacao: 'ok',
      mensagem: expect.stringContaining('Brasília/DF vão para o sistema ABRASF do município: o provedor ISSNet'),
    });
    expect(itemOf('3304557')).toMatchObject({ situacao: 'ok', mensagem: expect.stringContaining('sistema nacional') });
    expect(itemOf('2303709', 'nacional')).toMatchObject({
      situacao: 'aviso',
      mensagem: expect.stringContaining('Caucaia/CE, para o qual os dados não conhecem provedor'),
    });
    expect(itemOf('5300108', 'nacional').mensagem).toContain(
      'que segundo os dados emite via o provedor ISSNet (ABRASF 2.04)',
    );
  });
});
