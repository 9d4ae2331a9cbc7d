package pipeline

import (
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// A file's stamp is what its metadata says of it: device, inode, size,
// modification and change times. The unchanged short-circuit trusts a
// file whose stamp is the one noted when its SHA-256 was last checked,
// instead of reading and hashing it again, as git trusts its index: a
// write to the file, a rename over it, a chmod or a touch all change its
// change time (which no user can set back) or its inode. The one blind
// spot is a write within the file system's timestamp granularity of the
// moment the file was checked; a stamp is trusted only when the file's
// change time is older by racyMargin than the moment the run noting it
// began to write or check the files, so such a file, and any written or
// changed while the run went on, is read and hashed again (git's "racily
// clean" rule). On a system without change times (Windows), every file
// is hashed.

// stamp is a file's metadata as statStamp reads it.
type stamp struct {
	dev, ino     uint64
	size         int64
	mtime, ctime int64 // nanoseconds since the epoch
}

// racyMargin is how much older than the noting of its stamp a file's
// change time must be for the stamp to be trusted: more than any file
// system's timestamp granularity (FAT's 2 s is the coarsest).
var racyMargin = 3 * time.Second

// stampsOf returns the stamps of paths; the files that have none (a
// system without change times, a file gone) are left out. The cache notes
// them at the time their contents began to be written or checked, not
// when the stamps were read: a file changed in between then has a change
// time too recent to be trusted.
func stampsOf(paths []string) map[string]stamp {
	stamps := make([]stamp, len(paths))
	ok := make([]bool, len(paths))
	parallel(len(paths), func(i int) { stamps[i], ok[i] = statStamp(paths[i]) })
	out := make(map[string]stamp, len(paths))
	for i, p := range paths {
		if ok[i] {
			out[p] = stamps[i]
		}
	}
	return out
}

// trusted reports whether the file at path still has the stamp noted,
// and had it long enough before taken (when its contents began to be
// checked) that a write since would have changed it.
func trusted(path string, noted stamp, taken int64) bool {
	s, ok := statStamp(path)
	return ok && s == noted && s.ctime < taken-int64(racyMargin)
}

// hashedFiles counts the files unchanged read and hashed, for tests.
var hashedFiles atomic.Int64

// encode writes a stamp as one word.
func (s stamp) encode() string {
	return strings.Join([]string{strconv.FormatUint(s.dev, 10), strconv.FormatUint(s.ino, 10),
		strconv.FormatInt(s.size, 10), strconv.FormatInt(s.mtime, 10), strconv.FormatInt(s.ctime, 10)}, " ")
}

// decodeStamp reads a stamp encode wrote.
func decodeStamp(w string) (stamp, bool) {
	f := strings.Fields(w)
	if len(f) != 5 {
		return stamp{}, false
	}
	var s stamp
	var errs [5]error
	s.dev, errs[0] = strconv.ParseUint(f[0], 10, 64)
	s.ino, errs[1] = strconv.ParseUint(f[1], 10, 64)
	s.size, errs[2] = strconv.ParseInt(f[2], 10, 64)
	s.mtime, errs[3] = strconv.ParseInt(f[3], 10, 64)
	s.ctime, errs[4] = strconv.ParseInt(f[4], 10, 64)
	for _, err := range errs {
		if err != nil {
			return stamp{}, false
		}
	}
	return s, true
}

// statStamp returns the stamp of the file at path (not following a
// symbolic link); false when it has none.
func statStamp(path string) (stamp, bool) {
	info, err := os.Lstat(path)
	if err != nil || !info.Mode().IsRegular() {
		return stamp{}, false
	}
	dev, ino, ctime, ok := sysStamp(info)
	return stamp{dev: dev, ino: ino, size: info.Size(), mtime: info.ModTime().UnixNano(), ctime: ctime}, ok
}
