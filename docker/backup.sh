#!/bin/sh
# The compose backup service (docs/operations/backups.md): pg_dump's custom format into /backups every
# BACKUP_INTERVAL_SECONDS (0: once, then exit), keeping BACKUP_KEEP_DAYS days. Connection from libpq's PG* variables.
set -eu
dir=${BACKUP_DIR:-/backups}
while :; do
  file="$dir/think_tank-$(date -u +%Y%m%dT%H%M%SZ).dump"
  # Written aside and renamed: a .dump file that exists is complete.
  pg_dump --format=custom --no-owner --no-privileges --file="$file.partial"
  mv "$file.partial" "$file"
  echo "backed up to $file ($(wc -c < "$file") bytes)"
  find "$dir" -name 'think_tank-*.dump' -mtime +"${BACKUP_KEEP_DAYS:-14}" -print -delete
  [ "${BACKUP_INTERVAL_SECONDS:-86400}" -gt 0 ] || exit 0
  sleep "${BACKUP_INTERVAL_SECONDS:-86400}"
done
