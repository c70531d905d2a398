-- What a provider keeps about the document it built, so it never reads its own data back out of the signed XML.
ALTER TABLE "nfse" ADD COLUMN "dados_documento" JSONB;

-- The notes already built take the same values from their stored documents, which hold them as they were built.
-- São Paulo (document ids `SP-<CCM>-<série>-<número>`): the layout of the header, the sender's CNPJ, the service
-- code and the RPS issue date.
UPDATE "nfse" SET "dados_documento" = jsonb_build_object(
  'leiaute', CASE WHEN strpos("dps_xml", '<Cabecalho xmlns="" Versao="2"') > 0 THEN 2 ELSE 1 END,
  'cnpjRemetente', coalesce((regexp_match("dps_xml", '<CPFCNPJRemetente><CNPJ>([^<]+)</CNPJ>'))[1], ''),
  'codigoServico', (regexp_match("dps_xml", '<CodigoServico>([0-9]+)</CodigoServico>'))[1],
  'dataEmissao', (regexp_match("dps_xml", '<DataEmissao>([^<]+)</DataEmissao>'))[1])
WHERE "dps_id" LIKE 'SP-%' AND "dps_xml" IS NOT NULL;

-- ABRASF (document ids `RPS<IBGE>…`): the operation the document's root names and the provider's municipal
-- registration (the first one outside the recipient's identification).
UPDATE "nfse" SET "dados_documento" = jsonb_build_object(
  'operacao', CASE
    WHEN "dps_xml" ~ '^<GerarNfseEnvio[\s>]' THEN 'GerarNfse'
    WHEN "dps_xml" ~ '^<EnviarLoteRpsSincronoEnvio[\s>]' THEN 'RecepcionarLoteRpsSincrono'
    WHEN "dps_xml" ~ '^<SubstituirNfseEnvio[\s>]' THEN 'SubstituirNfse'
  END,
  'inscricaoMunicipal', btrim((regexp_match(
    regexp_replace("dps_xml", '<IdentificacaoTomador>.*?</IdentificacaoTomador>', '', 'g'),
    '<InscricaoMunicipal>([^<]*)</InscricaoMunicipal>'))[1]))
WHERE "dps_id" LIKE 'RPS%' AND "dps_xml" IS NOT NULL;
