# Shared by scripts/run and scripts/test: make sure this Debian/Ubuntu machine has what the app
# needs. As root it installs the Debian packages; otherwise it prints the exact command.
# Rust (cargo 1.95+) and Node.js (20.19+) must already be there: no toolchain is downloaded.

DEBIAN_PACKAGES_APP="libwebkit2gtk-4.1-dev libgtk-3-dev librsvg2-dev libayatana-appindicator3-dev build-essential pkg-config file fonts-dejavu-core"
DEBIAN_PACKAGES_TEST="xvfb webkit2gtk-driver chromium chromium-driver"
TAURI_DRIVER_VERSION="2.1.0"

die() { echo "error: $*" >&2; exit 1; }

need_tools() {
  command -v cargo >/dev/null || die "cargo is not installed: install Rust 1.95 or newer (rustup), then run this again."
  command -v npm >/dev/null || die "npm is not installed: install Node.js 20.19 or newer, then run this again."
  local node_major
  node_major=$(node -p 'process.versions.node.split(".")[0]')
  [ "$node_major" -ge 20 ] || die "Node.js $(node --version) is too old: Vite 8 needs 20.19 or newer."
}

ensure_debian_packages() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -eq 0 ]; then
    echo "Installing Debian packages: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  else
    echo "These Debian packages are missing. Install them with:" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
}

ensure_tauri_driver() {
  if ! command -v tauri-driver >/dev/null; then
    echo "Installing tauri-driver $TAURI_DRIVER_VERSION from Rust's package registry"
    cargo install tauri-driver --locked --version "$TAURI_DRIVER_VERSION"
  fi
  export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
}

# npm ci only when package-lock.json changed since the last install in that folder.
npm_install() {
  local dir=$1 sum
  sum=$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)
  if [ "$(cat "$dir/node_modules/.lock-sha256" 2>/dev/null)" != "$sum" ]; then
    (cd "$dir" && npm ci --no-audit --no-fund)
    echo "$sum" > "$dir/node_modules/.lock-sha256"
  fi
}
