/**
 * A TimeoutOverflowWarning means a timer got a delay above 2^31-1 ms, which Node turns into 1 ms:
 * a timer firing at once instead of never. It fails the run instead of scrolling by in the output.
 */
process.on('warning', (warning) => {
  if (warning.name === 'TimeoutOverflowWarning') throw warning;
});
