<?php
// Router for `php -S` over Debian's WordPress: /wp-content/ is served from WP_CONTENT_DIR (Apache's Alias in
// /usr/share/doc/wordpress/examples/apache.conf), everything else from /usr/share/wordpress as usual.
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if (strncmp($path, '/wp-content/', 12) === 0) {
    $file = realpath('/var/lib/wordpress' . $path);
    if ($file !== false && is_file($file) && strncmp($file, '/var/lib/wordpress/', 19) === 0
        && substr($file, -4) !== '.php') {
        $types = ['css' => 'text/css', 'js' => 'application/javascript', 'png' => 'image/png',
                  'jpg' => 'image/jpeg', 'svg' => 'image/svg+xml', 'woff2' => 'font/woff2', 'json' => 'application/json'];
        $ext = strtolower(pathinfo($file, PATHINFO_EXTENSION));
        header('Content-Type: ' . ($types[$ext] ?? 'application/octet-stream'));
        readfile($file);
        return true;
    }
}
return false;   // php -S serves the rest from -t /usr/share/wordpress (a directory's index.php included)
