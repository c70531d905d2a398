import { Coletor, lerTexto, presente, type Objeto } from '../nucleo/coletor.js';
import { problemaDecimal, type FormatoDecimal } from './nfe-decimal.js';

/** Member readers of the NF-e request: each reports its problem at `campo` and returns undefined. */

export function lerEnum<T extends string>(obj: Objeto, key: string, campo: string, valores: readonly T[], c: Coletor, obrigatorio: boolean): T | undefined {
  const v = lerTexto(obj, key, campo, c, obrigatorio ? { obrigatorio: `O campo ${key}` } : {});
  if (v === undefined) return undefined;
  if (!(valores as readonly string[]).includes(v)) {
    c.formato(campo, `Valor inválido para ${key}: "${v}".`, `Use um de: ${valores.join(', ')}.`);
    return undefined;
  }
  return v as T;
}

export function lerPadrao(obj: Objeto, key: string, campo: string, re: RegExp, oque: string, exemplo: string, c: Coletor, obrigatorio: boolean): string | undefined {
  const t = lerTexto(obj, key, campo, c, obrigatorio ? { obrigatorio: `O campo ${key}` } : {});
  if (t === undefined) return undefined;
  const limpo = t.replace(/[.\-\s]/g, '');
  if (!re.test(limpo)) {
    c.formato(campo, `${oque}; recebido "${t}".`, `Informe por exemplo ${exemplo}.`);
    return undefined;
  }
  return limpo;
}

/** A decimal string in one of the layout's formats (a JSON number is `tipo_invalido`). */
export function lerDecimal(obj: Objeto, key: string, campo: string, c: Coletor, f: FormatoDecimal, obrigatorio: string | undefined): string | undefined {
  if (!presente(obj, key)) {
    if (obrigatorio) c.obrigatorio(campo, obrigatorio);
    return undefined;
  }
  const v = obj[key];
  if (typeof v !== 'string') {
    c.tipoInvalido(campo, 'texto com número decimal', v);
    return undefined;
  }
  const problema = problemaDecimal(v.trim(), f);
  if (problema) {
    c.formato(campo, `Número decimal inválido em ${key}: "${v}" (${problema}).`, `Envie por exemplo "${f.casas ? `10.${'0'.repeat(Math.min(f.casas, 2))}` : '10'}".`);
    return undefined;
  }
  return v.trim();
}
