/** A decimal string as the panel writes money: "1234.5" → "R$ 1.234,50" (no-break space after R$). */
export const reais = (v: string): string =>
  `R$\u00a0${Number(v)
    .toFixed(2)
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
