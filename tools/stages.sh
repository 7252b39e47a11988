# Stage helpers for the test scripts (sourced by tools/run-tests.sh and .ci/run): each stage prints its
# duration, and the summary at the end lists them all (also when one fails).
STAGES=()
record() {
  local name=$1 took=$2 status=$3
  STAGES+=("$(printf '%4d:%02d  %s%s' $((took / 60)) $((took % 60)) "$name" "$([ "$status" = 0 ] || echo " (échec $status)")")")
  echo "--- $name : ${took} s"
}
stage() {
  local name=$1
  shift
  echo "--- $name"
  local start=$SECONDS status=0
  "$@" || status=$?
  record "$name" $((SECONDS - start)) "$status"
  return "$status"
}
# A stage run beside the next ones (2 cores: tsc uses one), its output kept until stage_wait prints it.
LOGS=$(mktemp -d)
stage_beside() {
  local name=$1
  shift
  echo "--- $name (en parallèle)"
  (
    start=$SECONDS status=0
    "$@" >"$LOGS/$name.log" 2>&1 || status=$?
    echo "$status $((SECONDS - start))" >"$LOGS/$name.status"
  ) &
  BESIDE_PID=$!
}
stage_wait() {
  local name=$1 status took
  wait "$BESIDE_PID" || true
  echo "--- $name (sortie)"
  cat "$LOGS/$name.log"
  read -r status took <"$LOGS/$name.status"
  record "$name" "$took" "$status"
  return "$status"
}
summary() {
  echo "--- durées des étapes (min:s)"
  printf '%s\n' "${STAGES[@]}"
  printf '%4d:%02d  total\n' $((SECONDS / 60)) $((SECONDS % 60))
}
