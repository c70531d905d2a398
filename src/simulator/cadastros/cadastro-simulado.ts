/**
 * The simulator's registries: a few synthetic companies, postal codes and state registrations, enough for the
 * three answers each lookup has (found, not found, not a contributor). Every other CNPJ or CEP is unknown.
 */
export interface EmpresaSimulada {
  cnpj: string;
  razaoSocial: string;
  tipoLogradouro: string;
  logradouro: string;
  numero: string;
  complemento: string;
  bairro: string;
  cep: string;
  municipio: string;
  uf: string;
  ibge: string;
}

export interface CepSimulado {
  logradouro: string;
  complemento: string;
  bairro: string;
  localidade: string;
  uf: string;
  ibge: string;
}

/** A state registration: the SEFAZ of `uf` knows the document with this IE and situation (cSit 1 enabled, 0 not). */
export interface InscricaoSimulada {
  uf: string;
  documento: string;
  ie: string;
  cSit: '0' | '1';
  nome: string;
}

export const CADASTRO_SIMULADO = {
  empresas: [
    {
      cnpj: '54550752000155',
      razaoSocial: 'COMERCIAL DESTINO SIMULADO LTDA',
      tipoLogradouro: 'AVENIDA',
      logradouro: 'PAULISTA',
      numero: '1578',
      complemento: 'ANDAR 5',
      bairro: 'BELA VISTA',
      cep: '01310200',
      municipio: 'SAO PAULO',
      uf: 'SP',
      ibge: '3550308',
    },
    {
      cnpj: '11444777000161',
      razaoSocial: 'SERVICOS CARIOCAS SIMULADOS S.A.',
      tipoLogradouro: 'AVENIDA',
      logradouro: 'RIO BRANCO',
      numero: '156',
      complemento: '',
      bairro: 'CENTRO',
      cep: '20040003',
      municipio: 'RIO DE JANEIRO',
      uf: 'RJ',
      ibge: '3304557',
    },
    {
      // Without the IBGE code in the answer: the client finds the municipality by its name and UF.
      cnpj: '33041908000100',
      razaoSocial: 'INDUSTRIA GAUCHA SIMULADA LTDA',
      tipoLogradouro: 'RUA',
      logradouro: 'DOS ANDRADAS',
      numero: '1234',
      complemento: '',
      bairro: 'CENTRO HISTORICO',
      cep: '90020008',
      municipio: 'PORTO ALEGRE',
      uf: 'RS',
      ibge: '',
    },
  ] satisfies EmpresaSimulada[],
  ceps: {
    '01310100': {
      logradouro: 'Avenida Paulista',
      complemento: 'de 612 a 1510 - lado par',
      bairro: 'Bela Vista',
      localidade: 'São Paulo',
      uf: 'SP',
      ibge: '3550308',
    },
    '20040003': {
      logradouro: 'Avenida Rio Branco',
      complemento: 'de 109 a 179 - lado ímpar',
      bairro: 'Centro',
      localidade: 'Rio de Janeiro',
      uf: 'RJ',
      ibge: '3304557',
    },
    '90020008': {
      logradouro: 'Rua dos Andradas',
      complemento: 'de 1001 a 1700',
      bairro: 'Centro Histórico',
      localidade: 'Porto Alegre',
      uf: 'RS',
      ibge: '4314902',
    },
    // A municipality's single CEP: no street or district to give.
    '95330000': { logradouro: '', complemento: '', bairro: '', localidade: 'Veranópolis', uf: 'RS', ibge: '4322806' },
  } satisfies Record<string, CepSimulado>,
  inscricoes: [
    { uf: 'SP', documento: '54550752000155', ie: '110042490114', cSit: '1', nome: 'COMERCIAL DESTINO SIMULADO LTDA' },
    { uf: 'RS', documento: '33041908000100', ie: '0960012345', cSit: '0', nome: 'INDUSTRIA GAUCHA SIMULADA LTDA' },
  ] satisfies InscricaoSimulada[],
};
