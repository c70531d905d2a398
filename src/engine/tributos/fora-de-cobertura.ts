/**
 * What the engine cannot compute for an item, named: the table lacks the value, or the case is outside the
 * coverage (COBERTURA_TRIBUTOS). Thrown by the rules, caught per item: `calcular` answers 422 with every one,
 * `conferir` marks the item `nfe_conferencia_fora_de_cobertura`.
 */
export class ForaDeCobertura extends Error {
  constructor(
    /** JSON Pointer below the item (`/icms`, `/ipi`…), or '' for the whole item. */
    readonly campo: string,
    message: string,
  ) {
    super(message);
    this.name = 'ForaDeCobertura';
  }
}
