// `npm run bench`: the benchmarks of the Benchmarks issue are not written yet.
console.log('No benchmark exists yet (see the "Benchmarks and budgets" issue).');
