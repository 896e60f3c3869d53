# Timing helpers shared by the benchmark scripts (sourced; they set `limit`, in seconds, before calling these).

# The wall time of a command in seconds ("" when it ran out of the limit).
run_once() {
  local t0 t1
  t0=$(date +%s.%N)
  timeout "$limit" "$@" > /dev/null 2>&1
  local rc=$?
  t1=$(date +%s.%N)
  [ $rc -eq 124 ] && { echo ""; return; }
  echo "$t1 - $t0" | bc -l
}

# Seconds with three decimals, or ">LIMIT" for a run out of time.
fmt() { if [ -n "$1" ]; then printf '%.3f' "$1"; else printf '>%s' "$limit"; fi; }

# The median of three runs for a short command (under half a second), else the one run.
timed() {
  local a b c
  a=$(run_once "$@")
  if [ -n "$a" ] && [ "$(echo "$a < 0.5" | bc -l)" = 1 ]; then
    b=$(run_once "$@"); c=$(run_once "$@")
    printf '%s\n%s\n%s\n' "$a" "$b" "$c" | sort -g | sed -n 2p
  else
    echo "$a"
  fi
}
