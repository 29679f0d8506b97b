# A one-node Slurm on localhost for tests and benchmarks, from Debian's
# slurm-wlm and munge: munged, slurmctld and slurmd, each in the foreground
# of a background job, every file (key, sockets, configuration, state, logs)
# in one folder. Sourced, not run:
#
#   . tests/files/distributed/local_slurm.sh
#   local_slurm_start "$dir"       # exits 77 (skip) with a message if it cannot
#   sbatch ...                     # SLURM_CONF points at the folder's slurm.conf
#   local_slurm_stop               # also on EXIT, through the trap it sets
#
# Nothing outside the folder changes; the daemons run as the calling user,
# which must be root (slurmd starts jobs as their submitter).

local_slurm_skip() {
  echo "SKIP: $*"
  local_slurm_stop
  exit 77
}

local_slurm_stop() {
  for name in slurmd slurmctld munged; do
    local pid_file="$LOCAL_SLURM_DIR/$name.job"
    [ -n "${LOCAL_SLURM_DIR:-}" ] && [ -f "$pid_file" ] || continue
    local pid
    pid="$(cat "$pid_file")"
    kill "$pid" 2>/dev/null || true
    for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$pid" 2>/dev/null || true
    rm -f "$pid_file"
  done
}

# A TCP port nothing listens on now.
local_slurm_free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

local_slurm_start() {
  LOCAL_SLURM_DIR="$1"
  trap local_slurm_stop EXIT
  for tool in munged munge slurmctld slurmd sbatch squeue sinfo python3; do
    command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] ||
      local_slurm_skip "$tool not found: install Debian's slurm-wlm and munge (scripts/quickstart.sh does)"
  done
  [ "$(id -u)" -eq 0 ] || local_slurm_skip "a local Slurm needs root (slurmd starts jobs as their submitter)"
  export PATH="$PATH:/usr/sbin"
  local d="$LOCAL_SLURM_DIR"
  mkdir -p "$d/state" "$d/spool"
  chmod 755 "$d"
  dd if=/dev/urandom of="$d/munge.key" bs=1024 count=1 2>/dev/null
  chmod 400 "$d/munge.key"
  munged -F -f --socket="$d/munge.socket" --key-file="$d/munge.key" --log-file="$d/munged.log" \
    --pid-file="$d/munged.pid" --seed-file="$d/munged.seed" >"$d/munged.out" 2>&1 &
  echo $! >"$d/munged.job"
  for _ in $(seq 50); do [ -S "$d/munge.socket" ] && break; sleep 0.1; done
  munge -S "$d/munge.socket" -n </dev/null 2>/dev/null | unmunge -S "$d/munge.socket" >/dev/null 2>&1 ||
    local_slurm_skip "munged did not start: $(tail -n 3 "$d/munged.out" 2>/dev/null | tr '\n' ' ')"
  local host cpus ctld_port slurmd_port
  host="$(hostname -s)"
  cpus="$(nproc)"
  ctld_port="$(local_slurm_free_port)"
  slurmd_port="$(local_slurm_free_port)"
  cat >"$d/slurm.conf" <<EOF
ClusterName=warpsat
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
AuthInfo=socket=$d/munge.socket
CredType=cred/munge
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool
SlurmctldPidFile=$d/slurmctld.pid
SlurmdPidFile=$d/slurmd.pid
SlurmctldLogFile=$d/slurmctld.log
SlurmdLogFile=$d/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
# A job that depends on others starts within seconds of their end, not the
# next minute's scheduling pass.
SchedulerParameters=sched_interval=2,bf_interval=1
MpiDefault=none
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=batch Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF="$d/slurm.conf"
  slurmctld -D -i -f "$SLURM_CONF" >"$d/slurmctld.out" 2>&1 &
  echo $! >"$d/slurmctld.job"
  slurmd -D -f "$SLURM_CONF" >"$d/slurmd.out" 2>&1 &
  echo $! >"$d/slurmd.job"
  for _ in $(seq 150); do
    [ "$(sinfo -h -o %t 2>/dev/null)" = "idle" ] && return 0
    sleep 0.2
  done
  local_slurm_skip "the local Slurm did not come up within 30 s: $(tail -n 3 "$d/slurmctld.log" "$d/slurmd.log" 2>/dev/null | tr '\n' ' ')"
}
