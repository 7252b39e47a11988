// Mantine's PostCSS preset: rem/em functions and light/dark mixins in our CSS modules.
export default {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
