/**
 * What the API answers of a municipality that issues through its own system: in the national environment, not on
 * the national emitter (aderenteEmissorNacional 0).
 */
export const CONVENIO_SISTEMA_PROPRIO = {
  tipoConvenioDeserializationSetter: 1,
  aderenteAmbienteNacional: 1,
  aderenteEmissorNacional: 0,
  situacaoEmissaoPadraoContribuintesRFB: 0,
  aderenteMAN: 0,
  permiteAproveitametoDeCreditos: null,
} as const;

/**
 * Answers of the simulated ADN Parâmetros Municipais API (adn-parametros-municipais.json v1), in the API's own shape.
 * Convênios: the adhesion facts stated with their acts in resources/tables/municipios-parametros.csv and, for
 * São Paulo, the answer observed in produção restrita (aderenteEmissorNacional 1, aderenteMAN 0). Municipalities
 * not listed here answer from the official adhesion list of 2026-09-28 (listed: emissor nacional 1; not listed: 404).
 * Rates, special regimes, withholdings and benefits are test data, not the municipalities' real parameters.
 */
export const PARAMETROS_SIMULADOS: {
  convenios: Record<string, Record<string, unknown>>;
  aliquotas: Record<string, Record<string, unknown[]>>;
  regimesEspeciais: Record<string, Record<string, Record<string, unknown>>>;
  retencoes: Record<string, Record<string, unknown>>;
  beneficios: Record<string, Record<string, Record<string, unknown>>>;
} = {
  convenios: {
    '3304557': {
      tipoConvenioDeserializationSetter: 1,
      aderenteAmbienteNacional: 1,
      aderenteEmissorNacional: 1,
      situacaoEmissaoPadraoContribuintesRFB: 1,
      aderenteMAN: 0,
      permiteAproveitametoDeCreditos: null,
    },
    '3106200': {
      tipoConvenioDeserializationSetter: 1,
      aderenteAmbienteNacional: 1,
      aderenteEmissorNacional: 1,
      situacaoEmissaoPadraoContribuintesRFB: 1,
      aderenteMAN: 0,
      permiteAproveitametoDeCreditos: null,
    },
    '4106902': {
      tipoConvenioDeserializationSetter: 1,
      aderenteAmbienteNacional: 1,
      aderenteEmissorNacional: 1,
      situacaoEmissaoPadraoContribuintesRFB: 1,
      aderenteMAN: 0,
      permiteAproveitametoDeCreditos: null,
    },
    '1302603': {
      tipoConvenioDeserializationSetter: 1,
      aderenteAmbienteNacional: 1,
      aderenteEmissorNacional: 1,
      situacaoEmissaoPadraoContribuintesRFB: 1,
      aderenteMAN: 0,
      permiteAproveitametoDeCreditos: null,
    },
    '4314902': {
      tipoConvenioDeserializationSetter: 1,
      aderenteAmbienteNacional: 1,
      aderenteEmissorNacional: 1,
      situacaoEmissaoPadraoContribuintesRFB: 1,
      aderenteMAN: 0,
      permiteAproveitametoDeCreditos: null,
    },
    '3550308': {
      tipoConvenioDeserializationSetter: 1,
      aderenteAmbienteNacional: 1,
      aderenteEmissorNacional: 1,
      situacaoEmissaoPadraoContribuintesRFB: 1,
      aderenteMAN: 0,
      permiteAproveitametoDeCreditos: null,
    },
    '5300108': { ...CONVENIO_SISTEMA_PROPRIO },
  },
  aliquotas: {
    '3304557': {
      '010101': [
        {
          Incidencia: 'Município do estabelecimento prestador',
          Aliq: 2,
          DtIni: '2026-01-01T00:00:00',
          DtFim: null,
        },
      ],
      '170101': [
        {
          Incidencia: 'Município do estabelecimento prestador',
          Aliq: 5,
          DtIni: '2026-01-01T00:00:00',
          DtFim: null,
        },
      ],
    },
    '3106200': {
      '010101': [
        {
          Incidencia: 'Município do estabelecimento prestador',
          Aliq: 2.5,
          DtIni: '2026-01-01T00:00:00',
          DtFim: null,
        },
      ],
    },
  },
  regimesEspeciais: {
    '3304557': {
      '010101': {
        '1': {
          '01.01.01.000': [
            {
              situacao: 1,
              dataInicio: '2026-01-01T00:00:00',
              dataFim: null,
              observacoes: 'Cooperativa: regime permitido',
            },
          ],
        },
      },
    },
  },
  retencoes: {
    '3304557': {
      artigoSexto: {
        habilitado: true,
        historico: [
          {
            dataInicioVigencia: '2026-01-01T00:00:00',
            dataFimVigencia: null,
          },
        ],
      },
      retencoesMunicipais: [
        {
          descricao: 'Retenção pelo tomador órgão público',
          dataInicioVigencia: '2026-01-01T00:00:00',
          dataFimVigencia: null,
          tiposRetencao: [1],
          servicos: [
            {
              codigoCompleto: '07.02.01.000',
              historico: [],
            },
          ],
        },
      ],
    },
  },
  beneficios: {
    '3304557': {
      '33045570000001': {
        codigoBeneficio: '33045570000001',
        descricao: 'Redução de base de cálculo para teste',
        dataInicioVigencia: '2026-01-01T00:00:00',
        dataFimVigencia: null,
        tipoBeneficio: 1,
        tipoReducaoBC: 1,
        reducaoPercentualBC: 20,
        aliquotaDiferenciada: null,
        restritoAoMunicipio: true,
        servicos: [
          {
            codigoServico: '01.01.01.000',
            dataInicioVigencia: '2026-01-01T00:00:00',
            dataFimVigencia: null,
          },
        ],
        contribuintes: [],
      },
    },
  },
};
