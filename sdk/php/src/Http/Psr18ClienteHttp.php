<?php

declare(strict_types=1);

namespace FiscalApi\Http;

/**
 * The transport over any PSR-18 HTTP client (Guzzle 7, Symfony HttpClient's Psr18Client, …), with the PSR-17
 * factories that build its requests:
 *
 *     $http = new Psr18ClienteHttp($cliente, $fabricaDeRequisicoes, $fabricaDeStreams);
 *     $fiscal = new FiscalApi(chaveApi: $chave, http: $http);
 *
 * The library does not require psr/http-client: the arguments are typed by what they must do (sendRequest,
 * createRequest, createStream), so the adapter works wherever those packages are installed, and nothing of them
 * is loaded where it is not used. PSR-18 has no per-request time limit: configure the client's own timeout above
 * the longest attempt you make (the Prefer: wait you ask plus 10 s, or tempoLimiteMs). Without a response
 * (Psr\Http\Client\NetworkExceptionInterface) the attempt is a FalhaDeConexao and is retried like the default
 * transport's; any other client exception means a request that cannot be sent and goes to the caller.
 */
final class Psr18ClienteHttp implements ClienteHttp
{
    /**
     * @param object $cliente a Psr\Http\Client\ClientInterface: sendRequest(RequestInterface): ResponseInterface
     * @param object $fabricaDeRequisicoes a Psr\Http\Message\RequestFactoryInterface: createRequest($metodo, $uri)
     * @param object $fabricaDeStreams a Psr\Http\Message\StreamFactoryInterface: createStream($conteudo)
     */
    public function __construct(
        private readonly object $cliente,
        private readonly object $fabricaDeRequisicoes,
        private readonly object $fabricaDeStreams,
    ) {
        foreach ([[$cliente, 'sendRequest'], [$fabricaDeRequisicoes, 'createRequest'], [$fabricaDeStreams, 'createStream']] as [$objeto, $metodo]) {
            if (!method_exists($objeto, $metodo)) {
                throw new \InvalidArgumentException(sprintf('%s não tem o método %s de PSR-18/PSR-17', $objeto::class, $metodo));
            }
        }
    }

    public function enviar(Requisicao $requisicao): RespostaHttp
    {
        $psr = $this->fabricaDeRequisicoes->createRequest($requisicao->metodo, $requisicao->url);
        foreach ($requisicao->cabecalhos as $nome => $valor) {
            $psr = $psr->withHeader($nome, $valor);
        }
        if ($requisicao->corpo !== null) {
            $psr = $psr->withBody($this->fabricaDeStreams->createStream($requisicao->corpo));
        }
        try {
            $resposta = $this->cliente->sendRequest($psr);
        } catch (\Psr\Http\Client\NetworkExceptionInterface $falha) {
            throw new FalhaDeConexao($falha->getMessage(), self::tempoEsgotado($falha));
        }
        $cabecalhos = [];
        foreach ($resposta->getHeaders() as $nome => $valores) {
            $cabecalhos[strtolower((string) $nome)] = implode(', ', (array) $valores);
        }
        return new RespostaHttp($resposta->getStatusCode(), $cabecalhos, (string) $resposta->getBody());
    }

    /** PSR-18 has no timeout exception of its own: the clients say it in the message (cURL error 28, "timed out"). */
    private static function tempoEsgotado(\Throwable $falha): bool
    {
        return (bool) preg_match('/timed? ?out|timeout|cURL error 28/i', $falha->getMessage());
    }
}
