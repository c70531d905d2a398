<?php

declare(strict_types=1);

namespace FiscalApi\Http;

/** The default transport, over ext-curl. */
final class CurlClienteHttp implements ClienteHttp
{
    public function enviar(Requisicao $requisicao): RespostaHttp
    {
        $curl = curl_init($requisicao->url);
        $cabecalhos = [];
        foreach ($requisicao->cabecalhos as $nome => $valor) {
            $cabecalhos[] = "$nome: $valor";
        }
        $recebidos = [];
        curl_setopt_array($curl, [
            CURLOPT_CUSTOMREQUEST => $requisicao->metodo,
            CURLOPT_HTTPHEADER => array_merge($cabecalhos, ['Expect:']),
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_TIMEOUT_MS => $requisicao->tempoLimiteMs,
            CURLOPT_CONNECTTIMEOUT_MS => min(10000, $requisicao->tempoLimiteMs),
            CURLOPT_FOLLOWLOCATION => false,
            CURLOPT_HEADERFUNCTION => static function ($curl, string $linha) use (&$recebidos): int {
                $partes = explode(':', $linha, 2);
                if (count($partes) === 2) {
                    $recebidos[strtolower(trim($partes[0]))] = trim($partes[1]);
                }
                return strlen($linha);
            },
        ]);
        if ($requisicao->corpo !== null) {
            curl_setopt($curl, CURLOPT_POSTFIELDS, $requisicao->corpo);
        }
        $corpo = curl_exec($curl);
        if ($corpo === false) {
            $erro = curl_error($curl);
            $codigo = curl_errno($curl);
            curl_close($curl);
            throw new FalhaDeConexao($erro, $codigo === CURLE_OPERATION_TIMEDOUT);
        }
        $status = (int) curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
        curl_close($curl);
        return new RespostaHttp($status, $recebidos, (string) $corpo);
    }
}
