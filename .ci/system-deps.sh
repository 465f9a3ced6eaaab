#!/usr/bin/env bash
# System packages the test suite needs beyond Python: Debian's Chromium (the web table's
# browser test drives it with Playwright) and the PostgreSQL server programs (initdb and
# pg_ctl, for the PostgreSQL durability test), and axe-core from the npm registry for the
# browser accessibility audit. Idempotent and quiet; runs as root in CI and
# returns at once when everything is already installed.
set -euo pipefail

have_chromium() { [ -x /usr/bin/chromium ]; }
have_axe() { [ -f node_modules/axe-core/axe.min.js ]; }

# axe-core (the browser accessibility audit) comes from the npm registry into ./node_modules.
install_axe() {
  have_axe && return 0
  command -v npm >/dev/null || { echo "system-deps: npm not found; the axe-core audit will skip" >&2; return 0; }
  npm install --no-save --no-audit --no-fund --silent axe-core@4 >/dev/null 2>&1 \
    || echo "system-deps: npm install axe-core failed; the axe-core audit will skip" >&2
}
cd "$(dirname "$0")/.."
install_axe
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
