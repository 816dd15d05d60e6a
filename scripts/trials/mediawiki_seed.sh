#!/usr/bin/env bash
# Seed a MediaWiki 1.39 (Debian package `mediawiki`) for the trial: a writable copy, a sqlite database, 6 pages
# with a few revisions each, a second user. Usage: scripts/trials/mediawiki_seed.sh DIR PASSWORD
# Then: php -S 127.0.0.1:8090 -t DIR/w
set -euo pipefail
dir=$1; pass=$2
mkdir -p "$dir/db"
cp -rL /usr/share/mediawiki "$dir/w" 2>/dev/null || cp -r /usr/share/mediawiki "$dir/w"
rm -f "$dir/w/LocalSettings.php"                 # Debian links it to /var/lib → /etc; install.php writes our own
cd "$dir/w"
php maintenance/install.php --dbtype sqlite --dbpath "$dir/db" --dbname wiki --server http://127.0.0.1:8090 \
  --scriptpath '' --pass "$pass" --confpath "$dir/w" Wiki Admin
for page in Alpha Beta Gamma Delta Epsilon Zeta; do
  for rev in 1 2 3; do
    echo "Page $page, revision $rev. Some text about $page." | php maintenance/edit.php --user Admin --summary "rev $rev" "$page"
  done
done
php maintenance/createAndPromote.php Editor "$pass-editor"
echo "Edited by Editor." | php maintenance/edit.php --user Editor --summary "editor rev" Beta
echo "seeded: $dir"
