<?php

declare(strict_types=1);

namespace FiscalApi;

/**
 * Checks a webhook delivery and returns its event. X-Service-Signature-V2 is t=<s>,v1=<hex>[,v1=<hex>], the hex
 * an HMAC-SHA256 keyed with the secret as text over "<t>.<raw body>"; one v1 matching one of the secrets
 * suffices (two appear during a rotation), and t must be within the tolerance of the receiver's clock. Compared
 * with hash_equals (constant time). Throws FiscalApiError assinatura_ausente, assinatura_invalida or
 * assinatura_expirada.
 */
final class VerificarWebhook
{
    /**
     * @param string $corpo the raw body exactly as received (file_get_contents('php://input'))
     * @param array<string, string|list<string>> $cabecalhos the request headers (any case; getallheaders() serves)
     * @param string|list<string> $segredos the secret; during a rotation the new and the old one
     * @param int|null $agora the receiver's clock in seconds (default time())
     * @param bool $aceitarLegado also accept a delivery with only the old X-Service-Signature (HMAC over the body
     *             alone: no protection against a replayed delivery)
     * @return array{tipo: string, dados: array<string, mixed>, evento_id: ?string, entrega_id: ?string, esquema: 'v2'|'legado'}
     */
    public static function verificar(string $corpo, array $cabecalhos, string|array $segredos, int $toleranciaSegundos = 300, ?int $agora = null, bool $aceitarLegado = false): array
    {
        $segredos = array_values(array_filter(is_array($segredos) ? $segredos : [$segredos], static fn ($s) => $s !== ''));
        if ($segredos === []) {
            throw new \InvalidArgumentException('informe o segredo do webhook');
        }
        $h = [];
        foreach ($cabecalhos as $nome => $valor) {
            $h[strtolower((string) $nome)] = is_array($valor) ? (string) ($valor[0] ?? '') : (string) $valor;
        }
        $v2 = $h['x-service-signature-v2'] ?? null;
        if ($v2 !== null && $v2 !== '') {
            $t = null;
            $assinaturas = [];
            foreach (explode(',', $v2) as $parte) {
                [$k, $v] = array_pad(explode('=', trim($parte), 2), 2, '');
                if ($k === 't') {
                    $t = $v;
                } elseif ($k === 'v1' && $v !== '') {
                    $assinaturas[] = strtolower($v);
                }
            }
            if ($t === null || !ctype_digit($t) || $assinaturas === []) {
                throw self::falha('assinatura_invalida', 'X-Service-Signature-V2 malformado');
            }
            if (abs(($agora ?? time()) - (int) $t) > $toleranciaSegundos) {
                throw self::falha('assinatura_expirada', "O timestamp da assinatura ($t) está fora da tolerância do relógio do receptor");
            }
            if (!self::algumaConfere($segredos, $assinaturas, "$t.$corpo")) {
                throw self::falha('assinatura_invalida', 'Nenhuma assinatura v1 confere com os segredos informados');
            }
            $esquema = 'v2';
        } else {
            $legado = $h['x-service-signature'] ?? null;
            if ($legado === null || $legado === '') {
                throw self::falha('assinatura_ausente', 'A entrega não traz X-Service-Signature-V2');
            }
            if (!$aceitarLegado) {
                throw self::falha('assinatura_ausente', 'A entrega traz só a assinatura antiga (sem proteção contra repetição); use aceitarLegado para aceitá-la');
            }
            if (!self::algumaConfere($segredos, [strtolower($legado)], $corpo)) {
                throw self::falha('assinatura_invalida', 'X-Service-Signature não confere com os segredos informados');
            }
            $esquema = 'legado';
        }
        $evento = json_decode($corpo, true, 512, JSON_THROW_ON_ERROR);
        return [
            'tipo' => $evento['tipo'],
            'dados' => $evento['dados'],
            'evento_id' => $h['x-service-event-id'] ?? null,
            'entrega_id' => $h['x-service-delivery-id'] ?? null,
            'esquema' => $esquema,
        ];
    }

    /** @param list<string> $segredos @param list<string> $assinaturas */
    private static function algumaConfere(array $segredos, array $assinaturas, string $dados): bool
    {
        $confere = false;
        foreach ($segredos as $segredo) {
            $esperada = hash_hmac('sha256', $dados, $segredo);
            foreach ($assinaturas as $assinatura) {
                // Every pair is compared, so the time taken does not tell which secret or part matched.
                $confere = hash_equals($esperada, $assinatura) || $confere;
            }
        }
        return $confere;
    }

    private static function falha(string $codigo, string $mensagem): FiscalApiError
    {
        return new FiscalApiError(status: 0, codigo: $codigo, mensagem: $mensagem);
    }
}
