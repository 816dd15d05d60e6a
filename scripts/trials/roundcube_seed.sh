#!/usr/bin/env bash
# Seed a Roundcube trial (Debian bookworm's `roundcube` 1.6 on sqlite, `dovecot-imapd`, PHP 8.2's built-in server):
# a local mail user USER with PASSWORD (a system account, checked by Dovecot through PAM), its Maildir written file by
# file (8 messages in INBOX, 2 in Archive, 1 in Receipts, 2 in Trash; Sent and Drafts empty), Dovecot on 127.0.0.1:143
# (plain login, no TLS: loopback only), Roundcube's own config (/etc/roundcube/config.inc.php: sqlite database at
# /var/lib/roundcube/trial/roundcube.db, IMAP 127.0.0.1:143, SMTP to the capture sink at 127.0.0.1:2525, no plugins,
# nothing that calls out), its database made again with the user, an identity and 4 contacts. Idempotent: every run
# starts over (mailbox, database and capture folder are rewritten).
# Usage: scripts/trials/roundcube_seed.sh USER PASSWORD
# Then:  python3 scripts/trials/smtp_capture.py /var/lib/roundcube/trial/outbox 2525 &
#        php -S 127.0.0.1:8098 -t /var/lib/roundcube/public_html &
set -euo pipefail
user=$1; pass=$2
trial=/var/lib/roundcube/trial
id "$user" >/dev/null 2>&1 || useradd -m -s /usr/sbin/nologin "$user"
echo "$user:$pass" | chpasswd
home=$(getent passwd "$user" | cut -d: -f6)

if [ ! -s /etc/dovecot/private/dovecot.pem ]; then  # Debian's 10-ssl.conf names these files even with ssl = no
  mkdir -p /etc/dovecot/private
  openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj /CN=localhost \
    -keyout /etc/dovecot/private/dovecot.key -out /etc/dovecot/private/dovecot.pem 2>/dev/null
fi
cat > /etc/dovecot/local.conf <<'CONF'
# Roundcube trial: IMAP on loopback only, plain login without TLS, Maildir in the user's home.
listen = 127.0.0.1
protocols = imap
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:~/Maildir
namespace inbox {
  mailbox Drafts {
    special_use = \Drafts
    auto = subscribe
  }
  mailbox Sent {
    special_use = \Sent
    auto = subscribe
  }
  mailbox Trash {
    special_use = \Trash
    auto = subscribe
  }
  mailbox Junk {
    special_use = \Junk
    auto = subscribe
  }
}
CONF

# The mailbox, written file by file: From/To/Subject/Date headers and a short text body each.
maildir=$home/Maildir
doveadm kick "$user" >/dev/null 2>&1 || true
rm -rf "$maildir"
n=0
message() {  # message FOLDER FLAGS "From" "Subject" "day" "body"
  local folder=$1 flags=$2 from=$3 subject=$4 day=$5 body=$6 dir
  dir=$maildir${folder:+/.$folder}
  mkdir -p "$dir/cur" "$dir/new" "$dir/tmp"
  n=$((n + 1))
  local name="17640000$(printf %02d $n).M${n}P1.trial"
  local path=$dir/new/$name
  [ -n "$flags" ] && path=$dir/cur/$name:2,$flags
  printf 'From: %s\nTo: Harbour Desk <%s@harbour.example>\nSubject: %s\nDate: %s Nov 2026 09:%02d:00 +0000\nMessage-ID: <trial-%02d@harbour.example>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n%s\n' \
    "$from" "$user" "$subject" "$day" "$n" "$n" "$body" > "$path"
}
message "" S "Mara Lind <mara@harbour.example>" "Berth renewal for spring" 10 "Please renew berth 14 before the end of the month."
message "" "" "Olek Brandt <olek@harbour.example>" "Crane booking on Thursday" 12 "Can the crane lift my boat out at 10 on Thursday?"
message "" S "Priya Nair <priya@harbour.example>" "Minutes of the committee meeting" 14 "The minutes are below. Next meeting in December."
message "" S "Fuel Dock <billing@fueldock.example>" "Invoice 2291 for fuel" 16 "Invoice 2291: 120 litres of diesel."
message "" "" "Tom Hale <tom@harbour.example>" "Lost fender found on pontoon C" 18 "A blue fender was found on pontoon C. Is it yours?"
message "" S "Harbour Office <office@harbour.example>" "Winter storage waiting list" 20 "You are number 3 on the winter storage list."
message "" "" "Ines Duarte <ines@harbour.example>" "Regatta route change" 22 "The regatta route now rounds the north buoy."
message "" S "Tide Club <news@tideclub.example>" "Newsletter: November tides" 24 "This month's tides and the club dinner."
message Archive S "Mara Lind <mara@harbour.example>" "Season opening photos" 2 "Photos from the season opening."
message Archive S "Harbour Office <office@harbour.example>" "Club dues paid" 3 "Your club dues for 2026 are paid."
message Receipts S "Chandlery <shop@chandlery.example>" "Receipt for chandlery order" 5 "Receipt: two mooring lines."
message Trash S "Harbour Office <office@harbour.example>" "Old parking notice" 1 "Parking by the slipway is closed on Sunday."
message Trash S "Olek Brandt <olek@harbour.example>" "Duplicate: crane booking" 4 "Sent twice, sorry."
for folder in Drafts Sent Junk; do mkdir -p "$maildir/.$folder/cur" "$maildir/.$folder/new" "$maildir/.$folder/tmp"; done
printf 'Archive\nReceipts\nDrafts\nSent\nTrash\nJunk\n' > "$maildir/subscriptions"
chown -R "$user:$user" "$maildir"

if doveadm reload >/dev/null 2>&1; then :; else dovecot; fi
for _ in $(seq 1 40); do (exec 3<>/dev/tcp/127.0.0.1/143) 2>/dev/null && break; sleep 0.25; done

# Roundcube: its own config, a fresh sqlite database, the user, an identity and 4 contacts.
mkdir -p "$trial"
rm -rf "$trial/outbox" "$trial/roundcube.db"
mkdir -p "$trial/outbox"
deskey=$(head -c 32 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 24)
cat > /etc/roundcube/config.inc.php <<PHP
<?php
// Roundcube trial (written by scripts/trials/roundcube_seed.sh): loopback IMAP and SMTP, sqlite, nothing calls out.
\$config = [];
\$config['db_dsnw'] = 'sqlite:///$trial/roundcube.db?mode=0646';
\$config['imap_host'] = '127.0.0.1:143';
\$config['smtp_host'] = '127.0.0.1:2525';
\$config['smtp_user'] = '';
\$config['smtp_pass'] = '';
\$config['mail_domain'] = 'harbour.example';
\$config['support_url'] = '';
\$config['product_name'] = 'Harbour Mail';
\$config['des_key'] = '$deskey';
\$config['plugins'] = [];
\$config['skin'] = 'elastic';
\$config['enable_spellcheck'] = false;
\$config['enable_installer'] = false;
\$config['check_all_folders'] = false;
\$config['log_driver'] = 'file';
\$config['draft_autosave'] = 0;
PHP
sqlite3 "$trial/roundcube.db" < /usr/share/roundcube/SQL/sqlite.initial.sql
contact() {  # contact FIRST LAST EMAIL
  printf "INSERT INTO contacts (user_id, changed, name, email, firstname, surname, vcard, words) VALUES (1, datetime('now'), '%s %s', '%s', '%s', '%s', 'BEGIN:VCARD\nVERSION:3.0\nN:%s;%s;;;\nFN:%s %s\nEMAIL;TYPE=INTERNET;TYPE=HOME:%s\nEND:VCARD', '%s %s %s');\n" \
    "$1" "$2" "$3" "$1" "$2" "$2" "$1" "$1" "$2" "$3" "${1,,}" "${2,,}" "$3"
}
{
  echo "INSERT INTO users (user_id, username, mail_host, created, language) VALUES (1, '$user', '127.0.0.1', datetime('now'), 'en_US');"
  echo "INSERT INTO identities (user_id, changed, standard, name, email) VALUES (1, datetime('now'), 1, 'Harbour Desk', '$user@harbour.example');"
  contact Mara Lind mara@harbour.example
  contact Olek Brandt olek@harbour.example
  contact Priya Nair priya@harbour.example
  contact Tom Hale tom@harbour.example
} | sed 's/\\n/\n/g' | sqlite3 "$trial/roundcube.db"
chmod 0666 "$trial/roundcube.db"
mkdir -p /var/log/roundcube && chmod 0777 /var/log/roundcube /var/lib/roundcube/temp
echo "seeded: user $user, INBOX 8, Archive 2, Receipts 1, Trash 2; 4 contacts; capture $trial/outbox"
