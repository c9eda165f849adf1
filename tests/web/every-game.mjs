// Every shipped game in a real browser: for one scenario of each, two
// players make and join a game from the lobby and both see its opening board
// with the step to play. The screenshots (OUT_DIR/<game>-<scenario>-page.png)
// are the README's (scripts/screenshots.sh).
//
//   node tests/web/every-game.mjs SERVER OUT_DIR
import {boardLoaded, createAndJoin, kShippedGames, register, run, screenshotBoard, waitText} from './harness.mjs';

await run('node every-game.mjs SERVER OUT_DIR', async ({newPage, outDir}) => {
  const first = await newPage(1100, 800);
  const second = await newPage(1100, 800);
  await register(first, 'octavian', false);
  await register(second, 'antony', false);
  for (const [scenario, step] of kShippedGames) {
    await createAndJoin(first, second, scenario);
    const name = scenario.replace('/', '-');
    for (const [page, who] of [[first, 'the creator'], [second, 'the joiner']]) {
      await waitText(page, '#game-state', step, `${scenario}: ${who} sees the first step`);
      await boardLoaded(page);
    }
    await screenshotBoard(first, outDir, name);
    await screenshotBoard(second, outDir, `${name}-second-seat`);
  }
});
