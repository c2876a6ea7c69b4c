#!/bin/sh
# Starts (`start`, the default) or stops (`stop`) a real RabbitMQ broker on loopback for the
# live checks: AMQP on 127.0.0.1:5672 and the management API on 127.0.0.1:15672, user
# guest/guest, without systemd. The first start installs Debian's rabbitmq-server with apt
# (about a minute). Exits non-zero, loudly, when the broker cannot be installed or started.
set -e
cmd="${1:-start}"
if [ "$cmd" = stop ]; then
    rabbitmqctl -q stop >/dev/null 2>&1 || true
    exit 0
fi
if [ "$cmd" != start ]; then
    echo "usage: scripts/rabbitmq.sh [start|stop]" >&2
    exit 2
fi
if ! command -v rabbitmq-server >/dev/null 2>&1; then
    if [ "$(id -u)" != 0 ]; then
        echo "rabbitmq.sh: rabbitmq-server is missing and installing it needs root" >&2
        exit 1
    fi
    apt-get update
    # Its package start fails without systemd, harmlessly: the broker is started below.
    DEBIAN_FRONTEND=noninteractive apt-get install -y rabbitmq-server
fi
command -v rabbitmq-server >/dev/null 2>&1 || { echo "rabbitmq.sh: rabbitmq-server did not install" >&2; exit 1; }
# Loopback only.
mkdir -p /etc/rabbitmq
if [ ! -f /etc/rabbitmq/rabbitmq.conf ] || ! grep -q '^listeners.tcp.default' /etc/rabbitmq/rabbitmq.conf; then
    cat >> /etc/rabbitmq/rabbitmq.conf <<'CONF'
listeners.tcp.default = 127.0.0.1:5672
management.tcp.ip = 127.0.0.1
CONF
fi
if rabbitmqctl -q status >/dev/null 2>&1; then echo "rabbitmq.sh: already running"; exit 0; fi
cd /tmp
rabbitmq-server -detached            # the wrapper switches to user rabbitmq; returns at once
i=0
until rabbitmqctl -q status >/dev/null 2>&1; do   # await_startup fails if called too early
    i=$((i + 1)); [ "$i" -gt 90 ] && { echo "rabbitmq.sh: the broker did not come up" >&2; exit 1; }
    sleep 1
done
rabbitmqctl -q await_startup
rabbitmq-plugins -q enable rabbitmq_management >/dev/null
i=0
until curl -sf -u guest:guest http://127.0.0.1:15672/api/overview >/dev/null 2>&1; do
    i=$((i + 1)); [ "$i" -gt 90 ] && { echo "rabbitmq.sh: the management API did not come up" >&2; exit 1; }
    sleep 1
done
rabbitmqctl status | grep -E "RabbitMQ version"
