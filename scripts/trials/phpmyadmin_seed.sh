#!/usr/bin/env bash
# Seed a phpMyAdmin trial (Debian packages `mariadb-server phpmyadmin php-mysql`): start MariaDB if it is not up,
# a user with a password, a database `shop` with products, customers, orders (8 rows each), and a config for
# `php -S` (cookie auth, a blowfish secret). Usage: scripts/trials/phpmyadmin_seed.sh USER PASSWORD
# Then: php -S 127.0.0.1:8094 -t /usr/share/phpmyadmin
set -euo pipefail
user=$1; pass=$2
if ! mariadb-admin ping >/dev/null 2>&1; then
  (mariadbd-safe >/dev/null 2>&1 &) || (mysqld_safe >/dev/null 2>&1 &)
  for _ in $(seq 1 60); do mariadb-admin ping >/dev/null 2>&1 && break; sleep 0.5; done
fi
mariadb <<SQL
DROP DATABASE IF EXISTS shop;
CREATE DATABASE shop;
CREATE OR REPLACE USER '$user'@'localhost' IDENTIFIED BY '$pass';
GRANT ALL PRIVILEGES ON shop.* TO '$user'@'localhost';
USE shop;
CREATE TABLE products (id INT PRIMARY KEY AUTO_INCREMENT, name VARCHAR(60) NOT NULL, price DECIMAL(8,2) NOT NULL);
CREATE TABLE customers (id INT PRIMARY KEY AUTO_INCREMENT, name VARCHAR(60) NOT NULL, email VARCHAR(80) NOT NULL);
CREATE TABLE orders (id INT PRIMARY KEY AUTO_INCREMENT, customer_id INT NOT NULL, product_id INT NOT NULL,
  quantity INT NOT NULL);
INSERT INTO products (name, price) VALUES ('Anvil', 49.90), ('Bucket', 7.50), ('Candle', 3.20), ('Drill', 89.00),
  ('Easel', 35.00), ('Funnel', 2.80), ('Gloves', 12.40), ('Hammer', 18.60);
INSERT INTO customers (name, email) VALUES ('Ada', 'ada@example.test'), ('Ben', 'ben@example.test'),
  ('Cy', 'cy@example.test'), ('Dee', 'dee@example.test'), ('Eve', 'eve@example.test'), ('Fay', 'fay@example.test'),
  ('Gus', 'gus@example.test'), ('Hal', 'hal@example.test');
INSERT INTO orders (customer_id, product_id, quantity) VALUES (1,1,1),(2,2,3),(3,3,10),(4,4,1),(5,5,2),(6,6,4),
  (7,7,2),(8,8,1);
SQL
secret=$(head -c 32 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 32)
cat > /etc/phpmyadmin/conf.d/trial.php <<PHP   # Debian's config.inc.php includes conf.d/*.php
<?php
\$cfg['blowfish_secret'] = '$secret';
\$i = 1;
\$cfg['Servers'][\$i]['auth_type'] = 'cookie';
\$cfg['Servers'][\$i]['host'] = 'localhost';
\$cfg['Servers'][\$i]['AllowNoPassword'] = false;
\$cfg['TempDir'] = '/tmp';
PHP
echo "seeded: shop (products, customers, orders × 8), user $user"
