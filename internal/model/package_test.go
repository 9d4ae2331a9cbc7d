package model

import "testing"

func TestCheckSPDX(t *testing.T) {
	for _, s := range []string{
		"MIT", "Apache-2.0 OR MIT", "(Apache-2.0 OR MIT) AND BSD-3-Clause", "GPL-2.0-or-later WITH Classpath-exception-2.0",
		"GPL-2.0+", "LicenseRef-Acme", "DocumentRef-spdx-tool-1.2:LicenseRef-MIT-Style-2", "((MIT))", "MIT AND (LGPL-2.1-or-later OR BSD-3-Clause)",
	} {
		if off, msg := checkSPDX(s); msg != "" {
			t.Errorf("%q: at %d: %s", s, off, msg)
		}
	}
	for s, wantOff := range map[string]int{
		"": 0, "MIT OR": 6, "OR MIT": 0, "MIT Apache-2.0": 4, "(MIT": 4, "MIT)": 3, "mit": 0, "MIT and Zlib": 4,
		"MIT WITH": 8, "Apache-2.0 WITH MIT": 16, "LicenseRef-": 0, "MIT/Apache-2.0": 0,
	} {
		if off, msg := checkSPDX(s); msg == "" || off != wantOff {
			t.Errorf("%q: at %d: %q; want an error at %d", s, off, msg, wantOff)
		}
	}
}

func TestCompareSemver(t *testing.T) {
	// in precedence order (semver.org, 11)
	order := []string{"1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.0.1", "1.2.0", "1.10.0", "2.0.0"}
	for i, a := range order {
		for j, b := range order {
			want := cmpInt(i, j)
			if got := compareSemver(a, b); got != want {
				t.Errorf("compareSemver(%s, %s) = %d, want %d", a, b, got, want)
			}
		}
	}
	if compareSemver("1.0.0+build.1", "1.0.0") != 0 {
		t.Error("build metadata counts")
	}
}
