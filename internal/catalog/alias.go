package catalog

import yaml "go.yaml.in/yaml/v3"

// placeAliases replaces every alias under n by a copy of the node it
// refers to, placed where the alias is used: what an alias or a merge key
// brings into an entry is then reported at that entry, not at the anchor,
// where it may well be right. Values merged into a mapping (<<: *base)
// are placed at the key that holds the mapping (E_COPY in
// `E_COPY: {<<: *ie, code: 1003}`), or at the alias when the mapping has
// no key. The tree must have passed [loader.guard]: copies expand the
// aliases, which the guard bounds.
func placeAliases(n *yaml.Node, owner *yaml.Node) {
	switch n.Kind {
	case yaml.DocumentNode, yaml.SequenceNode:
		for i, c := range n.Content {
			if c.Kind == yaml.AliasNode {
				n.Content[i] = placedCopy(c.Alias, c)
				continue
			}
			placeAliases(c, nil)
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Kind == yaml.AliasNode {
				n.Content[i] = placedCopy(k.Alias, k)
			}
			if k.Kind == yaml.ScalarNode && k.ShortTag() == "!!merge" {
				n.Content[i+1] = placeMerged(v, owner)
				continue
			}
			if v.Kind == yaml.AliasNode {
				n.Content[i+1] = placedCopy(v.Alias, v)
				continue
			}
			placeAliases(v, k)
		}
	}
}

// placeMerged places the value of a merge key: an alias, or a list of
// aliases, copied to owner (else to each alias).
func placeMerged(v, owner *yaml.Node) *yaml.Node {
	at := func(alias *yaml.Node) *yaml.Node {
		if owner != nil {
			return owner
		}
		return alias
	}
	switch v.Kind {
	case yaml.AliasNode:
		return placedCopy(v.Alias, at(v))
	case yaml.SequenceNode:
		out := *v
		out.Content = make([]*yaml.Node, len(v.Content))
		for i, it := range v.Content {
			if it.Kind == yaml.AliasNode {
				out.Content[i] = placedCopy(it.Alias, at(it))
				continue
			}
			placeAliases(it, owner)
			out.Content[i] = it
		}
		return &out
	}
	placeAliases(v, owner)
	return v
}

// placedCopy copies n, aliases inside it expanded, with every node at the
// position of at.
func placedCopy(n, at *yaml.Node) *yaml.Node {
	if n == nil {
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Line: at.Line, Column: at.Column}
	}
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	c := *n
	c.Line, c.Column, c.Anchor = at.Line, at.Column, ""
	if len(n.Content) > 0 {
		c.Content = make([]*yaml.Node, len(n.Content))
		for i, child := range n.Content {
			c.Content[i] = placedCopy(child, at)
		}
	}
	return &c
}
