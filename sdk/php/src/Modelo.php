<?php

declare(strict_types=1);

namespace FiscalApi;

/**
 * An answer of the API as a typed readonly object (the classes of FiscalApi\Modelos, generated from the API's
 * document). Every field is a readonly property; the answer can still be read as the array the API sent
 * ($nota['status'], isset($nota['numero'])), which is how earlier versions returned it, and json_encode gives
 * that array back. Fields the API added after this version are reachable only that way.
 *
 * @implements \ArrayAccess<string, mixed>
 */
abstract class Modelo implements \ArrayAccess, \JsonSerializable
{
    /** @param array<string, mixed> $original the answer as the API sent it */
    public function __construct(private readonly array $original)
    {
    }

    /** @param array<string, mixed> $dados */
    public static function de(array $dados): static
    {
        return new static($dados);
    }

    /**
     * @param list<array<string, mixed>> $itens
     * @return list<static>
     */
    public static function lista(array $itens): array
    {
        return array_map(static fn (array $item) => new static($item), array_values($itens));
    }

    /** @return array<string, mixed> the answer as the API sent it */
    public function comoArray(): array
    {
        return $this->original;
    }

    public function offsetExists(mixed $offset): bool
    {
        return isset($this->original[$offset]);
    }

    public function offsetGet(mixed $offset): mixed
    {
        return $this->original[$offset] ?? null;
    }

    public function offsetSet(mixed $offset, mixed $value): never
    {
        throw new \LogicException('as respostas da API são somente leitura: copie com comoArray() para alterar');
    }

    public function offsetUnset(mixed $offset): never
    {
        throw new \LogicException('as respostas da API são somente leitura: copie com comoArray() para alterar');
    }

    /** @return array<string, mixed> */
    public function jsonSerialize(): array
    {
        return $this->original;
    }

    /**
     * A field the document says is always present; an answer without it is not one this version understands.
     *
     * @param array<string, mixed> $dados
     */
    protected static function exigido(array $dados, string $campo): mixed
    {
        if (!array_key_exists($campo, $dados)) {
            throw new \UnexpectedValueException(sprintf('resposta da API sem o campo %s, que %s sempre traz', $campo, static::class));
        }
        return $dados[$campo];
    }
}
