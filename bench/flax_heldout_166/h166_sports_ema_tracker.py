# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "ema" in "/" because collection "load" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 summarize_season() binds the load tracker (immutable) to a local and the fori_loop body calls its observe(), which writes the 'load' variable
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

    def observe(self, session_load):
        adjusted = self(session_load)
        self.load.value = self.cfg.decay * self.load.value + (1 - self.cfg.decay) * adjusted
        return self.load.value


def summarize_season(model, variables, loads):
    tracker = model.bind(variables)

    def session(i, peak):
        ema = tracker.observe(loads[i])
        return jnp.maximum(peak, ema)

    return jax.lax.fori_loop(0, loads.shape[0], session, jnp.zeros(loads.shape[1]))


def main():
    cfg = LoadConfig()
    loads = jax.random.uniform(jax.random.key(0), (cfg.sessions, cfg.players))
    model = PlayerLoadTracker(cfg)
    variables = model.init(jax.random.key(1), loads[0])
    peak = summarize_season(model, variables, loads)
    peak.block_until_ready()
    return None
