import type { Company } from '../../../generated/prisma/client.js';
import { decideRotaNfse, type AdesaoConhecida, type DecisaoRota } from './decide-rota-nfse.js';

/** The day of an instant in Brasília time (fixed UTC−03:00: Brazil has had no daylight saving since 2019). */
const diaBrasilia = (now: Date): string => new Date(now.getTime() - 3 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** The route of a company's NFS-e now: its municipality's data, then its own choice (`rota_nfse`). */
export function rotaNfseDaEmpresa(
  company: Pick<Company, 'municipio' | 'rotaNfse'>,
  municipal: AdesaoConhecida | null,
  now: Date,
): DecisaoRota {
  return decideRotaNfse({
    ibge: company.municipio,
    adesao: municipal,
    rotaEmpresa: company.rotaNfse,
    dia: diaBrasilia(now),
  });
}
