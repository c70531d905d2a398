import { Coletor, lerObjeto, lerTexto, presente, ptr, type Objeto } from '../nucleo/coletor.js';
import { CODIGOS_CSOSN, CODIGOS_CST, ICMS_CAMPOS, camposDe, grupoIcms, type IcmsCampo, type IcmsGrupo, type IcmsParte } from './icms-grupos.js';
import type { NfeIcms } from './nfe-request.js';
import { lerDecimal } from './ler-campos.js';

const TODOS = ['cst', 'csosn', ...Object.keys(ICMS_CAMPOS)];

/**
 * The item's `icms` group: CST for regime normal, CSOSN for Simples Nacional and MEI (CRT; rejections 590/591),
 * then the members its layout group requires, each error at its own pointer.
 */
export function lerIcms(it: Objeto, base: string, simples: boolean, c: Coletor): NfeIcms | undefined {
  const campo = `${base}/icms`;
  if (!presente(it, 'icms')) {
    c.obrigatorio(campo, 'O grupo icms');
    return undefined;
  }
  const g = lerObjeto(it.icms, campo, TODOS, c);
  if (!g) return undefined;
  const [chave, outra] = simples ? ['csosn', 'cst'] as const : ['cst', 'csosn'] as const;
  if (presente(g, outra)) {
    c.formato(ptr(campo, outra), simples ? 'Empresa do Simples Nacional informa csosn, não cst.' : 'Empresa fora do Simples Nacional informa cst, não csosn.',
      `Troque ${outra} por ${chave}.`);
  }
  const codigo = lerTexto(g, chave, ptr(campo, chave), c, { obrigatorio: simples ? 'O CSOSN' : 'O CST do ICMS' });
  if (codigo === undefined) return undefined;
  const grupo = grupoIcms(codigo, simples, (k) => presente(g, k));
  if (!grupo) {
    c.formato(ptr(campo, chave), `${chave.toUpperCase()} ${codigo} do ICMS desconhecido.`, `Use um de: ${(simples ? CODIGOS_CSOSN : CODIGOS_CST).join(', ')}.`);
    return undefined;
  }
  const aceitos = camposDe(grupo.partes);
  for (const k of Object.keys(g)) {
    if (k !== chave && k !== outra && k in ICMS_CAMPOS && !aceitos.includes(k as IcmsCampo)) {
      c.add('campo_desconhecido', ptr(campo, k), `O campo ${k} não faz parte do grupo ${grupo.tag} (${chave.toUpperCase()} ${codigo}).`,
        aceitos.length ? `Remova-o. Campos do grupo: ${aceitos.join(', ')}.` : 'Remova-o: este grupo leva só a origem e o código.');
    }
  }
  const valores: NfeIcms['valores'] = {};
  const antes = c.issues.length;
  lerPartes(grupo.partes, g, campo, grupo, c, valores, true);
  if (c.issues.length > antes) return undefined;
  return { grupo: grupo.tag, [chave]: codigo, valores };
}

/** Required members of `partes`; an optional sequence is read only when one of its members was sent, then whole. */
function lerPartes(partes: readonly IcmsParte[], g: Objeto, campo: string, grupo: IcmsGrupo, c: Coletor, out: NfeIcms['valores'], obrigatorio: boolean): void {
  for (const parte of partes) {
    if (typeof parte !== 'string') {
      if (camposDe(parte).some((k) => presente(g, k))) lerPartes(parte, g, campo, grupo, c, out, true);
      continue;
    }
    const nome = parte.replace('?', '') as IcmsCampo;
    const exigido = obrigatorio && !parte.endsWith('?') ? `O campo ${nome} do grupo ${grupo.tag}` : undefined;
    const v = lerCampo(g, nome, ptr(campo, nome), grupo, c, exigido);
    if (v !== undefined) out[nome] = v;
  }
}

function lerCampo(g: Objeto, nome: IcmsCampo, campo: string, grupo: IcmsGrupo, c: Coletor, exigido: string | undefined): string | undefined {
  const formato = ICMS_CAMPOS[nome][1];
  if ('inteiros' in formato) return lerDecimal(g, nome, campo, c, formato, exigido);
  const t = lerTexto(g, nome, campo, c, exigido ? { obrigatorio: exigido } : {});
  if (t === undefined) return undefined;
  if (formato instanceof RegExp) {
    if (formato.test(t)) return t;
    c.formato(campo, `${nome} inválido: "${t}".`, 'Informe o código de benefício fiscal da UF, com 8 ou 10 caracteres.');
    return undefined;
  }
  const valores = nome === 'mot_des_icms' && grupo.motivosDeson ? grupo.motivosDeson : formato.valores;
  if (valores.includes(t)) return t;
  c.formato(campo, `Valor inválido para ${nome} no grupo ${grupo.tag}: "${t}".`, `Use um de: ${valores.join(', ')}.`);
  return undefined;
}
