package python

import (
	"regexp"
	"strings"
)

var (
	semverRE = regexp.MustCompile(`^([0-9]+\.[0-9]+\.[0-9]+)(?:-([0-9A-Za-z.-]+))?(?:\+([0-9A-Za-z.-]+))?$`)
	// a pre-release PEP 440 names: alpha, beta, release candidate
	preRE = regexp.MustCompile(`(?i)^(a|alpha|b|beta|c|rc|pre|preview)[.-]?([0-9]+)?$`)
	// what remains of a local segment once its separators are dots
	localSepRE = regexp.MustCompile(`[^a-z0-9]+`)
)

// Version returns the PEP 440 version of a catalog's semantic version: the
// same version where the two agree (1.2.0, 1.2.0-rc.1 as 1.2.0rc1,
// 1.2.0-beta as 1.2.0b0), and any other pre-release a development release
// of the version that keeps its words as a local segment
// (1.2.0-nightly.5 as 1.2.0.dev0+nightly.5), so that it sorts before the
// release; build metadata is the local segment.
func Version(semver string) string {
	m := semverRE.FindStringSubmatch(semver)
	if m == nil {
		return "0.0.0+" + local(semver)
	}
	core, pre, build := m[1], m[2], m[3]
	out := core
	var locals []string
	if pre != "" {
		if p := preRE.FindStringSubmatch(pre); p != nil {
			letter := map[string]string{"a": "a", "alpha": "a", "b": "b", "beta": "b", "c": "rc", "rc": "rc", "pre": "rc", "preview": "rc"}[strings.ToLower(p[1])]
			n := p[2]
			if n == "" {
				n = "0"
			}
			out += letter + strings.TrimLeft(n, "0")
			if strings.TrimLeft(n, "0") == "" {
				out += "0"
			}
		} else {
			out += ".dev0"
			locals = append(locals, pre)
		}
	}
	if build != "" {
		locals = append(locals, build)
	}
	if len(locals) > 0 {
		if l := local(strings.Join(locals, ".")); l != "" {
			out += "+" + l
		}
	}
	return out
}

// local makes s a local version segment: lower-case letters and digits,
// separated by dots.
func local(s string) string {
	return strings.Trim(localSepRE.ReplaceAllString(strings.ToLower(s), "."), ".")
}
