module github.com/errgen/errgen

go 1.24.0

require (
	github.com/dave/jennifer v1.7.1
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/sync v0.19.0
	golang.org/x/text v0.14.0
	golang.org/x/tools v0.42.0
)
