# What the runner records about the machine: read from /proc, /sys, lsblk, findmnt and the
# filesystems' own tools. A fact it cannot read is left out, never guessed. Sourced by
# benchfolio-run after common.sh.
# shellcheck shell=sh

# read_line FILE: the first line of FILE, or nothing when it cannot be read.
read_line() {
  if test -r "$1"; then
    head -n 1 "$1" 2>/dev/null || true
  fi
}

# trim: standard input without leading and trailing blanks, blank runs squeezed to one space.
trim() {
  tr -s ' \t' '  ' | sed 's/^ //; s/ $//'
}

# mount_source DIR: the device (or other source) the filesystem holding DIR is mounted from,
# without btrfs's [/subvolume] suffix.
mount_source() {
  findmnt -n -o SOURCE -T "$1" 2>/dev/null | head -n 1 | sed 's/\[.*\]$//'
}

# device_chain DIR: "NAME TYPE" per line for the block device under DIR and every device below
# it (partitions, md, dm, LVM), following a loop device to the filesystem holding its backing
# file. Nothing for a filesystem without a block device (tmpfs, overlay on no device).
device_chain() {
  dc_dir=$1
  dc_depth=0
  while test "$dc_depth" -lt 4; do
    dc_depth=$((dc_depth + 1))
    dc_source=$(mount_source "$dc_dir")
    case $dc_source in
      /dev/*) ;;
      *) return 0 ;;
    esac
    test -b "$dc_source" || return 0
    dc_lines=$(lsblk -s -n -r -o NAME,TYPE "$dc_source" 2>/dev/null | awk '!seen[$0]++') || return 0
    printf '%s\n' "$dc_lines"
    dc_loop=$(printf '%s\n' "$dc_lines" | awk '$2 == "loop" { print $1; exit }')
    test -n "$dc_loop" || return 0
    dc_back=$(losetup -n -O BACK-FILE "/dev/$dc_loop" 2>/dev/null | trim)
    test -n "$dc_back" || return 0
    dc_dir=$(dirname "$dc_back")
  done
}

# chain_devices DIR: the device names under DIR, one per line (for iostat), every member of a
# btrfs over several devices too.
chain_devices() {
  {
    device_chain "$1"
    btrfs_members "$1"
  } | awk '!seen[$1]++ { print $1 }'
}

# btrfs_members DIR: the member devices (names such as loop0) of the btrfs holding DIR, one per
# line, when it has several (/sys/fs/btrfs/<uuid>/devices, readable without root); else nothing.
btrfs_members() {
  test "$(findmnt -n -o FSTYPE -T "$1" 2>/dev/null | head -n 1)" = btrfs || return 0
  bm_uuid=$(findmnt -n -o UUID -T "$1" 2>/dev/null | head -n 1)
  test -n "$bm_uuid" && test -d "/sys/fs/btrfs/$bm_uuid/devices" || return 0
  bm_list=$(for bm_dev in "/sys/fs/btrfs/$bm_uuid/devices"/*; do
    test -e "$bm_dev" && printf '%s\n' "${bm_dev##*/}"
  done | sort -V)
  test "$(printf '%s\n' "$bm_list" | grep -c .)" -ge 2 || return 0
  printf '%s\n' "$bm_list"
}

# btrfs_disks_yaml NAME...: system.disks for the members of a btrfs over several devices: the
# loop devices as one entry per image size (interface loop, the backing file's size), any other
# member by the disk under it.
btrfs_disks_yaml() {
  bd_sizes=''
  bd_files=''
  bd_disks=''
  for bd_name in "$@"; do
    bd_back=$(read_line "/sys/block/$bd_name/loop/backing_file")
    if test -n "$bd_back"; then
      # shellcheck disable=SC2012 # only the size column is read
      bd_sizes="$bd_sizes $(ls -ln "$bd_back" 2>/dev/null | awk '{ print $5 }')"
      bd_files="$bd_files${bd_files:+, }$bd_name: $bd_back"
    else
      bd_disks="$bd_disks $(lsblk -s -n -r -o NAME,TYPE "/dev/$bd_name" 2>/dev/null | awk '$2 == "disk" { print $1 }')"
    fi
  done
  printf '  disks:\n'
  if test -n "$bd_files"; then
    bd_host=$(findmnt -n -o FSTYPE,SOURCE -T "$(dirname "${bd_files##*: }")" 2>/dev/null | head -n 1 | trim)
    # shellcheck disable=SC2086 # one word per size
    printf '%s\n' $bd_sizes | sort -n | uniq -c | while read -r bd_count bd_size; do
      printf '    - model: loop image file\n      count: %s\n' "$bd_count"
      ! is_uint "$bd_size" || printf '      size_bytes: %s\n' "$bd_size"
      printf '      interface: loop\n'
      printf '      note: %s\n' "$(yaml_str "Loop devices over image files ($bd_files)${bd_host:+, on $bd_host}: files on one filesystem, not disks of their own.")"
    done
  fi
  # shellcheck disable=SC2086 # one word per disk
  for bd_disk in $(printf '%s\n' $bd_disks | awk 'NF && !seen[$0]++'); do
    yaml_disk "$bd_disk"
  done
}

# btrfs_raid_yaml DIR NAME...: system.raid of a btrfs over several devices: the level its data
# profile gives (btrfs filesystem df), btrfs as the controller.
btrfs_raid_yaml() {
  br_dir=$1
  shift
  br_df=$(btrfs filesystem df "$br_dir" 2>/dev/null | sed -n 's/^\([A-Za-z]*\), \([A-Za-z0-9]*\):.*/\1 \2/p')
  br_data=$(printf '%s\n' "$br_df" | awk '$1 == "Data" { print tolower($2); exit }')
  br_kind='profiles over loop images'
  for br_name in "$@"; do
    test -e "/sys/block/$br_name/loop/backing_file" || br_kind=profiles
  done
  printf '  raid:\n'
  test -z "$br_data" || printf '    level: %s\n' "$(yaml_str "btrfs $br_data")"
  printf '    controller: %s\n' "$(yaml_str "btrfs ($br_kind)")"
  br_note="btrfs over $# devices ($(printf '%s' "$*" | sed 's/ /, /g'))"
  test -z "$br_df" || br_note="$br_note; btrfs filesystem df: $(printf '%s\n' "$br_df" | tr '\n' ',' | sed 's/,$//; s/,/, /g')"
  printf '    note: %s\n' "$(yaml_str "$br_note")"
}

# bracketed_word TEXT: the word of TEXT in brackets, the one in effect ("none [mq-deadline] bfq").
bracketed_word() {
  printf '%s\n' "$1" | sed -n 's/.*\[\([^]]*\)\].*/\1/p'
}

# scheduler_of NAME: the I/O scheduler in effect for /sys/block/NAME.
scheduler_of() {
  bracketed_word "$(read_line "/sys/block/$1/queue/scheduler")"
}

# driver_of NAME: the kernel driver of the disk NAME (virtio_blk, sd, nvme), when visible.
driver_of() {
  if test -e "/sys/block/$1/device/driver"; then
    basename "$(readlink "/sys/block/$1/device/driver")"
  elif test -e "/sys/block/$1/device/device/driver"; then
    basename "$(readlink "/sys/block/$1/device/device/driver")"
  fi
}

# loop_disk_yaml NAME: one entry of system.disks for the loop device NAME under the filesystem:
# an image file on another filesystem, named as btrfs_disks_yaml names its members (the image's
# name, not its path: an --append may mount it elsewhere).
loop_disk_yaml() {
  ld_back=$(read_line "/sys/block/$1/loop/backing_file")
  # shellcheck disable=SC2012 # only the size column is read
  ld_size=$(ls -ln "$ld_back" 2>/dev/null | awk '{ print $5 }')
  ld_host=$(findmnt -n -o FSTYPE,SOURCE -T "$(dirname "$ld_back")" 2>/dev/null | head -n 1 | trim)
  ld_rota=$(read_line "/sys/block/$1/queue/rotational")
  ld_sched=$(scheduler_of "$1")
  ld_nr=$(read_line "/sys/block/$1/queue/nr_requests")
  case $(read_line "/sys/block/$1/loop/dio") in
    1) ld_dio=' (direct I/O on)' ;;
    0) ld_dio=' (direct I/O off: writes go through the page cache of the filesystem holding the image)' ;;
    *) ld_dio='' ;;
  esac
  printf '    - model: loop image file\n      count: 1\n'
  ! is_count "$ld_size" || printf '      size_bytes: %s\n' "$ld_size"
  case $ld_rota in
    0) printf '      rotational: false\n' ;;
    1) printf '      rotational: true\n' ;;
  esac
  printf '      interface: loop\n      device: %s\n' "$(yaml_str "$1")"
  test -z "$ld_sched" || printf '      scheduler: %s\n' "$(yaml_str "$ld_sched")"
  ld_note="A loop device$ld_dio over the image file ${ld_back##*/}${ld_host:+ on $ld_host}: a file on that filesystem, not a disk of its own"
  test -z "$ld_nr" || ld_note="$ld_note; queue/nr_requests $ld_nr"
  printf '      note: %s\n' "$(yaml_str "$ld_note.")"
}

# zram_disk_yaml NAME: one entry of system.disks for the zram device NAME: RAM, compressed.
zram_disk_yaml() {
  zd_size=$(read_line "/sys/block/$1/disksize")
  zd_algos=$(read_line "/sys/block/$1/comp_algorithm" | trim)
  zd_algo=$(bracketed_word "$zd_algos")
  zd_rota=$(read_line "/sys/block/$1/queue/rotational")
  zd_sched=$(scheduler_of "$1")
  zd_limit=$(read_line "/sys/block/$1/mem_limit")
  printf '    - model: %s\n      count: 1\n' "$(yaml_str 'zram (compressed RAM block device)')"
  ! is_count "$zd_size" || printf '      size_bytes: %s\n' "$zd_size"
  case $zd_rota in
    0) printf '      rotational: false\n' ;;
    1) printf '      rotational: true\n' ;;
  esac
  printf '      interface: zram\n      device: %s\n' "$(yaml_str "$1")"
  test -z "$zd_sched" || printf '      scheduler: %s\n' "$(yaml_str "$zd_sched")"
  zd_note="Blocks kept in RAM, compressed by the CPU: no disk under it"
  test -z "$zd_algo" || zd_note="$zd_note; comp_algorithm $zd_algo (offered: $(printf '%s' "$zd_algos" | tr -d '[]'))"
  test -n "$zd_sched" || zd_note="$zd_note; no I/O scheduler (zram has no queue/scheduler)"
  ! is_count "$zd_limit" || zd_note="$zd_note; mem_limit $zd_limit bytes"
  printf '      note: %s\n' "$(yaml_str "$zd_note.")"
}

# yaml_disk NAME: one entry of system.disks for the whole disk NAME.
yaml_disk() {
  case $1 in
    zram[0-9]*)
      zram_disk_yaml "$1"
      return 0
      ;;
  esac
  yd_model=$(lsblk -d -n -o MODEL "/dev/$1" 2>/dev/null | trim)
  test -n "$yd_model" || yd_model=$(read_line "/sys/block/$1/device/model" | trim)
  yd_driver=$(driver_of "$1")
  yd_tran=$(lsblk -d -n -o TRAN "/dev/$1" 2>/dev/null | trim)
  yd_size=$(lsblk -d -n -b -o SIZE "/dev/$1" 2>/dev/null | trim)
  yd_rota=$(read_line "/sys/block/$1/queue/rotational")
  yd_sched=$(scheduler_of "$1")
  yd_qd=$(read_line "/sys/block/$1/device/queue_depth")
  yd_nr=$(read_line "/sys/block/$1/queue/nr_requests")
  yd_vendor=$(read_line "/sys/block/$1/device/vendor" | trim)
  yd_note=''
  if test -z "$yd_model"; then
    yd_model="no model reported${yd_driver:+ ($yd_driver)}"
  fi
  printf '    - model: %s\n' "$(yaml_str "$yd_model")"
  printf '      count: 1\n'
  if is_uint "$yd_size" && test "$yd_size" -gt 0; then
    printf '      size_bytes: %s\n' "$yd_size"
  fi
  case $yd_rota in
    0) printf '      rotational: false\n' ;;
    1) printf '      rotational: true\n' ;;
  esac
  if test -n "$yd_tran"; then
    printf '      interface: %s\n' "$(yaml_str "$yd_tran")"
  else
    case $yd_driver in
      virtio*) printf '      interface: virtio\n' ;;
      nvme) printf '      interface: nvme\n' ;;
    esac
  fi
  printf '      device: %s\n' "$(yaml_str "$1")"
  test -z "$yd_sched" || printf '      scheduler: %s\n' "$(yaml_str "$yd_sched")"
  if is_uint "$yd_qd" && test "$yd_qd" -gt 0; then
    printf '      queue_depth: %s\n' "$yd_qd"
  fi
  test -z "$yd_nr" || yd_note="queue/nr_requests $yd_nr"
  test -z "$yd_driver" || yd_note="${yd_note:+$yd_note; }driver $yd_driver"
  test -z "$yd_vendor" || yd_note="${yd_note:+$yd_note; }vendor $yd_vendor"
  test -z "$yd_note" || printf '      note: %s\n' "$(yaml_str "$yd_note")"
}

# layers_of DIR: the layers between the filesystem under DIR and its disks, in words that stay
# the same from one loop device number to the next.
layers_of() {
  device_chain "$1" | awk '
    $2 == "disk" { next }
    $2 == "loop" {
      dio = ""
      if ((getline value < ("/sys/block/" $1 "/loop/dio")) > 0) dio = (value == 1 ? " (direct I/O on)" : " (direct I/O off)")
      print "a loop device" dio " over an image file"; next
    }
    $2 == "part" { print "partition " $1; next }
    $2 == "lvm" { print "LVM volume " $1; next }
    $2 == "crypt" { print "dm-crypt " $1; next }
    $2 ~ /^raid/ { print "md " $2 " " $1; next }
    { print $2 " " $1 }
  ' | awk '!seen[$0]++' | sed ':a; N; $!ba; s/\n/, on /g'
}

# fs_readback DIR TYPE DEVICE: the mkfs parameters the filesystem tells about itself, on one line.
fs_readback() {
  case $2 in
    ext2 | ext3 | ext4)
      if ! has_cmd tune2fs; then
        printf 'tune2fs not found: parameters not read'
      elif ! test -r "$3"; then
        printf 'tune2fs -l needs read access to %s (root): parameters not read' "$3"
      else
        fr_tune=$(tune2fs -l "$3" 2>/dev/null | awk -F: '
          /^(Filesystem features|Block size|Inode size|Inode count|Block count|Reserved block count|RAID stride|RAID stripe width|Journal size|Flex block group size|Default mount options)[ \t]*:/ {
            value = $0; sub(/^[^:]*:[ \t]*/, "", value); gsub(/[ \t]+/, " ", value)
            out = out (out == "" ? "" : "; ") $1 " " value
          }
          END { if (out != "") printf "tune2fs -l: %s", out }') || fr_tune=''
        if test -n "$fr_tune"; then
          printf '%s' "$fr_tune"
        else
          printf 'tune2fs -l %s read nothing here: parameters not read' "$3"
        fi
      fi
      ;;
    xfs)
      if has_cmd xfs_info; then
        xfs_info "$1" 2>/dev/null | tr -s ' \t\n' '   ' | sed 's/^ //; s/ $//; s/^/xfs_info: /'
      else
        printf 'xfs_info not found: parameters not read'
      fi
      ;;
    btrfs)
      if has_cmd btrfs; then
        fr_super=''
        if test -r "$3"; then
          fr_super=$(btrfs inspect-internal dump-super "$3" 2>/dev/null |
            awk '$1 == "sectorsize" || $1 == "nodesize" || $1 == "csum_type" { $1 = $1; printf "%s%s", sep, $0; sep = "; " }')
        fi
        fr_df=$(btrfs filesystem df "$1" 2>/dev/null | sed -n 's/^\([A-Za-z]*\), \([A-Za-z0-9]*\):.*/\1 \2/p' | tr '\n' ',' | sed 's/,$//; s/,/, /g')
        printf 'btrfs: %s%s' "${fr_super:+$fr_super; }" "${fr_df:+profiles $fr_df}"
      else
        printf 'btrfs not found: parameters not read'
      fi
      ;;
  esac
}

# cpu_yaml: system.cpu from /proc/cpuinfo and cpufreq.
cpu_yaml() {
  cy_model=$(awk -F: '/^model name/ { sub(/^[ \t]+/, "", $2); print $2; exit }' /proc/cpuinfo 2>/dev/null | trim)
  test -n "$cy_model" || cy_model=$(awk -F: '/^(Hardware|cpu model|Processor)[ \t]*:/ { sub(/^[ \t]+/, "", $2); print $2; exit }' /proc/cpuinfo 2>/dev/null | trim)
  test -n "$cy_model" || return 0
  cy_threads=$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || true)
  cy_sockets=$(awk -F: '/^physical id/ { ids[$2] = 1 } END { n = 0; for (i in ids) n++; print n }' /proc/cpuinfo)
  cy_cores=$(awk -F: '/^physical id/ { p = $2 } /^core id/ { ids[p "/" $2] = 1 } END { n = 0; for (i in ids) n++; print n }' /proc/cpuinfo)
  cy_gov=$(read_line /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor)
  printf '  cpu:\n    model: %s\n' "$(yaml_str "$cy_model")"
  if is_uint "$cy_sockets" && test "$cy_sockets" -gt 0; then printf '    count: %s\n' "$cy_sockets"; fi
  if is_uint "$cy_cores" && test "$cy_cores" -gt 0; then printf '    cores: %s\n' "$cy_cores"; fi
  if is_uint "$cy_threads" && test "$cy_threads" -gt 0; then printf '    threads: %s\n' "$cy_threads"; fi
  test -z "$cy_gov" || printf '    governor: %s\n' "$(yaml_str "$cy_gov")"
}

# system_yaml DIR [MKFS]: the `system:` block of run.yaml for a run on DIR.
system_yaml() {
  sy_dir=$1
  sy_mkfs=${2-}
  printf 'system:\n'
  printf '  host: %s\n' "$(yaml_str "$(uname -n)")"
  cpu_yaml
  sy_mem=$(awk '/^MemTotal:/ { print $2; exit }' /proc/meminfo 2>/dev/null)
  if is_uint "$sy_mem" && test "$sy_mem" -gt 0; then
    printf '  memory:\n    bytes: %s\n' "$((sy_mem * 1024))"
  fi
  printf '  kernel: %s\n' "$(yaml_str "$(uname -r)")"
  sy_os=$(sed -n 's/^PRETTY_NAME=//p' /etc/os-release 2>/dev/null | sed 's/^"//; s/"$//')
  test -z "$sy_os" || printf '  os: %s\n' "$(yaml_str "$sy_os")"
  sy_virt=''
  sy_container=''
  if has_cmd systemd-detect-virt; then
    sy_virt=$(systemd-detect-virt --vm 2>/dev/null || true)
    sy_container=$(systemd-detect-virt --container 2>/dev/null || true)
    test -n "$sy_virt" || sy_virt=none
    printf '  virtualization: %s\n' "$(yaml_str "$sy_virt")"
  fi
  sy_dmi_vendor=$(read_line /sys/class/dmi/id/sys_vendor | trim)
  sy_dmi_product=$(read_line /sys/class/dmi/id/product_name | trim)
  # Only EC2 puts the instance type in the DMI product name; other clouds name themselves there.
  if test "$sy_dmi_vendor" = 'Amazon EC2' && test -n "$sy_dmi_product"; then
    printf '  instance_type: %s\n' "$(yaml_str "$sy_dmi_product")"
  fi

  sy_chain=$(device_chain "$sy_dir")
  sy_disks=$(printf '%s\n' "$sy_chain" | awk '$2 == "disk" && !seen[$1]++ { print $1 }')
  sy_loops=$(printf '%s\n' "$sy_chain" | awk '$2 == "loop" && !seen[$1]++ { print $1 }')
  sy_members=$(btrfs_members "$sy_dir")
  if test -n "$sy_members"; then
    # A btrfs over several devices (--btrfs-raid): its members are the disks, btrfs the RAID.
    # shellcheck disable=SC2086 # one word per device
    btrfs_disks_yaml $sy_members
    if has_cmd btrfs; then
      # shellcheck disable=SC2086 # as above
      btrfs_raid_yaml "$(findmnt -n -o TARGET -T "$sy_dir" | head -n 1)" $sy_members
    fi
  elif test -n "$sy_disks$sy_loops"; then
    # A loop device under the filesystem first (it is what the filesystem writes to), then the
    # disk under the image file.
    printf '  disks:\n'
    for sy_loop in $sy_loops; do
      loop_disk_yaml "$sy_loop"
    done
    for sy_disk in $sy_disks; do
      yaml_disk "$sy_disk"
    done
  fi

  sy_md=$(printf '%s\n' "$sy_chain" | awk '$2 ~ /^raid[0-9]+$/ { sub(/^raid/, "", $2); print $2 " " $1; exit }')
  sy_hw=''
  if has_cmd lspci; then
    sy_hw=$(lspci 2>/dev/null | sed -n 's/^[^ ]* RAID bus controller: //p' | awk '!seen[$0]++' | sed ':a; N; $!ba; s/\n/; /g')
  fi
  if test -z "$sy_members" && { test -n "$sy_md" || test -n "$sy_hw"; }; then
    printf '  raid:\n'
    if test -n "$sy_md"; then
      printf '    level: %s\n' "$(yaml_str "${sy_md%% *}")"
      printf '    controller: md\n'
      test -z "$sy_hw" || printf '    note: %s\n' "$(yaml_str "lspci also lists a RAID controller: $sy_hw")"
    else
      printf '    controller: %s\n' "$(yaml_str "$sy_hw")"
      sy_seen=''
      for sy_disk in $sy_disks; do
        sy_kview=$(printf '%s %s' "$(read_line "/sys/block/$sy_disk/device/vendor")" "$(read_line "/sys/block/$sy_disk/device/model")" | trim)
        test -z "$sy_kview" || sy_seen="${sy_seen:+$sy_seen; }$sy_disk: $sy_kview"
      done
      test -z "$sy_seen" || printf '    note: %s\n' "$(yaml_str "From lspci. The kernel sees $sy_seen")"
    fi
  fi

  sy_layers=$(layers_of "$sy_dir")
  if test -n "$sy_layers"; then
    sy_under=$(loop_host_fs "$sy_dir")
    printf '  lvm: %s\n' "$(yaml_str "$sy_layers${sy_under:+ on $sy_under}")"
  fi

  sy_fstype=$(findmnt -n -o FSTYPE -T "$sy_dir" 2>/dev/null | head -n 1)
  if test -n "$sy_fstype"; then
    sy_source=$(mount_source "$sy_dir")
    printf '  filesystem:\n    type: %s\n' "$(yaml_str "$sy_fstype")"
    test -z "$sy_mkfs" || printf '    mkfs: %s\n' "$(yaml_str "$sy_mkfs")"
    printf '    mount_options: %s\n' "$(yaml_str "$(findmnt -n -o OPTIONS -T "$sy_dir" | head -n 1)")"
    printf '    mountpoint: %s\n' "$(yaml_str "$(findmnt -n -o TARGET -T "$sy_dir" | head -n 1)")"
    sy_read=$(fs_readback "$(findmnt -n -o TARGET -T "$sy_dir" | head -n 1)" "$sy_fstype" "$sy_source")
    test -z "$sy_read" || printf '    note: %s\n' "$(yaml_str "$sy_read")"
  fi

  # The scheduler of the loop device the filesystem is on (the first to order its requests), or
  # else of the disks, when they all use the same one.
  sy_first_loop=$(printf '%s\n' "$sy_chain" | awk 'NR == 1 && $2 == "loop" { print $1 }')
  if test -n "$sy_first_loop"; then
    sy_scheds=$(scheduler_of "$sy_first_loop")
  else
    sy_scheds=$(for sy_disk in $sy_disks; do scheduler_of "$sy_disk"; done | sort -u)
  fi
  case $sy_scheds in
    '' | *"
"*) ;;
    *) printf '  io_scheduler: %s\n' "$(yaml_str "$sy_scheds")" ;;
  esac

  sy_other=''
  test -z "$sy_container" || test "$sy_container" = none || sy_other="$sy_other    container: $(yaml_str "$sy_container")
"
  test -z "$sy_dmi_vendor" || sy_other="$sy_other    dmi_sys_vendor: $(yaml_str "$sy_dmi_vendor")
"
  test -z "$sy_dmi_product" || sy_other="$sy_other    dmi_product_name: $(yaml_str "$sy_dmi_product")
"
  if test -n "$sy_other"; then
    printf '  other:\n%s' "$sy_other"
  fi
}

# loop_host_fs DIR: for DIR on a loop device, "<fstype> (<source>)" of the filesystem holding the
# image file.
loop_host_fs() {
  lh_loop=$(device_chain "$1" | awk '$2 == "loop" { print $1; exit }')
  test -n "$lh_loop" || return 0
  lh_back=$(losetup -n -O BACK-FILE "/dev/$lh_loop" 2>/dev/null | trim)
  test -n "$lh_back" || return 0
  lh_dir=$(dirname "$lh_back")
  printf '%s %s' "$(findmnt -n -o FSTYPE -T "$lh_dir" | head -n 1)" "$(mount_source "$lh_dir")"
}
