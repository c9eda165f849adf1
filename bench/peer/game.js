// The game the peer serves: one player adds a number from 1 to 9 to a
// counter. The move checks its argument (anything else is INVALID_MOVE) and
// stores what it did in the match state, so that each move is validated,
// changes the state, is appended to the match's log and is sent back to the
// player, as an order is in naumachia.
'use strict';
const { INVALID_MOVE } = require('boardgame.io/core');

const Counter = {
  name: 'counter',
  minPlayers: 1,
  maxPlayers: 1,
  setup: () => ({ total: 0, moves: 0 }),
  // The turn never ends: without this, boardgame.io keeps every move of the
  // turn for undo and sends that growing list back with each update.
  disableUndo: true,
  moves: {
    add: ({ G }, n) => {
      if (!Number.isInteger(n) || n < 1 || n > 9) return INVALID_MOVE;
      G.total += n;
      G.moves += 1;
    },
  },
};

module.exports = { Counter };
