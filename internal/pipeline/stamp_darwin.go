package pipeline

import (
	"os"
	"syscall"
)

// sysStamp reads a file's device, inode and change time.
func sysStamp(info os.FileInfo) (dev, ino uint64, ctime int64, ok bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, 0, false
	}
	return uint64(st.Dev), st.Ino, st.Ctimespec.Nano(), true
}
