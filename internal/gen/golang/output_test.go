package golang

import "testing"

func TestDirPackage(t *testing.T) {
	for dir, want := range map[string]string{
		"fserrors":          "fserrors",
		"internal/fserrors": "fserrors",
		"FS-Errors":         "fserrors",
		"fs_errors":         "fs_errors",
		"api.v2":            "apiv2",
		"gen/go":            "", // a keyword: the catalog names the package
		"x/type":            "",
		"main":              "",
		"2fa":               "",
		"über":              "",
		"my errors":         "",
		"/":                 "",
	} {
		if got := DirPackage(dir); got != want {
			t.Errorf("DirPackage(%q) = %q, want %q", dir, got, want)
		}
	}
}
