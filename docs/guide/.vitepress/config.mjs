// The VitePress site of errgen's guide (docs/guide). `make docs-site`
// builds it with VitePress pinned in package-lock.json; a dead link fails
// the build (VitePress's default: keep ignoreDeadLinks unset).
export default {
  title: 'errgen',
  markdown: {
    // Inline code stays as written: the guide quotes catalog templates,
    // whose {{ and }} Vue would otherwise read (fenced blocks are v-pre
    // already).
    config(md) {
      md.renderer.rules.code_inline = (tokens, idx) =>
        `<code v-pre>${md.utils.escapeHtml(tokens[idx].content)}</code>`
    },
  },
  description: 'The guide to errgen: one error catalog, every runtime, the same bytes on the wire.',
  cleanUrls: true,
  themeConfig: {
    search: { provider: 'local' },
    sidebar: [
      { text: 'Start', items: [
        { text: 'Overview', link: '/' },
        { text: 'Using errgen in your module', link: '/getting-started' },
        { text: 'CLI', link: '/cli' },
      ] },
      { text: 'Write a catalog', items: [
        { text: 'The catalog language', link: '/catalog' },
      ] },
      { text: 'Use its outputs', items: [
        { text: 'Go output and the runtime', link: '/go' },
        { text: 'Go MCP servers', link: '/mcp-go' },
        { text: 'TypeScript package', link: '/typescript' },
        { text: 'Node servers', link: '/node' },
        { text: 'Rust crate', link: '/rust' },
        { text: 'JSON Schema of the wire', link: '/schema' },
        { text: 'Docs', link: '/docs' },
      ] },
      { text: 'Keep it right', items: [
        { text: 'Evolving a catalog', link: '/evolving' },
        { text: 'In CI', link: '/ci' },
        { text: 'Conformance vectors', link: '/conformance' },
      ] },
    ],
  },
}
