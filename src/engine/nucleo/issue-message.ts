/**
 * A declaration's own wording for a problem: the Portuguese `mensagem` and `correcao` of `erros[]`, and the code
 * when it is not the one the kind of problem implies (`documento_invalido` rather than `formato_invalido`).
 * Schema libraries carry one message string per problem, so the three travel encoded in it and
 * `readIssueMessage` takes them back out.
 */
export interface IssueWording {
  mensagem: string;
  correcao: string;
  codigo?: string;
  /** The national system's code when the rule mirrors one (E0310). */
  codigoOficial?: string;
}

const MARK = '\u0001';

export function issueMessage(mensagem: string, correcao: string, codigo?: string, codigoOficial?: string): string {
  return (
    MARK + JSON.stringify({ mensagem, correcao, ...(codigo && { codigo }), ...(codigoOficial && { codigoOficial }) })
  );
}

/** The wording `issueMessage` encoded, or null for a library's own message. */
export function readIssueMessage(message: string): IssueWording | null {
  return message.startsWith(MARK) ? (JSON.parse(message.slice(MARK.length)) as IssueWording) : null;
}
