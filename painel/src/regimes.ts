/** The company's tax regimes (regime_tributario) in words. */
export const REGIMES: Record<string, string> = {
  simples_nacional: 'Simples Nacional',
  mei: 'MEI',
  lucro_presumido: 'Lucro presumido',
  lucro_real: 'Lucro real',
};

/** How taxes are assessed under the Simples Nacional (regime_apuracao_simples) in words. */
export const APURACAO: Record<string, string> = {
  federais_municipal_sn: 'Federais e municipal pelo Simples',
  federais_sn_municipal_fora: 'Federais pelo Simples, municipal fora',
  todos_fora_sn: 'Todos fora do Simples',
};
