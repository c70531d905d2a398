import { coberturaTributos, type CoberturaTributos } from '../../engine/tributos/cobertura-tributos.js';
import { builder } from '../builder.js';

const CoberturaIcmsRef = builder.objectRef<CoberturaTributos['icms']>('NfeCoberturaIcms').implement({
  fields: (t) => ({
    cst: t.exposeStringList('cst'),
    csosn: t.exposeStringList('csosn'),
    aliquotas: t.exposeString('aliquotas'),
    perfil: t.exposeString('perfil'),
    difal: t.exposeString('difal'),
    cBenef: t.exposeString('cBenef'),
  }),
});

const CoberturaStRef = builder.objectRef<CoberturaTributos['icmsSt'][number]>('NfeCoberturaIcmsSt').implement({
  fields: (t) => ({
    segmentoCest: t.exposeString('segmentoCest'),
    produtos: t.exposeString('produtos'),
    ufsDestino: t.exposeStringList('ufsDestino'),
  }),
});

const CoberturaIpiRef = builder.objectRef<CoberturaTributos['ipi']>('NfeCoberturaIpi').implement({
  fields: (t) => ({ cst: t.exposeStringList('cst'), aliquota: t.exposeString('aliquota') }),
});

const CoberturaPisCofinsRef = builder.objectRef<CoberturaTributos['pisCofins']>('NfeCoberturaPisCofins').implement({
  fields: (t) => ({ cst: t.exposeStringList('cst'), regimes: t.exposeString('regimes') }),
});

const CoberturaIbsCbsRef = builder.objectRef<CoberturaTributos['ibsCbs']>('NfeCoberturaIbsCbs').implement({
  fields: (t) => ({
    grupos: t.exposeStringList('grupos'),
    aliquotas: t.exposeString('aliquotas'),
    foraDoMotor: t.exposeString('foraDoMotor'),
  }),
});

const CoberturaRef = builder.objectRef<CoberturaTributos>('NfeCobertura').implement({
  description:
    'What the NF-e tax engine computes (calcular) and checks (conferir); outside it calcular answers 422 nfe_fora_de_cobertura.',
  fields: (t) => ({
    ufs: t.exposeStringList('ufs'),
    regimes: t.exposeStringList('regimes'),
    operacoesCalculadas: t.exposeStringList('operacoesCalculadas'),
    operacoesInformadas: t.exposeStringList('operacoesInformadas'),
    icms: t.field({ type: CoberturaIcmsRef, resolve: (c) => c.icms }),
    icmsSt: t.field({ type: [CoberturaStRef], resolve: (c) => c.icmsSt }),
    ipi: t.field({ type: CoberturaIpiRef, resolve: (c) => c.ipi }),
    pisCofins: t.field({ type: CoberturaPisCofinsRef, resolve: (c) => c.pisCofins }),
    ibsCbs: t.field({ type: CoberturaIbsCbsRef, resolve: (c) => c.ibsCbs }),
    limites: t.exposeStringList('limites'),
  }),
});

builder.queryFields((t) => ({
  nfeCobertura: t.field({
    type: CoberturaRef,
    description:
      'The coverage of the NF-e tax engine: UFs, regimes, operations, CST/CSOSN, ICMS-ST products, IBS/CBS groups and known limits. GET /v1/nfe/cobertura executes this field.',
    authScopes: { authenticated: true },
    resolve: () => coberturaTributos(),
  }),
}));
