// What a VitePress config needs for the error reference errgen writes
// beside this directory: local search that ranks an error's page first
// for its code or symbol, table cells labelled for narrow screens, and a
// favicon. Use it in the site's config (the starter config errgen writes
// does):
//
//   import errgen from './errgen/site.mjs'
//   export default {
//     head: errgen.head,
//     markdown: errgen.markdown,
//     themeConfig: { search: errgen.search, ... },
//   }
//
// and errgen's theme, ./theme.mjs, in .vitepress/theme/index.mjs.

// Search: VitePress's local search (MiniSearch). The functions reach the
// browser as their source text (VitePress serializes them), so each one
// stands alone.
const search = {
  provider: 'local',
  options: {
    miniSearch: {
      options: {
        // Words, and each identifier whole as well as in parts: a symbol
        // (E_FS_FILE_TOO_LARGE), a type (file_too_large) or a slug
        // (file-too-large) is one term besides its words, so that a query
        // of it matches it exactly.
        tokenize: (text) => {
          const out = []
          for (const [w] of String(text).matchAll(/[\p{L}\p{N}]+(?:[_-][\p{L}\p{N}]+)*/gu)) {
            out.push(w)
            if (w.includes('_') || w.includes('-')) {
              for (const part of w.split(/[_-]/)) out.push(part)
            }
          }
          return out
        },
      },
      searchOptions: {
        prefix: true,
        // typos forgiven in words, not in codes and identifiers
        fuzzy: (term) => (/^\p{L}{5,}$/u.test(term) ? 0.2 : false),
        // The section whose heading starts with the code queried, or
        // holds the identifier queried as a whole word (an error page's
        // heading is "CODE SYMBOL: Title"), ranks first.
        boostDocument: (id, term, stored) => {
          if (!/[\d_]/.test(term)) return 1
          const words = String((stored && stored.title) || '').toLowerCase().split(/[^\p{L}\p{N}_-]+/u).filter(Boolean)
          if (words.length > 0 && words[0].replace(/^-+/, '') === term) return 10 // a code, negative ones too
          if (term.includes('_') && words.includes(term)) return 8
          return 1
        },
      },
    },
  },
}

// Each cell of a table body gets its column's header as data-label, which
// the theme shows beside the value where a narrow screen stacks the
// table's columns; a heading that holds a code span (a symbol) gets
// --errgen-code-chars, the length of its longest, by which the theme
// shrinks the span to fit the column rather than break it.
function markdown(md) {
  md.core.ruler.push('errgen_labels', (state) => {
    const tokens = state.tokens
    let labels = []
    let head = false
    let col = 0
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]
      switch (t.type) {
        case 'thead_open':
          head = true
          labels = []
          break
        case 'thead_close':
          head = false
          break
        case 'th_open':
          if (head) labels.push(text(tokens[i + 1]))
          break
        case 'tr_open':
          col = 0
          break
        case 'td_open':
          if (labels[col]) t.attrSet('data-label', labels[col])
          col++
          break
        case 'heading_open': {
          let n = 0
          for (const c of tokens[i + 1].children || []) {
            if (c.type === 'code_inline') n = Math.max(n, [...c.content].length)
          }
          if (n > 0) t.attrJoin('style', '--errgen-code-chars: ' + n)
          break
        }
      }
    }
  })
}

function text(inline) {
  if (!inline || inline.type !== 'inline') return ''
  return (inline.children || []).map((c) => c.content).join('').trim()
}

// An icon, so that no browser asks for /favicon.ico.
const icon =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%23b45309'/%3E%3Crect x='14' y='6' width='4' height='13' rx='2' fill='white'/%3E%3Crect x='14' y='22' width='4' height='4' rx='2' fill='white'/%3E%3C/svg%3E"

const head = [['link', { rel: 'icon', href: icon }]]

export default { search, markdown: { config: markdown }, head }
