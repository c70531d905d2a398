<?php

declare(strict_types=1);

// psr/http-client cannot be installed here: its network exception interface is declared as the package declares it,
// so that the adapter's catch is exercised as it is where the package is installed.
namespace Psr\Http\Client {
    if (!interface_exists(NetworkExceptionInterface::class)) {
        interface NetworkExceptionInterface extends \Throwable
        {
        }
    }
}

namespace FiscalApi\Tests {
    use FiscalApi\FiscalApi;
    use FiscalApi\Http\Psr18ClienteHttp;
    use FiscalApi\Modelos;
    use PHPUnit\Framework\TestCase;

    /** The PSR-18 adapter over a small client of the same methods (sendRequest, createRequest, createStream). */
    final class Psr18Test extends TestCase
    {
        public function testEmiteELeUmaNotaPorUmClientePsr18ERepeteAFalhaDeRede(): void
        {
            $url = getenv('FISCAL_API_URL');
            $chave = getenv('FISCAL_API_KEY');
            if (!$url || !$chave) {
                throw new \RuntimeException('FISCAL_API_URL não definido: rode pela suíte do serviço (test/sdk/php-client.test.ts)');
            }
            $fabrica = new FabricaPsr17();
            $cliente = new ClientePsr18(falhasDeRede: 1);
            $fiscal = new FiscalApi(chaveApi: $chave, urlBase: $url, http: new Psr18ClienteHttp($cliente, $fabrica, $fabrica), esperaInicialMs: 10);
            $referencia = 'psr18-' . bin2hex(random_bytes(6));
            $nota = $fiscal->nfse->emitir([
                'empresa_id' => getenv('FISCAL_EMPRESA_ID'),
                'referencia' => $referencia,
                'tomador' => ['documento' => '54550752000155', 'nome' => 'Cliente Ltda'],
                'valor' => '1500.00',
                'servico' => ['descricao' => 'Desenvolvimento de sistema sob encomenda'],
            ]);
            self::assertInstanceOf(Modelos\Nfse::class, $nota);
            self::assertSame(['autorizada', $referencia], [$nota->status, $nota->referencia]);
            self::assertSame($nota->id, $fiscal->nfse->obter($referencia)->id);
            // The network failure was repeated with the same key; the GET carried none.
            self::assertCount(3, $cliente->enviadas);
            self::assertSame($cliente->enviadas[0]->getHeaders()['idempotency-key'], $cliente->enviadas[1]->getHeaders()['idempotency-key']);
            self::assertArrayNotHasKey('idempotency-key', $cliente->enviadas[2]->getHeaders());
            self::assertStringStartsWith('fiscal-api-sdk-php/', $cliente->enviadas[1]->getHeaders()['user-agent'][0]);
        }

        public function testRecusaUmObjetoQueNaoEClientePsr18(): void
        {
            $this->expectException(\InvalidArgumentException::class);
            new Psr18ClienteHttp(new \stdClass(), new FabricaPsr17(), new FabricaPsr17());
        }
    }

    /** createRequest and createStream of PSR-17. */
    final class FabricaPsr17
    {
        public function createRequest(string $method, string $uri): RequisicaoPsr7
        {
            return new RequisicaoPsr7($method, $uri, [], '');
        }

        public function createStream(string $content = ''): string
        {
            return $content;
        }
    }

    /** The part of a PSR-7 request the adapter and this client use. */
    final class RequisicaoPsr7
    {
        /** @param array<string, list<string>> $headers */
        public function __construct(private string $method, private string $uri, private array $headers, private string $body)
        {
        }

        public function withHeader(string $name, string $value): self
        {
            $copy = clone $this;
            $copy->headers[strtolower($name)] = [$value];
            return $copy;
        }

        public function withBody(string $body): self
        {
            $copy = clone $this;
            $copy->body = $body;
            return $copy;
        }

        public function getMethod(): string
        {
            return $this->method;
        }

        public function getUri(): string
        {
            return $this->uri;
        }

        /** @return array<string, list<string>> */
        public function getHeaders(): array
        {
            return $this->headers;
        }

        public function getBody(): string
        {
            return $this->body;
        }
    }

    /** The part of a PSR-7 response the adapter reads. */
    final class RespostaPsr7
    {
        /** @param array<string, list<string>> $headers */
        public function __construct(private int $status, private array $headers, private string $body)
        {
        }

        public function getStatusCode(): int
        {
            return $this->status;
        }

        /** @return array<string, list<string>> */
        public function getHeaders(): array
        {
            return $this->headers;
        }

        public function getBody(): string
        {
            return $this->body;
        }
    }

    final class FalhaDeRede extends \RuntimeException implements \Psr\Http\Client\NetworkExceptionInterface
    {
    }

    /** sendRequest of PSR-18 over PHP's own HTTP stream (not the library's cURL transport). */
    final class ClientePsr18
    {
        /** @var list<RequisicaoPsr7> */
        public array $enviadas = [];

        public function __construct(private int $falhasDeRede = 0)
        {
        }

        public function sendRequest(RequisicaoPsr7 $requisicao): RespostaPsr7
        {
            $this->enviadas[] = $requisicao;
            if ($this->falhasDeRede-- > 0) {
                throw new FalhaDeRede('Connection refused');
            }
            $linhas = [];
            foreach ($requisicao->getHeaders() as $nome => $valores) {
                $linhas[] = $nome . ': ' . implode(', ', $valores);
            }
            $contexto = stream_context_create(['http' => [
                'method' => $requisicao->getMethod(),
                'header' => implode("\r\n", $linhas),
                'content' => $requisicao->getBody(),
                'ignore_errors' => true,
                'timeout' => 60,
            ]]);
            $corpo = file_get_contents($requisicao->getUri(), false, $contexto);
            $cabecalhos = [];
            $status = 0;
            foreach ($http_response_header as $linha) {
                if (preg_match('#^HTTP/\S+ (\d{3})#', $linha, $m)) {
                    $status = (int) $m[1];
                } elseif (str_contains($linha, ':')) {
                    [$nome, $valor] = explode(':', $linha, 2);
                    $cabecalhos[$nome][] = trim($valor);
                }
            }
            return new RespostaPsr7($status, $cabecalhos, (string) $corpo);
        }
    }
}
