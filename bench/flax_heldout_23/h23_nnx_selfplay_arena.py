# label: ok
# flax-error: none
# class: 3 while_loop body of Arena.play_match carries games and wins in its state; the league's Scoreboard.record is called after the loop
"""Self-play on a cyclic matrix game against a frozen league snapshot.

The learner plays the current opponent until one side leads by a margin or a
round limit is reached; the scoreboard feeds the opponent curriculum.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

PAYOFF = jnp.array([[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]])


@dataclasses.dataclass(frozen=True)
class LeagueConfig:
    obs_dim: int = 4
    max_rounds: int = 20
    margin: float = 3.0


class Policy(nnx.Module):
    def __init__(self, obs_dim, rngs):
        self.torso = nnx.Linear(obs_dim, 16, rngs=rngs)
        self.logits = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, obs):
        return self.logits(nnx.relu(self.torso(obs)))


class Scoreboard(nnx.Module):
    def __init__(self):
        self.games = 0
        self.wins = 0.0

    def record(self, games, wins):
        self.games = self.games + games
        self.wins = self.wins + wins


class League(nnx.Module):
    def __init__(self, cfg: LeagueConfig, rngs: nnx.Rngs):
        self.learner = Policy(cfg.obs_dim, rngs)
        self.opponent = Policy(cfg.obs_dim, rngs)
        self.scoreboard = Scoreboard()


class Arena:
    def __init__(self, cfg, league):
        self.cfg, self.league = cfg, league

    def _round(self, key, obs):
        k1, k2 = jax.random.split(key)
        a = jax.random.categorical(k1, self.league.learner(obs))
        b = jax.random.categorical(k2, self.league.opponent(obs))
        return PAYOFF[a, b]

    def play_match(self, key, obs):
        def cond(state):
            t, score, _ = state
            return (t < self.cfg.max_rounds) & (jnp.abs(score) < self.cfg.margin)

        def body(state):
            t, score, wins = state
            r = self._round(jax.random.fold_in(key, t), obs)
            return t + 1, score + r, wins + (r > 0).astype(jnp.float32)

        t, score, wins = jax.lax.while_loop(cond, body, (0, 0.0, 0.0))
        self.league.scoreboard.record(int(t), float(wins))
        return t, score


def main():
    cfg = LeagueConfig()
    league = League(cfg, nnx.Rngs(0))
    arena = Arena(cfg, league)
    obs = jnp.ones(cfg.obs_dim)
    rounds, score = arena.play_match(jax.random.key(1), obs)
    float(score) / max(int(rounds), 1)
    return None
