<?php

// Router of `php -S` for the webhook test: stores each delivery (headers and raw body) as one JSON file in the
// directory RECEPTOR_DIR and answers 200.
$dir = getenv('RECEPTOR_DIR');
$cabecalhos = [];
foreach ($_SERVER as $nome => $valor) {
    if (str_starts_with($nome, 'HTTP_')) {
        $cabecalhos[strtolower(str_replace('_', '-', substr($nome, 5)))] = $valor;
    }
}
$cabecalhos['content-type'] = $_SERVER['CONTENT_TYPE'] ?? '';
$entrega = ['cabecalhos' => $cabecalhos, 'corpo' => file_get_contents('php://input')];
file_put_contents(sprintf('%s/%s-%s.json', $dir, hrtime(true), bin2hex(random_bytes(4))), json_encode($entrega));
http_response_code(200);
echo 'ok';
