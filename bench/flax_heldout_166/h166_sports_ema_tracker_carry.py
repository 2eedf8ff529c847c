# label: ok
# flax-error: none
# class: 2 summarize_season() binds the load tracker to a local; the fori_loop body calls its pure blend() and the EMA travels in the carry
"""Sports analytics: a season summary tracks each player's training load with an EMA."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class LoadConfig:
    players: int = 12
    sessions: int = 9
    decay: float = 0.8


class PlayerLoadTracker(nn.Module):
    cfg: LoadConfig

    def setup(self):
        self.calibrate = nn.Dense(self.cfg.players)
        self.load = self.variable("load", "ema", lambda: jnp.zeros(self.cfg.players))

    def __call__(self, session_load):
        return self.calibrate(session_load)

    def blend(self, ema, session_load):
        adjusted = self(session_load)
        return self.cfg.decay * ema + (1 - self.cfg.decay) * adjusted


def summarize_season(model, variables, loads):
    tracker = model.bind(variables)

    def session(i, carry):
        ema, peak = carry
        ema = tracker.blend(ema, loads[i])
        return ema, jnp.maximum(peak, ema)

    start = (tracker.load.value, jnp.zeros(loads.shape[1]))
    _, peak = jax.lax.fori_loop(0, loads.shape[0], session, start)
    return peak


def main():
    cfg = LoadConfig()
    loads = jax.random.uniform(jax.random.key(0), (cfg.sessions, cfg.players))
    model = PlayerLoadTracker(cfg)
    variables = model.init(jax.random.key(1), loads[0])
    peak = summarize_season(model, variables, loads)
    peak.block_until_ready()
    return None
