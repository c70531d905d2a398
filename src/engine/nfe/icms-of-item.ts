import type { Coletor } from '../nucleo/coletor.js';
import { camelName as camel, snakeName } from '../nucleo/validation-issues-of.js';
import {
  CODIGOS_CSOSN,
  CODIGOS_CST,
  ICMS_CAMPOS,
  camposDe,
  grupoIcms,
  type IcmsCampo,
  type IcmsGrupo,
  type IcmsParte,
} from './icms-grupos.js';
import type { NfeIcms } from './nfe-request.js';
import { isMembers, type Members } from './is-members.js';

const sent = (o: Members, key: string) => o[key] !== undefined && o[key] !== null;

/**
 * The item's `icms` group as the issuer's regime reads it: CST for regime normal, CSOSN for Simples Nacional and
 * MEI (CRT; rejections 590/591), then the members its layout group requires, each error at its own pointer.
 * The members' JSON types and decimal formats are the declaration's (nfeItemBody); undefined when invalid.
 */
export function icmsOfItem(it: Members, base: string, simples: boolean, c: Coletor): NfeIcms | undefined {
  const campo = `${base}/icms`;
  const g = it.icms;
  if (!isMembers(g)) return undefined;
  const [chave, outra] = simples ? (['csosn', 'cst'] as const) : (['cst', 'csosn'] as const);
  if (sent(g, outra)) {
    c.formato(
      `${campo}/${outra}`,
      simples
        ? 'Empresa do Simples Nacional informa csosn, não cst.'
        : 'Empresa fora do Simples Nacional informa cst, não csosn.',
      `Troque ${outra} por ${chave}.`,
    );
  }
  if (c.temErroEm(`${campo}/${chave}`)) return undefined;
  const codigo = typeof g[chave] === 'string' && g[chave] !== '' ? (g[chave] as string) : undefined;
  if (codigo === undefined) {
    c.obrigatorio(`${campo}/${chave}`, simples ? 'O CSOSN' : 'O CST do ICMS');
    return undefined;
  }
  const grupo = grupoIcms(codigo, simples, (k) => sent(g, camel(k)));
  if (!grupo) {
    c.formato(
      `${campo}/${chave}`,
      `${chave.toUpperCase()} ${codigo} do ICMS desconhecido.`,
      `Use um de: ${(simples ? CODIGOS_CSOSN : CODIGOS_CST).join(', ')}.`,
    );
    return undefined;
  }
  const aceitos = camposDe(grupo.partes);
  for (const k of Object.keys(g).map(snakeName)) {
    if (k !== chave && k !== outra && k in ICMS_CAMPOS && !aceitos.includes(k as IcmsCampo)) {
      c.add(
        'campo_desconhecido',
        `${campo}/${k}`,
        `O campo ${k} não faz parte do grupo ${grupo.tag} (${chave.toUpperCase()} ${codigo}).`,
        aceitos.length
          ? `Remova-o. Campos do grupo: ${aceitos.join(', ')}.`
          : 'Remova-o: este grupo leva só a origem e o código.',
      );
    }
  }
  const antes = c.issues.length;
  const valores = readPartes(grupo.partes, { g, campo, grupo, c });
  if (c.issues.length > antes || c.temErroEm(campo)) return undefined;
  return { grupo: grupo.tag, [chave]: codigo, valores };
}

/** The `icms` group as sent, the layout group its code chose, and where its problems go. */
interface GrupoEnviado {
  g: Members;
  /** The group's JSON Pointer. */
  campo: string;
  grupo: IcmsGrupo;
  c: Coletor;
}

/** Required members of `partes`; an optional sequence is read only when one of its members was sent, then whole. */
function readPartes(partes: readonly IcmsParte[], enviado: GrupoEnviado): NfeIcms['valores'] {
  const out: NfeIcms['valores'] = {};
  for (const parte of partes) {
    if (typeof parte !== 'string') {
      if (camposDe(parte).some((k) => sent(enviado.g, camel(k)))) Object.assign(out, readPartes(parte, enviado));
      continue;
    }
    const nome = parte.replace('?', '') as IcmsCampo;
    const exigido = parte.endsWith('?') ? undefined : `O campo ${nome} do grupo ${enviado.grupo.tag}`;
    const v = readCampo(enviado, nome, exigido);
    if (v !== undefined) out[nome] = v;
  }
  return out;
}

/** One member of the group in its layout format; `exigido` names it when it is required. */
function readCampo(enviado: GrupoEnviado, nome: IcmsCampo, exigido: string | undefined): string | undefined {
  const { g, grupo, c } = enviado;
  const campo = `${enviado.campo}/${nome}`;
  const valor = g[camel(nome)];
  if (c.temErroEm(campo)) return undefined;
  const formato = ICMS_CAMPOS[nome][1];
  if (valor === undefined || valor === null || (valor === '' && !('inteiros' in formato))) {
    // The relief's reason without its value is the authority's rejection 627.
    if (exigido && nome === 'v_icms_deson')
      c.add(
        'campo_obrigatorio',
        campo,
        `${exigido} é obrigatório com mot_des_icms (rejeição 627 da SEFAZ).`,
        'Informe o valor do ICMS desonerado (v_icms_deson) ou remova mot_des_icms e ind_deduz_deson.',
        '627',
      );
    else if (exigido) c.obrigatorio(campo, exigido);
    else if (valor === '') c.formato(campo, `O campo ${nome} está vazio.`, 'Preencha o campo ou remova-o do corpo.');
    return undefined;
  }
  const t = valor as string;
  if ('inteiros' in formato) return t;
  if (formato instanceof RegExp) {
    if (formato.test(t)) return t;
    c.formato(
      campo,
      `${nome} inválido: "${t}".`,
      'Informe o código de benefício fiscal da UF, com 8 ou 10 caracteres.',
    );
    return undefined;
  }
  const valores = nome === 'mot_des_icms' && grupo.motivosDeson ? grupo.motivosDeson : formato.valores;
  if (valores.includes(t)) return t;
  c.formato(campo, `Valor inválido para ${nome} no grupo ${grupo.tag}: "${t}".`, `Use um de: ${valores.join(', ')}.`);
  return undefined;
}
