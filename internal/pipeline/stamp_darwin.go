package pipeline

import (
	"os"
	"syscall"
)

// statStamp returns the stamp of the file at path (not following a
// symbolic link); false when it has none.
func statStamp(path string) (stamp, bool) {
	info, err := os.Lstat(path)
	if err != nil || !info.Mode().IsRegular() {
		return stamp{}, false
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return stamp{}, false
	}
	return stamp{dev: uint64(st.Dev), ino: st.Ino, size: info.Size(), mtime: modTime(info),
		ctime: st.Ctimespec.Sec*1e9 + st.Ctimespec.Nsec}, true
}
