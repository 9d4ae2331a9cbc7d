// The VitePress site of errgen's guide (docs/guide). `make docs-site`
// builds it with VitePress pinned in package-lock.json; a dead link fails
// the build (VitePress's default: keep ignoreDeadLinks unset).
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'

// Where the repo's error reference (docs/errors, built from
// catalog/errors.yaml) is published: its catalog's problem_base. It links
// back here.
const errors = 'https://errors.mcp.example.dev/'

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
  head: [['link', { rel: 'icon', href: '/favicon.ico' }]],
  // /favicon.ico, the icon of both sites (docs/.vitepress/favicon.ico)
  buildEnd(site) {
    copyFileSync(new URL('../../.vitepress/favicon.ico', import.meta.url), join(site.outDir, 'favicon.ico'))
  },
  themeConfig: {
    search: { provider: 'local' },
    nav: [{ text: 'Error reference', link: errors }],
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
        { text: 'Python package', link: '/python' },
        { text: 'OpenTelemetry', link: '/telemetry' },
        { text: 'JSON Schema of the wire', link: '/schema' },
        { text: 'OpenAPI', link: '/openapi' },
        { text: 'Docs', link: '/docs' },
        { text: 'Consuming and publishing', link: '/publishing' },
      ] },
      { text: 'Keep it right', items: [
        { text: 'Evolving a catalog', link: '/evolving' },
        { text: 'In CI', link: '/ci' },
        { text: 'Conformance vectors', link: '/conformance' },
      ] },
    ],
  },
}
