# label: same-values
# flax-error: none
# class: 4 the play-calling strategy chosen at runtime draws one key from engine.model.rngs when it is built; the scan body calls engine.strategy.call_play(), which samples with that key every drive
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

    def call_play(self, situation):
        return jnp.argmax(self.engine.model(situation), axis=-1)


class MonteCarloCaller:
    def __init__(self, engine):
        self.engine = engine
        self.key = engine.model.rngs.play()

    def call_play(self, situation):
        return jax.random.categorical(self.key, self.engine.model(situation))


STRATEGIES = {"greedy": GreedyCaller, "monte_carlo": MonteCarloCaller}


class PlayCallingEngine:
    def __init__(self, cfg, model):
        self.cfg = cfg
        self.model = model
        self.strategy = STRATEGIES[cfg.strategy](self)

    def simulate(self, situations):
        def drive(yards, _):
            plays = self.strategy.call_play(situations)
            return yards + plays, plays

        _, plays = jax.lax.scan(drive, jnp.zeros(situations.shape[0], jnp.int32), None, length=self.cfg.drives)
        return plays


def main():
    cfg = EngineConfig()
    engine = PlayCallingEngine(cfg, PlayPolicy(cfg, nnx.Rngs(params=0, play=8)))
    situations = jax.random.normal(jax.random.key(1), (cfg.situations, cfg.situation_dim))
    return engine.simulate(situations)
