#!/usr/bin/env bash
# A certificate authority and server certificates made with the openssl CLI, for the verified-TLS tests
# (PostgresTlsTest) and docs/configuration.md#verified-tls.
#
#   tls-certs.sh ca DIR                 makes DIR/ca.key and DIR/ca.pem (a CA valid for 2 days)
#   tls-certs.sh server DIR NAME SAN    makes DIR/NAME.key and DIR/NAME.pem, signed by DIR/ca.*, for the
#                                       subjectAltName SAN (e.g. "DNS:localhost,IP:192.0.2.2")
#
# Keys are RSA 2048 without passphrase (test material only). Messages go to stderr.
set -euo pipefail

log() { echo "[tls-certs] $*" >&2; }

ca() {
  local dir=$1
  log "openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=gabysql-test-ca -keyout $dir/ca.key -out $dir/ca.pem"
  openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=gabysql-test-ca" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \
    -keyout "$dir/ca.key" -out "$dir/ca.pem" 2>/dev/null
}

server() {
  local dir=$1 name=$2 san=$3
  log "openssl req -newkey rsa:2048 -nodes -subj /CN=$name ... && openssl x509 -req -CA $dir/ca.pem (subjectAltName=$san)"
  openssl req -newkey rsa:2048 -nodes -subj "/CN=$name" -keyout "$dir/$name.key" -out "$dir/$name.csr" 2>/dev/null
  printf 'subjectAltName=%s\nextendedKeyUsage=serverAuth\n' "$san" >"$dir/$name.ext"
  openssl x509 -req -in "$dir/$name.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca.key" -CAcreateserial -days 2 \
    -extfile "$dir/$name.ext" -out "$dir/$name.pem" 2>/dev/null
  chmod 0600 "$dir/$name.key"
  rm -f "$dir/$name.csr" "$dir/$name.ext"
}

case "${1:-}" in
  ca) ca "${2:?DIR}" ;;
  server) server "${2:?DIR}" "${3:?NAME}" "${4:?SAN}" ;;
  *) log "usage: tls-certs.sh ca DIR | server DIR NAME SAN"; exit 1 ;;
esac
