// Gerado por scripts/generate-types.mjs a partir de openapi/openapi.yaml. Não edite: rode `npm run generate`.

export interface paths {
    "/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account of the calling key (test keys may read it) */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/companies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whole list of the account's companies (not paginated; test keys may read it) */
        get: operations["listCompanies"];
        put?: never;
        /** Create a company (production key only; test key → 403) */
        post: operations["createCompany"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/companies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        /** One company of the account */
        get: operations["getCompany"];
        put?: never;
        post?: never;
        /** Remove a company (production key only); its certificate and token are erased */
        delete: operations["deleteCompany"];
        options?: never;
        head?: never;
        /**
         * Change a company's settings (production key only; test key → 403)
         * @description Only the members sent change, judged by the rules of creation; every invalid member is reported at once
         *     (422, each message starting with the member's path). JSON null clears an optional setting
         *     (`regime_tributario`, `inscricao_municipal`, `endereco`, `token_municipio`, …; `autorizados_xml: null`
         *     is the empty list); `razao_social` and `municipio` cannot be cleared. `padroes` merges member by member:
         *     a member set to null removes that default, `padroes: null` removes them all; `credenciais_provedor`
         *     merges the same way (its password and token are stored encrypted and never returned). `cnpj` is refused: it
         *     identifies the company and its certificate (a new CNPJ is a new company); the certificate has its own
         *     route. A key restricted to one company changes only that company (another → 403).
         *
         *     Readiness is re-evaluated in the same transaction: when an item changes situation (for example
         *     `regime_tributario` from `bloqueio` to `ok`), `EMPRESA_PRONTIDAO_ALTERADA` is appended to the event log
         *     at once, with the readiness and `alterados`, as the 6-hour check would.
         */
        patch: operations["updateCompany"];
        trace?: never;
    };
    "/v1/companies/{id}/certificate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the A1 certificate (production key only)
         * @description PKCS#12 (.pfx/.p12) as base64 in JSON, or as multipart file field `arquivo` plus field `senha`.
         *     Wrong password, not a PKCS#12, expired, or a CNPJ other than the company's → 422 naming the field.
         *     The key is stored encrypted and never returned.
         */
        post: operations["uploadCertificate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/companies/{id}/logo": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Send the company logo printed on its DANFSe and DANFE (production key only)
         * @description PNG or JPEG (recognised by its content, not its name) as base64 in JSON, or as multipart file field `arquivo`;
         *     at most 200 KB and 1000×1000 pixels. Another format, a larger file or image → 422 `validacao` with
         *     `campo` /arquivo. Replaces the stored logo; the image is printed scaled in the header of every PDF drawn after.
         */
        put: operations["setCompanyLogo"];
        post?: never;
        /** Remove the company logo (production key only); removing none is not an error */
        delete: operations["deleteCompanyLogo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/companies/{id}/pausa": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause a company; readiness then blocks issuance (item empresa_ativa) */
        post: operations["pauseCompany"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/companies/{id}/prontidao": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        /** Readiness to issue (spec 2.6); situacao is the worst item */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/companies/{id}/regras-tributarias": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        /** The company's tax rules in the key's environment, oldest first */
        get: operations["listRegrasTributarias"];
        put?: never;
        /**
         * Create a company tax rule for NF-e items (calcular and conferir)
         * @description A rule gives the NF-e items its `criterios` match the members of `tributacao` it sets (the product's own
         *     `tributacao` schema, every member optional). Precedence, member by member: official tables < the product's
         *     `tributacao` < company rules; among rules that apply to an item, the more specific wins, compared in this
         *     order: `produto` > `cest` > longer `ncm_prefixo` > number of UFs given (`uf_origem`, `uf_destino`) >
         *     `operacao` > `contribuinte`; equally specific rules: the older wins. Setting `icms.cst` removes a CSOSN of a
         *     lower layer (and the reverse); setting `ibs_cbs.c_class_trib` removes a lower layer's `ibs_cbs.cst`.
         *     Every problem comes at once in 422 (each message starting with the member's path): shape, `ncm_inexistente`
         *     (a full 8-digit `ncm_prefixo` that is no NCM), `cest_inexistente`, `produto_nao_encontrado` (no product with
         *     that SKU in the company and environment), `tributacao` without any member. The same criteria as another rule
         *     of the company → 409 `regra_tributaria_duplicada`; more than 500 rules in the environment → 422
         *     `regras_tributarias_limite`. Rules belong to the key's environment; a key restricted to another company → 403.
         */
        post: operations["createRegraTributaria"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/companies/{id}/regras-tributarias/{regra_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                regra_id: string;
            };
            cookie?: never;
        };
        /** One tax rule of the company (404 regra_tributaria_nao_encontrada, also for another environment's) */
        get: operations["getRegraTributaria"];
        put?: never;
        post?: never;
        /** Remove a rule; notes already issued keep their values and the adjustments naming it */
        delete: operations["deleteRegraTributaria"];
        options?: never;
        head?: never;
        /** Change a rule; `criterios` and `tributacao` are replaced as a whole when sent, and checked as at creation */
        patch: operations["updateRegraTributaria"];
        trace?: never;
    };
    "/v1/companies/{id}/retomada": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a paused company */
        post: operations["resumeCompany"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Received and issued documents captured from the national distributions (production key only; test key → 403)
         * @description Newest captured first. Any query parameter not listed here is 400. Fields in camelCase (spec 2.1).
         */
        get: operations["listDocuments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        /** One captured document with its events; `id` is the `notaId` of NOTA_RECEBIDA and EVENTO_FISCAL_RECEBIDO */
        get: operations["getDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents/{id}/manifestacao": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Manifestação do destinatário for a received NF-e (production key only)
         * @description Signs the event (210200 confirmacao, 210210 ciencia, 210220 desconhecimento, 210240 operacao_nao_realizada) with the company's A1 and sends it to the national RecepcaoEvento. 200 with the document once registered (cStat 135/136; `manifestacao` and `manifestacoes`, event MANIFESTACAO_REGISTRADA in the log). 409 `documento_nao_manifestavel` (not a received NF-e), `manifestacao_ja_registrada` (after a final one, or a second ciência), `manifestacao_em_andamento`; 422 `validacao` (tipo, justificativa), `manifestacao_recusada` (refused by the authority: 573, 655, 596, …, kept in `manifestacoes`); 503 when the service did not answer.
         */
        post: operations["manifestDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents/{id}/xml": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        /** The document XML exactly as the distribution delivered it */
        get: operations["getDocumentXml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/eventos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The event log (every event of the account and environment), oldest first after `apos` */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Batches, newest first */
        get: operations["listLotes"];
        put?: never;
        /**
         * Create a batch of up to 5,000 notes (100 with a test key) from JSON or an .xlsx
         * @description Always 202 with the batch `validando`; lines are then validated in the background, each exactly as
         *     `POST /v1/nfse` validates a body (same codes, `campo` relative to the line), and each line must carry a
         *     `referencia`. A line whose `referencia` already became a note is `ja_existente`. Then the batch goes to
         *     `processando` (`ao_validar` `emitir_validas`, the default: valid lines are issued) or `aguardando_emissao`
         *     (`aguardar`: nothing is issued until `POST /v1/lotes/{id}/emissao`). `concluido` when no note of the
         *     batch is still transmitting, with the event `LOTE_EMISSAO_CONCLUIDO` once.
         *
         *     JSON up to 30 MB: `{empresa_id, ao_validar, itens: [<NFS-e request without empresa_id>, …]}`.
         *     Multipart: the .xlsx in the file field `planilha` (up to 20 MB, 413 above; 422 `planilha_obrigatoria`
         *     without it) plus `empresa_id` and `ao_validar` as form fields. First sheet; row 1 names the columns with
         *     the JSON paths of the request (`referencia`, `tomador.documento`, `valor`, `servico.descricao`, …; case
         *     and surrounding spaces ignored); each later row is one line (line 1 = sheet row 2), trailing empty rows
         *     ignored. Numeric cells, documents that lost leading zeros (restored by length: up to 11 digits CPF, 12–14
         *     CNPJ; a CNPJ with letters is a text cell and is read as typed, masks and lower case accepted), dates as serials or text (`competencia`), decimal commas are normalised. A file that is not a
         *     readable .xlsx, has no header row, has unknown columns or has a part whose stated size once decompressed is
         *     over its limit (shared strings 48 MB, styles 8 MB, workbook 2 MB, sheet 256 MB) → 422 `planilha_invalida`,
         *     nothing stored.
         *     More items than the key allows → 422 `validacao` with `limite_de_itens` at `/itens`.
         *     `Idempotency-Key`: for a spreadsheet the compared body is the file's SHA-256 plus the form fields.
         *     Counts as one request for the rate limit.
         */
        post: operations["createLote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lotes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        /** The batch with its status and counts (404 lote_nao_encontrado) */
        get: operations["getLote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lotes/{id}/emissao": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a batch created with ao_validar aguardar (once)
         * @description `{"todas": true}` issues every valid line; `{"linhas": [n, …]}` (1-based) issues those lines and the other
         *     valid lines become `descartada`. 409 `lote_sem_emissao_manual` (batch of `emitir_validas`),
         *     `lote_validando` (still validating), `lote_ja_emitido` (emission already requested).
         */
        post: operations["emitLote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lotes/{id}/itens": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        /** The lines of a batch in line order, one entry per line */
        get: operations["listLoteItens"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lotes/{id}/relatorio": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        /**
         * The result of each line as an .xlsx (streamed)
         * @description First sheet `Resultado`, one row per line: `linha`, `referencia`, `status`, `numero`, `chave_acesso`,
         *     `nfse_id`, `codigos` (validation codes, the official rejection code, `falha_transmissao`; separated by
         *     "; ") and `mensagens` (one per line of the cell, validation messages prefixed by their `campo`).
         */
        get: operations["getLoteReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lotes/{id}/reprocessamento": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace failed lines with corrected requests
         * @description `{"itens": [{"linha": n, …the corrected request}]}`. Only lines with a validation error, `rejeitada`, or
         *     `falha_transmissao` with `dps_enviada` `nao`; any other line → 409 `lote_linha_nao_reprocessavel` naming
         *     it. Each line is validated again; valid lines are issued (a batch already issued returns to
         *     `processando`; `LOTE_EMISSAO_CONCLUIDO` is not sent again). A rejected note keeps its `referencia`
         *     (spec 7.5): its corrected line needs a new one.
         */
        post: operations["reprocessLote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/municipios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** IBGE municipalities, searchable by name or UF */
        get: operations["listMunicipios"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/municipios/{ibge}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description IBGE code (seven digits) */
                ibge: string;
            };
            cookie?: never;
        };
        /**
         * A municipality with the parameters the service knows (national issuer adhesion, own system, ISS rates), their source and version
         * @description The convênio comes, strongest first, from a municipal act stated in the project's table, the ADN parameters API
         *     (cached per municipality and competence; a kept answer is used while the API does not answer), the official list
         *     of municipalities adhering to the national issuer (2026-09-28), or the project's survey; `convenio_origem`,
         *     `convenio_fonte` and `consultado_em` say which and when. With `codigo_servico` the answer also carries what the
         *     API says of that service in the competence (rate, special regimes, withholdings) in `consulta`; with `beneficio`
         *     (nBM) what it says of that municipal benefit in `beneficio`.
         */
        get: operations["getMunicipio"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * NF-e issued by the service, newest first
         * @description Every filter given must hold; the filters and their meaning are the same as GET /v1/nfse's (GraphQL
         *     `nfes(filtro)` and `notas(filtro)`). A bad filter value → 400 `parametro_invalido` naming the parameter.
         */
        get: operations["listNfe"];
        put?: never;
        /**
         * Issue an NF-e (model 55, modo informado) through the state authority
         * @description Validates (every error at once in `erros`, JSON Pointers), checks readiness, numbers, builds, signs and
         *     schema-checks the NF-e 4.00, stores it `transmitindo` with its access key and transmits it, waiting up to
         *     `Prefer: wait` seconds (default 10, max 60): 201 authorised (with `protocolo`), 202 still pending (the
         *     transmission worker settles it; `aguardando_confirmacao` is re-queried by key), 422 `nfe_rejeitada` /
         *     `nfe_denegada` with the note in `nfe`. `modo` calcular: items `{produto, quantidade, valor_unitario}` and the
         *     tax engine computes CFOP and every tax from the catalogue product's tax profile (adjustments `calculado`
         *     with the rule, `valor`, `versao`, `fonte`); outside its coverage (GET /v1/nfe/cobertura) → 422
         *     `nfe_fora_de_cobertura` naming each item and what is missing; a product without `tributacao` → 422
         *     `validacao` with `produto_sem_tributacao`. `modo` conferir: the caller's values are recomputed (the item's
         *     `codigo` is the catalogue SKU) and each divergence beyond 0.01 is an adjustment `nfe_conferencia_divergencia`
         *     (`divergente`, `valor` expected, `enviado` sent), what is not covered `nfe_conferencia_fora_de_cobertura`;
         *     the note goes with the caller's values unless `parar_em_divergencia` is true (then 422
         *     `nfe_conferencia_divergente` with the adjustments in `ajustes`).
         *     `finalidade` devolucao/complementar without `chave_referenciada` → 422 `chave_referenciada_obrigatoria` (the
         *     problem's `codigo`; every problem of the body still in `erros`).
         *     An authority answer 206 (the number was voided at the SEFAZ outside this service; numbering already skips
         *     the service's own ranges) → 422 `nfe_numero_inutilizado`: the note is `descartada` at once (event
         *     `NFE_DESCARTADA`, `rejeicao.c_stat` 206), since neither a correction (same number) nor a discard could
         *     succeed; issue again to get the next number.
         *     When the UF authoriser is down (connection refused, 502/503) the note goes to EPEC contingency: its tpEmis 4
         *     version (new `chave_acesso`, with dhCont/xJust, re-signed) is registered at the national environment (event
         *     110140, cStat 136) and the note is `contingencia_epec` (webhook `NFE_CONTINGENCIA_EPEC`), its EPEC DANFE
         *     downloadable; the worker sends it to the UF when it returns (then `autorizada`).
         */
        post: operations["createNfe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfe/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The NF-e id, its referencia or its 44-character chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        /** One NF-e by id, referencia or chave_acesso */
        get: operations["getNfe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfe/{id}/cancelamento": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The NF-e id, its referencia or its 44-character chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an authorised NF-e (event 110111) within 24 hours
         * @description Signs the cancellation event (envEvento 1.00, e110111: the authorisation `protocolo` and `justificativa` as
         *     xJust) with the company's A1 and sends it to the authoriser's NFeRecepcaoEvento4. Registered (135) → 200 with
         *     the note `cancelada`, `cancelamento` {justificativa, protocolo, c_stat, registrado_em, evento_id} and the event
         *     in `eventos`; NFE_CANCELADA is written with the change. The procEventoNFe is at
         *     GET /v1/nfe/{id}/eventos/{evento_id}/xml; GET /v1/nfe/{id}/xml keeps the procNFe; the DANFE is stamped
         *     cancelled. More than 24 hours after the authorisation → 422 `cancelamento_fora_do_prazo`; a note not
         *     `autorizada` (already cancelled included) → 409 `nfe_nao_cancelavel`; refused by the authority → 422
         *     `cancelamento_recusado` with its cStat in `codigo_oficial` (the note stays `autorizada`); no answer and the
         *     protocol query does not show the event → 503 `servico_indisponivel` (repeat: the query runs before any resend).
         */
        post: operations["cancelNfe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfe/{id}/carta-correcao": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The NF-e id, its referencia or its 44-character chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a carta de correção (CC-e, event 110110) of an authorised NF-e
         * @description Event 110110 with `correcao` as xCorrecao and the official xCondUso text, nSeqEvento = the next of the note
         *     (1..20). Each new CC-e replaces the previous one and must repeat every correction. The answer always carries
         *     `aviso` (spec 4.6): the CC-e does not correct values, quantity, calculation base, rate, data changing sender
         *     or recipient, or the emission or exit dates; the service does not read the text and never blocks on it.
         *     NFE_CARTA_CORRECAO (`dados` = the NF-e record plus `carta_correcao`) is written with the event. The 21st →
         *     422 `carta_correcao_limite` (codigo_oficial 594); a note not `autorizada` → 409 `nfe_nao_autorizada`; refused
         *     by the authority → 422 `carta_correcao_recusada` with its cStat.
         */
        post: operations["registerNfeCartaCorrecao"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfe/{id}/correcao": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The NF-e id, its referencia or its 44-character chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Correct a rejected NF-e keeping its number, and transmit it again
         * @description Spec 3.3 / 4.6. The body is the whole issuance request (NfeRequest), validated exactly as POST /v1/nfe (same
         *     codes and JSON Pointers). The note keeps its `serie` and `numero` (a different `serie` → `serie_diferente_da_nota`,
         *     another company → `empresa_diferente_da_nota`, another `referencia` → `referencia_diferente_da_nota`, all in
         *     `erros`); it gets a new `chave_acesso` — a new cNF and the AAMM of the new emission date, which the key must
         *     match — reported in `ajustes` with the rule `nfe_correcao_<cStat>` of the rejection. It is signed again and
         *     goes through the same transmission: 201 authorised, 202 pending, 422 `nfe_rejeitada` / `nfe_denegada` /
         *     `nfe_numero_inutilizado` (cStat 206, the note becomes `descartada`).
         *     Only a `rejeitada` note (else 409 `nfe_nao_rejeitada`).
         */
        post: operations["correctNfe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfe/{id}/descarte": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The NF-e id, its referencia or its 44-character chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give up a rejected NF-e (descarte; its number is voided)
         * @description Spec 3.3: a `rejeitada` note becomes `descartada` and its number is voided by inutilização of that single
         *     number (listed in GET /v1/nfe/inutilizacoes with `nfe_id`); event `NFE_DESCARTADA`. Any other status → 409
         *     `nfe_nao_descartavel`. The authority's refusal → 422 `inutilizacao_recusada`; no answer → 503 (repeat).
         *     A rejected note nobody discards is discarded automatically on the 9th day of the month after its creation
         *     month (Brasília time), one day before the legal deadline of the inutilização (the 10th, Ajuste SINIEF 07/05),
         *     after `NFE_DESCARTE_PROXIMO` on the 6th (3 days before; once per note; dados = the note plus `descarte_em`
         *     and `prazo_inutilizacao`).
         */
        post: operations["discardNfe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfe/{id}/eventos/{evento_id}/xml": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An id of the note's `eventos` */
                evento_id: string;
                /** @description The NF-e id, its referencia or its 44-character chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        /**
         * The procEventoNFe (signed evento + retEvento) of a registered event of the note
         * @description 404 `nao_encontrado` when the note has no such registered event.
         */
        get: operations["getNfeEventoXml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfe/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The NF-e id, its referencia or its chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        /**
         * The DANFE (PDF) of an authorised note, rendered locally
         * @description Barcode of the access key; cancelled notes are stamped; a note in `contingencia_epec` gets the EPEC DANFE (protocol of the EPEC event). 409 `nfe_sem_documento` when the note is neither authorised nor in EPEC contingency.
         */
        get: operations["getNfePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfe/{id}/xml": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The NF-e id, its referencia or its chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        /**
         * The procNFe (signed NFe + protNFe) of an authorised note
         * @description 409 `nfe_sem_documento` (retentavel while pending) when the note is not authorised.
         */
        get: operations["getNfeXml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfe/cobertura": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the NF-e tax engine covers (modo calcular and conferir)
         * @description UFs, company regimes, calculated and informed operations, ICMS CST/CSOSN, the ICMS-ST products (CEST
         *     segments) and the destination UFs with margins, IPI and PIS/COFINS CSTs, the IBS/CBS groups and the known
         *     limits. Outside it `calcular` answers 422 `nfe_fora_de_cobertura` and `conferir` marks the item
         *     `nfe_conferencia_fora_de_cobertura`.
         */
        get: operations["getNfeCobertura"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfe/exportacao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The filtered list as CSV, or as a ZIP of each note's XML and PDF (streamed)
         * @description The notes `GET /v1/nfe` would list with the same filters, newest first, in one streamed download:
         *     `formato=csv` (`text/csv; charset=utf-8`, UTF-8 with BOM, CRLF records, RFC 4180 quoting; a header row, one
         *     row per note) or `formato=zip` (`application/zip`: for each authorised or cancelled note its XML as stored,
         *     its DANFE (stamped when cancelled) and the cancellation event's XML where registered, plus `nfe.csv`, the same CSV, as index).
         *     Columns: id, referencia, empresa_id, status, serie, numero, chave_acesso, protocolo,
         *     natureza_operacao, data_emissao, criada_em, autorizada_em, cancelada_em, emitente_documento,
         *     emitente_nome, destinatario_documento, destinatario_nome, valor_produtos, valor_desconto, valor_frete,
         *     valor_seguro, valor_outros, base_icms, valor_icms, base_icms_st, valor_icms_st, valor_ipi, valor_pis,
         *     valor_cofins, valor_ibs, valor_cbs, valor_total_tributos, valor_total, motivo_cancelamento (read from
         *     the nfeProc, or from the NFe as sent before any answer).
         *     Values are decimal strings with a point. A text cell that begins with `=`, `+`, `-`,
         *     `@`, a tab or a carriage return is written after an apostrophe (`'`) so a spreadsheet does not run it as a
         *     formula; numeric columns are never prefixed.
         *     At most 50,000 notes per CSV and 10,000 per ZIP: a filter that matches more is 422
         *     `exportacao_muito_grande` (`total`, `maximo`), before anything is written. One export per account and
         *     environment at a time: another while one streams is 409 `exportacao_em_andamento` (retentavel). Besides the
         *     call's own unit, an export charges the key's minute one request unit per 1,000 notes (CSV) or per 100 notes
         *     (ZIP), 429 `limite_de_requisicoes` past 120. `cursor` and `limite` of the list are not read.
         */
        get: operations["exportNfe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfe/inutilizacoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Numbers voided and why (spec 4.6), newest first */
        get: operations["listNfeInutilizacoes"];
        put?: never;
        /**
         * Void a range of NF-e numbers (inutilização, NFeInutilizacao4)
         * @description For numbers of a series that will never be issued (a gap). `empresa_id` is waived for a key restricted to
         *     one company. The range is checked under the series' lock: a number used by a note of ours that is not
         *     `rejeitada` → 409 `nfe_numeros_em_uso` (the message and `numeros` name them); a number inside a range
         *     already voided or being voided → 409 `nfe_numeracao_inutilizada`. The signed inutNFe 4.00 (Id = "ID" + cUF +
         *     ano + CNPJ + 55 + serie(3) + nNFIni(9) + nNFFin(9)) is schema-checked and sent; on cStat 102 the range is
         *     stored `homologada` with `protocolo` (201), rejected notes inside it become `descartada`, and the events
         *     `NFE_INUTILIZACAO` (dados = this record) and `NFE_DESCARTADA` are written. The authority's refusal → 422
         *     `inutilizacao_recusada` with `codigo_oficial` = cStat (241 number used, 206/256 already voided). No answer →
         *     503 `servico_indisponivel`: the range stays reserved (`transmitindo`, skipped by numbering) and repeating the
         *     same range resends the same signed request. Numbering skips every voided range afterwards. Legal deadline:
         *     until the 10th day of the month after the number's month (Ajuste SINIEF 07/05, cláusula décima quarta).
         */
        post: operations["inutilizeNfe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfe/previa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview an NF-e (XML and DANFE) without sending it
         * @description The same body as `POST /v1/nfe`, judged exactly as issuance judges it (every error at once in `erros`,
         *     412 `empresa_nao_pronta`, 409 `referencia_duplicada`, the schema check of the signed XML), but nothing is
         *     stored, no number is taken and nothing is sent to the authority. The answer carries the signed NFe 4.00
         *     (no authorisation protocol) and its DANFE (PDF, base64) stamped "PRÉVIA - SEM VALOR FISCAL". `numero` is the
         *     number the series would take now, not a reservation: a note issued meanwhile takes it, and the real
         *     note's `numero`, `chave_acesso` and emission time may differ. `X-Service-Simular` has no effect here.
         */
        post: operations["previewNfe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Notes issued by the service, newest first
         * @description Every filter given must hold; the filters and their meaning are the same as GET /v1/nfe's (GraphQL
         *     `notas(filtro)` and `nfes(filtro)`). A bad filter value → 400 `parametro_invalido` naming the parameter.
         */
        get: operations["listNfse"];
        put?: never;
        /**
         * Issue an NFS-e through the national system
         * @description Validates (every error at once in `erros`), checks readiness (412 with `itens` on any bloqueio), creates
         *     the note `transmitindo` and waits up to `Prefer: wait` seconds (default 10, max 60) for the outcome:
         *     201 authorised, 202 still transmitting, 422 `nfse_rejeitada` / `falha_transmissao` with the note in `nfse`.
         *     A rejection whose codes all have an automatic correction (`correcao.<code>`) is corrected once and the DPS,
         *     same série and número, sent again: the note gets `correcao_automatica` in `eventos` and the rule in `ajustes`;
         *     a second rejection settles `rejeitada`.
         *     Test keys use DPS series 49999 and may send `X-Service-Simular`.
         */
        post: operations["issueNfse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfse/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The note id, its referencia or its 50-character chave_acesso (letters only in an alphanumeric CNPJ) */
                id: string;
            };
            cookie?: never;
        };
        /** One note by id, referencia or chave_acesso */
        get: operations["getNfse"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfse/{id}/cancelamento": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The note id, its referencia or its chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an authorised NFS-e where it was issued (national event 101101, or the municipality's system)
         * @description Signs the cancellation request with the company's A1 and registers it at the system where the note was
         *     issued (the national system, or the municipality's own: São Paulo, an ABRASF provider, a provider of the
         *     national layout); on success the note becomes `cancelada` with `cancelamento` (motivo, timestamps,
         *     protocol and the registered event XML) and the event NFSE_CANCELADA is written. A municipal system that
         *     offers no cancellation by web service (MegaSoft, ISS Salvador: by the city's portal or an administrative
         *     process) is refused with 422 `cancelamento_recusado` before anything is sent, its message saying where.
         *     - 422 `validacao` (with `erros`): `codigo_motivo` is the national cMotivo (`1` erro na emissão, `2` serviço
         *       não prestado, `9` outros); `motivo` is required, 15 to 255 characters on one line.
         *     - 422 `cancelamento_recusado` with `codigo_oficial` and the national message (the note stays `autorizada`,
         *       the full note in `nfse`); a note already `cancelada` is refused the same way with E0840.
         *     - 409 `nfse_nao_cancelavel`: the note is not `autorizada` (still transmitting, rejected, failed) or a
         *       substitution of it is in progress.
         *     - 503 `servico_indisponivel` (retentavel): the national system did not answer and the event was not
         *       found; repeat the call — the service queries the event before sending again, so a cancellation that
         *       did arrive is recovered instead of refused.
         *     Test keys may send `X-Service-Simular` to choose how the simulated national system answers this call:
         *     `rejeitar` (E0822, deadline expired) or `rejeitar:E0xxx`, `timeout`, `indisponibilidade`,
         *     `falha_transmissao`, `falha_transmissao:nao`, `processamento_lento`.
         */
        post: operations["cancelNfse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfse/{id}/confirmacao": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a note aguardando_confirmacao, keeping or changing its competence */
        post: operations["confirmNfse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfse/{id}/email": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The note id, its referencia or its chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail an authorised or cancelled NFS-e (DANFSe and XML) to the addresses given
         * @description Queues the e-mail and answers 202 with it; the worker sends it through the service's SMTP, retrying a
         *     failure after 1, 5, 15, 60 and 240 minutes (6 attempts; an SMTP 5xx refusal is final at once). Each attempt
         *     is a step on the note's `eventos` (`email_enviado`, `email_falhou` with `erro` and `proxima_tentativa_em`)
         *     and an event NFSE_EMAIL_ENVIADO or NFSE_EMAIL_FALHOU (`dados`: the note plus `email`). The message names the
         *     issuer, the number and the value and carries the DANFSe (stamped when cancelled), the NFS-e XML and, for a
         *     note cancelled by an event, the event's XML. Each request is a new e-mail; repeat with the same
         *     `Idempotency-Key` to get the first one's answer instead.
         *     - 422 `validacao` (with `erros`, `campo` a JSON Pointer such as `/destinatarios/1`): 1 to 10 valid
         *       addresses, each once.
         *     - 409 `nfse_sem_pdf`: the note has no NFS-e yet (still transmitting, rejected, failed).
         *     - 503 `email_nao_configurado`: the service has no SMTP configured (SMTP_HOST or SMTP_URL).
         */
        post: operations["requestNfseEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfse/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The note id, its referencia or its chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        /**
         * The DANFSe (PDF) of an authorised note
         * @description Rendered from the stored XML (sandbox notes are marked "SEM VALOR FISCAL", cancelled ones "NFS-e CANCELADA"). 409 `nfse_sem_pdf` (retentavel) while the note is not authorised.
         */
        get: operations["getNfsePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfse/{id}/xml": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The note id, its referencia or its chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        /**
         * The authorised NFS-e XML, as the national system returned it (signed)
         * @description Also for a cancelled note (the cancellation is a separate event, in `cancelamento.evento_xml`). 404 `nao_encontrado` while the note has no XML.
         */
        get: operations["getNfseXml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfse/exportacao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The filtered list as CSV, or as a ZIP of each note's XML and PDF (streamed)
         * @description The notes `GET /v1/nfse` would list with the same filters, newest first, in one streamed download:
         *     `formato=csv` (`text/csv; charset=utf-8`, UTF-8 with BOM, CRLF records, RFC 4180 quoting; a header row, one
         *     row per note) or `formato=zip` (`application/zip`: for each authorised or cancelled note its XML as stored,
         *     its DANFSe (stamped when cancelled) and the cancellation event's XML where registered, plus `nfse.csv`, the same CSV, as index).
         *     Columns: id, referencia, empresa_id, status, numero, chave_acesso, serie_dps, numero_dps, competencia,
         *     data_emissao, criada_em, autorizada_em, cancelada_em, prestador_documento, prestador_nome,
         *     tomador_documento, tomador_nome, codigo_servico, valor_servicos, desconto_incondicionado,
         *     desconto_condicionado, base_calculo, aliquota_iss, valor_iss, iss_retido (sim/nao), valor_retido,
         *     valor_liquido, motivo_cancelamento, substituida_por (values of the authorised document; for a note
         *     without one only the declared service value, discounts and rate).
         *     Values are decimal strings with a point. A text cell that begins with `=`, `+`, `-`,
         *     `@`, a tab or a carriage return is written after an apostrophe (`'`) so a spreadsheet does not run it as a
         *     formula; numeric columns are never prefixed.
         *     At most 50,000 notes per CSV and 10,000 per ZIP: a filter that matches more is 422
         *     `exportacao_muito_grande` (`total`, `maximo`), before anything is written. One export per account and
         *     environment at a time: another while one streams is 409 `exportacao_em_andamento` (retentavel). Besides the
         *     call's own unit, an export charges the key's minute one request unit per 1,000 notes (CSV) or per 100 notes
         *     (ZIP), 429 `limite_de_requisicoes` past 120. `cursor` and `limite` of the list are not read.
         */
        get: operations["exportNfse"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nfse/validacoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Validate an issuance body; always 200, creates nothing */
        post: operations["validateNfse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/produtos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Products of the key's environment, ordered by company and SKU */
        get: operations["listProdutos"];
        put?: never;
        /**
         * Register a product of a company by its SKU; NCM, CEST and GTIN are checked against the official tables
         * @description `empresa_id` is waived for a key restricted to one company (another company → 403 `acesso_negado`; an
         *     unknown one → 404 `nao_encontrado`). Products belong to the key's environment. Every problem comes at once
         *     in 422 `validacao` `erros[]`: shape (`campo_obrigatorio`, `tipo_invalido`, `formato_invalido`,
         *     `campo_desconhecido`) and the official tables — `ncm_inexistente` (not an NCM item of the Siscomex table),
         *     `ncm_fora_de_vigencia` (the item's validity ended, e.g. split into new codes), `cest_inexistente`,
         *     `cest_incompativel_ncm` (the CEST's annex does not list the NCM), `gtin_invalido` (not 8, 12, 13 or 14
         *     digits), `gtin_digito_invalido` (GS1 check digit), `gtin_prefixo_invalido` (GS1 restricted-circulation,
         *     coupon or refund-receipt prefix). `gtin` omitted, null or `"SEM GTIN"` means the product has no GTIN: the
         *     response shows `gtin: null` and `cean: "SEM GTIN"`, the value the NF-e item carries in cEAN/cEANTrib.
         *     The table versions are `siscomex-ncm-vigente-20260517` and `confaz-cest-20160817`. A SKU already used
         *     by the company in this environment → 409 `sku_duplicado`.
         */
        post: operations["createProduto"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/produtos/{sku}": {
        parameters: {
            query?: {
                /** @description Needed only when the SKU exists in more than one company of the account (else 409 sku_ambiguo) */
                empresa_id?: string;
            };
            header?: never;
            path: {
                sku: string;
            };
            cookie?: never;
        };
        /** One product by SKU (404 produto_nao_encontrado) */
        get: operations["getProduto"];
        put?: never;
        post?: never;
        /** Remove the product; its SKU is free again (issued NF-e keep their own copy of the item data) */
        delete: operations["deleteProduto"];
        options?: never;
        head?: never;
        /** Change any member but sku and empresa_id; null clears cest, gtin or tributacao; the result is checked as at registration */
        patch: operations["updateProduto"];
        trace?: never;
    };
    "/v1/requisicoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The API call log of the last 30 days, newest first
         * @description Every authenticated `/v1` and GraphQL call of the key's account and environment (a production key sees
         *     production calls, a test key test calls; a key restricted to one company only its own calls), kept 30 days:
         *     when it arrived, the key, the method, the route template (never the raw URL), the status, the error `codigo`,
         *     the duration, its `X-Request-Id` and the ids of the note, batch and company it touched. Never a body, a
         *     certificate, a key or personal data. A call without a valid key (401) belongs to no account and is not
         *     listed. Lines are written in batches about every second: another process's calls appear within it.
         */
        get: operations["listRequisicoes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/servicos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** National service codes (cTribNac) with NBS correlation and ISS incidence */
        get: operations["listServicos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/servicos/{codigo}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description cTribNac, six digits, with or without dots (01.07.01) */
                codigo: string;
            };
            cookie?: never;
        };
        /** One national service code with its NBS correlation and ISS incidence */
        get: operations["getServico"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Consumption of the current cycle (calendar month, Brasília time); test keys may read it
         * @description NFS-e and NF-e authorised, batches and requests are counted per environment; received documents are production only.
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every webhook of the key's environment (not paginated) */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Register a webhook of the key's environment; the 48-character segredo is returned only here and at rotation
         * @description The URL must be a public http(s) address: every address its name resolves to is checked, and one internal
         *     or reserved address (loopback, RFC 1918, 100.64/10, link-local and metadata, 198.18/15, multicast,
         *     reserved, IPv6 loopback/ULA/link-local, IPv4-mapped/compatible, NAT64, IP literals in decimal, hex,
         *     octal or short form) refuses it with 422 `validacao` (`endereco_interno` at `/url`). At most 5
         *     `cabecalhos`; reserved names (Content-Type, Content-Length, Host, Transfer-Encoding, Connection,
         *     X-Service-*) and unknown event types are 422 naming the entry. Header values are stored encrypted and
         *     never returned. A key restricted to one company gets 403 `chave_restrita`. The webhook receives the
         *     events of its environment committed after its creation.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        /** One webhook of the key's environment (header names only) */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /** Remove the webhook; no further deliveries */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /** Change url, eventos or cabecalhos (cabecalhos replaces the whole list), or disable/enable it (ativo); same checks as creation */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/v1/webhooks/{id}/entregas": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        /** Deliveries of the webhook, newest first, each with its attempts (status code, timing, error) */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/reenvio": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend events as new deliveries with the same X-Service-Event-Id (at most 500 per call)
         * @description Exactly one of `evento_id`, the pair `desde` and `ate` (ISO 8601 with offset, inclusive), or `lote_id`
         *     (the batch's event and its notes' events); otherwise 422 `reenvio_invalido`. Only event types the webhook
         *     subscribes to are sent; an `evento_id` of another type is 422 `evento_nao_assinado`, one not in this
         *     environment's log is 404. When more than 500 events match, `continuar_desde` is the time of the next one:
         *     call again with `desde` = `continuar_desde` (and the same `ate` or `lote_id`); receivers deduplicate by
         *     event id. An event nobody was subscribed to when it happened is sent with the resource as it is now.
         */
        post: operations["resendWebhookEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/rotacao-segredo": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** New secret; for 24 hours X-Service-Signature-V2 carries a v1= part for the old and the new secret, X-Service-Signature only the new */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/teste": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queue one `webhook.teste` delivery with `{mensagem, testeId}`; its attempts show in …/entregas */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Account: {
            /**
             * @description Environment of the calling key
             * @enum {string}
             */
            ambiente: "sandbox" | "producao";
            /** Format: date-time */
            criado_em: string;
            /** @description The owner's e-mail */
            email: string | null;
            id: string;
            /** @description Limits in force for this key (spec 5.6 and 8) */
            limites: {
                corpo_maximo_bytes: number;
                idempotencia_exclusiva_horas: number;
                itens_por_lote: number;
                lote_json_maximo_bytes: number;
                lote_planilha_maximo_bytes: number;
                referencia_maximo_caracteres: number;
                requisicoes_por_minuto: number;
                retencao_eventos_dias: number;
            };
            nome: string;
            /**
             * @description Issuance plan state (checked by readiness in production)
             * @enum {string}
             */
            plano: "ativo" | "inativo";
        };
        Adjustment: {
            /** @enum {string} */
            acao: "preenchido" | "omitido" | "derivado" | "exigido";
            /** @description JSON Pointer */
            campo: string;
            motivo: string;
            /** @description Stable rule id, e.g. param.aliquota_iss */
            regra: string;
        };
        CertificateUpload: {
            /** @description PKCS#12 in base64 */
            arquivo: string;
            senha: string;
        };
        Company: {
            /** Format: date-time */
            atualizado_em?: string;
            /** @description CPF/CNPJ (bare, upper case; a CNPJ may be alphanumeric) authorised to download the company's NF-e XML; empty = none. */
            autorizados_xml?: string[];
            certificado: null | {
                cnpj: string;
                serial: string;
                titular: string;
                /** Format: date-time */
                valido_ate: string;
                /** Format: date-time */
                valido_de: string;
            };
            cnpj: string;
            /** @description The provider credentials set (readiness credenciais_provedor): the login, and whether the password and the token are set. The password and the token are never returned. null when none is set. */
            credenciais_provedor?: null | {
                senha_definida: boolean;
                token_definido: boolean;
                usuario: string | null;
            };
            /** Format: date-time */
            criado_em: string;
            email?: string | null;
            /** @description The automatic e-mail of each NFS-e (DANFSe and XML) to its taker */
            email_tomador?: {
                /** @description Each NFS-e authorised or cancelled is e-mailed to its taker unless the note says otherwise */
                automatico: boolean;
            };
            endereco?: Record<string, unknown> | null;
            id: string;
            inscricao_estadual?: string | null;
            inscricao_municipal?: string | null;
            municipio: string;
            padroes: Record<string, unknown>;
            razao_social: string;
            regime_apuracao_simples?: string | null;
            regime_tributario?: string | null;
            /**
             * @description NFS-e route the company chose against the provider table; null = the table's
             * @enum {string|null}
             */
            rota_nfse?: "nacional" | null;
            serie_dps?: string | null;
            serie_nfe?: string | null;
            /** @enum {string} */
            status: "ativa" | "pausada";
            token_municipio_configurado: boolean;
        };
        CompanyCreate: {
            /**
             * @description The accounting office (escritório de contabilidade) and anyone else the company authorises to download
             *     its NF-e XML: each document goes into the `autXML` group of every NF-e (layout 4.00, at most 10
             *     occurrences), adjustment `nfe_autxml_escritorio`. Check digits are verified (`documento_invalido`);
             *     a repeated document is refused. A document equal to the note's recipient is left out of that note
             *     (the recipient already has access; rejections 324/326). Where the UF's authority requires its own
             *     CNPJ in `autXML` (BA, CNPJ 13.937.073/0001-56), the service adds it: when the company has no office
             *     here (`nfe_autxml_sefaz_sem_escritorio`); on the correction of a note the authority rejected for the
             *     office's document (cStat 323/325: the office is replaced, `nfe_autxml_sefaz_escritorio_recusado`);
             *     and on the correction of a note rejected with cStat 487 (`nfe_autxml_sefaz_apos_487`, beside the
             *     office). In the national 4.00 table 487 is a retired DPEC code ("Nenhuma DPEC localizada para a chave
             *     de acesso informada"), which an authorisation request cannot mean; the service reads it, from an NF-e
             *     authorisation, as the UF's own autXML demand (the 486/487 range BA uses for its accounting-office
             *     rule) and answers it with the SEFAZ CNPJ beside the office.
             */
            autorizados_xml?: string[];
            /** @description 14 characters, numeric or alphanumeric; punctuation ignored */
            cnpj: string;
            credenciais_provedor?: components["schemas"]["CredenciaisProvedorInput"];
            email?: string;
            /** @description automatico true: each NFS-e authorised or cancelled is e-mailed (DANFSe and XML) to the taker's e-mail (tomador.email); a note's email.enviar overrides it. Default false */
            email_tomador?: {
                automatico?: boolean;
            } | null;
            /** @description Street address of the issuer, required to issue NF-e (enderEmit); the municipality is `municipio`. */
            endereco?: {
                bairro?: string;
                cep?: string;
                complemento?: string;
                logradouro?: string;
                numero?: string;
            };
            /** @description NF-e issuer's state registration (digits, or ISENTO) */
            inscricao_estadual?: string;
            inscricao_municipal?: string;
            /** @description 7-digit IBGE code */
            municipio: string;
            padroes?: {
                aliquota_iss?: string;
                /** @description CNAE subclass of the company (7 digits), for cities whose layout carries it in each service item (EloTech) */
                cnae?: string;
                /** @description Service code of a city with its own system (São Paulo: 4-5 digits) */
                codigo_municipal?: string;
                codigo_nacional?: string;
                /** @description Default IBS/CBS classification of NFS-e (a cClassTrib the official table accepts on the NFS-e) */
                ibs_cbs?: {
                    c_class_trib: string;
                    cst?: string | null;
                    indicador_operacao?: string | null;
                };
                iss_retido?: boolean;
                nbs?: string;
            };
            razao_social: string;
            /** @enum {string} */
            regime_apuracao_simples?: "federais_municipal_sn" | "federais_sn_municipal_fora" | "todos_fora_sn";
            /** @enum {string} */
            regime_tributario?: "simples_nacional" | "mei" | "lucro_presumido" | "lucro_real";
            /**
             * @description NFS-e route chosen against the provider table: nacional (the company knows its municipality accepts the national system); null or absent = the route of the table (GET /v1/municipios/{ibge} provedor). Shown in readiness item provedor_municipio
             * @enum {string|null}
             */
            rota_nfse?: "nacional" | null;
            /** @description DPS series, 1 to 5 digits; 90000–99999 are refused by the national schema (TSSerieDPS); 49999 is the test series */
            serie_dps?: string;
            /** @description NF-e series of the API, 0 to 889 (890-999 are reserved); absent = 1 */
            serie_nfe?: string;
            /** @description Stored encrypted, never returned */
            token_municipio?: string;
        };
        CompanyLogo: {
            /** @description Height in pixels */
            altura: number;
            /** Format: date-time */
            atualizado_em: string;
            bytes: number;
            empresa_id: string;
            /** @description Width in pixels */
            largura: number;
            /** @enum {string} */
            tipo: "image/png" | "image/jpeg";
        };
        CompanyLogoUpload: {
            /** @description PNG or JPEG in base64 (at most 200 KB and 1000×1000 pixels) */
            arquivo: string;
        };
        /** @description The settings of CompanyCreate except `cnpj`, all optional; null clears an optional one. */
        CompanyUpdate: {
            /** @description Replaces the list (see CompanyCreate); null or [] removes every document */
            autorizados_xml?: string[] | null;
            /** @description Merged member by member (a member null removes it, a member left out is kept); null removes them all */
            credenciais_provedor?: null | components["schemas"]["CredenciaisProvedorInput"];
            email?: string | null;
            /** @description The automatic e-mail of each NFS-e to its taker; null turns it off */
            email_tomador?: {
                automatico?: boolean;
            } | null;
            /** @description Replaced as a whole; null removes it (NF-e issuance then blocks on readiness) */
            endereco?: {
                bairro?: string;
                cep?: string;
                complemento?: string;
                logradouro?: string;
                numero?: string;
            } | null;
            inscricao_estadual?: string | null;
            inscricao_municipal?: string | null;
            /** @description 7-digit IBGE code */
            municipio?: string;
            /** @description Merged member by member; a member null removes that default; null removes all */
            padroes?: {
                aliquota_iss?: string | null;
                cnae?: string | null;
                codigo_municipal?: string | null;
                codigo_nacional?: string | null;
                /** @description Replaced whole; null removes it */
                ibs_cbs?: {
                    c_class_trib: string;
                    cst?: string | null;
                    indicador_operacao?: string | null;
                } | null;
                iss_retido?: boolean | null;
                nbs?: string | null;
            } | null;
            razao_social?: string;
            /** @enum {string|null} */
            regime_apuracao_simples?: "federais_municipal_sn" | "federais_sn_municipal_fora" | "todos_fora_sn" | null;
            /** @enum {string|null} */
            regime_tributario?: "simples_nacional" | "mei" | "lucro_presumido" | "lucro_real" | null;
            /**
             * @description nacional, or null for the route of the provider table
             * @enum {string|null}
             */
            rota_nfse?: "nacional" | null;
            serie_dps?: string | null;
            serie_nfe?: string | null;
            /** @description Stored encrypted, never returned; null removes it */
            token_municipio?: string | null;
        };
        /** @description What the municipality's NFS-e provider asks beyond the A1 certificate (the provider's family says which: Fiorilli ABRASF 2.00/2.01 a login and password of its ISSWeb portal, IPM 2.04 the portal's login and password sent as HTTP Basic, EloTech 2.03 the password of its requester block, Tributus an authorisation token). Stored encrypted; the password and the token are never returned nor logged. null in a member removes it. */
        CredenciaisProvedorInput: {
            /** @description Password of that login */
            senha?: string | null;
            /** @description Authorisation token the provider issued */
            token?: string | null;
            /** @description Login of the company in the provider's portal */
            usuario?: string | null;
        };
        /** @description One entry of erros[]: the problem fields of spec 7.1 (codigo_oficial null when no national code applies) */
        ErrorItem: {
            /** @description JSON Pointer into the request body */
            campo: string | null;
            codigo: string;
            codigo_oficial: string | null;
            correcao: string | null;
            mensagem: string;
        };
        /** @description A batch (spec 2.7); also the `dados` of LOTE_EMISSAO_CONCLUIDO */
        Lote: {
            /** @enum {string} */
            ambiente: "sandbox" | "producao";
            /** @enum {string} */
            ao_validar: "emitir_validas" | "aguardar";
            /** Format: date-time */
            atualizado_em: string;
            /** Format: date-time */
            concluido_em: string | null;
            /** @description Lines per status they show (their own before a note exists, then the note's) */
            contagens: {
                [key: string]: number;
            };
            /** Format: date-time */
            criado_em: string;
            empresa_id: string;
            /** @description Set when the batch is `erro` (it cannot proceed by itself, e.g. the company lost its certificate); notes already created go on transmitting */
            erro: null | {
                codigo: string;
                mensagem: string;
            };
            id: string;
            /** @enum {string} */
            origem: "json" | "planilha";
            /** @enum {string} */
            status: "validando" | "aguardando_emissao" | "processando" | "concluido" | "erro";
            /** @description Lines received */
            total: number;
        };
        LoteItem: {
            chave_acesso: string | null;
            erros: components["schemas"]["ErrorItem"][];
            falha: null | {
                dps_enviada: string;
                motivo: string;
            };
            /** @description 1-based; for a spreadsheet, sheet row minus 1 */
            linha: number;
            nfse_id: string | null;
            numero: string | null;
            referencia: string | null;
            rejeicao: null | {
                codigo_oficial: string | null;
                mensagem: string;
            };
            /** @description com_erro_validacao, ja_existente, aguardando_emissao, descartada, or the note's status */
            status: string;
        };
        MunicipioDetalhe: {
            codigo: string;
            fonte: string;
            nome: string;
            parametros: {
                /** @description null when nothing states it */
                aderente_emissor_nacional: boolean | null;
                aliquotas: {
                    /** @description Percent; null = no single official rate known */
                    aliquota: string | null;
                    /** @description "*", an LC 116 item, a subitem or a cTribNac */
                    codigo_servico: string;
                    vigencia_fim: string | null;
                    vigencia_inicio: string;
                }[];
                /** @description Why the national API was not used this time */
                api_indisponivel: string | null;
                /** @description Present when asked with `beneficio` */
                beneficio: {
                    competencia: string;
                    numero: string;
                    resposta: null | components["schemas"]["ParametroNacional"];
                } | null;
                consulta: {
                    /** @description Percent; the single official rate the ISS rule uses */
                    aliquota: string | null;
                    /** @enum {string} */
                    aliquota_origem: "api" | "cache" | "cache_expirado" | "tabela";
                    codigo_servico: string;
                    competencia: string;
                    fonte: string;
                    regimes_especiais: null | components["schemas"]["ParametroNacional"];
                    retencoes: null | components["schemas"]["ParametroNacional"];
                } | null;
                /** @description When the API answered (ISO instant), or the date of the official list */
                consultado_em: string | null;
                /** @enum {string} */
                convenio: "nacional" | "proprio" | "desconhecido";
                /** @description A known fact (an act, the national API, the official list); only a known own system blocks a test key */
                convenio_conhecido: boolean;
                /** @description AAAA-MM-DD, when the act says so */
                convenio_desde: string | null;
                /** @description The act, the API answer or the list that states the convênio */
                convenio_fonte: string;
                /** @enum {string} */
                convenio_origem: "ato" | "api" | "cache" | "cache_expirado" | "lista_oficial" | "levantamento" | "nenhuma";
                exige_token: boolean;
                /** @description Source of the parameters */
                fonte: string;
                /** @enum {string} */
                inscricao_municipal: "informar" | "omitir";
                observacao: string | null;
                sistema_proprio: boolean | null;
                /** @description Version of the data that answered: the table's content hash (plus the official list's name), or adn-parametrizacao-v1@<answer time> */
                versao: string;
            };
            /** @description The NFS-e route and provider for a company of the municipality without rota_nfse: the provider table's row (data directory), overridden by a municipal act (from its start date) or the national parameters API where they state the convênio */
            provedor: {
                /** @enum {string} */
                confianca: "oficial" | "terceiros" | "desconhecida";
                /** @description Date of that source, AAAA-MM-DD */
                data: string | null;
                /** @description The family whose profile serves the provider */
                familia: string | null;
                /** @description Where the route comes from: the table row's source, the act, the API answer */
                fonte: string;
                /** @description The provider as the source spells it; null = none known */
                nome: string | null;
                /**
                 * @description What placed the route
                 * @enum {string}
                 */
                origem: "tabela" | "ato" | "api" | "lista_oficial";
                /** @enum {string} */
                rota: "nacional" | "provedor_layout_nacional" | "abrasf" | "sao_paulo" | "desconhecido";
                /** @description The service issues on this route; false = readiness refuses the municipality's companies (provedor_municipio) */
                suportado: boolean;
                /** @description Layout version (2.04, 1.00; 1.01 = national DPS) */
                versao: string | null;
            };
            uf: string;
            /** @description Version of the IBGE table (Anexo A) */
            versao: string;
        };
        NestError: {
            error: string;
            message: string | string[];
            statusCode: number;
        };
        Nfe: {
            ajustes: {
                acao: string;
                /** @description JSON Pointer */
                campo: string;
                /** @description acao divergente: the value sent (null when absent) */
                enviado?: string | null;
                fonte: string;
                motivo: string;
                regra: string;
                /** @description The company's tax rules (regras tributárias) that supplied an input of this value; null when none did */
                regras_empresa?: {
                    descricao: string;
                    id: string;
                }[] | null;
                /** @description acao calculado: the calculated value; divergente: the expected one */
                valor?: string | null;
                versao: string;
            }[];
            /** @enum {string} */
            ambiente: "sandbox" | "producao";
            /** Format: date-time */
            atualizada_em: string;
            autorizada_em: string | null;
            /**
             * @description A condition that does not change the status. `confirmacao_esgotada`: the answer to the send was lost and
             *     7 days of queries by key never settled the note; automatic recovery stopped and the note stays
             *     `aguardando_confirmacao` (spec 3.3 has no failure status for NF-e). Check the key at the SEFAZ portal.
             */
            aviso: null | {
                codigo: string;
                /** Format: date-time */
                desde: string;
                mensagem: string;
            };
            cancelamento: Record<string, unknown> | null;
            /** @description 44 characters; positions 7–18 (the issuer's CNPJ) may be letters (alphanumeric CNPJ) */
            chave_acesso: string;
            /** Format: date-time */
            criada_em: string;
            empresa_id: string;
            /** @description Events registered at the authority, oldest first (on the routes; not in the webhook `dados`) */
            eventos?: components["schemas"]["NfeEvento"][];
            id: string;
            modo: string;
            numero: string;
            /** @description nProt of the authorisation (or denial) */
            protocolo: string | null;
            referencia: string | null;
            rejeicao: null | {
                /** @description The authority's cStat */
                c_stat: string;
                correcao: string | null;
                /** @description Plain-language explanation */
                explicacao: string | null;
                /** @description The authority's xMotivo */
                mensagem: string;
            };
            serie: string;
            /** @enum {string} */
            status: "transmitindo" | "aguardando_confirmacao" | "autorizada" | "rejeitada" | "denegada" | "cancelada" | "contingencia_epec" | "descartada";
            valor_total: string;
        };
        NfeEvento: {
            /** @description The authority's cStat (135, 136, 155) */
            c_stat: string | null;
            /** @description evento_id of GET /v1/nfe/{id}/eventos/{evento_id}/xml */
            id: string;
            n_seq_evento: number;
            protocolo: string | null;
            /** Format: date-time */
            registrado_em: string | null;
            /** @description xJust of a cancellation, xCorrecao of a CC-e */
            texto: string;
            /** @enum {string} */
            tipo: "cancelamento" | "carta_correcao";
            /** @enum {string} */
            tp_evento: "110111" | "110110";
        };
        NfeInutilizacao: {
            /** @enum {string} */
            ambiente: "sandbox" | "producao";
            /** Format: date-time */
            atualizada_em: string;
            /** Format: date-time */
            criada_em: string;
            empresa_id: string;
            id: string;
            justificativa: string;
            /** @description The rejected note whose descarte voided this number */
            nfe_id: string | null;
            numero_final: string;
            numero_inicial: string;
            /** @description nProt of the homologation (cStat 102) */
            protocolo: string | null;
            serie: string;
            /**
             * @description transmitindo = reserved, the authority's answer awaited
             * @enum {string}
             */
            status: "transmitindo" | "homologada";
        };
        NfeInutilizacaoRequest: {
            /** @description Waived for a key restricted to one company */
            empresa_id?: string;
            /** @description xJust */
            justificativa?: string;
            /** @description Equal to numero_inicial for one number */
            numero_final?: number;
            numero_inicial?: number;
            /** @description The series, "0" to "889" (as in issuance) */
            serie?: string;
        };
        /** @description The NF-e a request would produce, not sent and not stored */
        NfePreview: {
            ajustes: {
                acao: string;
                /** @description JSON Pointer */
                campo: string;
                /** @description acao divergente: the value sent (null when absent) */
                enviado?: string | null;
                fonte: string;
                motivo: string;
                regra: string;
                /** @description The company's tax rules (regras tributárias) that supplied an input of this value; null when none did */
                regras_empresa?: {
                    descricao: string;
                    id: string;
                }[] | null;
                /** @description acao calculado: the calculated value; divergente: the expected one */
                valor?: string | null;
                versao: string;
            }[];
            /** @description The access key of this preview (follows numero and the emission time) */
            chave_acesso: string;
            /** @description DANFE (PDF) stamped PRÉVIA - SEM VALOR FISCAL */
            danfe_pdf_base64: string;
            /** @description The number the series would take now (not reserved) */
            numero: string;
            serie: string;
            valor_total: string;
            /** @description Signed NFe 4.00 (leiauteNFe_v4.00.xsd) without protNFe */
            xml: string;
        };
        /**
         * @description Spec 2.9, modo `informado`: the taxes come already calculated. Money, quantities and rates are decimal
         *     strings. The tax groups' members are the NF-e 4.00 layout tags in snake_case (vBC → v_bc, pICMS → p_icms,
         *     cEnq → c_enq). Unknown fields at any depth give `campo_desconhecido`. Each tax value sent with its base
         *     and rate is checked against their product (v_icms = v_bc × p_icms / 100; v_icms_op under deferral;
         *     v_pis, v_cofins, v_ipi = v_bc × rate / 100 or quantity × value per unit), 2 decimals, rounded or truncated
         *     to the cent: otherwise `valor_tributo_divergente` at the value's pointer (`codigo_oficial` 528, or 351
         *     for v_icms_op, for the ICMS). The IBS/CBS as NT 2025.002 checks it, in every mode: each rate the law sets
         *     for the issue's year (2026: p_cbs 0.9, p_ibs_uf 0.1, p_ibs_mun 0; 2027-2028: IBS 0.05 + 0.05; 0 where the
         *     cClassTrib asks for regular taxation) or `aliquota_ibs_cbs_invalida` (1037, 1026, 1036); each effective rate
         *     of a reduction = rate × (1 − p_red / 100) in 4 decimals (1064, 1035, 1047); each value = v_bc × (effective)
         *     rate / 100 within 0.01 (1069, 1041, 1052), else `valor_tributo_divergente`.
         */
        NfeRequest: {
            /** @description 44-character key of the referenced NF-e (check digit verified; letters only in positions 7–18, an alphanumeric CNPJ; lower case accepted) */
            chave_referenciada?: string;
            /**
             * @description `POST /v1/nfe/previa` only: the taxable-event date, `YYYY-MM-DD` from 2026-01-01 to 2033-12-31 (else 422
             *     at `/data_emissao`); the preview is computed and checked with that year's IBS/CBS rates and tables and its
             *     dhEmi is that day at noon in Brasília. `POST /v1/nfe` and `/correcao` keep the clock's date and refuse it
             *     (422 `campo_nao_permitido`) rather than ignore it.
             */
            data_emissao?: string;
            /**
             * @description Filled in where left out (docs/nfe.md, "Destinatário completado"): with a CNPJ, `nome` and `endereco` from
             *     the CNPJ registry (`nfe_destinatario_cadastro_cnpj`); an `endereco` with `cep` and `numero`, the street,
             *     district and municipality from the CEP (`nfe_destinatario_endereco_cep`); without `contribuinte`, the
             *     state registration from the SEFAZ consultaCadastro of the recipient's UF (`nfe_destinatario_consulta_cadastro`).
             *     Unknown CNPJ → `destinatario_nao_encontrado`, unknown CEP → `cep_inexistente` (422); a registry that does
             *     not answer → 503 `servico_indisponivel`.
             */
            destinatario: {
                /** @enum {string} */
                contribuinte?: "contribuinte" | "isento" | "nao_contribuinte";
                /** @description CPF or CNPJ */
                documento?: string;
                email?: string;
                endereco?: {
                    bairro?: string;
                    cep?: string;
                    complemento?: string;
                    logradouro?: string;
                    /** @description IBGE code, 7 digits */
                    municipio?: string;
                    numero?: string;
                };
                inscricao_estadual?: string;
                /** @description Required with a CPF; with a CNPJ, the registry's name when absent */
                nome?: string;
            };
            /** @description Required unless the key is restricted to one company */
            empresa_id?: string;
            /** @enum {string} */
            finalidade?: "normal" | "complementar" | "ajuste" | "devolucao";
            informacoes_adicionais?: string;
            item_referenciado?: number;
            itens: {
                /** @description cBenef, the UF's tax-benefit code (8 or 10 characters, or SEM CBENEF); required where and since when the issuer's UF checks it for the CST (NT 2019.001 rules N12-85/86/94/98: 422 with codigo_oficial 930, 928, 931 or 946) */
                c_benef?: string;
                cest?: string;
                cfop?: string;
                /** @description conferir: also the catalogue SKU the item is recomputed from */
                codigo?: string;
                /** @description COFINSAliq, COFINSQtde, COFINSNT or COFINSOutr, as pis */
                cofins?: {
                    cst?: string;
                    p_cofins?: string;
                    q_bc_prod?: string;
                    v_aliq_prod?: string;
                    v_bc?: string;
                    v_cofins?: string;
                };
                /** @description COFINSST (group T, after COFINS), as pis_st with p_cofins and v_cofins. */
                cofins_st?: {
                    p_cofins?: string;
                    q_bc_prod?: string;
                    v_aliq_prod?: string;
                    v_bc?: string;
                    v_cofins?: string;
                };
                /** @description vDesc of the item */
                desconto?: string;
                descricao?: string;
                /** @description vFrete of the item; requires transporte.modalidade */
                frete?: string;
                /** @description Omitted → "SEM GTIN" */
                gtin?: string;
                /**
                 * @description IBS/CBS already calculated (NT 2025.002, IBSCBS): `cst` (3 digits) and `c_class_trib` (6 digits); when
                 *     taxed, gIBSCBS whole (v_bc, p_ibs_uf, v_ibs_uf, p_ibs_mun, v_ibs_mun, p_cbs, v_cbs). `v_ibs` is the sum of
                 *     the state and municipal parts (adjustment nfe_ibs_soma_uf_municipio); sent, it must equal it. Each
                 *     optional group is sent whole: gRed (p_red_*, p_aliq_efet_*), gDif (p_dif_*, v_dif_*), gTribRegular
                 *     (cst_reg … v_trib_reg_cbs). Which groups the CST and cClassTrib allow or require is NT 2025.002's
                 *     (`grupo_ibs_cbs_invalido` with `codigo_oficial`: 1021/1022 gIBSCBS, 1116/1151 monophasic, 1032/1033,
                 *     1007/1074, 1028/1079 gRed, 1029/1030, 1083/1044, 1090/1061 gDif, 1065/1114/1066/1067 gTribRegular,
                 *     1020/1023/1024 codes); v_dif = v_bc × rate × p_dif within 0.01 (1031, 1045, 1062), each value is
                 *     v_bc × rate − v_dif (1041, 1052, 1069), v_trib_reg = v_bc × p_aliq_efet_reg (1040, 1051, 1068).
                 *     A monophasic code (CST 620) carries gIBSCBSMono instead: the subgroups its cClassTrib asks for, each
                 *     whole (gMonoPadrao q_bc_mono … v_cbs_mono, 1125/1126; gMonoReten …_reten, 1127/1128; gMonoRet …_ret,
                 *     1108/1109; gMonoDif p_dif_ibs_mono … v_cbs_mono_dif, 1148/1149), each amount = quantity × ad rem
                 *     rate within 0.01 (no official code), and v_tot_ibs_mono_item / v_tot_cbs_mono_item (1070, 1071); a
                 *     code without subgroups (620007) sends only the two totals, zero. Totals: IBSCBSTot/gMono.
                 */
                ibs_cbs?: {
                    /** @description gMonoPadrao/adRemCBS (reais per unit) */
                    ad_rem_cbs?: string;
                    /** @description gMonoRet/adRemCBSRet */
                    ad_rem_cbs_ret?: string;
                    /** @description gMonoReten/adRemCBSReten */
                    ad_rem_cbs_reten?: string;
                    /** @description gMonoPadrao/adRemIBS (reais per unit) */
                    ad_rem_ibs?: string;
                    /** @description gMonoRet/adRemIBSRet */
                    ad_rem_ibs_ret?: string;
                    /** @description gMonoReten/adRemIBSReten */
                    ad_rem_ibs_reten?: string;
                    c_class_trib?: string;
                    /** @description gTribRegular/cClassTribReg */
                    c_class_trib_reg?: string;
                    cst?: string;
                    /** @description gTribRegular/CSTReg (cClassTrib 550xxx, 200022, 200024) */
                    cst_reg?: string;
                    /** @description gCBS/gRed/pAliqEfet */
                    p_aliq_efet_cbs?: string;
                    /** @description gIBSMun/gRed/pAliqEfet */
                    p_aliq_efet_ibs_mun?: string;
                    /** @description gIBSUF/gRed/pAliqEfet */
                    p_aliq_efet_ibs_uf?: string;
                    /** @description gTribRegular/pAliqEfetRegCBS */
                    p_aliq_efet_reg_cbs?: string;
                    /** @description gTribRegular/pAliqEfetRegIBSMun */
                    p_aliq_efet_reg_ibs_mun?: string;
                    /** @description gTribRegular/pAliqEfetRegIBSUF */
                    p_aliq_efet_reg_ibs_uf?: string;
                    p_cbs?: string;
                    /** @description gCBS/gDif/pDif */
                    p_dif_cbs?: string;
                    /** @description gMonoDif/pDifCBS */
                    p_dif_cbs_mono?: string;
                    /** @description gMonoDif/pDifIBS */
                    p_dif_ibs_mono?: string;
                    /** @description gIBSMun/gDif/pDif */
                    p_dif_ibs_mun?: string;
                    /** @description gIBSUF/gDif/pDif (CST 510, 515) */
                    p_dif_ibs_uf?: string;
                    p_ibs_mun?: string;
                    p_ibs_uf?: string;
                    /** @description gCBS/gRed/pRedAliq */
                    p_red_cbs?: string;
                    /** @description gIBSMun/gRed/pRedAliq */
                    p_red_ibs_mun?: string;
                    /** @description gIBSUF/gRed/pRedAliq (cClassTrib with reduction) */
                    p_red_ibs_uf?: string;
                    /** @description gIBSCBSMono/gMonoPadrao/qBCMono (CST 620), 4 decimals */
                    q_bc_mono?: string;
                    /** @description gMonoRet/qBCMonoRet */
                    q_bc_mono_ret?: string;
                    /** @description gMonoReten/qBCMonoReten */
                    q_bc_mono_reten?: string;
                    v_bc?: string;
                    v_cbs?: string;
                    /** @description gMonoPadrao/vCBSMono */
                    v_cbs_mono?: string;
                    /** @description gMonoDif/vCBSMonoDif */
                    v_cbs_mono_dif?: string;
                    /** @description gMonoRet/vCBSMonoRet */
                    v_cbs_mono_ret?: string;
                    /** @description gMonoReten/vCBSMonoReten */
                    v_cbs_mono_reten?: string;
                    /** @description gCBS/gDif/vDif */
                    v_dif_cbs?: string;
                    /** @description gIBSMun/gDif/vDif */
                    v_dif_ibs_mun?: string;
                    /** @description gIBSUF/gDif/vDif */
                    v_dif_ibs_uf?: string;
                    v_ibs?: string;
                    /** @description gMonoPadrao/vIBSMono */
                    v_ibs_mono?: string;
                    /** @description gMonoDif/vIBSMonoDif */
                    v_ibs_mono_dif?: string;
                    /** @description gMonoRet/vIBSMonoRet */
                    v_ibs_mono_ret?: string;
                    /** @description gMonoReten/vIBSMonoReten */
                    v_ibs_mono_reten?: string;
                    v_ibs_mun?: string;
                    v_ibs_uf?: string;
                    /** @description gIBSCBSMono/vTotCBSMonoItem: v_cbs_mono + v_cbs_mono_reten − v_cbs_mono_dif (UB105-10, 1071); omitted, that sum */
                    v_tot_cbs_mono_item?: string;
                    /** @description gIBSCBSMono/vTotIBSMonoItem: v_ibs_mono + v_ibs_mono_reten − v_ibs_mono_dif (UB104-10, 1070); omitted, that sum */
                    v_tot_ibs_mono_item?: string;
                    /** @description gTribRegular/vTribRegCBS */
                    v_trib_reg_cbs?: string;
                    /** @description gTribRegular/vTribRegIBSMun */
                    v_trib_reg_ibs_mun?: string;
                    /** @description gTribRegular/vTribRegIBSUF */
                    v_trib_reg_ibs_uf?: string;
                };
                /**
                 * @description `cst` (regime normal) or `csosn` (Simples Nacional, MEI), then the members of its layout group, each
                 *     described by its tag: ICMS00, 02, 10, 15, 20, 30, 40 (40/41/50), 51, 53, 60, 61, 70, 90; ICMSPart
                 *     (CST 10/20/90 with `uf_st`); ICMSST (CST 41/60 with `v_bc_st_dest`); ICMSSN101, 102 (102/103/300/400),
                 *     201, 202 (202/203), 500, 900. A member outside the group is `campo_desconhecido`; an optional sequence
                 *     of the layout (FCP, ST, desoneração…) is all or nothing.
                 */
                icms?: {
                    /** @description adRemICMS */
                    ad_rem_icms?: string;
                    /** @description adRemICMSDif */
                    ad_rem_icms_dif?: string;
                    /** @description adRemICMSRet */
                    ad_rem_icms_ret?: string;
                    /** @description adRemICMSReten */
                    ad_rem_icms_reten?: string;
                    /** @description cBenefRBC */
                    c_benef_rbc?: string;
                    csosn?: string;
                    cst?: string;
                    /** @description indDeduzDeson */
                    ind_deduz_deson?: string;
                    /** @description modBC */
                    mod_bc?: string;
                    /** @description modBCST */
                    mod_bc_st?: string;
                    /** @description motDesICMS */
                    mot_des_icms?: string;
                    /** @description motDesICMSST */
                    mot_des_icms_st?: string;
                    /** @description motRedAdRem */
                    mot_red_ad_rem?: string;
                    /** @description pBCOp */
                    p_bc_op?: string;
                    /** @description pCredSN */
                    p_cred_sn?: string;
                    /** @description pDif */
                    p_dif?: string;
                    /** @description pFCP */
                    p_fcp?: string;
                    /** @description pFCPDif */
                    p_fcp_dif?: string;
                    /** @description pFCPST */
                    p_fcp_st?: string;
                    /** @description pFCPSTRet */
                    p_fcp_st_ret?: string;
                    /** @description pICMS */
                    p_icms?: string;
                    /** @description pICMSEfet */
                    p_icms_efet?: string;
                    /** @description pICMSST */
                    p_icms_st?: string;
                    /** @description pMVAST */
                    p_mva_st?: string;
                    /** @description pRedAdRem */
                    p_red_ad_rem?: string;
                    /** @description pRedBC */
                    p_red_bc?: string;
                    /** @description pRedBCEfet */
                    p_red_bc_efet?: string;
                    /** @description pRedBCST */
                    p_red_bc_st?: string;
                    /** @description pST */
                    p_st?: string;
                    /** @description qBCMono */
                    q_bc_mono?: string;
                    /** @description qBCMonoDif */
                    q_bc_mono_dif?: string;
                    /** @description qBCMonoRet */
                    q_bc_mono_ret?: string;
                    /** @description qBCMonoReten */
                    q_bc_mono_reten?: string;
                    /** @description UFST */
                    uf_st?: string;
                    /** @description vBC */
                    v_bc?: string;
                    /** @description vBCEfet */
                    v_bc_efet?: string;
                    /** @description vBCFCP */
                    v_bc_fcp?: string;
                    /** @description vBCFCPST */
                    v_bc_fcp_st?: string;
                    /** @description vBCFCPSTRet */
                    v_bc_fcp_st_ret?: string;
                    /** @description vBCST */
                    v_bc_st?: string;
                    /** @description vBCSTDest */
                    v_bc_st_dest?: string;
                    /** @description vBCSTRet */
                    v_bc_st_ret?: string;
                    /** @description vCredICMSSN */
                    v_cred_icmssn?: string;
                    /** @description vFCP */
                    v_fcp?: string;
                    /** @description vFCPDif */
                    v_fcp_dif?: string;
                    /** @description vFCPEfet */
                    v_fcp_efet?: string;
                    /** @description vFCPST */
                    v_fcp_st?: string;
                    /** @description vFCPSTRet */
                    v_fcp_st_ret?: string;
                    /** @description vICMS */
                    v_icms?: string;
                    /** @description vICMSDeson */
                    v_icms_deson?: string;
                    /** @description vICMSDif */
                    v_icms_dif?: string;
                    /** @description vICMSEfet */
                    v_icms_efet?: string;
                    /** @description vICMSMono */
                    v_icms_mono?: string;
                    /** @description vICMSMonoDif */
                    v_icms_mono_dif?: string;
                    /** @description vICMSMonoOp */
                    v_icms_mono_op?: string;
                    /** @description vICMSMonoRet */
                    v_icms_mono_ret?: string;
                    /** @description vICMSMonoReten */
                    v_icms_mono_reten?: string;
                    /** @description vICMSOp */
                    v_icms_op?: string;
                    /** @description vICMSST */
                    v_icms_st?: string;
                    /** @description vICMSSTDeson */
                    v_icms_st_deson?: string;
                    /** @description vICMSSTDest */
                    v_icms_st_dest?: string;
                    /** @description vICMSSTRet */
                    v_icms_st_ret?: string;
                    /** @description vICMSSubstituto */
                    v_icms_substituto?: string;
                };
                /**
                 * @description ICMSUFDest (group NA): the ICMS of an interstate sale to a final consumer outside the ICMS shared with the
                 *     destination UF (rejection 694 without it). Required: v_bc_uf_dest, p_icms_uf_dest, p_icms_inter (4, 7 or 12),
                 *     p_icms_inter_part, v_icms_uf_dest, v_icms_uf_remet; the destination FCP (v_bc_fcp_uf_dest, p_fcp_uf_dest,
                 *     v_fcp_uf_dest) optional, then whole. Summed into ICMSTot vFCPUFDest, vICMSUFDest, vICMSUFRemet.
                 */
                icms_uf_dest?: {
                    /** @description pFCPUFDest */
                    p_fcp_uf_dest?: string;
                    /** @description pICMSInter: 4, 7 or 12 */
                    p_icms_inter?: string;
                    /** @description pICMSInterPart */
                    p_icms_inter_part?: string;
                    /** @description pICMSUFDest */
                    p_icms_uf_dest?: string;
                    /** @description vBCFCPUFDest */
                    v_bc_fcp_uf_dest?: string;
                    /** @description vBCUFDest */
                    v_bc_uf_dest?: string;
                    /** @description vFCPUFDest */
                    v_fcp_uf_dest?: string;
                    /** @description vICMSUFDest */
                    v_icms_uf_dest?: string;
                    /** @description vICMSUFRemet */
                    v_icms_uf_remet?: string;
                };
                /**
                 * @description II (group P, import tax), only on an import item (CFOP 3xxx, else `formato_invalido` at /itens/n/ii); all
                 *     members required; v_ii is summed into ICMSTot vII and so into vNF. The recipient abroad (idDest 3) is not
                 *     accepted yet, so an import note built today still names a Brazilian recipient.
                 */
                ii?: {
                    /** @description vBC */
                    v_bc?: string;
                    /** @description vDespAdu */
                    v_desp_adu?: string;
                    /** @description vII */
                    v_ii?: string;
                    /** @description vIOF */
                    v_iof?: string;
                };
                /** @description IPITrib (CST 00/49/50/99, v_bc × p_ipi or q_unid × v_unid, and v_ipi) or IPINT (CST only) */
                ipi?: {
                    c_enq?: string;
                    cst?: string;
                    p_ipi?: string;
                    q_unid?: string;
                    v_bc?: string;
                    v_ipi?: string;
                    v_unid?: string;
                };
                /**
                 * @description Imposto Seletivo (NT 2025.002, IS), from 2027 only (`imposto_seletivo_antes_de_2027` before), ad
                 *     valorem, every member required; v_is = v_bc_is × p_is / 100 within 0.01 (`codigo_oficial` 1019). calcular
                 *     adds v_is to the IBS/CBS base (the cClassTrib's base expression), and vNFTot and vItem carry it.
                 */
                is?: {
                    /** @description cClassTribIS */
                    c_class_trib_is?: string;
                    /** @description CSTIS */
                    cst_is?: string;
                    /** @description pIS */
                    p_is?: string;
                    /** @description vBCIS */
                    v_bc_is?: string;
                    /** @description vIS */
                    v_is?: string;
                };
                ncm?: string;
                /** @description ICMS origin, "0" to "8"; the integer 0 to 8 is also accepted and kept as its text */
                origem?: string | number;
                /** @description vOutro of the item */
                outras_despesas?: string;
                /** @description PISAliq (CST 01/02), PISQtde (03), PISNT (04–09) or PISOutr (49–99, base × rate or quantity × value per unit) */
                pis?: {
                    cst?: string;
                    p_pis?: string;
                    q_bc_prod?: string;
                    v_aliq_prod?: string;
                    v_bc?: string;
                    v_pis?: string;
                };
                /**
                 * @description PISST (group R, after PIS): v_bc × p_pis or q_bc_prod × v_aliq_prod (not both), and v_pis. indSomaPISST is
                 *     not accepted yet (the value stays out of vNF).
                 */
                pis_st?: {
                    p_pis?: string;
                    q_bc_prod?: string;
                    v_aliq_prod?: string;
                    v_bc?: string;
                    v_pis?: string;
                };
                /** @description calcular: the catalogue SKU; with quantidade, valor_unitario and optional desconto, frete, seguro, outras_despesas it is the whole item */
                produto?: string;
                quantidade?: string;
                /** @description vSeg of the item */
                seguro?: string;
                unidade?: string;
                valor_unitario?: string;
            }[];
            /**
             * @description informado (default): taxes sent; calcular: computed by the service; conferir: sent and checked
             * @enum {string}
             */
            modo?: "informado" | "calcular" | "conferir";
            natureza_operacao: string;
            /**
             * @description calcular/conferir (default venda, adjustment nfe_operacao_venda): venda, venda_consumidor_final and bonificacao are calculated; remessa, transferencia and devolucao are informed (items carry their taxes)
             * @enum {string}
             */
            operacao?: "venda" | "venda_consumidor_final" | "bonificacao" | "remessa" | "transferencia" | "devolucao";
            pagamentos: {
                descricao?: string;
                /** @example pix */
                forma?: string;
                /** @description Omitted on the only payment: it pays vNF (adjustment nfe_pagamento_valor_da_nota) */
                valor?: string;
            }[];
            /** @description conferir: true → a divergence refuses the note (422 nfe_conferencia_divergente); default false, the note goes with the caller's values */
            parar_em_divergencia?: boolean;
            /** @enum {string} */
            presenca?: "nao_se_aplica" | "presencial" | "internet" | "teleatendimento" | "entrega_domicilio" | "presencial_fora" | "outros";
            referencia?: string;
            serie?: string;
            /** @description remessa (required): conserto, demonstracao, industrializacao, outras; devolucao: comercializacao (default), industrializacao */
            subtipo?: string;
            /** @enum {string} */
            tipo_operacao?: "entrada" | "saida";
            /**
             * @description Optional; each member sent must equal the sum of the items (else formato_invalido at its pointer, with
             *     codigo_oficial the SEFAZ rejection where it has one: 531–534, 795, 798–800).
             *     valor_nota is vNF = vProd − vDesc − vICMSDeson (indDeduzDeson 1) + vST + vFCPST + vFrete + vSeg + vOutro + vII + vIPI + vIPIDevol.
             */
            totais?: {
                /** @description vBC */
                base_icms?: string;
                /** @description vBCST */
                base_icms_st?: string;
                /** @description vCBS */
                valor_cbs?: string;
                /** @description vCOFINS */
                valor_cofins?: string;
                /** @description vDesc */
                valor_desconto?: string;
                /** @description vFCPST */
                valor_fcp_st?: string;
                /** @description vFCPUFDest (rejection 798) */
                valor_fcp_uf_dest?: string;
                /** @description vFrete */
                valor_frete?: string;
                /** @description vIBS */
                valor_ibs?: string;
                /** @description vICMS */
                valor_icms?: string;
                /** @description vICMSDeson (rejection 795) */
                valor_icms_desonerado?: string;
                /** @description vST */
                valor_icms_st?: string;
                /** @description vICMSUFDest (rejection 799) */
                valor_icms_uf_dest?: string;
                /** @description vICMSUFRemet (rejection 800) */
                valor_icms_uf_remet?: string;
                /** @description vIPI */
                valor_ipi?: string;
                /** @description vNF */
                valor_nota?: string;
                /** @description vOutro */
                valor_outras_despesas?: string;
                /** @description vPIS */
                valor_pis?: string;
                /** @description vProd */
                valor_produtos?: string;
                /** @description vSeg */
                valor_seguro?: string;
            };
            /** @description Without it, modFrete 9 (adjustment nfe_transporte_sem_frete); required when an item carries frete. */
            transporte?: {
                /** @enum {string} */
                modalidade?: "remetente" | "destinatario" | "terceiros" | "proprio_remetente" | "proprio_destinatario" | "sem_frete";
            };
        };
        Nfse: {
            ajustes: components["schemas"]["Adjustment"][];
            /** @enum {string} */
            ambiente: "sandbox" | "producao";
            /** Format: date-time */
            atualizada_em?: string;
            autorizada_em?: string | null;
            aviso: null | {
                /** @constant */
                codigo: "processamento_prolongado";
                desde?: string;
                mensagem?: string;
            };
            /**
             * @description Set when the note is `cancelada`. `tipo` = `cancelamento` (POST …/cancelamento: `codigo_motivo`, `motivo`,
             *     `solicitado_em`, `em`, `protocolo` {evento_id, numero_dfse, data_hora_processamento}, `recuperado`,
             *     `evento_xml`) or `substituicao` (`substituida_por`, `chave_substituta`, `em`).
             */
            cancelamento: {
                /** @enum {string} */
                tipo?: "cancelamento" | "substituicao";
            } | null;
            /** @description 50 characters; the issuer's CNPJ (positions 10–23) may hold letters */
            chave_acesso: string | null;
            competencia: string;
            /** Format: date-time */
            criada_em?: string;
            /** @description TSIdDPS, 45 characters; a CNPJ inscrição may hold letters (alphanumeric CNPJ) */
            dps_id?: string;
            empresa_id: string;
            eventos: {
                detalhe?: Record<string, unknown> | null;
                /** Format: date-time */
                em: string;
                /** @description criada, envio, consulta_dps, correcao_automatica, recuperada, autorizada, … */
                tipo: string;
            }[];
            falha: null | {
                /** @enum {string} */
                dps_enviada: "nao" | "desconhecido";
                motivo?: string;
            };
            id: string;
            numero: string | null;
            numero_dps?: string;
            referencia: string | null;
            /** @description <corrections version>+<field rules version> */
            regras_versao: string;
            rejeicao: null | {
                codigo_oficial: string | null;
                erros?: unknown[];
                explicacao: string | null;
                mensagem: string;
            };
            serie_dps?: string;
            /** @enum {string} */
            status: "transmitindo" | "autorizada" | "rejeitada" | "cancelada" | "aguardando_confirmacao" | "falha_transmissao" | "descartada";
            substitui?: string | null;
            substituida_por: string | null;
            valor: string;
        };
        NfseEmail: {
            /** Format: date-time */
            criado_em: string;
            destinatarios: string[];
            /** Format: date-time */
            enviado_em: string | null;
            erro: string | null;
            id: string;
            /** @enum {string} */
            motivo: "autorizacao" | "cancelamento" | "sob_demanda";
            nfse_id: string;
            /** Format: date-time */
            proxima_tentativa_em: string | null;
            /** @enum {string} */
            status: "pendente" | "enviado" | "falhou" | "nao_enviado";
            tentativas: number;
        };
        /**
         * @description Spec 2.2 plus the DPS fields of the national layout in snake_case. Money and rates are decimal strings
         *     (a JSON number gives `tipo_invalido`); unknown fields at any depth give `campo_desconhecido`.
         */
        NfseRequest: {
            /** @description YYYY-MM; default the current month */
            competencia?: string;
            /**
             * @description Not part of the DPS: whether the service e-mails this note's DANFSe (PDF) and XML when it is authorised
             *     and when it is cancelled (the cancellation's event XML too). `enviar` absent = the company's
             *     `email_tomador.automatico`; `destinatarios` (1 to 10 addresses, each once) absent = `tomador.email`.
             *     Each attempt is a step on the note's `eventos` (`email_enviado`, `email_falhou`, `email_nao_enviado`)
             *     and an event NFSE_EMAIL_ENVIADO or NFSE_EMAIL_FALHOU.
             */
            email?: {
                destinatarios?: string[] | null;
                enviar?: boolean | null;
            } | null;
            /** @description Required unless the key is restricted to one company */
            empresa_id?: string;
            informacoes_complementares?: string;
            prestador?: {
                inscricao_municipal?: string;
            };
            /** @description At most 60 characters; unique per company and environment */
            referencia?: string;
            servico: {
                /** @example 2.00 */
                aliquota_iss?: string;
                /** @description Service code of a city with its own system (São Paulo: 4-5 digits); default padroes.codigo_municipal */
                codigo_municipal?: string;
                /** @description 6-digit national service code (cTribNac) */
                codigo_nacional?: string;
                descricao: string;
                /**
                 * @description IBS/CBS classification written in the DPS group IBSCBS (finNFSe 0, indDest 0, gIBSCBS with CST and
                 *     cClassTrib; the national system computes the amounts). Each member left out comes from the company's
                 *     `padroes.ibs_cbs` (adjustments `padrao.ibs_cbs.*`); `cst` left out is the one the official table gives
                 *     the cClassTrib (`dps.IBSCBS.CST.derivado`). Checked against the official table on the competence:
                 *     unknown code 422 `c_class_trib_inexistente`; not accepted on the NFS-e, out of force or not foreseen
                 *     for the note's NBS `c_class_trib_nao_aplicavel`; a code whose groups need deferral, regular taxation
                 *     or presumed credit `c_class_trib_nao_suportado`; another CST `cst_ibs_cbs_divergente`.
                 */
                ibs_cbs?: {
                    /** @description 6-digit cClassTrib */
                    c_class_trib?: string;
                    /** @description 3-digit CST of the IBS/CBS */
                    cst?: string;
                    /** @description cIndOp, 6 digits (table "código indicador de operação" of the national system) */
                    indicador_operacao?: string;
                };
                iss_retido?: boolean;
                municipio_prestacao?: string;
                /** @description 9-digit NBS */
                nbs?: string;
                /** @description Required for the 13 construction codes, refused for others */
                obra?: {
                    bairro?: string;
                    cep?: string;
                    cib?: string;
                    cno?: string;
                    complemento?: string;
                    inscricao_imobiliaria?: string;
                    logradouro?: string;
                    municipio?: string;
                    numero?: string;
                };
            };
            substituicao?: {
                chave_acesso?: string;
                /** @enum {string} */
                codigo_motivo?: "01" | "02" | "03" | "04" | "05" | "99";
                motivo?: string;
                nfse_id?: string;
            };
            tomador: {
                /** @description CPF (11) or CNPJ (14, numeric or alphanumeric) */
                documento: string;
                email?: string;
                endereco?: {
                    bairro?: string;
                    cep?: string;
                    complemento?: string;
                    logradouro?: string;
                    /** @description 7-digit IBGE code */
                    municipio?: string;
                    numero?: string;
                };
                inscricao_municipal?: string;
                nome?: string;
                telefone?: string;
            };
            /** @example 1500.00 */
            valor: string;
        };
        ParametroNacional: {
            consultado_em: string | null;
            mensagem: string | null;
            /** @enum {string} */
            origem: "api" | "cache" | "cache_expirado" | "indisponivel";
            /** @description The API's answer as read; null when none is parametrised or there was no answer */
            valor: unknown;
        };
        PorAmbiente: {
            producao: number;
            sandbox: number;
        };
        Problem: {
            campo: string | null;
            codigo: string;
            codigo_oficial: string | null;
            correcao: string | null;
            cursor_mais_antigo?: string;
            erros?: components["schemas"]["ErrorItem"][];
            itens?: components["schemas"]["ReadinessItem"][];
            mensagem: string;
            nfse?: Record<string, unknown>;
            nfse_id?: string;
            requisicao_id: string;
            retentavel: boolean;
            /** @description {DOCS_URL}/erros/<codigo> */
            type: string;
        };
        Produto: {
            /** @enum {unknown} */
            ambiente: "sandbox" | "producao";
            /** Format: date-time */
            atualizado_em: string;
            /** @description cEAN/cEANTrib of the NF-e item: the GTIN or "SEM GTIN" */
            cean: string;
            cest: string | null;
            /** Format: date-time */
            criado_em: string;
            descricao: string;
            /** Format: uuid */
            empresa_id: string;
            gtin: string | null;
            /** Format: uuid */
            id: string;
            ncm: string;
            /** @description ICMS origin code */
            origem: string;
            sku: string;
            tributacao: components["schemas"]["ProdutoTributacao"];
            unidade: string;
        };
        ProdutoCreate: {
            /** @description 7 digits, dots allowed */
            cest?: string | null;
            /** @description xProd */
            descricao: string;
            /** @description Waived for a key restricted to one company */
            empresa_id?: string;
            /** @description GTIN-8/12/13/14, or "SEM GTIN" */
            gtin?: string | null;
            /** @description 8 digits, dots allowed ("2202.10.00") */
            ncm: string;
            /** @description Origin of the goods (ICMS origin table), "0" to "8". Codes are texts; the integer 0 to 8 is also accepted and kept as its text */
            origem: string | number;
            /** @description The company's product code (cProd) */
            sku: string;
            tributacao?: components["schemas"]["ProdutoTributacao"];
            /** @description uCom */
            unidade: string;
        };
        /**
         * @description ICMS of the product's tax profile (all percentages are decimal strings, 0 to 100 but `mva`). Company tax
         *     rules override these members one by one before the computation.
         */
        ProdutoIcms: {
            /** @description ICMS rate; replaces the UF's modal rate inside the UF */
            aliquota?: string;
            /** @description ICMS-ST rate (pICMSST); the destination's internal rate by default */
            aliquota_st?: string;
            /** @description The UF's tax-benefit code (cBenef of the item); required where the UF checks it for the CST */
            c_benef?: string;
            /** @description Instead of cst (Simples Nacional) */
            csosn?: string;
            cst?: string;
            /** @description The relieved ICMS is deducted from the item and the note (indDeduzDeson 1) */
            deduz_desoneracao?: boolean;
            /** @description Deferred share (pDif): CST 51 */
            diferimento?: string;
            /** @description FCP (pFCP); the UF's general FCP by default */
            fcp?: string;
            /** @description FCP-ST (pFCPST); the margin table's or the destination's general FCP by default */
            fcp_st?: string;
            /**
             * @description DIFAL of a sale to a non-contributor of another UF: base única (the national rule, LC 87/1996 art. 13 X and § 7º) or base dupla. Required (usually on a company rule by uf_destino) where difal-metodo-uf.csv records third-party lists giving base dupla for the destination UF
             * @enum {string}
             */
            metodo_difal?: "base_unica" | "base_dupla";
            /**
             * @description Reason of the ICMS relief (motDesICMS; the CST's group accepts part of them). vICMSDeson is not calculated: its formula is not in the official data, so calcular refuses the item (send it informado)
             * @enum {string}
             */
            motivo_desoneracao?: "1" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "10" | "11" | "12" | "16" | "90";
            /** @description ICMS-ST margin (pMVAST), up to 999; without it the official margin table of the destination UF is read */
            mva?: string;
            /** @description Base reduction (pRedBC): CST 20, 70, 90, CSOSN 900 */
            reducao_bc?: string;
            /** @description ICMS-ST base reduction (pRedBCST) */
            reducao_bc_st?: string;
        };
        /**
         * @description Default tax data for the product's NF-e items, groups named as in the NF-e 4.00 layout in snake_case:
         *     `cfop` (4 digits) and `icms` (`cst` or `csosn`, `aliquota`), `ipi` (`cst`, `aliquota`, `c_enq`, `ex`), `pis`,
         *     `cofins` (`cst`, `aliquota`), `ibs_cbs` (`cst`, `c_class_trib`, `p_dif`, `c_class_trib_reg`), `is` (`cst`,
         *     `c_class_trib`, `aliquota`). It is the tax profile NF-e `modo` calcular
         *     computes from: ICMS CST/CSOSN (a rate replaces the UF's modal rate inside the UF), `ipi` only for an IPI
         *     taxpayer (rate from the TIPI), PIS/COFINS CST (01 by default; 02 takes `aliquota`), IBS/CBS classification
         *     (000/000001 by default).
         */
        ProdutoTributacao: {
            cfop?: string;
            cofins?: components["schemas"]["ProdutoTributo"];
            ibs_cbs?: {
                /** @description cClassTrib of the IBS/CBS classification table */
                c_class_trib?: string;
                /** @description Regular taxation (gTribRegular) reported by a 550xxx/200022/200024 code; 000001 by default */
                c_class_trib_reg?: string;
                cst?: string;
                /** @description Deferral percentage (gDif) of a CST 510/515 code; the table has none, so calcular refuses such a code without it */
                p_dif?: string;
            };
            icms?: components["schemas"]["ProdutoIcms"];
            ipi?: {
                aliquota?: string | null;
                /** @description cEnq (999 by default) */
                c_enq?: string;
                cst?: string;
                /** @description Ex-tarifário of the TIPI */
                ex?: string;
            };
            /** @description Imposto Seletivo, used by calcular from 2027: the IS table's CST and cClassTribIS, and the ad valorem rate (the table has none) */
            is?: {
                aliquota?: string;
                c_class_trib?: string;
                cst?: string;
            };
            pis?: components["schemas"]["ProdutoTributo"];
        } | null;
        /** @description Default of one tax group. Rates are percent as decimal strings. */
        ProdutoTributo: {
            /** @description 0 to 100, e.g. "18.00" */
            aliquota?: string;
            /** @description ICMS only, instead of cst (Simples Nacional) */
            csosn?: string;
            cst?: string;
        };
        ProdutoUpdate: {
            cest?: string | null;
            descricao?: string;
            gtin?: string | null;
            ncm?: string;
            /** @description "0" to "8"; the integer is also accepted */
            origem?: string | number;
            tributacao?: components["schemas"]["ProdutoTributacao"];
            unidade?: string;
        };
        RateLimited: {
            /** @constant */
            code: "RATE_LIMITED";
            message: string;
        };
        Readiness: {
            empresa_id: string;
            itens: components["schemas"]["ReadinessItem"][];
            /** @enum {string} */
            situacao: "ok" | "aviso" | "bloqueio";
        };
        ReadinessItem: {
            correcao: string | null;
            /** @description Municipal items: where the fact came from (an act, the national API or its cache, the official list, the project's table) */
            fonte?: string | null;
            /** @description The spec's items, plus provedor_municipio: where the company's NFS-e go on its municipality's route (the provider table, an act or the national API, the company's rota_nfse); bloqueio naming the municipality and the reason where no system this service reaches issues there (no provider known, a provider or layout not supported, an own layout); aviso where the company chose rota_nfse against the table; credenciais_provedor: bloqueio where the municipality's provider asks credentials beyond the A1 that the company has not set; email_empresa: bloqueio where the provider's own RPS carries the company's e-mail (EL 1.00) and the company has none */
            item: string;
            mensagem: string;
            /** @enum {string} */
            situacao: "ok" | "aviso" | "bloqueio";
            /** @description Municipal items: the version of the data that answered */
            versao?: string | null;
        };
        ReceivedDocument: {
            /** Format: date-time */
            capturadoEm: string;
            chaveAcesso: string;
            emitenteDocumento: string | null;
            emitenteNome: string | null;
            /** Format: date-time */
            emitidaEm: string | null;
            empresaId: string;
            /** @description Equals the notaId of the events */
            id: string;
            links: {
                self: string;
                xml: string;
            };
            /**
             * @description Latest registered manifestação do destinatário (received NF-e)
             * @enum {string|null}
             */
            manifestacao: "210200" | "210210" | "210220" | "210240" | null;
            /** @description The note issued by this service that this document is (no duplicate) */
            nfseId: string | null;
            /** @description NSU of the company's distribution sequence */
            nsu: string;
            numero: string | null;
            /** @enum {string} */
            origem: "ADN" | "SEFAZ" | "PREFEITURA_SP" | "PREFEITURA_ABRASF";
            /**
             * @description RECEBIDA: the company is taker/intermediary/recipient; EMITIDA: it is the provider (also for notes issued elsewhere)
             * @enum {string}
             */
            papel: "RECEBIDA" | "EMITIDA";
            /** @enum {string} */
            situacao: "ativa" | "cancelada" | "substituida";
            /** @enum {string} */
            tipo: "NFSE" | "NFE" | "CTE";
            tomadorDocumento: string | null;
            /** @description Service value (decimal string) */
            valor: string | null;
        };
        ReceivedDocumentDetail: components["schemas"]["ReceivedDocument"] & {
            eventos: {
                /** Format: date-time */
                capturadoEm: string;
                /** @description eventoId of EVENTO_FISCAL_RECEBIDO */
                id: string;
                nsu: string;
                /** Format: date-time */
                ocorridoEm: string | null;
                /** @description Official event code (101101 cancellation, 105102 substitution, …) */
                tipoEvento: string;
            }[];
            /** @description Every manifestação do destinatário sent for the document, oldest first */
            manifestacoes: {
                /** @description cStat of the event (135 registered; 573, 655, 596… refused) */
                codigoSefaz: string | null;
                /** Format: date-time */
                enviadaEm: string;
                id: string;
                justificativa: string | null;
                motivoSefaz: string | null;
                /** @description nProt of a registered event */
                protocolo: string | null;
                /** Format: date-time */
                registradaEm: string | null;
                /** @enum {string} */
                situacao: "enviando" | "registrada" | "rejeitada" | "falha_transmissao";
                /** @enum {string} */
                tipoEvento: "210200" | "210210" | "210220" | "210240";
            }[];
        };
        RegraTributaria: {
            /** @enum {unknown} */
            ambiente: "sandbox" | "producao";
            ativa: boolean;
            /**
             * Format: date-time
             * @description Also the version the adjustments naming the rule carry
             */
            atualizado_em: string;
            /** Format: date-time */
            criado_em: string;
            criterios: components["schemas"]["RegraTributariaCriterios"];
            descricao: string;
            /** Format: uuid */
            empresa_id: string;
            /** Format: uuid */
            id: string;
            tributacao: components["schemas"]["ProdutoTributacao"];
        };
        RegraTributariaCreate: {
            /**
             * @description An inactive rule is kept but applies to no item
             * @default true
             */
            ativa: boolean;
            criterios?: components["schemas"]["RegraTributariaCriterios"];
            descricao: string;
            tributacao: components["schemas"]["ProdutoTributacao"];
        };
        /** @description What an NF-e item must match for the rule to apply; a criterion left out or null matches every item. */
        RegraTributariaCriterios: {
            /** @description 7 digits, dots allowed; of the CEST table */
            cest?: string | null;
            /**
             * @description The recipient's ICMS contributor status
             * @enum {unknown}
             */
            contribuinte?: "contribuinte" | "isento" | "nao_contribuinte" | null;
            /** @description The start of the item's NCM, 2 to 8 digits, dots allowed ("22", "2202", "2202.10.00") */
            ncm_prefixo?: string | null;
            /** @enum {unknown} */
            operacao?: "venda" | "venda_consumidor_final" | "bonificacao" | null;
            /** @description The SKU of a product of the company */
            produto?: string | null;
            /** @description The recipient's UF; the issuer's when the recipient has no address */
            uf_destino?: string | null;
            /** @description The issuer's UF ("SP") */
            uf_origem?: string | null;
        };
        RegraTributariaUpdate: {
            ativa?: boolean;
            criterios?: components["schemas"]["RegraTributariaCriterios"];
            descricao?: string;
            tributacao?: components["schemas"]["ProdutoTributacao"];
        };
        /** @description One line of the API call log (GET /v1/requisicoes); ids only, never a body, a key or personal data */
        Requisicao: {
            /** @enum {string} */
            ambiente: "sandbox" | "producao";
            /**
             * Format: uuid
             * @description Id of the API key that made the call
             */
            chave_id: string;
            /** @description Error code of an error answer (problem+json codigo, the NestJS-format routes' code, GraphQL extensions.codigo of the first error) */
            codigo: string | null;
            /**
             * Format: date-time
             * @description When the call arrived
             */
            criado_em: string;
            /** @description Time to answer in milliseconds */
            duracao_ms: number;
            /**
             * Format: uuid
             * @description The company the call touched
             */
            empresa_id: string | null;
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The batch the call touched
             */
            lote_id: string | null;
            metodo: string;
            /**
             * Format: uuid
             * @description The NFS-e or NF-e the call touched
             */
            nota_id: string | null;
            /** @description The X-Request-Id of the answer (requisicao_id of its problem+json) */
            requisicao_id: string;
            /** @description The route template (/v1/nfse/{id}, /graphql; /v1/* for a path no route matched or a call refused before routing, such as a 429), never the raw URL */
            rota: string;
            /** @description HTTP status of the answer */
            status: number;
        };
        Servico: {
            /** @description NBS 2.0 chapters accepted with this code ("1.15") */
            capitulos_nbs: string[];
            /** @description cTribNac (six digits) */
            codigo: string;
            codigo_formatado: string;
            descricao: string;
            descricao_item: string;
            exige_evento: boolean;
            exige_obra: boolean;
            /** @description Where ISSQN is due (LC 116/2003 art. 3) */
            incidencia_iss: {
                estabelecimento_prestador: boolean;
                estabelecimento_tomador: boolean;
                local_prestacao: boolean;
            };
            /** @description LC 116 item */
            item: string;
            /** @description Every NBS is accepted */
            nbs_livre: boolean;
            /** @enum {string} */
            origem: "anexo_b" | "especificacao";
        };
        Usage: {
            /** @description YYYY-MM (Brasília time) */
            ciclo: string;
            documentos_recebidos: {
                cte: number;
                nfe: number;
                nfse: number;
            };
            /** Format: date-time */
            fim: string;
            /** Format: date-time */
            inicio: string;
            lotes: components["schemas"]["PorAmbiente"];
            /** @description NF-e (model 55) authorised in the cycle, cancelled ones included; a denied NF-e is not counted */
            nfe_emitidas: components["schemas"]["PorAmbiente"];
            /** @description NFS-e authorised in the cycle */
            notas_emitidas: components["schemas"]["PorAmbiente"];
            requisicoes: components["schemas"]["PorAmbiente"];
        };
        Webhook: {
            /** @enum {string} */
            ambiente: "sandbox" | "producao";
            /** @description false while disabled (PATCH ativo false): nothing is delivered to it */
            ativo: boolean;
            /** Format: date-time */
            atualizado_em: string;
            /** @description Names only */
            cabecalhos: {
                nome: string;
            }[];
            /** Format: date-time */
            criado_em: string;
            eventos: string[];
            id: string;
            url: string;
        };
        WebhookCreate: {
            /** @description At most 5; values stored encrypted, never returned */
            cabecalhos?: {
                nome: string;
                valor: string;
            }[];
            /** @description Event types of spec 6.2 (e.g. NFSE_AUTORIZADA) */
            eventos: string[];
            /** @description Public http:// or https:// URL */
            url: string;
        };
        WebhookDelivery: {
            /** Format: date-time */
            criada_em: string;
            entregue_em: string | null;
            /** @description X-Service-Event-Id */
            evento_id: string;
            /** @description X-Service-Delivery-Id */
            id: string;
            /** @enum {string} */
            origem: "evento" | "reenvio" | "teste";
            proxima_tentativa_em: string | null;
            /**
             * @description falhou after 72 hours (14 attempts, spec 6.3)
             * @enum {string}
             */
            status: "pendente" | "entregue" | "falhou";
            tentativas: {
                duracao_ms: number;
                /** Format: date-time */
                em: string;
                erro: string | null;
                numero: number;
                /** @description null when no HTTP answer came */
                status_http: number | null;
            }[];
            tipo: string;
        };
        WebhookUpdate: {
            /** @description false disables the webhook: nothing is fanned out or delivered to it and its pending deliveries are closed (falhou); true enables it again for the events that happen from then on */
            ativo?: boolean;
            cabecalhos?: {
                nome: string;
                valor: string;
            }[];
            eventos?: string[];
            url?: string;
        };
        WebhookWithSecret: components["schemas"]["Webhook"] & {
            /** @description Shown only at creation and rotation */
            segredo: string;
        };
    };
    responses: {
        /** @description Error in the `{statusCode, message, error}` format (429 is `{message, code}`) */
        NestError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["NestError"] | components["schemas"]["RateLimited"];
            };
        };
        /** @description problem+json error */
        Problem: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        Id: string;
        /** @description Free text (a UUID serves). Same key and body → the stored first response for 30 days. */
        IdempotencyKey: string;
        /** @description Created at or before: date-time, or a date (= through the end of that day, Brasília time); before desde → 400. */
        NotasAte: string;
        /** @description The whole access key, digits only. */
        NotasChave: string;
        /** @description Created at or after: ISO 8601 date-time with offset, or a date (AAAA-MM-DD = from 00:00 Brasília time). */
        NotasDesde: string;
        /** @description Only this company's notes (another company of a restricted key → 403 acesso_negado). */
        NotasEmpresaId: string;
        /** @description The note's number, 1 to 15 digits: NF-e `numero`; NFS-e the authority's `numero` or the DPS number (`numero_dps`). */
        NotasNumero: string;
        /** @description Only notes whose referencia starts with this text. */
        NotasReferencia: string;
        /**
         * @description The taker (NFS-e `tomador`) or recipient (NF-e `destinatario`). Only digits (dots, dashes, slashes and
         *     spaces ignored), 3 to 14: the CPF/CNPJ starts with them. Anything else: part of the name, 3 to 100
         *     characters, whatever its case and accents (`joao` finds "JOÃO DA SILVA").
         */
        NotasTomador: string;
        /** @description The note's value at most this (inclusive); below valor_min → 400. */
        NotasValorMax: string;
        /** @description The note's value (NFS-e `valor`, NF-e `valor_total`) at least this: decimal with a point, up to 2 places (1500.00). */
        NotasValorMin: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Account, plan state, owner e-mail and the limits in force for this key */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    listCompanies: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Companies */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Company"][];
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    createCompany: {
        parameters: {
            query?: never;
            header?: {
                /** @description Free text (a UUID serves). Same key and body → the stored first response for 30 days. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompanyCreate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Company"];
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    getCompany: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The company */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Company"];
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    deleteCompany: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["NestError"];
        };
    };
    updateCompany: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompanyUpdate"];
            };
        };
        responses: {
            /** @description The company after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Company"];
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    uploadCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CertificateUpload"];
                "multipart/form-data": {
                    arquivo: string;
                    senha: string;
                };
            };
        };
        responses: {
            /** @description The company with its certificate facts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Company"];
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    setCompanyLogo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompanyLogoUpload"];
                "multipart/form-data": {
                    arquivo: string;
                };
            };
        };
        responses: {
            /** @description The stored logo's facts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CompanyLogo"];
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    deleteCompanyLogo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["NestError"];
        };
    };
    pauseCompany: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The company, status pausada */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Company"];
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Readiness */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    listRegrasTributarias: {
        parameters: {
            query?: {
                cursor?: string;
                /** @description Page size, 50 by default; 1..200, anything else → 400 parametro_invalido */
                limite?: number;
            };
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page; stop when proximo_cursor is null */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        dados: components["schemas"]["RegraTributaria"][];
                        proximo_cursor: string | null;
                    };
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    createRegraTributaria: {
        parameters: {
            query?: never;
            header?: {
                /** @description Free text (a UUID serves). Same key and body → the stored first response for 30 days. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegraTributariaCreate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegraTributaria"];
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    getRegraTributaria: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                regra_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rule */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegraTributaria"];
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    deleteRegraTributaria: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                regra_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["NestError"];
        };
    };
    updateRegraTributaria: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                regra_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegraTributariaUpdate"];
            };
        };
        responses: {
            /** @description The rule after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegraTributaria"];
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    resumeCompany: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The company, status ativa */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Company"];
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    listDocuments: {
        parameters: {
            query?: {
                /** @description Emitted on or before this date (AAAA-MM-DD, Brasília time) */
                ate?: string;
                /** @description proximoCursor of the previous page (opaque) */
                cursor?: string;
                /** @description Emitted on or after this date (AAAA-MM-DD, Brasília time) */
                de?: string;
                /** @description Only this company */
                empresa_id?: string;
                /** @description Page size, 20 by default; 1..100, anything else → 400 parametro_invalido */
                limite?: number;
                papel?: "RECEBIDA" | "EMITIDA";
                tipo?: "NFSE" | "NFE" | "CTE";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page; stop when proximoCursor is null */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        itens: components["schemas"]["ReceivedDocument"][];
                        proximoCursor: string | null;
                    };
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    getDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReceivedDocumentDetail"];
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    manifestDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Required for operacao_nao_realizada only */
                    justificativa?: string | null;
                    /** @enum {string} */
                    tipo: "confirmacao" | "ciencia" | "desconhecimento" | "operacao_nao_realizada";
                };
            };
        };
        responses: {
            /** @description The document with the registered manifestation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReceivedDocumentDetail"];
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    getDocumentXml: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description NFS-e (or NF-e/CT-e) XML */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Last stored proximo_cursor. A cursor that this key's log never issued (another environment's, or past the end) is 400; one older than the 90-day retention is 410 cursor_vencido with cursor_mais_antigo. */
                apos?: string;
                /** @description Only the events about this company (another company of a restricted key → 403 acesso_negado). A restricted key without it sees its company's events and those about no company. */
                empresa_id?: string;
                /** @description Page size, 100 by default; 1..1000, anything else → 400 parametro_invalido */
                limite?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page; proximo_cursor is always present */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        eventos: {
                            /** @enum {string} */
                            ambiente: "sandbox" | "producao";
                            /** Format: date-time */
                            criado_em: string;
                            dados: Record<string, unknown>;
                            /** @description Equals X-Service-Event-Id of deliveries */
                            id: string;
                            tipo: string;
                        }[];
                        proximo_cursor: string;
                    };
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    listLotes: {
        parameters: {
            query?: {
                cursor?: string;
                /** @description Page size, 20 by default; 1..100, anything else → 400 parametro_invalido */
                limite?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        dados: components["schemas"]["Lote"][];
                        proximo_cursor: string | null;
                    };
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    createLote: {
        parameters: {
            query?: never;
            header?: {
                /** @description Free text (a UUID serves). Same key and body → the stored first response for 30 days. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Test keys only: the simulator scenario of every note of the batch (see POST /v1/nfse) */
                "X-Service-Simular"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default emitir_validas
                     * @enum {string}
                     */
                    ao_validar?: "emitir_validas" | "aguardar";
                    empresa_id?: string;
                    itens: Record<string, unknown>[];
                };
                "multipart/form-data": {
                    /** @enum {string} */
                    ao_validar?: "emitir_validas" | "aguardar";
                    empresa_id?: string;
                    /** @description The .xlsx file */
                    planilha: string;
                };
            };
        };
        responses: {
            /** @description The batch, `validando` */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Lote"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    getLote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Lote"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    emitLote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    linhas?: number[];
                    todas?: boolean;
                };
            };
        };
        responses: {
            /** @description The batch, `processando` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Lote"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    listLoteItens: {
        parameters: {
            query?: {
                cursor?: string;
                /** @description Page size, 100 by default; 1..500, anything else → 400 parametro_invalido */
                limite?: number;
                /** @description The status the line shows */
                status?: "com_erro_validacao" | "ja_existente" | "aguardando_emissao" | "descartada" | "transmitindo" | "autorizada" | "rejeitada" | "cancelada" | "aguardando_confirmacao" | "falha_transmissao";
            };
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        dados: components["schemas"]["LoteItem"][];
                        proximo_cursor: string | null;
                    };
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    getLoteReport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The spreadsheet */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    reprocessLote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    itens: {
                        linha: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description The batch */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Lote"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    listMunicipios: {
        parameters: {
            query?: {
                /** @description proximo_cursor of the previous page */
                cursor?: string;
                /** @description Page size, 20 by default; 1..100, anything else → 400 parametro_invalido */
                limite?: number;
                /** @description Words of the name (accents and case ignored) */
                q?: string;
                /** @description State abbreviation */
                uf?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page; `versao` and `fonte` name the official table */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        fonte: string;
                        itens: {
                            codigo: string;
                            nome: string;
                            uf: string;
                        }[];
                        proximo_cursor: string | null;
                        versao: string;
                    };
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    getMunicipio: {
        parameters: {
            query?: {
                /** @description nBM, the municipal benefit's 14 digits */
                beneficio?: string;
                /** @description cTribNac, six digits */
                codigo_servico?: string;
                /** @description AAAA-MM (default: the current month) */
                competencia?: string;
            };
            header?: never;
            path: {
                /** @description IBGE code (seven digits) */
                ibge: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The municipality */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MunicipioDetalhe"];
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    listNfe: {
        parameters: {
            query?: {
                /** @description Created at or before: date-time, or a date (= through the end of that day, Brasília time); before desde → 400. */
                ate?: components["parameters"]["NotasAte"];
                /** @description The whole access key, digits only. */
                chave?: components["parameters"]["NotasChave"];
                cursor?: string;
                /** @description Created at or after: ISO 8601 date-time with offset, or a date (AAAA-MM-DD = from 00:00 Brasília time). */
                desde?: components["parameters"]["NotasDesde"];
                /** @description Only this company's notes (another company of a restricted key → 403 acesso_negado). */
                empresa_id?: components["parameters"]["NotasEmpresaId"];
                /** @description Page size, 50 by default; 1..100, anything else → 400 parametro_invalido */
                limite?: number;
                /** @description The note's number, 1 to 15 digits: NF-e `numero`; NFS-e the authority's `numero` or the DPS number (`numero_dps`). */
                numero?: components["parameters"]["NotasNumero"];
                /** @description Only notes whose referencia starts with this text. */
                referencia?: components["parameters"]["NotasReferencia"];
                /** @description Only notes in this status (spec 3.3 name); unknown → 400 parametro_invalido */
                status?: string;
                /**
                 * @description The taker (NFS-e `tomador`) or recipient (NF-e `destinatario`). Only digits (dots, dashes, slashes and
                 *     spaces ignored), 3 to 14: the CPF/CNPJ starts with them. Anything else: part of the name, 3 to 100
                 *     characters, whatever its case and accents (`joao` finds "JOÃO DA SILVA").
                 */
                tomador?: components["parameters"]["NotasTomador"];
                /** @description The note's value at most this (inclusive); below valor_min → 400. */
                valor_max?: components["parameters"]["NotasValorMax"];
                /** @description The note's value (NFS-e `valor`, NF-e `valor_total`) at least this: decimal with a point, up to 2 places (1500.00). */
                valor_min?: components["parameters"]["NotasValorMin"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        dados: components["schemas"]["Nfe"][];
                        proximo_cursor: string | null;
                    };
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    createNfe: {
        parameters: {
            query?: never;
            header?: {
                /** @description Free text (a UUID serves). Same key and body → the stored first response for 30 days. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                Prefer?: string;
                /** @description Test keys only: autorizar, rejeitar, rejeitar:NNN (cStat), denegar, timeout, duplicidade, lento, uf_fora[:N] (the UF authoriser refuses the first N sends, default 1 → EPEC) */
                "X-Service-Simular"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NfeRequest"];
            };
        };
        responses: {
            /** @description Authorised */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Nfe"];
                };
            };
            /** @description Still pending (do not repeat the creation) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Nfe"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    getNfe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The NF-e id, its referencia or its 44-character chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The note */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Nfe"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    cancelNfe: {
        parameters: {
            query?: never;
            header?: {
                /** @description Free text (a UUID serves). Same key and body → the stored first response for 30 days. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Test keys only: autorizar, rejeitar, rejeitar:NNN (cStat), timeout (registered, answer lost) */
                "X-Service-Simular"?: string;
            };
            path: {
                /** @description The NF-e id, its referencia or its 44-character chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description xJust (TJust): one line, no leading or trailing blanks */
                    justificativa: string;
                };
            };
        };
        responses: {
            /** @description The note, `cancelada` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Nfe"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    registerNfeCartaCorrecao: {
        parameters: {
            query?: never;
            header?: {
                /** @description Free text (a UUID serves). Same key and body → the stored first response for 30 days. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Test keys only: autorizar, rejeitar, rejeitar:NNN (cStat), timeout (registered, answer lost) */
                "X-Service-Simular"?: string;
            };
            path: {
                /** @description The NF-e id, its referencia or its 44-character chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description xCorrecao: one line, no leading or trailing blanks */
                    correcao: string;
                };
            };
        };
        responses: {
            /** @description Registered */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        aviso: {
                            /** @enum {string} */
                            codigo: "carta_correcao_limites";
                            mensagem: string;
                        };
                        carta_correcao: components["schemas"]["NfeEvento"];
                        nfe: components["schemas"]["Nfe"];
                    };
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    correctNfe: {
        parameters: {
            query?: never;
            header?: {
                /** @description Free text (a UUID serves). Same key and body → the stored first response for 30 days. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                Prefer?: string;
                /** @description Test keys only: autorizar, rejeitar, rejeitar:NNN (cStat), denegar, timeout, duplicidade, lento */
                "X-Service-Simular"?: string;
            };
            path: {
                /** @description The NF-e id, its referencia or its 44-character chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NfeRequest"];
            };
        };
        responses: {
            /** @description Authorised */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Nfe"];
                };
            };
            /** @description Still pending */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Nfe"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    discardNfe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The NF-e id, its referencia or its 44-character chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The note, descartada */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Nfe"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    getNfeEventoXml: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An id of the note's `eventos` */
                evento_id: string;
                /** @description The NF-e id, its referencia or its 44-character chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description procEventoNFe (procEventoCancNFe_v1.00.xsd / procCCeNFe_v1.00.xsd) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    getNfePdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The NF-e id, its referencia or its chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description DANFE */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    getNfeXml: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The NF-e id, its referencia or its chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description nfeProc (procNFe_v4.00.xsd) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    getNfeCobertura: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The coverage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ibs_cbs: {
                            aliquotas?: string;
                            fora_do_motor?: string;
                            grupos?: string[];
                        };
                        icms: {
                            aliquotas?: string;
                            /** @description Where and how cBenef is required and validated */
                            c_benef?: string;
                            csosn?: string[];
                            cst?: string[];
                            difal?: string;
                            /** @description The members of the product's ICMS profile the engine reads (company tax rules override them) */
                            perfil?: string;
                        };
                        icms_st: {
                            produtos?: string;
                            segmento_cest?: string;
                            ufs_destino?: string[];
                        }[];
                        ipi: {
                            aliquota?: string;
                            cst?: string[];
                        };
                        limites: string[];
                        operacoes_calculadas: string[];
                        operacoes_informadas: string[];
                        pis_cofins: {
                            cst?: string[];
                            regimes?: string;
                        };
                        regimes: string[];
                        ufs: string[];
                    };
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    exportNfe: {
        parameters: {
            query: {
                /** @description Created at or before: date-time, or a date (= through the end of that day, Brasília time); before desde → 400. */
                ate?: components["parameters"]["NotasAte"];
                /** @description The whole access key, digits only. */
                chave?: components["parameters"]["NotasChave"];
                /** @description Created at or after: ISO 8601 date-time with offset, or a date (AAAA-MM-DD = from 00:00 Brasília time). */
                desde?: components["parameters"]["NotasDesde"];
                /** @description Only this company's notes (another company of a restricted key → 403 acesso_negado). */
                empresa_id?: components["parameters"]["NotasEmpresaId"];
                /** @description csv or zip */
                formato: "csv" | "zip";
                /** @description The note's number, 1 to 15 digits: NF-e `numero`; NFS-e the authority's `numero` or the DPS number (`numero_dps`). */
                numero?: components["parameters"]["NotasNumero"];
                /** @description Only notes whose referencia starts with this text. */
                referencia?: components["parameters"]["NotasReferencia"];
                /** @description As in GET /v1/nfe: only notes in this status; unknown → 400 parametro_invalido */
                status?: string;
                /**
                 * @description The taker (NFS-e `tomador`) or recipient (NF-e `destinatario`). Only digits (dots, dashes, slashes and
                 *     spaces ignored), 3 to 14: the CPF/CNPJ starts with them. Anything else: part of the name, 3 to 100
                 *     characters, whatever its case and accents (`joao` finds "JOÃO DA SILVA").
                 */
                tomador?: components["parameters"]["NotasTomador"];
                /** @description The note's value at most this (inclusive); below valor_min → 400. */
                valor_max?: components["parameters"]["NotasValorMax"];
                /** @description The note's value (NFS-e `valor`, NF-e `valor_total`) at least this: decimal with a point, up to 2 places (1500.00). */
                valor_min?: components["parameters"]["NotasValorMin"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export, streamed */
            200: {
                headers: {
                    /** @description attachment; filename="nfe-exportacao-AAAAMMDDTHHMMSSZ.csv" (or .zip) */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                    "text/csv": string;
                };
            };
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            429: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    listNfeInutilizacoes: {
        parameters: {
            query?: {
                cursor?: string;
                /** @description Only this company's ranges */
                empresa_id?: string;
                /** @description Page size, 50 by default; 1..100, anything else → 400 parametro_invalido */
                limite?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page; stop when proximo_cursor is null */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        dados: components["schemas"]["NfeInutilizacao"][];
                        proximo_cursor: string | null;
                    };
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    inutilizeNfe: {
        parameters: {
            query?: never;
            header?: {
                /** @description Free text (a UUID serves). Same key and body → the stored first response for 30 days. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NfeInutilizacaoRequest"];
            };
        };
        responses: {
            /** @description Homologated (cStat 102) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NfeInutilizacao"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    previewNfe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NfeRequest"];
            };
        };
        responses: {
            /** @description The preview */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NfePreview"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    listNfse: {
        parameters: {
            query?: {
                /** @description Created at or before: date-time, or a date (= through the end of that day, Brasília time); before desde → 400. */
                ate?: components["parameters"]["NotasAte"];
                /** @description The whole access key, digits only. */
                chave?: components["parameters"]["NotasChave"];
                cursor?: string;
                /** @description Created at or after: ISO 8601 date-time with offset, or a date (AAAA-MM-DD = from 00:00 Brasília time). */
                desde?: components["parameters"]["NotasDesde"];
                /** @description Only this company's notes (another company of a restricted key → 403 acesso_negado). */
                empresa_id?: components["parameters"]["NotasEmpresaId"];
                /** @description Page size, 50 by default; 1..100. Only this list brings any other value within the bounds (0 → 1, 500 → 100, text → 50) instead of refusing it */
                limite?: number;
                /** @description The note's number, 1 to 15 digits: NF-e `numero`; NFS-e the authority's `numero` or the DPS number (`numero_dps`). */
                numero?: components["parameters"]["NotasNumero"];
                /** @description Only notes whose referencia starts with this text. */
                referencia?: components["parameters"]["NotasReferencia"];
                status?: "transmitindo" | "autorizada" | "rejeitada" | "cancelada" | "aguardando_confirmacao" | "falha_transmissao" | "descartada";
                /**
                 * @description The taker (NFS-e `tomador`) or recipient (NF-e `destinatario`). Only digits (dots, dashes, slashes and
                 *     spaces ignored), 3 to 14: the CPF/CNPJ starts with them. Anything else: part of the name, 3 to 100
                 *     characters, whatever its case and accents (`joao` finds "JOÃO DA SILVA").
                 */
                tomador?: components["parameters"]["NotasTomador"];
                /** @description The note's value at most this (inclusive); below valor_min → 400. */
                valor_max?: components["parameters"]["NotasValorMax"];
                /** @description The note's value (NFS-e `valor`, NF-e `valor_total`) at least this: decimal with a point, up to 2 places (1500.00). */
                valor_min?: components["parameters"]["NotasValorMin"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        dados: components["schemas"]["Nfse"][];
                        proximo_cursor: string | null;
                    };
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    issueNfse: {
        parameters: {
            query?: never;
            header?: {
                /** @description Free text (a UUID serves). Same key and body → the stored first response for 30 days. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                Prefer?: string;
                /** @description Test keys only: autorizar, rejeitar, rejeitar:E0xxx or rejeitar:E0xxx,E0yyy (up to four codes, each a condition of the simulated national side; a code with an automatic correction rejects only a DPS carrying its defect), timeout, indisponibilidade, competencia_encerrada, falha_transmissao, falha_transmissao:nao, processamento_lento */
                "X-Service-Simular"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NfseRequest"];
            };
        };
        responses: {
            /** @description Authorised */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Nfse"];
                };
            };
            /** @description Still transmitting (do not repeat the creation) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Nfse"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    getNfse: {
        parameters: {
            query?: {
                /** @description Disambiguates a referencia used by several companies (409 referencia_ambigua without it); not a company id → 400 parametro_invalido */
                empresa_id?: string;
            };
            header?: never;
            path: {
                /** @description The note id, its referencia or its 50-character chave_acesso (letters only in an alphanumeric CNPJ) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The note with its timeline */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Nfse"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    cancelNfse: {
        parameters: {
            query?: never;
            header?: {
                /** @description Test keys only: autorizar, rejeitar, rejeitar:E0xxx, timeout, indisponibilidade, falha_transmissao, falha_transmissao:nao, processamento_lento */
                "X-Service-Simular"?: string;
            };
            path: {
                /** @description The note id, its referencia or its chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description National cMotivo (TSCodJustCanc)
                     * @enum {string}
                     */
                    codigo_motivo: "1" | "2" | "9";
                    /** @description National xMotivo (TSMotivo) */
                    motivo: string;
                };
            };
        };
        responses: {
            /** @description The note, `cancelada` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Nfse"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    confirmNfse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    competencia?: string;
                };
            };
        };
        responses: {
            /** @description The note, back in transmission */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Nfse"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    requestNfseEmail: {
        parameters: {
            query?: never;
            header?: {
                /** @description Free text (a UUID serves). Same key and body → the stored first response for 30 days. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The note id, its referencia or its chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description E-mail addresses, 1 to 10, each once */
                    destinatarios: string[];
                };
            };
        };
        responses: {
            /** @description The e-mail, queued (`status` pendente) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NfseEmail"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    getNfsePdf: {
        parameters: {
            query?: {
                /** @description Disambiguates a referencia used by several companies (409 referencia_ambigua without it); not a company id → 400 parametro_invalido */
                empresa_id?: string;
            };
            header?: never;
            path: {
                /** @description The note id, its referencia or its chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description DANFSe */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    getNfseXml: {
        parameters: {
            query?: {
                /** @description Disambiguates a referencia used by several companies (409 referencia_ambigua without it); not a company id → 400 parametro_invalido */
                empresa_id?: string;
            };
            header?: never;
            path: {
                /** @description The note id, its referencia or its chave_acesso */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description NFS-e XML (NFSe_v1.01.xsd) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    exportNfse: {
        parameters: {
            query: {
                /** @description Created at or before: date-time, or a date (= through the end of that day, Brasília time); before desde → 400. */
                ate?: components["parameters"]["NotasAte"];
                /** @description The whole access key, digits only. */
                chave?: components["parameters"]["NotasChave"];
                /** @description Created at or after: ISO 8601 date-time with offset, or a date (AAAA-MM-DD = from 00:00 Brasília time). */
                desde?: components["parameters"]["NotasDesde"];
                /** @description Only this company's notes (another company of a restricted key → 403 acesso_negado). */
                empresa_id?: components["parameters"]["NotasEmpresaId"];
                /** @description csv or zip */
                formato: "csv" | "zip";
                /** @description The note's number, 1 to 15 digits: NF-e `numero`; NFS-e the authority's `numero` or the DPS number (`numero_dps`). */
                numero?: components["parameters"]["NotasNumero"];
                /** @description Only notes whose referencia starts with this text. */
                referencia?: components["parameters"]["NotasReferencia"];
                /** @description As in GET /v1/nfse */
                status?: "transmitindo" | "autorizada" | "rejeitada" | "cancelada" | "aguardando_confirmacao" | "falha_transmissao" | "descartada";
                /**
                 * @description The taker (NFS-e `tomador`) or recipient (NF-e `destinatario`). Only digits (dots, dashes, slashes and
                 *     spaces ignored), 3 to 14: the CPF/CNPJ starts with them. Anything else: part of the name, 3 to 100
                 *     characters, whatever its case and accents (`joao` finds "JOÃO DA SILVA").
                 */
                tomador?: components["parameters"]["NotasTomador"];
                /** @description The note's value at most this (inclusive); below valor_min → 400. */
                valor_max?: components["parameters"]["NotasValorMax"];
                /** @description The note's value (NFS-e `valor`, NF-e `valor_total`) at least this: decimal with a point, up to 2 places (1500.00). */
                valor_min?: components["parameters"]["NotasValorMin"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export, streamed */
            200: {
                headers: {
                    /** @description attachment; filename="nfse-exportacao-AAAAMMDDTHHMMSSZ.csv" (or .zip) */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                    "text/csv": string;
                };
            };
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            429: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    validateNfse: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NfseRequest"];
            };
        };
        responses: {
            /** @description Validation result with adjustments and readiness */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ajustes: components["schemas"]["Adjustment"][];
                        erros: components["schemas"]["ErrorItem"][];
                        prontidao: null | components["schemas"]["Readiness"];
                        regras_versao: string;
                        valida: boolean;
                    };
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    listProdutos: {
        parameters: {
            query?: {
                cursor?: string;
                /** @description Only this company's products (default: the restricted key's company, else all) */
                empresa_id?: string;
                /** @description Page size, 50 by default; 1..200, anything else → 400 parametro_invalido */
                limite?: number;
                /** @description Only products with this NCM (8 digits) */
                ncm?: string;
                /** @description Only SKUs starting with this text */
                sku_prefixo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page; stop when proximo_cursor is null */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        dados: components["schemas"]["Produto"][];
                        proximo_cursor: string | null;
                    };
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    createProduto: {
        parameters: {
            query?: never;
            header?: {
                /** @description Free text (a UUID serves). Same key and body → the stored first response for 30 days. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProdutoCreate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Produto"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    getProduto: {
        parameters: {
            query?: {
                /** @description Needed only when the SKU exists in more than one company of the account (else 409 sku_ambiguo) */
                empresa_id?: string;
            };
            header?: never;
            path: {
                sku: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Produto"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    deleteProduto: {
        parameters: {
            query?: {
                /** @description Needed only when the SKU exists in more than one company of the account (else 409 sku_ambiguo) */
                empresa_id?: string;
            };
            header?: never;
            path: {
                sku: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Problem"];
        };
    };
    updateProduto: {
        parameters: {
            query?: {
                /** @description Needed only when the SKU exists in more than one company of the account (else 409 sku_ambiguo) */
                empresa_id?: string;
            };
            header?: never;
            path: {
                sku: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProdutoUpdate"];
            };
        };
        responses: {
            /** @description The product after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Produto"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    listRequisicoes: {
        parameters: {
            query?: {
                /** @description Calls at or before: date-time, or a date (= through the end of that day, Brasília time); before desde → 400 */
                ate?: string;
                /** @description proximo_cursor of the previous page */
                cursor?: string;
                /** @description Calls at or after: ISO 8601 date-time with offset, or a date (AAAA-MM-DD = from 00:00 Brasília time) */
                desde?: string;
                /** @description Page size, 50 by default; 1..200, anything else → 400 parametro_invalido */
                limite?: number;
                /** @description The X-Request-Id of one call */
                requisicao_id?: string;
                /** @description Only calls of this route template, exactly as listed (/v1/nfse/{id}, /graphql) */
                rota?: string;
                /** @description Only answers with this HTTP status */
                status?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        dados: components["schemas"]["Requisicao"][];
                        proximo_cursor: string | null;
                    };
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    listServicos: {
        parameters: {
            query?: {
                /** @description proximo_cursor of the previous page */
                cursor?: string;
                /** @description Page size, 20 by default; 1..100, anything else → 400 parametro_invalido */
                limite?: number;
                /** @description Code prefix ("01", "01.07", "0107") or words of the description (accents and case ignored) */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page; `versao` and `fonte` name the official table */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        fonte: string;
                        itens: components["schemas"]["Servico"][];
                        proximo_cursor: string | null;
                        versao: string;
                    };
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    getServico: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description cTribNac, six digits, with or without dots (01.07.01) */
                codigo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service code, with the table's `versao` and `fonte` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Servico"] & {
                        fonte: string;
                        versao: string;
                    };
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    getUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Usage of the cycle */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            default: components["responses"]["NestError"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Webhooks, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"][];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Free text (a UUID serves). Same key and body → the stored first response for 30 days. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookCreate"];
            };
        };
        responses: {
            /** @description Created, with the secret */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Problem"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookUpdate"];
            };
        };
        responses: {
            /** @description The webhook after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                cursor?: string;
                /** @description Page size, 50 by default; 1..200, anything else → 400 parametro_invalido */
                limite?: number;
                /** @description pendente, entregue or falhou (else 400) */
                status?: string;
            };
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page; stop when proximo_cursor is null */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entregas: components["schemas"]["WebhookDelivery"][];
                        proximo_cursor: string | null;
                    };
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    resendWebhookEvents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ate?: string;
                    desde?: string;
                    evento_id?: string;
                    lote_id?: string;
                };
            };
        };
        responses: {
            /** @description Deliveries queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        continuar_desde: string | null;
                        /** @description Events queued by this call */
                        total: number;
                    };
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook with its new secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description X-Service-Delivery-Id */
                        entrega_id: string;
                        /** @description X-Service-Event-Id; equals dados.testeId */
                        evento_id: string;
                        status: string;
                        /** @constant */
                        tipo: "webhook.teste";
                    };
                };
            };
            default: components["responses"]["Problem"];
        };
    };
}
