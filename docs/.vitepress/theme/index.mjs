// The theme of the repo's error reference: errgen's, as errgen writes it
// for every catalog's docs (errors/.vitepress/errgen/theme.mjs).
export { default } from '../../errors/.vitepress/errgen/theme.mjs'
