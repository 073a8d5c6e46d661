# shellcheck shell=bash
# Replicas on one machine: FM_REPLICAS="content=3 auth=2" runs that many processes of a service,
# each on its own port, all in the gateway's upstream (gateway/render.js reads
# <NAME>_UPSTREAM_PORTS). Sourced by infra/stack.sh after components.sh (needs SERVICES,
# service_port, die).
#
# Replica 1 of a service is the process the launcher always ran: name <service>, port
# <NAME>_PORT. Replica k (2..9) is named <service>-k and listens on <NAME>_PORT + 10*(k-1):
# content=3 → content :4002, content-2 :4012, content-3 :4022. Each runs the service whole,
# background workers included (BullMQ hands each job to one of them; consumers are idempotent).
# Services call each other's internal routes (AUTH's COURSES_INTERNAL_URL, …) on replica 1.

REPLICA_PORT_STEP=10
REPLICA_MAX=9
declare -gA REPLICAS=()

# Reads FM_REPLICAS ("content=3 auth=2", commas work too) into REPLICAS[service]=count (1 for a service not named); dies on a typo.
replicas_parse() {
  REPLICAS=()
  local s item name count items
  for s in "${SERVICES[@]}"; do REPLICAS[$s]=1; done
  read -ra items <<<"${FM_REPLICAS//,/ }"
  for item in "${items[@]}"; do
    name=${item%%=*} count=${item#*=}
    [[ $item == *=* && -n ${REPLICAS[$name]+x} ]] ||
      die "FM_REPLICAS: \"$item\" is not <service>=<count> with a service of: ${SERVICES[*]}"
    [[ $count =~ ^[0-9]+$ ]] && ((10#$count >= 1 && 10#$count <= REPLICA_MAX)) || die "FM_REPLICAS: $name=$count: the count must be 1 to $REPLICA_MAX"
    REPLICAS[$name]=$count
  done
}

replica_count() { printf '%s' "${REPLICAS[$1]:-1}"; }

# For `status` without FM_REPLICAS: the replicas a run left pid files for (<service>-k.pid in RUN_DIR).
replicas_from_pid_files() {
  local s f k
  for s in "${SERVICES[@]}"; do
    for f in "$RUN_DIR/$s"-[2-9].pid; do
      [ -e "$f" ] || continue
      k=${f%.pid} k=${k##*-}
      [ "$k" -gt "${REPLICAS[$s]:-1}" ] && REPLICAS[$s]=$k
    done
  done
}

# replica_name SERVICE K / replica_port SERVICE K (K from 1).
replica_name() { if [ "$2" = 1 ]; then printf '%s' "$1"; else printf '%s-%s' "$1" "$2"; fi; }
replica_port() { printf '%s' "$(($(service_port "$1") + REPLICA_PORT_STEP * ($2 - 1)))"; }

# "NAME PORT" per replica of SERVICE, one a line.
replica_list() {
  local k
  for ((k = 1; k <= $(replica_count "$1"); k++)); do printf '%s %s\n' "$(replica_name "$1" "$k")" "$(replica_port "$1" "$k")"; done
}

# Exports <NAME>_UPSTREAM_PORTS for gateway/render.js (unset for a service with one replica).
replicas_export_upstreams() {
  local s var ports k
  for s in "${SERVICES[@]}"; do
    var="${s^^}_UPSTREAM_PORTS"
    if [ "$(replica_count "$s")" -gt 1 ]; then
      ports=()
      for ((k = 1; k <= $(replica_count "$s"); k++)); do ports+=("$(replica_port "$s" "$k")"); done
      export "$var=$(IFS=,; printf '%s' "${ports[*]}")"
    else
      unset "$var"
    fi
  done
}

# Stops the replicas of SERVICE beyond its count that an earlier run left (content-3 after
# FM_REPLICAS went from content=3 to content=2).
replicas_stop_surplus() {
  local f name k
  for f in "$RUN_DIR/$1"-[0-9]*.pid; do
    [ -e "$f" ] || continue
    name=$(basename "$f" .pid) k=${name##*-}
    [[ $k =~ ^[0-9]+$ ]] && [ "$k" -gt "$(replica_count "$1")" ] && stop_one "$name"
  done
  return 0
}
