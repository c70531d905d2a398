import type { IbsCbsParteResumo, NfseIbsCbsResumo } from '../../engine/nfse/present-nfse-ibs-cbs.js';
import { builder } from '../builder.js';
import { NfseResumoRef } from './nfse.js';

const NfseIbsCbsParteRef = builder.objectRef<IbsCbsParteResumo>('NfseIbsCbsParte').implement({
  description:
    'One of CBS, IBS UF and IBS municipal as the national system computed it (percent rates and decimal amounts); ' +
    'null until the note has an authorised document.',
  fields: (t) => ({
    aliquota: t.exposeString('aliquota', { nullable: true }),
    reducao: t.exposeString('reducao', {
      nullable: true,
      description: 'Percentage taken off the rate by the classification (pRedAliq); null when none.',
    }),
    aliquotaEfetiva: t.exposeString('aliquota_efetiva', { nullable: true }),
    valor: t.exposeString('valor', { nullable: true }),
  }),
});

const NfseIbsCbsRef = builder.objectRef<NfseIbsCbsResumo>('NfseIbsCbs').implement({
  description:
    "A note's IBS/CBS: the classification its DPS declared (CST, cClassTrib, cIndOp, with the official table's " +
    'names) and the base, rates, reductions and amounts of the authorised NFS-e (computed by the national system).',
  fields: (t) => ({
    cst: t.exposeString('cst'),
    cstDescricao: t.exposeString('cst_descricao', { nullable: true }),
    cClassTrib: t.exposeString('c_class_trib'),
    cClassTribDescricao: t.exposeString('c_class_trib_descricao', { nullable: true }),
    indicadorOperacao: t.exposeString('indicador_operacao', { nullable: true }),
    localidadeIncidencia: t.exposeString('localidade_incidencia', { nullable: true }),
    reducaoCompraGovernamental: t.exposeString('reducao_compra_governamental', { nullable: true }),
    baseCalculo: t.exposeString('base_calculo', { nullable: true }),
    cbs: t.expose('cbs', { type: NfseIbsCbsParteRef }),
    ibsUf: t.expose('ibs_uf', { type: NfseIbsCbsParteRef }),
    ibsMunicipal: t.expose('ibs_municipal', { type: NfseIbsCbsParteRef }),
    valorIbs: t.exposeString('valor_ibs', { nullable: true }),
    valorTotalNota: t.exposeString('valor_total_nota', { nullable: true }),
  }),
});

builder.objectField(NfseResumoRef, 'ibsCbs', (t) =>
  t.expose('ibs_cbs', {
    type: NfseIbsCbsRef,
    nullable: true,
    description: 'The IBS/CBS of the note; null when its DPS declared no IBS/CBS classification.',
  }),
);
