# A lock for scripts/install-n8n.sh that needs no `flock` (which macOS lacks): `mkdir` is atomic on
# every file system the cache may sit on, so the one process whose mkdir succeeds holds the lock and
# writes its pid into it; the others wait. Stale rule: a lock whose pid is no longer running (an
# install killed mid-way), or that has no pid a minute after it was made (killed between mkdir and
# writing the pid), is moved aside and taken. Two waiters that find the same stale lock at the same
# instant could both take it; that needs a killed install plus two new ones in the same second.
# Source this file, then: dir_lock_acquire <dir> [on-wait-message]; dir_lock_release <dir>.

dir_lock_acquire() {
  local lock=$1 message=${2:-} owner told=
  while ! mkdir "$lock" 2>/dev/null; do
    owner=$(cat "$lock/pid" 2>/dev/null || true)
    if { [ -n "$owner" ] && ! kill -0 "$owner" 2>/dev/null; } \
      || { [ -z "$owner" ] && [ -n "$(find "$lock" -maxdepth 0 -mmin +1 2>/dev/null)" ]; }; then
      # Only if it is still the same stale lock: a waiter may have taken it over meanwhile.
      if [ "$(cat "$lock/pid" 2>/dev/null || true)" = "$owner" ]; then
        mv "$lock" "$lock.stale.$$" 2>/dev/null && rm -rf "$lock.stale.$$"
      fi
      continue
    fi
    if [ -z "$told" ] && [ -n "$message" ]; then echo "$message" >&2; told=1; fi
    sleep 1
  done
  echo $$ > "$lock/pid"
}

dir_lock_release() {
  # Only our own: a lock taken over as stale belongs to its new holder.
  if [ "$(cat "$1/pid" 2>/dev/null || true)" = "$$" ]; then rm -rf "$1"; fi
}
