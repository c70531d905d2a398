// ICP-Brasil otherName OIDs carried in the SubjectAltName of e-CNPJ / e-CPF certificates
// (DOC-ICP-04; the national system reads CNPJ from 2.16.76.1.3.3, CPF from 2.16.76.1.3.1).
export const OID_ICP_CNPJ = '2.16.76.1.3.3';
export const OID_ICP_PF_DATA = '2.16.76.1.3.1';
export const OID_SUBJECT_ALT_NAME = '2.5.29.17';
