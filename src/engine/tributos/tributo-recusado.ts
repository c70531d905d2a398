/**
 * A value the caller sent, or a member of the product's profile (with the company's rules merged over it), that no
 * rule can compute from: a discount larger than the item, a rate that cannot apply, a CST without the member its
 * group needs, a cBenef the UF would reject. Unlike ForaDeCobertura the engine covers the case: the input is wrong.
 * Caught per item: `calcular` answers 422 validacao with one error at `campo`, in the caller's words.
 */
export class TributoRecusado extends Error {
  constructor(
    /** JSON Pointer below the item of the member the caller sent (`/desconto`, `/produto` for its profile). */
    readonly campo: string,
    message: string,
    readonly correcao: string,
    readonly codigo = 'formato_invalido',
    /** The authority's rejection code when the SEFAZ would refuse the same (cStat). */
    readonly codigoOficial?: string,
  ) {
    super(message);
    this.name = 'TributoRecusado';
  }
}
