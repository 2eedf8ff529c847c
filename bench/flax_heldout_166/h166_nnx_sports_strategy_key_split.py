# label: ok
# flax-error: none
# class: 4 the play-calling strategy chosen at runtime draws one key from engine.model.rngs when it is built; the engine splits it into one key per drive outside the scan and the body passes its key to engine.strategy.call_play()
"""Sports analytics: a play-calling engine simulates drives with a strategy picked from config."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class EngineConfig:
    situation_dim: int = 6
    plays: int = 5
    drives: int = 7
    situations: int = 8
    strategy: str = "monte_carlo"


class PlayPolicy(nnx.Module):
    def __init__(self, cfg, rngs):
        self.hidden = nnx.Linear(cfg.situation_dim, 16, rngs=rngs)
        self.logits = nnx.Linear(16, cfg.plays, rngs=rngs)
        self.rngs = rngs

    def __call__(self, situation):
        return self.logits(nnx.relu(self.hidden(situation)))


class GreedyCaller:
    def __init__(self, engine):
        self.engine = engine
        self.key = jax.random.key(0)

    def call_play(self, situation, key):
        return jnp.argmax(self.engine.model(situation), axis=-1)


class MonteCarloCaller:
    def __init__(self, engine):
        self.engine = engine
        self.key = engine.model.rngs.play()

    def call_play(self, situation, key):
        return jax.random.categorical(key, self.engine.model(situation))


STRATEGIES = {"greedy": GreedyCaller, "monte_carlo": MonteCarloCaller}


class PlayCallingEngine:
    def __init__(self, cfg, model):
        self.cfg = cfg
        self.model = model
        self.strategy = STRATEGIES[cfg.strategy](self)

    def simulate(self, situations):
        drive_keys = jax.random.split(self.strategy.key, self.cfg.drives)

        def drive(yards, key):
            plays = self.strategy.call_play(situations, key)
            return yards + plays, plays

        _, plays = jax.lax.scan(drive, jnp.zeros(situations.shape[0], jnp.int32), drive_keys)
        return plays


def main():
    cfg = EngineConfig()
    engine = PlayCallingEngine(cfg, PlayPolicy(cfg, nnx.Rngs(params=0, play=8)))
    situations = jax.random.normal(jax.random.key(1), (cfg.situations, cfg.situation_dim))
    return engine.simulate(situations)
