<?php

declare(strict_types=1);

// PSR-4 autoloader for use without Composer (and for the tests): FiscalApi\X\Y lives in src/X/Y.php.
spl_autoload_register(static function (string $class): void {
    foreach (['FiscalApi\\Tests\\' => __DIR__ . '/tests/', 'FiscalApi\\' => __DIR__ . '/src/'] as $prefix => $dir) {
        if (str_starts_with($class, $prefix)) {
            $file = $dir . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
            if (is_file($file)) {
                require $file;
            }
            return;
        }
    }
});
