#!/usr/bin/env bash
# Install the Debian packages the project needs, only where they are missing:
#   cairo    -> libcairo2 (cairosvg draws the PNGs)
#   chromium -> chromium-headless-shell (Debian's headless Chromium: the browser tests and
#               the benchmarks; tests/site_support.py says why not the package chromium)
#   weasyprint -> Pango and the DejaVu fonts (WeasyPrint draws the rule sheets, fonts embedded)
#   poppler  -> poppler-utils (pdfinfo, pdftotext, pdffonts in the rule-sheet tests)
#   npm      -> npm (the site build fetches Pyodide with `npm pack`)
# Nothing else is touched: no recommended packages, no upgrade of installed packages.
set -euo pipefail

# is_installed PACKAGE: whether dpkg knows PACKAGE as installed
is_installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

need=()
for what in "$@"; do
  case "$what" in
    cairo)
      ldconfig -p 2>/dev/null | grep -q 'libcairo\.so\.2' || is_installed libcairo2 \
        || need+=(libcairo2) ;;
    chromium)
      [ -x /usr/bin/chromium-headless-shell ] || is_installed chromium-headless-shell \
        || need+=(chromium-headless-shell) ;;
    weasyprint)
      is_installed libpango-1.0-0 || need+=(libpango-1.0-0)
      is_installed libpangoft2-1.0-0 || need+=(libpangoft2-1.0-0)
      [ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || is_installed fonts-dejavu-core \
        || need+=(fonts-dejavu-core) ;;
    poppler) command -v pdftotext >/dev/null 2>&1 || is_installed poppler-utils \
        || need+=(poppler-utils) ;;
    npm) command -v npm >/dev/null 2>&1 || is_installed npm || need+=(npm) ;;
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
flags=(--no-install-recommends --no-upgrade)
$sudo apt-get update -qq
# A dry run first: if the new packages would need newer versions of installed ones, stop
# and leave that decision to the user ("Inst NAME [OLD] (NEW …)" marks an upgrade).
upgrades=$(apt-get install -s "${flags[@]}" "${need[@]}" | awk '/^Inst [^ ]+ \[/ {print $2}' | xargs)
if [ -n "$upgrades" ]; then
  echo "system-deps.sh: ${need[*]} bräuchte neuere Versionen installierter Pakete ($upgrades);" \
    "nichts installiert. Bitte selbst entscheiden: apt-get install ${need[*]}" >&2
  exit 1
fi
echo "system-deps.sh: installiere ${need[*]} (ohne empfohlene Pakete, ohne Upgrades)" >&2
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${flags[@]}" "${need[@]}" >/dev/null
