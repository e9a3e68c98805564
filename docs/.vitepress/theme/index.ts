// The default theme, plus the Mermaid diagrams drawn in the browser after each page renders.
import DefaultTheme from 'vitepress/theme';
import type { Theme } from 'vitepress';
import { useRoute } from 'vitepress';
import { onMounted, watch } from 'vue';
import { drawDiagrams } from './mermaid';
import './style.css';

export default {
  extends: DefaultTheme,
  setup() {
    const route = useRoute();
    onMounted(() => void drawDiagrams());
    // 'post': after the new page's content is in the DOM.
    watch(() => route.path, () => void drawDiagrams(), { flush: 'post' });
  },
} satisfies Theme;
