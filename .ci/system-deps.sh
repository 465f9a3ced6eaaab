#!/usr/bin/env bash
# System packages the test suite needs beyond Python: Debian's Chromium (the web table's
# browser test drives it with Playwright) and the PostgreSQL server programs (initdb and
# pg_ctl, for the PostgreSQL durability test). Idempotent and quiet; runs as root in CI and
# returns at once when everything is already installed.
set -euo pipefail

have_chromium() { [ -x /usr/bin/chromium ]; }
have_postgres() { compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || command -v initdb >/dev/null; }

if have_chromium && have_postgres; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then
    exec sudo -n "$0" "$@"
  fi
  echo "system-deps: chromium and postgresql are needed; run as root to install them" >&2
  exit 1
fi

packages=()
have_chromium || packages+=(chromium)
have_postgres || packages+=(postgresql)

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq "${packages[@]}" >/dev/null
echo "system-deps: installed ${packages[*]}"
