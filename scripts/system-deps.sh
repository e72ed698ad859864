#!/usr/bin/env bash
# Install the Debian packages the project needs, only where they are missing:
#   cairo    -> libcairo2 (cairosvg draws the PNGs)
#   chromium -> chromium (the browser test of the built site)
#   npm      -> npm (the site build fetches Pyodide with `npm pack`)
set -euo pipefail
need=()
for what in "$@"; do
  case "$what" in
    cairo) ldconfig -p 2>/dev/null | grep -q 'libcairo\.so\.2' || need+=(libcairo2) ;;
    chromium) command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need+=(chromium) ;;
    npm) command -v npm >/dev/null 2>&1 || need+=(npm) ;;
    *) echo "system-deps.sh: unbekanntes Paket '$what'" >&2; exit 2 ;;
  esac
done
[ ${#need[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if ! command -v apt-get >/dev/null 2>&1; then
  echo "system-deps.sh: bitte installieren: ${need[*]} (kein apt-get gefunden)" >&2
  exit 1
fi
echo "system-deps.sh: installiere ${need[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
