// Package txtar reads and writes the txtar archive format that errgen's test
// cases use: a free-text comment, then files, each introduced by a line
// "-- NAME --".
package txtar

import (
	"bytes"
	"strings"
)

// File is one file of an archive.
type File struct {
	Name string
	Data []byte
}

// Archive is a parsed archive.
type Archive struct {
	Comment []byte
	Files   []File
}

// Parse parses data. Every file's data ends in a newline unless it is empty.
func Parse(data []byte) *Archive {
	a := &Archive{}
	var cur *File
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i+1], data[i+1:]
		} else {
			data = nil
		}
		if name, ok := marker(line); ok {
			a.Files = append(a.Files, File{Name: name})
			cur = &a.Files[len(a.Files)-1]
			continue
		}
		if cur == nil {
			a.Comment = append(a.Comment, line...)
		} else {
			cur.Data = append(cur.Data, line...)
		}
	}
	for i := range a.Files {
		if d := a.Files[i].Data; len(d) > 0 && d[len(d)-1] != '\n' {
			a.Files[i].Data = append(d, '\n')
		}
	}
	return a
}

func marker(line []byte) (string, bool) {
	s := strings.TrimRight(string(line), "\r\n")
	if !strings.HasPrefix(s, "-- ") || !strings.HasSuffix(s, " --") || len(s) < 7 {
		return "", false
	}
	name := strings.TrimSpace(s[3 : len(s)-3])
	return name, name != ""
}

// Format renders a.
func Format(a *Archive) []byte {
	var b bytes.Buffer
	b.Write(a.Comment)
	for _, f := range a.Files {
		b.WriteString("-- " + f.Name + " --\n")
		b.Write(f.Data)
		if len(f.Data) > 0 && f.Data[len(f.Data)-1] != '\n' {
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// Get returns the named file's data and whether it exists.
func (a *Archive) Get(name string) ([]byte, bool) {
	for _, f := range a.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// Set replaces or adds the named file.
func (a *Archive) Set(name string, data []byte) {
	for i := range a.Files {
		if a.Files[i].Name == name {
			a.Files[i].Data = data
			return
		}
	}
	a.Files = append(a.Files, File{Name: name, Data: data})
}
