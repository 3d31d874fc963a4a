#!/usr/bin/env bash
# gpu-probe.sh — measure a real run before you rent: record the node's environment, run your
# command while sampling nvidia-smi once a second, and write one JSON file (plus the raw CSV)
# to import into the GPU sizing guide's run-log analyzer.
#
# Usage: bash gpu-probe.sh [-o OUTDIR] [-i INTERVAL] [-s DISK_TEST_MIB] [-u UNIT] -- COMMAND...
#
# Needs only bash, coreutils, sed and nvidia-smi; uses python3/torch only to report versions.
# PRIVACY: it never uploads anything and opens no network connection. Everything stays in
# OUTDIR: probe-<time>.json, probe-<time>.csv (and probe-<time>.progress if your command
# writes one). The JSON contains your command line; read it before sharing it with anyone.
#
# Output (schema "gpu-probe/1", parsed by src/estimate/run-log/probe-json.ts): environment
# (GPU names and memory, driver and CUDA versions, CPU count, RAM, free disk, a short disk
# read test, python/torch versions), the command's argv, start/end epoch seconds and exit
# status, and the nvidia-smi CSV embedded as the string "samplesCsv" (the same text as the
# .csv file beside it). nvidia-smi runs with TZ=UTC so its timestamps are UTC.
#
# Throughput: the command may append lines "<epoch seconds> <cumulative count>" to the file
# named by $GPU_PROBE_PROGRESS (e.g. every 100 steps: echo "$(date +%s) $samples_done");
# the analyzer then computes throughput over the steady-state window. -u names the unit.
#
# Exit status: the command's own (130 after Ctrl-C); 2 for a usage error or no nvidia-smi.
set -euo pipefail

readonly PROBE_VERSION="1"
readonly QUERY="timestamp,index,name,memory.used,memory.total,utilization.gpu,power.draw"

usage() {
  cat <<'EOF'
Usage: bash gpu-probe.sh [-o OUTDIR] [-i INTERVAL] [-s DISK_TEST_MIB] [-u UNIT] -- COMMAND...

Runs COMMAND while sampling nvidia-smi, then writes probe-<time>.json and probe-<time>.csv
to OUTDIR for the GPU sizing guide's run-log analyzer.

  -o OUTDIR         where to write the files (default: current directory)
  -i INTERVAL       sampling interval, whole seconds (default: 1)
  -s DISK_TEST_MIB  size of the disk read test file in OUTDIR, MiB; 0 skips it (default: 256)
  -u UNIT           unit of the counts your command writes to $GPU_PROBE_PROGRESS
                    (samples, tokens, frames...)
  -h, --help        show this help

Nothing is uploaded: the script opens no network connection and only writes to OUTDIR.
The JSON contains your command line; read it before sharing it.
EOF
}

outdir="."
interval="1"
disk_test_mib="${GPU_PROBE_DISK_TEST_MIB:-256}"
progress_unit=""

while (($# > 0)); do
  case "$1" in
    -o) outdir="${2:?-o needs a directory}"; shift 2 ;;
    -i) interval="${2:?-i needs seconds}"; shift 2 ;;
    -s) disk_test_mib="${2:?-s needs MiB}"; shift 2 ;;
    -u) progress_unit="${2:?-u needs a unit}"; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    --) shift; break ;;
    *) echo "gpu-probe: unknown option '$1' (the command goes after --)" >&2; usage >&2; exit 2 ;;
  esac
done

if (($# == 0)); then
  echo "gpu-probe: no command given" >&2
  usage >&2
  exit 2
fi
if ! [[ "$interval" =~ ^[1-9][0-9]*$ ]]; then
  echo "gpu-probe: -i must be a whole number of seconds >= 1" >&2
  exit 2
fi
if ! [[ "$disk_test_mib" =~ ^[0-9]+$ ]]; then
  echo "gpu-probe: -s must be a whole number of MiB" >&2
  exit 2
fi
if ! command -v nvidia-smi >/dev/null 2>&1; then
  echo "gpu-probe: nvidia-smi not found on PATH (is the NVIDIA driver installed?)" >&2
  exit 2
fi
mkdir -p "$outdir"

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
base="probe-${stamp}"
json_file="${outdir}/${base}.json"
csv_file="${outdir}/${base}.csv"
progress_file="${outdir}/${base}.progress"
disk_tmp=""
sampler_pid=""

cleanup() {
  if [[ -n "$sampler_pid" ]]; then
    kill "$sampler_pid" 2>/dev/null || true
    wait "$sampler_pid" 2>/dev/null || true
    sampler_pid=""
  fi
  if [[ -n "$disk_tmp" ]]; then
    rm -f -- "$disk_tmp"
    disk_tmp=""
  fi
}
trap cleanup EXIT
interrupted=0
trap 'interrupted=1' INT TERM

# --- JSON helpers --------------------------------------------------------------------------
json_str() {
  local s="$1"
  s="${s//\\/\\\\}"
  s="${s//\"/\\\"}"
  s="${s//$'\t'/\\t}"
  s="${s//$'\r'/\\r}"
  s="${s//$'\n'/\\n}"
  s="$(printf '%s' "$s" | tr -d '\000-\037')"
  printf '"%s"' "$s"
}
json_str_or_null() {
  if [[ -n "$1" ]]; then json_str "$1"; else printf 'null'; fi
}
json_num() {
  if [[ "$1" =~ ^-?[0-9]+(\.[0-9]+)?$ ]]; then printf '%s' "$1"; else printf 'null'; fi
}
# A whole file as one JSON string, without loading it into a bash variable.
json_file_str() {
  printf '"'
  if [[ -s "$1" ]]; then
    sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/\t/\\t/g' -e 's/\r/\\r/g' -e 's/$/\\n/' -- "$1" | tr -d '\000-\037'
  fi
  printf '"'
}
trim() {
  local s="$1"
  s="${s#"${s%%[![:space:]]*}"}"
  s="${s%"${s##*[![:space:]]}"}"
  printf '%s' "$s"
}

# --- Environment -----------------------------------------------------------------------------
echo "gpu-probe: recording the environment..." >&2
gpus_json=""
while IFS=',' read -r g_index g_name g_mem; do
  g_index="$(trim "${g_index:-}")"
  [[ "$g_index" =~ ^[0-9]+$ ]] || continue
  [[ -n "$gpus_json" ]] && gpus_json+=","
  gpus_json+="{\"index\":${g_index},\"name\":$(json_str "$(trim "${g_name:-}")"),\"memoryTotalMiB\":$(json_num "$(trim "${g_mem:-}")")}"
done < <(nvidia-smi --query-gpu=index,name,memory.total --format=csv,noheader,nounits 2>/dev/null || true)

driver_version="$(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -n 1 || true)"
driver_version="$(trim "$driver_version")"
cuda_version="$(nvidia-smi 2>/dev/null | sed -n 's/.*CUDA Version: *\([0-9.]*\).*/\1/p' | head -n 1 || true)"
os_name="$(uname -sr 2>/dev/null || true)"
cpu_count="$(nproc 2>/dev/null || true)"
ram_mib=""
if [[ -r /proc/meminfo ]]; then
  ram_kib="$(sed -n 's/^MemTotal: *\([0-9]*\) kB/\1/p' /proc/meminfo)"
  [[ -n "$ram_kib" ]] && ram_mib=$((ram_kib / 1024))
fi
disk_free_mib="$(df -Pk -- "$outdir" 2>/dev/null | sed -n '2p' | tr -s ' ' | cut -d ' ' -f 4 || true)"
[[ "$disk_free_mib" =~ ^[0-9]+$ ]] && disk_free_mib=$((disk_free_mib / 1024))

# Disk read test: write a temp file, then read it back, bypassing the page cache (O_DIRECT)
# where the file system allows; otherwise the figure is a cached read and says little.
disk_read_mibps=""
if ((disk_test_mib > 0)); then
  disk_tmp="$(mktemp "${outdir}/.gpu-probe-disk.XXXXXX")"
  if dd if=/dev/zero of="$disk_tmp" bs=1M count="$disk_test_mib" conv=fsync status=none 2>/dev/null; then
    t0="$(date +%s%N)"
    if ! dd if="$disk_tmp" of=/dev/null bs=1M iflag=direct status=none 2>/dev/null; then
      dd if="$disk_tmp" of=/dev/null bs=1M status=none 2>/dev/null || true
    fi
    t1="$(date +%s%N)"
    elapsed_ns=$((t1 - t0))
    if ((elapsed_ns > 0)); then
      tenths=$((disk_test_mib * 10000000000 / elapsed_ns))
      disk_read_mibps="$((tenths / 10)).$((tenths % 10))"
    fi
  fi
  rm -f -- "$disk_tmp"
  disk_tmp=""
fi

python_version=""
torch_version=""
torch_cuda=""
if command -v python3 >/dev/null 2>&1; then
  python_version="$(python3 -c 'import platform; print(platform.python_version())' 2>/dev/null || true)"
  torch_line="$(timeout 60 python3 -c 'import torch; print(torch.__version__, torch.version.cuda or "")' 2>/dev/null || true)"
  if [[ -n "$torch_line" ]]; then
    torch_version="${torch_line%% *}"
    torch_cuda="$(trim "${torch_line#* }")"
    [[ "$torch_cuda" == "$torch_version" ]] && torch_cuda=""
  fi
fi

# --- Run the command while sampling ---------------------------------------------------------
echo "gpu-probe: sampling nvidia-smi every ${interval}s into ${csv_file}" >&2
TZ=UTC nvidia-smi --query-gpu="$QUERY" --format=csv -l "$interval" >"$csv_file" 2>/dev/null &
sampler_pid=$!

export GPU_PROBE_PROGRESS="$progress_file"
start_epoch="$(date +%s)"
echo "gpu-probe: running: $*" >&2
set +e
"$@"
status=$?
set -e
end_epoch="$(date +%s)"
if ((interrupted == 1)) && ((status == 0)); then
  status=130
fi
# One more interval so the last samples land, then stop the sampler.
sleep "$interval" 2>/dev/null || true
cleanup

# --- Write the JSON ------------------------------------------------------------------------
argv_json=""
for a in "$@"; do
  [[ -n "$argv_json" ]] && argv_json+=","
  argv_json+="$(json_str "$a")"
done

{
  printf '{\n'
  printf '  "schema": "gpu-probe/1",\n'
  printf '  "probeVersion": %s,\n' "$(json_str "$PROBE_VERSION")"
  printf '  "createdEpochSeconds": %s,\n' "$(date +%s)"
  printf '  "environment": {\n'
  printf '    "gpus": [%s],\n' "$gpus_json"
  printf '    "driverVersion": %s,\n' "$(json_str_or_null "$driver_version")"
  printf '    "cudaVersion": %s,\n' "$(json_str_or_null "$cuda_version")"
  printf '    "os": %s,\n' "$(json_str_or_null "$os_name")"
  printf '    "cpuCount": %s,\n' "$(json_num "$cpu_count")"
  printf '    "ramTotalMiB": %s,\n' "$(json_num "$ram_mib")"
  printf '    "diskFreeMiB": %s,\n' "$(json_num "$disk_free_mib")"
  printf '    "diskReadMiBps": %s,\n' "$(json_num "$disk_read_mibps")"
  printf '    "diskTestMiB": %s,\n' "$(json_num "$disk_test_mib")"
  printf '    "pythonVersion": %s,\n' "$(json_str_or_null "$python_version")"
  printf '    "torchVersion": %s,\n' "$(json_str_or_null "$torch_version")"
  printf '    "torchCudaVersion": %s\n' "$(json_str_or_null "$torch_cuda")"
  printf '  },\n'
  printf '  "command": {\n'
  printf '    "argv": [%s],\n' "$argv_json"
  printf '    "startEpochSeconds": %s,\n' "$start_epoch"
  printf '    "endEpochSeconds": %s,\n' "$end_epoch"
  printf '    "exitStatus": %s\n' "$status"
  printf '  },\n'
  printf '  "sampling": {\n'
  printf '    "intervalSeconds": %s,\n' "$interval"
  printf '    "csvFile": %s,\n' "$(json_str "${base}.csv")"
  printf '    "query": %s,\n' "$(json_str "$QUERY")"
  printf '    "timezone": "UTC"\n'
  printf '  },\n'
  printf '  "samplesCsv": '
  json_file_str "$csv_file"
  printf ',\n'
  if [[ -s "$progress_file" ]]; then
    printf '  "progressLog": '
    json_file_str "$progress_file"
    printf ',\n'
  else
    printf '  "progressLog": null,\n'
  fi
  printf '  "progressUnit": %s\n' "$(json_str_or_null "$progress_unit")"
  printf '}\n'
} >"$json_file"

echo "gpu-probe: command exited with status ${status}; wrote ${json_file} and ${csv_file}" >&2
echo "gpu-probe: nothing was uploaded. Import the JSON in the guide's run-log analyzer." >&2
exit "$status"
