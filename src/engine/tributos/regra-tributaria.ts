/** Version and source of the table or rule a computed value came from, carried by its adjustment. */
export interface FonteTabela {
  versao: string;
  fonte: string;
}

/**
 * One value the engine computed for an item: where it goes in the item's tax groups (`campo`, a JSON Pointer below
 * the item, as the `informado` request spells it), the value, the rule that produced it and that rule's table.
 */
export interface RegraTributaria extends FonteTabela {
  campo: string;
  valor: string;
  regra: string;
  motivo: string;
}

/** A computed value of `regra`, from the table `tabela`. */
export function regraTributaria(
  campo: string,
  valor: string,
  regra: string,
  motivo: string,
  tabela: FonteTabela,
): RegraTributaria {
  return { campo, valor, regra, motivo, versao: tabela.versao, fonte: tabela.fonte };
}
