// The theme of errgen's guide: VitePress's default theme, with tables as
// wide as their column (long code wraps) so that no table hides part of
// itself behind a sideways scroll on a phone.
import DefaultTheme from 'vitepress/theme'
import './style.css'

export default DefaultTheme
