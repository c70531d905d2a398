import { useEffect, useState } from 'preact/hooks';
import { gql } from './api/graphql.js';

export interface EmpresaResumo {
  id: string;
  cnpj: string;
  razaoSocial: string;
}

let cached: Promise<EmpresaResumo[]> | null = null;

/** The account's companies for filters and names in lists, asked once per page load (forget() after a change). */
export function useEmpresas(): EmpresaResumo[] {
  const [list, setList] = useState<EmpresaResumo[]>([]);
  useEffect(() => {
    cached ??= gql<{ companies: { edges: Array<{ node: EmpresaResumo }> } }>(
      '{ companies { edges { node { id cnpj razaoSocial } } } }',
    ).then(
      (d) => d.companies.edges.map((e) => e.node),
      (e) => {
        cached = null;
        throw e;
      },
    );
    cached.then(setList, () => {});
  }, []);
  return list;
}

export function forgetEmpresas() {
  cached = null;
}
