#!/usr/bin/env python3
"""Train the computer opponent's evaluators by TD(lambda) self-play (TD-Gammon's method).

    OMP_NUM_THREADS=1 nice -n 10 .venv/bin/python scripts/train_bot.py --game short --games 60000 --seed 1
    nice -n 10 .venv/bin/python scripts/train_bot.py --game long --games 40000 --hidden 96 --seed 1 --stop-after 15000

(the second, with the OMP_NUM_THREADS=1 of the first, gives the shipped ``long.json``; dev/computer-opponent.md).

One network per game (``nardy_rules/bot/network.py``): the encoding of
``nardy_rules/bot/encoding.py`` -> tanh hidden layer -> sigmoid outputs for the
side on roll. Self-play is greedy: each side picks the legal play
(``nardy_rules.legal_plays``) whose resulting position the current network
likes best (cubeless equity, mars and koks counted). After each game the
network learns towards the lambda-returns of that game (the "forward view" of
TD(lambda), computed from the predictions made while playing) with one Adam
step of the cross-entropy loss over the game's positions.

numpy is a development-only dependency: the engine never imports it. The run
is seeded (dice, initial weights) and single-threaded, so the same command on
the same engine gives the same weights. Progress goes to standard output;
``--checkpoint-every`` writes the weights file as it goes.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import random  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nardy_rules import LongPosition, ShortPosition, legal_plays, other  # noqa: E402
from nardy_rules.bot.encoding import ENCODINGS, UNITS, LongEncoding, boards  # noqa: E402
from nardy_rules.bot.network import OUTPUTS, WEIGHTS_DIR, read_weights, write_weights  # noqa: E402

START = {"short": ShortPosition, "long": LongPosition}
#: Output index order after swapping sides: P(win) becomes 1 - P(win), wins and losses trade places.
FLIP = {"short": [0, 3, 4, 1, 2], "long": [0, 2, 1]}


# --------------------------------------------------------------------------- encoding (numpy)

class BatchEncoder:
    """``Encoding.vector`` for many positions at once (checked against it in :func:`check_encoder`)."""

    def __init__(self, game: str):
        self.game = game
        enc = self.enc = ENCODINGS[game]
        self.groups = []
        for kind in sorted({k for _s, _i, k in enc.slots}):
            cols, outs = [], []
            for (side, index, k), start in zip(enc.slots, enc.slot_start):
                if k == kind:
                    cols.append(side * 26 + index)
                    outs.extend(range(start, start + len(UNITS[kind][0])))
            self.groups.append((np.array(cols), np.array(outs), np.array(UNITS[kind], dtype=np.float64)))
        self.path = np.array(LongEncoding.PATH)
        # front[r]: 0/1 mask over board indices of LongEncoding.FRONT[r].
        self.front = np.zeros((25, 26))
        for r, points in enumerate(LongEncoding.FRONT):
            self.front[r, list(points)] = 1.0

    @staticmethod
    def _longest_run(flags):
        """Longest run of True along each row: shift-and-mask on a bit mask of the row."""
        mask = flags.astype(np.int64) @ (np.int64(1) << np.arange(flags.shape[1], dtype=np.int64))
        best = np.zeros(flags.shape[0], dtype=np.int64)
        while mask.any():
            best += mask != 0
            mask &= mask >> 1
        return best

    def encode(self, own, opp):
        """own, opp: int arrays (n, 26) -> float array (n, inputs)."""
        n = own.shape[0]
        both = np.concatenate([own, opp], axis=1)
        out = np.zeros((n, self.enc.n_inputs))
        for cols, outs, lut in self.groups:
            out[:, outs] = lut[both[:, cols]].reshape(n, -1)
        g = self.enc.global_start
        if self.game == "short":
            weights = np.arange(1, 26)
            out[:, g] = own[:, 1:26] @ weights / 100.0
            out[:, g + 1] = opp[:, 1:26] @ weights / 100.0
            rear = ((own[:, 1:26] > 0) * weights).max(axis=1)
            opp_rear = ((opp[:, 1:26] > 0) * weights).max(axis=1)
            out[:, g + 2] = (rear + opp_rear > 25).astype(float)
            out[:, g + 3] = self._longest_run(own[:, 1:25] >= 2) / 6.0
            out[:, g + 4] = self._longest_run(opp[:, 1:25] >= 2) / 6.0
            out[:, g + 5] = (own[:, 1:7] >= 2).sum(axis=1) / 6.0
            out[:, g + 6] = (opp[:, 1:7] >= 2).sum(axis=1) / 6.0
            out[:, g + 7] = self._hit_rolls(own, opp) / 36.0
            out[:, g + 8] = self._hit_rolls(opp, own) / 36.0
        else:
            weights = np.arange(1, 25)
            out[:, g] = own[:, 1:25] @ weights / 200.0
            out[:, g + 1] = opp[:, 1:25] @ weights / 200.0
            out[:, g + 2] = own[:, 7:25].sum(axis=1) / 15.0
            out[:, g + 3] = opp[:, 7:25].sum(axis=1) / 15.0
            out[:, g + 4] = self._longest_run(own[:, self.path] > 0) / 6.0
            out[:, g + 5] = self._longest_run(opp[:, self.path] > 0) / 6.0
            out[:, g + 6] = own[:, 13:25].sum(axis=1) / 15.0
            out[:, g + 7] = opp[:, 13:25].sum(axis=1) / 15.0
            rear, opp_rear = self._rear(own), self._rear(opp)
            out[:, g + 8] = ((rear > 12) | (opp_rear > 12)).astype(float)
            out[:, g + 9] = ((own > 0).astype(float) * self.front[opp_rear]).sum(axis=1) / 6.0
            out[:, g + 10] = ((opp > 0).astype(float) * self.front[rear]).sum(axis=1) / 6.0
        return out

    PAIRS = tuple(np.array(column) for column in zip(*[(a, b) for a in range(6) for b in range(a + 1, 6)]))

    def _hit_rolls(self, hitter, target):
        """``encoding.hit_rolls`` of each row: the rolls of 36 with which ``hitter`` hits a blot of ``target``."""
        bits = np.int64(1) << np.arange(26, dtype=np.int64)
        occupied = np.where(hitter[:, 25] > 0, bits[25], (hitter[:, 1:25] > 0).astype(np.int64) @ bits[1:25])
        # target's point p is the hitter's 25 - p
        blots = (target[:, 24:0:-1] == 1).astype(np.int64) @ bits[1:25]
        blocks = (target[:, 24:0:-1] >= 2).astype(np.int64) @ bits[1:25]
        free = (~blocks)[:, None]
        dice = np.arange(1, 7, dtype=np.int64)
        moved = occupied[:, None] >> dice  # (n, 6): after one die
        blots6 = blots[:, None]
        direct = (moved & blots6) != 0
        step = moved & free
        a, b = self.PAIRS  # the 15 rolls of two different dice, each twice out of 36
        pairs = (direct[:, a] | direct[:, b] | (((step[:, a] >> dice[b]) & blots6) != 0)
                 | (((step[:, b] >> dice[a]) & blots6) != 0))
        doubles = direct.copy()
        reach = step
        for _ in range(3):
            reach = reach >> dice
            doubles |= (reach & blots6) != 0
            reach = reach & free
        count = 2 * pairs.sum(axis=1) + doubles.sum(axis=1)
        return np.where(blots != 0, count, 0)

    @staticmethod
    def _rear(board):
        """Own point of each row's rearmost checker on points 1..24, 0 when there is none."""
        occupied = board[:, 1:25] > 0
        return np.where(occupied.any(axis=1), 24 - np.argmax(occupied[:, ::-1], axis=1), 0)


def _own_moves(position, play):
    """The play's (own start, own end, hit) in the mover's numbering (index 25 = bar, 0 = off).

    From the play's internal moves where it has them (already in that
    numbering: several times faster than building public ``Move``s, the
    trainer's largest cost after the engine's search), else from ``play.moves``;
    check_play_boards compares the outcome with ``play.result`` before training.
    """
    internal = getattr(play, "_internal", None)
    if internal is not None:
        return [(s, t, hit) for s, t, _die, hit in internal]
    color = position.turn
    return [(25 if m.start == "bar" else position.to_own(color, m.start),
             0 if m.end == "off" else position.to_own(color, m.end), m.hit) for m in play.moves]


def play_boards(position, own: list[int], opp: list[int], play) -> tuple[list[int], list[int]]:
    """``boards(play.result)`` from the boards before the play and its moves (opponent first)."""
    mine, theirs = own[:], opp[:]
    for start, end, hit in _own_moves(position, play):
        mine[start] -= 1
        mine[end] += 1
        if hit:  # short nardy: own point p is the opponent's 25 - p
            theirs[25 - end] -= 1
            theirs[25] += 1
    return theirs, mine


def check_play_boards(game: str, rng: random.Random, count: int = 300) -> None:
    """Refuse to train unless play_boards agrees with the engine's own results."""
    checked = 0
    while checked < count:
        position = START[game].start()
        while position.winner is None and checked < count:
            plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
            own, opp = boards(position)
            for play in plays:
                if play_boards(position, own, opp, play) != boards(play.result):
                    raise SystemExit(f"play_boards differs from play.result for {play!r} in {position!r}")
            checked += 1
            position = rng.choice(plays).result if plays else position.with_turn(other(position.turn))


def check_encoder(game: str, encoder: BatchEncoder, rng: random.Random, count: int = 400) -> None:
    """Refuse to train unless the numpy encoding equals the engine's own, on positions of random games."""
    positions = []
    while len(positions) < count:
        position = START[game].start()
        while position.winner is None and len(positions) < count:
            positions.append(position)
            plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
            position = rng.choice(plays).result if plays else position.with_turn(other(position.turn))
    pairs = [boards(p) for p in positions]
    fast = encoder.encode(np.array([a for a, _ in pairs]), np.array([b for _, b in pairs]))
    slow = np.array([encoder.enc.vector(a, b) for a, b in pairs])
    if not np.allclose(fast, slow, atol=1e-12):
        bad = np.argwhere(~np.isclose(fast, slow))[0]
        raise SystemExit(f"numpy encoding differs from nardy_rules.bot.encoding at input {bad[1]}")


# --------------------------------------------------------------------------- network (numpy)

class Net:
    def __init__(self, inputs: int, hidden: int, outputs: int, seed: int):
        g = np.random.default_rng(seed)
        self.params = [
            g.normal(0, 1 / np.sqrt(inputs / 4), (inputs, hidden)),  # ~inputs/4 units are non-zero
            np.zeros(hidden),
            g.normal(0, 1 / np.sqrt(hidden), (hidden, outputs)),
            np.zeros(outputs),
        ]
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]
        self.steps = 0

    def forward(self, x):
        w1, b1, w2, b2 = self.params
        h = np.tanh(x @ w1 + b1)
        return h, 1.0 / (1.0 + np.exp(-(h @ w2 + b2)))

    def learn(self, x, target, lr: float, beta1=0.9, beta2=0.999, eps=1e-8) -> float:
        """One Adam step on the mean cross-entropy of ``x`` against ``target``; returns the loss."""
        _w1, _b1, w2, _b2 = self.params
        h, y = self.forward(x)
        n = x.shape[0]
        dz2 = (y - target) / n
        dh = (dz2 @ w2.T) * (1 - h * h)
        grads = [x.T @ dh, dh.sum(axis=0), h.T @ dz2, dz2.sum(axis=0)]
        self.steps += 1
        t = self.steps
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            m *= beta1
            m += (1 - beta1) * g
            v *= beta2
            v += (1 - beta2) * g * g
            p -= lr * (m / (1 - beta1 ** t)) / (np.sqrt(v / (1 - beta2 ** t)) + eps)
        yc = np.clip(y, 1e-7, 1 - 1e-7)
        return float(-(target * np.log(yc) + (1 - target) * np.log(1 - yc)).mean())

    def load(self, path: Path, game: str) -> str:
        """Start from a weights file's parameters; returns the payload's SHA-256.

        With more hidden units here (``--hidden``) than in the file, the file's
        units are kept and the new ones start from this net's random input
        weights, scaled down, with output weights 0: the widened net computes
        exactly what the file's does, and the new units learn from there. A
        file of an earlier encoding whose inputs lead today's (new global
        features added at the end) gives the new inputs' weights 0: the net
        again computes what the file's does until the new features are learnt.
        """
        hidden, (w1, b1, w2, b2), header = read_weights(path, game, earlier=True)
        wide = self.params[1].shape[0]
        if hidden > wide:
            raise SystemExit(f"--init {path}: {hidden} hidden units, more than --hidden {wide}")
        w1_new, b1_new, w2_new, b2_new = self.params
        known = len(w1)
        w1_new[:known, :hidden] = np.array(w1, dtype=np.float64)
        w1_new[known:, :] = 0.0
        w1_new[:known, hidden:] *= 0.1
        b1_new[:hidden] = np.array(b1[0], dtype=np.float64)
        w2_new[:hidden, :] = np.array(w2, dtype=np.float64).T
        w2_new[hidden:, :] = 0.0
        b2_new[:] = np.array(b2[0], dtype=np.float64)
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]
        return header["sha256"]

    def flat(self) -> list[float]:
        w1, b1, w2, b2 = self.params
        return [float(v) for v in np.concatenate([w1.ravel(), b1, w2.T.ravel(), b2])]


def equity(game: str, probs):
    """Cubeless equity of the side the probabilities belong to (mars 2, koks 3)."""
    if game == "short":
        w, wg, wb, lg, lb = probs.T
        return 2 * w - 1 + wg - lg + wb - lb
    w, wg, lg = probs.T
    return 2 * w - 1 + wg - lg


def outcome(game: str, result) -> np.ndarray:
    """Target of the winner's last position, from the winner's side."""
    mars = result.kind in ("mars", "koks")
    if game == "short":
        return np.array([1.0, mars, result.kind == "koks", 0.0, 0.0])
    return np.array([1.0, mars, 0.0])


# --------------------------------------------------------------------------- self-play

def self_play_game(game: str, net: Net, encoder: BatchEncoder, rng: random.Random, lam: float):
    """One greedy self-play game: (inputs of every position, lambda-return targets, plies)."""
    flip = FLIP[game]
    position = START[game].start()
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    if game == "short":
        while dice[0] == dice[1]:  # the opening roll is never a double in short nardy
            dice = (rng.randint(1, 6), rng.randint(1, 6))
    position = position.with_turn("white" if rng.random() < 0.5 else "black")
    own, opp = boards(position)
    xs = [encoder.encode(np.array([own]), np.array([opp]))[0]]
    predictions = []  # net's estimate of each following position, from its own mover's side
    final = None
    while True:
        plays = legal_plays(position, dice)
        if not plays:
            position = position.with_turn(other(position.turn))
            own, opp = boards(position)
            x = encoder.encode(np.array([own]), np.array([opp]))
            xs.append(x[0])
            predictions.append(net.forward(x)[1][0])
        else:
            # The boards after each play from the moves, not from play.result: several times faster,
            # and check_play_boards has compared the two before training started.
            own, opp = boards(position)
            pairs = [play_boards(position, own, opp, play) for play in plays]
            x = encoder.encode(np.array([a for a, _ in pairs]), np.array([b for _, b in pairs]))
            probs = net.forward(x)[1]
            values = -equity(game, probs)  # the opponent is on roll in every result
            finished = [i for i, (_opp, mine) in enumerate(pairs) if mine[0] == 15]
            if finished:
                result = plays[finished[0]].result.result()
                final = outcome(game, result)
                break
            best = int(np.argmax(values))
            position = plays[best].result
            xs.append(x[best])
            predictions.append(probs[best])
        dice = (rng.randint(1, 6), rng.randint(1, 6))
    # lambda-returns, newest first: G_t = (1 - lam) * flip(V(s_t+1)) + lam * flip(G_t+1)
    targets = [final]
    for prediction in reversed(predictions):
        mine = _flip(prediction, flip)
        targets.append((1 - lam) * mine + lam * _flip(targets[-1], flip))
    targets.reverse()
    return np.array(xs), np.array(targets), len(xs)


def gnubg_self_play_game(net: Net, encoder: BatchEncoder, rng: random.Random, lam: float):
    """``self_play_game`` for short nardy with GNU Backgammon's C move generator (``--movegen gnubg``).

    Same rules (``check_gnubg_moves`` compares it with ``legal_plays`` first),
    same choices, about five times faster. A board is gnubg's two rows of 25
    (row 0: the opponent, row 1: the side on roll; index 24 = bar).
    """
    import gnubg_nn

    flip = FLIP["short"]
    row = [0] * 25
    for point, count in ShortPosition.START.items():
        row[point - 1] = count
    board = (tuple(row), tuple(row))
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    while dice[0] == dice[1]:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
    rng.random()  # who opens: drawn as in self_play_game, so both paths use the dice stream alike

    def side(r):
        return [15 - sum(r)] + list(r)

    xs = [encoder.encode(np.array([side(board[1])]), np.array([side(board[0])]))[0]]
    predictions = []
    while True:
        results = [gnubg_nn.board_from_position_key(k) for k in gnubg_nn.moves(list(board), *dice)]
        if not results or (len(results) == 1 and tuple(results[0][0]) == board[0]
                           and tuple(results[0][1]) == board[1]):
            # Nothing to play (gnubg answers with no key or with the unchanged board): the turn passes.
            board = (board[1], board[0])
            x = encoder.encode(np.array([side(board[1])]), np.array([side(board[0])]))
            xs.append(x[0])
            predictions.append(net.forward(x)[1][0])
        else:
            won = [i for i, (_loser, mover) in enumerate(results) if sum(mover) == 0]
            if won:
                loser = results[won[0]][0]
                mars = sum(loser) == 15
                koks = mars and (loser[24] > 0 or any(loser[18:24]))
                final = np.array([1.0, float(mars), float(koks), 0.0, 0.0])
                break
            x = encoder.encode(np.array([side(r[0]) for r in results]), np.array([side(r[1]) for r in results]))
            probs = net.forward(x)[1]
            best = int(np.argmax(-equity("short", probs)))
            board = (tuple(results[best][1]), tuple(results[best][0]))
            xs.append(x[best])
            predictions.append(probs[best])
        dice = (rng.randint(1, 6), rng.randint(1, 6))
    targets = [final]
    for prediction in reversed(predictions):
        targets.append((1 - lam) * _flip(prediction, flip) + lam * _flip(targets[-1], flip))
    targets.reverse()
    return np.array(xs), np.array(targets), len(xs)


def check_gnubg_moves(rng: random.Random, count: int = 400) -> None:
    """Refuse ``--movegen gnubg`` unless its plays are ours, as sets of resulting positions."""
    import gnubg_nn

    checked = 0
    while checked < count:
        position = ShortPosition.start()
        while position.winner is None and checked < count:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = legal_plays(position, dice)
            own, opp = boards(position)
            ours = set()
            for play in plays:
                after_opp, after_own = boards(play.result)
                ours.add((tuple(after_opp[1:26]), tuple(after_own[1:26])))
            theirs = {tuple(map(tuple, gnubg_nn.board_from_position_key(k)))
                      for k in gnubg_nn.moves([opp[1:26], own[1:26]], *dice)}
            if not plays and theirs == {(tuple(opp[1:26]), tuple(own[1:26]))}:
                ours = theirs  # gnubg gives no key or the unchanged board where nothing can be played
            if ours != theirs:
                raise SystemExit(f"gnubg's move generator differs from legal_plays on {position!r} {dice}")
            checked += 1
            position = rng.choice(plays).result if plays else position.with_turn(other(position.turn))


def _flip(probs, order):
    out = probs[order].copy()
    out[0] = 1.0 - out[0]
    return out


def train(game: str, games: int, hidden: int, seed: int, lam: float, lr: float, lr_end: float,
          out: Path, checkpoint_every: int, report_every: int, movegen: str, stop_after: int = 0,
          checkpoint_dir: Path | None = None, init: Path | None = None) -> None:
    rng = random.Random(seed)
    encoder = BatchEncoder(game)
    check_encoder(game, encoder, random.Random(seed + 1))
    check_play_boards(game, random.Random(seed + 3))
    if movegen == "gnubg":
        if game != "short":
            raise SystemExit("--movegen gnubg is for short nardy only")
        check_gnubg_moves(random.Random(seed + 2))

        def one_game():
            return gnubg_self_play_game(net, encoder, rng, lam)
    else:
        def one_game():
            return self_play_game(game, net, encoder, rng, lam)
    net = Net(encoder.enc.n_inputs, hidden, len(OUTPUTS[game]), seed)
    init_sha = net.load(init, game) if init is not None else None
    started = time.time()
    plies = 0
    loss_sum = 0.0

    def save(done: int, path: Path) -> None:
        info = {"method": "TD(lambda) self-play, lambda-returns per game, Adam on cross-entropy",
                "games": done, "schedule_games": games, "hidden": hidden, "seed": seed, "lambda": lam, "lr": [lr, lr_end],
                "seconds": round(time.time() - started),
                "command": f"scripts/train_bot.py --game {game} --games {games} --hidden {hidden} "
                           f"--seed {seed} --lam {lam} --lr {lr} --lr-end {lr_end} --movegen {movegen}"
                           + (f" --stop-after {done}" if done < games else "")
                           + (f" --init <weights with payload sha256 {init_sha}>" if init_sha else "")}
        if init_sha:
            info["init"] = init_sha
        data = write_weights(path, game, hidden, net.flat(), info)
        print(f"{game}: {done} games: wrote {path} (payload sha256 {data['sha256']})", flush=True)

    for number in range(1, (stop_after or games) + 1):
        x, target, n = one_game()
        # Learning rate decays geometrically from lr to lr_end over the run.
        rate = lr * (lr_end / lr) ** ((number - 1) / max(1, games - 1))
        loss_sum += net.learn(x, target, rate)
        plies += n
        if number % report_every == 0 or number == (stop_after or games):
            elapsed = time.time() - started
            print(f"{game}: {number} games, {plies / number:.1f} plies/game, loss {loss_sum / report_every:.4f}, "
                  f"lr {rate:.2e}, {elapsed:.0f} s ({number / elapsed:.1f} games/s)", flush=True)
            loss_sum = 0.0
        if checkpoint_every and number % checkpoint_every == 0:
            # With --checkpoint-dir every checkpoint is kept (<game>-<count>.json): a later
            # --stop-after run at that count must give the same payload, byte for byte.
            save(number, checkpoint_dir / f"{game}-{number}.json" if checkpoint_dir else out)
    done = stop_after or games
    save(done, out)
    print(f"{game}: done, {done} games in {time.time() - started:.0f} s; wrote {out}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("short", "long", "both"), default="both")
    parser.add_argument("--games", type=int, default=60000, help="self-play games per game")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lam", type=float, default=0.7, help="TD lambda")
    parser.add_argument("--lr", type=float, default=2e-3, help="Adam learning rate at the start")
    parser.add_argument("--lr-end", type=float, default=2e-4, help="... and at the end")
    parser.add_argument("--out", type=Path, default=WEIGHTS_DIR, help="folder for <game>.json")
    parser.add_argument("--checkpoint-every", type=int, default=5000)
    parser.add_argument("--checkpoint-dir", type=Path,
                        help="keep every checkpoint in this folder as <game>-<count>.json instead of overwriting --out")
    parser.add_argument("--report-every", type=int, default=500)
    parser.add_argument("--stop-after", type=int, default=0,
                        help="stop after this many games, on the learning-rate schedule of --games "
                             "(gives exactly the checkpoint a longer run writes at that count)")
    parser.add_argument("--init", type=Path,
                        help="start from this weights file (same game; --hidden at least its hidden units, more widen it) "
                             "instead of random weights: further training of a shipped network; Adam's moments "
                             "start at zero")
    parser.add_argument("--movegen", choices=("engine", "gnubg"), default="engine",
                        help="short nardy only: gnubg = GNU Backgammon's C move generator (test-only gnubg-nn), "
                             "checked against legal_plays first")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    if args.checkpoint_dir:
        args.checkpoint_dir.mkdir(parents=True, exist_ok=True)
    total = time.time()
    for game in (("short", "long") if args.game == "both" else (args.game,)):
        train(game, args.games, args.hidden, args.seed, args.lam, args.lr, args.lr_end,
              args.out / f"{game}.json", args.checkpoint_every, args.report_every, args.movegen,
              args.stop_after, args.checkpoint_dir, args.init)
    print(f"total {time.time() - total:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
