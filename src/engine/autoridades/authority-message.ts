/** One processing message, whatever casing the server used (SW camelCase; live erros[] in PascalCase). */
export interface AuthorityMessage {
  codigo: string;
  descricao: string;
  complemento?: string;
}
