import type { Environment } from '../nucleo/environment.js';
import type { DpsInput, IbsCbs, Tomador } from './nacional/dps-input.js';
import type { NfseRequest } from './validacao/nfse-request.js';
import type { IbsCbsEfetivo, ValoresEfetivos } from './ajustes/index.js';
import type { EmpresaContexto } from './validacao/nfse-request.js';

export const TEST_SERIES = '49999';
export const APP_VERSION = 'fiscal-api-1.0';

export interface BuildDpsInputOptions {
  environment: Environment;
  company: EmpresaContexto & { cnpj: string; municipio: string };
  request: NfseRequest;
  resolved: ValoresEfetivos;
  serie: string;
  numero: bigint;
  now: Date;
  /** Access key of the note being substituted (from `substituicao.nfse_id` or `chave_acesso`). */
  chaveSubstituida?: string;
  /** The ChaveAcesso the replaced note's city wrote in it, where its stored document has one. */
  chaveAcessoMunicipioSubstituida?: string | null;
}

/** Maps a validated request and its effective values to the national DPS layout. */
export function buildDpsInput(o: BuildDpsInputOptions): DpsInput {
  const { request, resolved, company } = o;
  const regime = company.regime_tributario;
  const tomador = buildTomador(request);
  const obra = request.servico.obra;
  return {
    tpAmb: o.environment === 'live' ? '1' : '2',
    dhEmi: brasiliaDateTime(o.now),
    verAplic: APP_VERSION,
    serie: o.serie,
    nDPS: o.numero.toString(),
    dCompet: `${resolved.competencia}-01`,
    tpEmit: '1',
    cLocEmi: company.municipio,
    ...(request.substituicao && o.chaveSubstituida
      ? {
          subst: {
            chSubstda: o.chaveSubstituida,
            ...(o.chaveAcessoMunicipioSubstituida ? { chaveAcessoMunicipio: o.chaveAcessoMunicipioSubstituida } : {}),
            cMotivo: request.substituicao.codigo_motivo,
            ...(request.substituicao.motivo ? { xMotivo: request.substituicao.motivo } : {}),
          },
        }
      : {}),
    prest: {
      CNPJ: company.cnpj,
      ...(resolved.inscricao_municipal ? { IM: resolved.inscricao_municipal } : {}),
      regTrib: {
        // opSimpNac: 1 = not in Simples Nacional, 2 = MEI, 3 = ME/EPP.
        opSimpNac: regime === 'mei' ? '2' : regime === 'simples_nacional' ? '3' : '1',
        ...(regime === 'simples_nacional' ? { regApTribSN: company.regime_apuracao_simples ?? '1' } : {}),
        regEspTrib: '0',
      },
    },
    toma: tomador,
    serv: {
      locPrest: { cLocPrestacao: resolved.municipio_prestacao ?? company.municipio },
      cServ: {
        cTribNac: resolved.codigo_nacional ?? '',
        xDescServ: request.servico.descricao,
        ...(resolved.nbs ? { cNBS: resolved.nbs } : {}),
      },
      ...(obra
        ? {
            obra: obra.cno
              ? { cObra: obra.cno }
              : obra.cib
                ? { cCIB: obra.cib }
                : {
                    end: {
                      CEP: obra.cep ?? '',
                      xLgr: obra.logradouro ?? 'NAO INFORMADO',
                      nro: obra.numero ?? 'S/N',
                      xBairro: obra.bairro ?? 'NAO INFORMADO',
                      ...(obra.complemento ? { xCpl: obra.complemento } : {}),
                    },
                  },
          }
        : {}),
      ...(request.informacoes_complementares ? { infoCompl: { xInfComp: request.informacoes_complementares } } : {}),
    },
    valores: {
      vServPrest: { vServ: request.valor },
      trib: {
        tribMun: {
          tribISSQN: '1',
          // tpRetISSQN: 1 = not retained, 2 = retained by the recipient.
          tpRetISSQN: resolved.iss_retido ? '2' : '1',
          ...(resolved.aliquota_iss && resolved.aliquota_iss_situacao !== 'proibida'
            ? { pAliq: resolved.aliquota_iss }
            : {}),
        },
        totTrib: { indTotTrib: '0' },
      },
    },
    ...(resolved.ibs_cbs ? { IBSCBS: ibsCbs(resolved.ibs_cbs) } : {}),
  };
}

/**
 * The DPS IBSCBS group carries the classification only: the national system computes the amounts. Regular
 * issue (finNFSe 0) to the recipient itself (indDest 0: the API has no separate destinatário).
 */
function ibsCbs(g: IbsCbsEfetivo): IbsCbs {
  return {
    finNFSe: '0',
    cIndOp: g.indicador_operacao ?? '',
    indDest: '0',
    valores: { trib: { gIBSCBS: { CST: g.cst ?? '', cClassTrib: g.c_class_trib } } },
  };
}

function buildTomador(request: NfseRequest): Tomador {
  const t = request.tomador;
  const doc = t.tipo_documento === 'cpf' ? { CPF: t.documento } : { CNPJ: t.documento };
  const end = t.endereco;
  return {
    ...doc,
    ...(t.inscricao_municipal ? { IM: t.inscricao_municipal } : {}),
    // The layout requires the recipient's name; the API does not.
    xNome: t.nome ?? 'NAO INFORMADO',
    ...(end?.municipio && end.cep
      ? {
          end: {
            endNac: { cMun: end.municipio, CEP: end.cep },
            xLgr: end.logradouro ?? 'NAO INFORMADO',
            nro: end.numero ?? 'S/N',
            ...(end.complemento ? { xCpl: end.complemento } : {}),
            xBairro: end.bairro ?? 'NAO INFORMADO',
          },
        }
      : {}),
    ...(t.telefone ? { fone: t.telefone } : {}),
    ...(t.email ? { email: t.email } : {}),
  } as Tomador;
}

/** dhEmi in Brasília time (UTC−03:00, no daylight saving since 2019), as the layout's TSDateTimeUTC expects. */
export function brasiliaDateTime(now: Date): string {
  const local = new Date(now.getTime() - 3 * 3_600_000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}
