// errgen's theme of the error reference: VitePress's default theme with
// the styles of the pages errgen writes (tables that fit their column,
// badges, symbols that do not break), the sorting and filtering of the
// tables of errors, and a page for an address that has none, which offers
// the search and the index. Use it as the site's theme, in
// .vitepress/theme/index.mjs:
//
//   export { default } from '../errgen/theme.mjs'
//
// or extend it there as any VitePress theme ({ extends: errgen, ... }).
import DefaultTheme from 'vitepress/theme'
import { h } from 'vue'
import ErrgenEnhance from './ErrgenEnhance.vue'
import ErrgenNotFound from './ErrgenNotFound.vue'

export default {
  extends: DefaultTheme,
  Layout() {
    return h(DefaultTheme.Layout, null, {
      'layout-bottom': () => h(ErrgenEnhance),
      'not-found': () => h(ErrgenNotFound),
    })
  },
}
