#!/usr/bin/env bash
# Seed a WordPress trial (Debian's `wordpress` 6.1, PHP 8.2, MariaDB): start MariaDB if it is not up, a database
# `wptrial` and its user, /etc/wordpress/config-127.0.0.1.php (Debian's wp-config.php reads config-<host>.php),
# WordPress installed by its own wp_install(), an administrator USER with PASSWORD, 6 posts (4 published, 2 drafts),
# 2 pages, 4 comments (2 pending), 3 media items (PNGs drawn with GD), and two plugins installed but inactive
# (Akismet from the package, and a one-file plugin written here). Re-running starts over (the database is dropped).
# Usage: scripts/trials/wordpress_seed.sh USER PASSWORD [PORT]
# Then:  php -S 127.0.0.1:PORT -t /usr/share/wordpress scripts/trials/wordpress_router.php
set -euo pipefail
user=$1; pass=$2; port=${3:-8096}
if ! mariadb-admin ping >/dev/null 2>&1; then
  (mariadbd-safe >/dev/null 2>&1 &) || (mysqld_safe >/dev/null 2>&1 &)
  for _ in $(seq 1 60); do mariadb-admin ping >/dev/null 2>&1 && break; sleep 0.5; done
fi
dbpass=$(head -c 32 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 24)
mariadb <<SQL
DROP DATABASE IF EXISTS wptrial;
CREATE DATABASE wptrial DEFAULT CHARACTER SET utf8mb4;
CREATE OR REPLACE USER 'wptrial'@'localhost' IDENTIFIED BY '$dbpass';
GRANT ALL PRIVILEGES ON wptrial.* TO 'wptrial'@'localhost';
SQL
salt() { head -c 48 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 48; }
cat > /etc/wordpress/config-127.0.0.1.php <<PHP
<?php
define('DB_NAME', 'wptrial');
define('DB_USER', 'wptrial');
define('DB_PASSWORD', '$dbpass');
define('DB_HOST', 'localhost');
define('WP_CONTENT_DIR', '/var/lib/wordpress/wp-content');
define('FS_METHOD', 'direct');
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('AUTH_KEY', '$(salt)'); define('SECURE_AUTH_KEY', '$(salt)'); define('LOGGED_IN_KEY', '$(salt)');
define('NONCE_KEY', '$(salt)'); define('AUTH_SALT', '$(salt)'); define('SECURE_AUTH_SALT', '$(salt)');
define('LOGGED_IN_SALT', '$(salt)'); define('NONCE_SALT', '$(salt)');
PHP
plugin=/var/lib/wordpress/wp-content/plugins/trial-footnotes
mkdir -p "$plugin"
cat > "$plugin/trial-footnotes.php" <<'PHP'
<?php
/*
Plugin Name: Footnote Helper
Description: Adds numbered footnotes to posts (a trial plugin: it does nothing).
Version: 1.0
*/
PHP
rm -rf /var/lib/wordpress/wp-content/uploads/trial
HTTP_HOST="127.0.0.1:$port" php -d display_errors=stderr -r '
$_SERVER["HTTP_HOST"] = getenv("HTTP_HOST"); $_SERVER["REQUEST_URI"] = "/";
define("WP_INSTALLING", true);
require "/usr/share/wordpress/wp-load.php";
require_once ABSPATH . "wp-admin/includes/upgrade.php";
require_once ABSPATH . "wp-admin/includes/image.php";
$url = "http://" . getenv("HTTP_HOST");
wp_install("Harbour Notes", $argv[1], "admin@example.test", false, "", wp_slash($argv[2]));
update_option("siteurl", $url); update_option("home", $url);
update_option("permalink_structure", "");
$admin = get_user_by("login", $argv[1])->ID;
foreach (get_posts(["post_type" => "any", "post_status" => "any", "numberposts" => -1]) as $p) {
  wp_delete_post($p->ID, true);   // the installer'"'"'s sample post and page
}
$posts = [["Tide tables for March", "publish"], ["Rope splicing basics", "publish"],
  ["Winter mooring checklist", "publish"], ["Lighthouse open day", "publish"],
  ["Draft: new slipway rules", "draft"], ["Draft: regatta volunteers", "draft"]];
$ids = [];
foreach ($posts as $i => [$title, $status]) {
  $ids[$title] = wp_insert_post(["post_title" => $title, "post_status" => $status, "post_author" => $admin,
    "post_content" => "<!-- wp:paragraph -->\n<p>Notes on " . strtolower($title) . ".</p>\n<!-- /wp:paragraph -->",
    "post_date" => sprintf("2026-11-%02d 09:00:00", 10 + $i)]);
}
foreach (["About the harbour", "Contact the harbour office"] as $title) {
  wp_insert_post(["post_title" => $title, "post_type" => "page", "post_status" => "publish", "post_author" => $admin,
    "post_content" => "<!-- wp:paragraph -->\n<p>" . $title . ".</p>\n<!-- /wp:paragraph -->"]);
}
$comments = [["Tide tables for March", "Mara", "Very useful, thanks.", 1],
  ["Tide tables for March", "Olek", "Is the 14th high tide right?", 0],
  ["Rope splicing basics", "Priya", "Could you add a photo of the eye splice?", 0],
  ["Lighthouse open day", "Tom", "We will be there.", 1]];
foreach ($comments as [$post, $author, $text, $approved]) {
  wp_insert_comment(["comment_post_ID" => $ids[$post], "comment_author" => $author,
    "comment_author_email" => strtolower($author) . "@example.test", "comment_content" => $text,
    "comment_approved" => $approved]);
}
$dir = WP_CONTENT_DIR . "/uploads/trial"; wp_mkdir_p($dir);
foreach ([["harbour-at-dawn", [40, 90, 160]], ["buoy-chart", [200, 120, 30]], ["slipway-plan", [60, 140, 80]]]
         as [$name, $rgb]) {
  $img = imagecreatetruecolor(320, 200); imagefill($img, 0, 0, imagecolorallocate($img, ...$rgb));
  imagepng($img, "$dir/$name.png");
  $id = wp_insert_attachment(["post_title" => ucfirst(str_replace("-", " ", $name)), "post_mime_type" => "image/png",
    "post_status" => "inherit", "post_author" => $admin], "$dir/$name.png");
  wp_update_attachment_metadata($id, wp_generate_attachment_metadata($id, "$dir/$name.png"));
}
update_option("active_plugins", []);
echo "seeded: " . count($posts) . " posts, 2 pages, " . count($comments) . " comments, 3 media\n";
' "$user" "$pass"
chown -R www-data:www-data /var/lib/wordpress/wp-content/uploads "$plugin"
