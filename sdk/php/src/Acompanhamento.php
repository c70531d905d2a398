<?php

declare(strict_types=1);

namespace FiscalApi;

use FiscalApi\Recursos\Nfse;

/**
 * Live status over the service's GraphQL subscriptions: a minimal websocket client (RFC 6455, text frames) speaking
 * graphql-ws's protocol (graphql-transport-ws), with no dependency beyond the standard streams.
 */
final class Acompanhamento
{
    private const SUBSCRIPTION = 'subscription Acompanhar($id: ID!) { nfseAtualizada(id: $id) { id status } }';

    /** @var resource|null */
    private $socket = null;
    private float $prazo = 0.0;

    public function __construct(private readonly Api $api, private readonly Nfse $nfse)
    {
    }

    /** @return \Generator<int, Modelos\Nfse> see Nfse::acompanhar */
    public function nfse(string $id, bool $continuar, int $timeoutSegundos): \Generator
    {
        $terminou = static fn (Modelos\Nfse $nota) => !$continuar && $nota['status'] !== 'transmitindo';
        $atual = $this->nfse->obter($id);
        if ($terminou($atual)) {
            yield $atual;
            return;
        }
        $this->prazo = microtime(true) + $timeoutSegundos;
        try {
            $this->conectar();
            $this->enviarMensagem(['type' => 'connection_init', 'payload' => ['authorization' => "Bearer {$this->api->chaveApi}"]]);
            $this->esperarTipo('connection_ack');
            $this->enviarMensagem(['id' => '1', 'type' => 'subscribe', 'payload' => ['query' => self::SUBSCRIPTION, 'variables' => ['id' => $atual['id']]]]);
            // Read again once subscribed: a change between the first read and the subscription is not lost.
            $ultimo = $this->nfse->obter($atual['id']);
            yield $ultimo;
            if ($terminou($ultimo)) {
                return;
            }
            while (true) {
                $mensagem = $this->lerMensagem();
                if ($mensagem === null || $mensagem['type'] === 'complete') {
                    return;
                }
                if ($mensagem['type'] === 'error') {
                    throw new FiscalApiError(status: 0, codigo: 'erro_de_assinatura', mensagem: json_encode($mensagem['payload'] ?? null, JSON_UNESCAPED_UNICODE) ?: 'erro');
                }
                if ($mensagem['type'] !== 'next') {
                    continue;
                }
                $nota = $this->nfse->obter($atual['id']);
                if ($nota['status'] === $ultimo['status'] && ($nota['atualizada_em'] ?? null) === ($ultimo['atualizada_em'] ?? null)) {
                    continue;
                }
                $ultimo = $nota;
                yield $nota;
                if ($terminou($nota)) {
                    return;
                }
            }
        } finally {
            $this->fechar();
        }
    }

    private function conectar(): void
    {
        $url = parse_url($this->api->urlBase);
        $seguro = ($url['scheme'] ?? 'http') === 'https';
        $host = $url['host'] ?? 'localhost';
        $porta = $url['port'] ?? ($seguro ? 443 : 80);
        $caminho = rtrim($url['path'] ?? '', '/') . '/graphql';
        $socket = @stream_socket_client(($seguro ? 'ssl' : 'tcp') . "://$host:$porta", $errno, $errstr, 10);
        if ($socket === false) {
            throw new FiscalApiError(status: 0, codigo: 'erro_de_conexao', mensagem: "websocket: $errstr", retentavel: true);
        }
        $this->socket = $socket;
        $chave = base64_encode(random_bytes(16));
        fwrite($socket, "GET $caminho HTTP/1.1\r\nHost: $host:$porta\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            . "Sec-WebSocket-Key: $chave\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n");
        $resposta = '';
        while (!str_contains($resposta, "\r\n\r\n")) {
            $resposta .= $this->lerBytes(1);
        }
        $aceite = base64_encode(sha1($chave . '258EAFA5-E914-47DA-95CA-C5AB0DC85B11', true));
        if (!preg_match('#^HTTP/1\.1 101#', $resposta) || stripos($resposta, "Sec-WebSocket-Accept: $aceite") === false) {
            throw new FiscalApiError(status: 0, codigo: 'erro_de_conexao', mensagem: 'websocket recusado: ' . strtok($resposta, "\r\n"));
        }
    }

    /** @param array<string, mixed> $mensagem */
    private function enviarMensagem(array $mensagem): void
    {
        $this->enviarQuadro(0x1, json_encode($mensagem, JSON_THROW_ON_ERROR | JSON_UNESCAPED_UNICODE));
    }

    private function enviarQuadro(int $opcode, string $dados): void
    {
        $n = strlen($dados);
        $cabecalho = chr(0x80 | $opcode) . match (true) {
            $n < 126 => chr(0x80 | $n),
            $n < 65536 => chr(0x80 | 126) . pack('n', $n),
            default => chr(0x80 | 127) . pack('J', $n),
        };
        // A client masks every frame it sends.
        $mascara = random_bytes(4);
        fwrite($this->socket, $cabecalho . $mascara . ($dados ^ str_repeat($mascara, intdiv($n, 4) + 1)));
    }

    private function esperarTipo(string $tipo): void
    {
        do {
            $mensagem = $this->lerMensagem();
            if ($mensagem === null) {
                throw new FiscalApiError(status: 0, codigo: 'erro_de_conexao', mensagem: "websocket fechado antes de $tipo");
            }
        } while ($mensagem['type'] !== $tipo);
    }

    /** The next graphql-ws message (answering pings on the way), or null when the server closed. @return array<string, mixed>|null */
    private function lerMensagem(): ?array
    {
        while (true) {
            [$b0, $b1] = array_values(unpack('C2', $this->lerBytes(2)));
            $opcode = $b0 & 0x0f;
            $n = $b1 & 0x7f;
            if ($n === 126) {
                $n = unpack('n', $this->lerBytes(2))[1];
            } elseif ($n === 127) {
                $n = unpack('J', $this->lerBytes(8))[1];
            }
            $dados = $n > 0 ? $this->lerBytes($n) : '';
            if ($opcode === 0x8) {
                return null;
            }
            if ($opcode === 0x9) {
                $this->enviarQuadro(0xA, $dados);
                continue;
            }
            if ($opcode !== 0x1) {
                continue;
            }
            $mensagem = json_decode($dados, true, 512, JSON_THROW_ON_ERROR);
            if (($mensagem['type'] ?? null) === 'ping') {
                $this->enviarMensagem(['type' => 'pong']);
                continue;
            }
            return $mensagem;
        }
    }

    private function lerBytes(int $n): string
    {
        $lido = '';
        while (strlen($lido) < $n) {
            $resta = $this->prazo - microtime(true);
            if ($resta <= 0) {
                throw new FiscalApiError(status: 0, codigo: 'tempo_esgotado', mensagem: 'acompanhamento sem mudança dentro do prazo', retentavel: true);
            }
            stream_set_timeout($this->socket, (int) ceil($resta));
            $parte = fread($this->socket, $n - strlen($lido));
            if ($parte === false || ($parte === '' && feof($this->socket))) {
                throw new FiscalApiError(status: 0, codigo: 'erro_de_conexao', mensagem: 'websocket interrompido', retentavel: true);
            }
            $lido .= $parte;
        }
        return $lido;
    }

    private function fechar(): void
    {
        if ($this->socket === null) {
            return;
        }
        try {
            $this->enviarMensagem(['id' => '1', 'type' => 'complete']);
            $this->enviarQuadro(0x8, pack('n', 1000));
        } catch (\Throwable) {
            // Already closed by the server.
        }
        fclose($this->socket);
        $this->socket = null;
    }
}
