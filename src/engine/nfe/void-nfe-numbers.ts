import type { NfeInutilizacao } from '../../generated/prisma/client.js';
import type { Environment } from '../nucleo/environment.js';
import type { EngineDeps } from '../engine-deps.js';
import type { CompanyWithCertificate } from '../empresas/present-company.js';
import { EngineError } from '../errors.js';
import { appendEvents, type Tx } from '../eventos/append-events.js';
import { announceEvents } from '../eventos/events-topic.js';
import { newId } from '../nucleo/new-id.js';
import { loadLibxml2 } from '../xml/libxml2.js';
import { validateXsd } from '../xml/validate-xsd.js';
import { companyCredentials } from '../empresas/company-credentials.js';
import { cUfOf } from '../autoridades/sefaz/nfe-endpoint.js';
import { buildInutNFe, buildProcInutNFe } from './build-inut-nfe.js';
import { presentInutilizacao, type InutilizacaoView } from './present-inutilizacao.js';
import { presentNfe } from './present-nfe.js';
import type { SefazGateway, SefazTarget } from '../autoridades/sefaz/sefaz-gateway.js';
import { signNfeXml } from '../xml/sign-nfe-xml.js';
import type { XmlSigner } from '../xml/sign-xml.js';
import { extractElement, tag } from '../autoridades/soap-envelope.js';

export interface VoidNumbersOptions {
  accountId: string;
  environment: Environment;
  company: CompanyWithCertificate;
  serie: string;
  numeroInicial: bigint;
  numeroFinal: bigint;
  justificativa: string;
  /** The rejected note a descarte voids the number of. */
  nfeId?: string | null;
}

export type VoidDeps = Pick<EngineDeps, 'db' | 'sql' | 'clock' | 'secrets' | 'logger' | 'pubsub'> & {
  sefaz: SefazGateway;
};

// Notes whose number may be voided: a rejection does not consume the number at the authority (MOC 4.00), and the
// caller gives it up. Every other status holds it (or may: transmitindo, aguardando_confirmacao).
const VOIDABLE = 'rejeitada';
const HOMOLOGADA = '102';

/**
 * Inutilização of a range of a company's series (NFeInutilizacao4). Under the
 * series' row lock (the lock numbering takes too), the range is checked against our notes and earlier ranges and
 * reserved as `transmitindo`, so numbering skips it from then on; the signed, schema-checked inutNFe is sent;
 * on 102 the range becomes `homologada` with its protocol and the rejected notes inside it `descartada`, with
 * NFE_INUTILIZACAO and NFE_DESCARTADA in the same transaction. A refusal frees the range (422
 * `inutilizacao_recusada`); a lost answer keeps it reserved (503): repeating the same range resends the same XML.
 */
export async function voidNfeNumbers(deps: VoidDeps, options: VoidNumbersOptions): Promise<InutilizacaoView> {
  const { company, environment } = options;
  // Its XML is checked against the schema before it is sent (libxml2 is loaded on first need).
  await loadLibxml2();
  const { signer, credentials } = await companyCredentials(deps, company.id, company.certificate);
  const target: SefazTarget = { environment, cUF: cUfOf(company.municipio), simulacao: null, credentials };
  const now = deps.clock.now();
  const signed = signedInutNFe(options, signer, now);
  const reserved = await deps.db.$transaction((tx) => reserve(tx, options, signed, now));
  const ret = await sendInutilizacao(deps, options, reserved, target);
  return homologateRange(deps, options, reserved, ret);
}

/** The inutNFe of the range, signed with the company's A1 and checked against the schema. */
function signedInutNFe(options: VoidNumbersOptions, signer: XmlSigner, now: Date): string {
  const { company, environment, serie } = options;
  const signed = signNfeXml(
    buildInutNFe({
      environment,
      cUF: cUfOf(company.municipio),
      cnpj: company.cnpj,
      serie,
      numeroInicial: options.numeroInicial,
      numeroFinal: options.numeroFinal,
      justificativa: options.justificativa,
      at: now,
    }),
    signer,
    'infInut',
  );
  const schemaErrors = validateXsd(signed, 'inutNFe');
  if (schemaErrors.length) {
    throw new EngineError('validacao', 'O pedido de inutilização montado não passa no schema 4.00.', {
      correcao: 'Revise os campos; se persistir, contate o suporte com o requisicao_id.',
      extra: {
        erros: schemaErrors.map((e) => ({
          codigo: 'schema_inutnfe',
          campo: null,
          mensagem: e.message,
          correcao: null,
        })),
      },
    });
  }
  return signed;
}

/**
 * The authority's retInutNFe when it homologated the range. A lost answer keeps the range reserved (503); a
 * refusal frees it (422 inutilizacao_recusada).
 */
async function sendInutilizacao(
  deps: VoidDeps,
  options: VoidNumbersOptions,
  reserved: NfeInutilizacao,
  target: SefazTarget,
): Promise<string> {
  const { serie, numeroInicial: ini, numeroFinal: fin } = options;
  let answer: string | null;
  try {
    answer = await deps.sefaz.inutilize(reserved.xml, target);
  } catch (err) {
    deps.logger.warn({ err, inutilizacaoId: reserved.id }, 'inutilização answer lost; the range stays reserved');
    answer = null;
  }
  if (answer === null) {
    throw new EngineError(
      'servico_indisponivel',
      `A SEFAZ não respondeu ao pedido de inutilização da série ${serie}, números ${ini} a ${fin}.`,
      {
        correcao: 'A faixa ficou reservada e não será usada na numeração; repita o mesmo pedido para reenviá-lo.',
      },
    );
  }
  const ret = extractElement(answer, 'retInutNFe') ?? '';
  const cStat = tag(ret, 'cStat') ?? '999';
  if (cStat !== HOMOLOGADA) {
    await deps.db.nfeInutilizacao.deleteMany({ where: { id: reserved.id, status: 'transmitindo' } });
    throw new EngineError(
      'inutilizacao_recusada',
      `A SEFAZ recusou a inutilização (cStat ${cStat}): ${tag(ret, 'xMotivo') ?? ''}`.trim(),
      {
        codigoOficial: cStat,
        correcao:
          cStat === '241'
            ? 'Um número da faixa já foi usado numa NF-e; consulte-a antes de inutilizar.'
            : 'Confira a faixa e a série e repita o pedido.',
      },
    );
  }
  return ret;
}

/** The range `homologada` with its protocol, its rejected notes `descartada`, and both in the event log. */
async function homologateRange(
  deps: VoidDeps,
  options: VoidNumbersOptions,
  reserved: NfeInutilizacao,
  ret: string,
): Promise<InutilizacaoView> {
  const view = await deps.db.$transaction(async (tx) => {
    const at = deps.clock.now();
    const row = await tx.nfeInutilizacao.update({
      where: { id: reserved.id },
      data: {
        status: 'homologada',
        protocolo: tag(ret, 'nProt'),
        procXml: buildProcInutNFe(reserved.xml, ret),
        updatedAt: at,
      },
    });
    await discardVoidedNotes(tx, row.companyId, options, at);
    const inutilizacao = presentInutilizacao(row);
    await appendEvents(tx, {
      accountId: options.accountId,
      environment: options.environment,
      at: at,
      events: [{ tipo: 'NFE_INUTILIZACAO', dados: inutilizacao }],
    });
    return inutilizacao;
  });
  await announceEvents(deps, options.accountId, options.environment);
  return view;
}

async function reserve(tx: Tx, options: VoidNumbersOptions, signed: string, now: Date) {
  const { company, environment, serie, numeroInicial: ini, numeroFinal: fin } = options;
  // The same row lock nextNfeNumber takes: no number of the range is handed out while it is checked.
  await tx.$executeRaw`INSERT INTO nfe_sequences (company_id, environment, serie, next) VALUES (${company.id}::uuid, ${environment}, ${serie}, 1)
    ON CONFLICT (company_id, environment, serie) DO NOTHING`;
  await tx.$queryRaw`SELECT next FROM nfe_sequences WHERE company_id = ${company.id}::uuid AND environment = ${environment} AND serie = ${serie} FOR UPDATE`;
  const scope = { companyId: company.id, environment, serie };
  const overlapping = await tx.nfeInutilizacao.findFirst({
    where: { ...scope, numeroInicial: { lte: fin }, numeroFinal: { gte: ini } },
  });
  if (overlapping?.status === 'transmitindo' && overlapping.numeroInicial === ini && overlapping.numeroFinal === fin)
    return overlapping;
  if (overlapping) {
    throw new EngineError(
      'nfe_numeracao_inutilizada',
      `A faixa ${overlapping.numeroInicial} a ${overlapping.numeroFinal} da série ${serie} já está inutilizada (${overlapping.status}); ela se sobrepõe aos números pedidos.`,
      {
        correcao: 'Peça apenas números fora das faixas já inutilizadas (GET /v1/nfe/inutilizacoes).',
        extra: { inutilizacao_id: overlapping.id },
      },
    );
  }
  const used = await tx.nfe.findMany({
    where: { ...scope, numero: { gte: ini, lte: fin }, status: { not: VOIDABLE } },
    select: { id: true, numero: true, status: true },
    orderBy: { numero: 'asc' },
    take: 50,
  });
  if (used.length) {
    throw new EngineError(
      'nfe_numeros_em_uso',
      `Números da série ${serie} já usados por NF-e desta empresa: ${used.map((n) => `${n.numero} (${n.status})`).join(', ')}.`,
      {
        correcao:
          'Inutilize só números nunca usados; uma NF-e autorizada se cancela, uma rejeitada pode ser descartada.',
        extra: { numeros: used.map((n) => ({ numero: n.numero.toString(), nfe_id: n.id, status: n.status })) },
      },
    );
  }
  return tx.nfeInutilizacao.create({
    data: {
      id: newId(),
      accountId: options.accountId,
      environment,
      companyId: company.id,
      serie,
      numeroInicial: ini,
      numeroFinal: fin,
      justificativa: options.justificativa,
      status: 'transmitindo',
      nfeId: options.nfeId ?? null,
      xml: signed,
      createdAt: now,
      updatedAt: now,
    },
  });
}

/** Rejected notes inside a homologated range: their number is voided, so they are `descartada`. */
async function discardVoidedNotes(tx: Tx, companyId: string, options: VoidNumbersOptions, at: Date): Promise<void> {
  const where = {
    companyId,
    environment: options.environment,
    serie: options.serie,
    numero: { gte: options.numeroInicial, lte: options.numeroFinal },
    status: VOIDABLE,
  };
  const notes = await tx.nfe.findMany({ where, select: { id: true } });
  for (const { id } of notes) {
    const { count } = await tx.nfe.updateMany({
      where: { id, status: VOIDABLE },
      data: { status: 'descartada', updatedAt: at },
    });
    if (count === 1) {
      const note = presentNfe(await tx.nfe.findUniqueOrThrow({ where: { id } }));
      await appendEvents(tx, {
        accountId: options.accountId,
        environment: options.environment,
        at: at,
        events: [{ tipo: 'NFE_DESCARTADA', dados: note }],
      });
    }
  }
}
