# label: ok
# flax-error: none
# class: 4 Conductor -> Band.model / Band.params / Band.stats (properties over the trained variables); the 'stats' collection travels in the while_loop carry and comes back from each apply
"""Change ringing: a learned striking-interval model run change by change until the peal ends."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class PealConfig:
    n_bells: int = 6
    n_changes: int = 8


class Ringer(nn.Module):
    n_bells: int

    @nn.compact
    def __call__(self, row):
        strikes = self.variable("stats", "strikes", lambda: jnp.zeros((), jnp.float32))
        gaps = nn.softplus(nn.Dense(self.n_bells, name="interval")(row))
        strikes.value = strikes.value + self.n_bells
        return jnp.roll(row, 1) + 0.01 * gaps


class Band:
    """Holds the ringer model and its trained variables."""

    def __init__(self, model, variables):
        self._model = model
        self._variables = dict(variables)

    @property
    def model(self):
        return self._model

    @property
    def params(self):
        return self._variables["params"]

    @property
    def stats(self):
        return self._variables["stats"]

    @stats.setter
    def stats(self, value):
        self._variables["stats"] = value


class Conductor:
    def __init__(self, config, band):
        self.config = config
        self.band = band

    def ring_peal(self, row0):
        def not_finished(carry):
            change, _, _ = carry
            return change < self.config.n_changes

        def next_change(carry):
            change, row, stats = carry
            row, updates = self.band.model.apply(
                {"params": self.band.params, "stats": stats}, row, mutable=["stats"]
            )
            return change + 1, row, updates["stats"]

        _, last_row, self.band.stats = lax.while_loop(not_finished, next_change, (0, row0, self.band.stats))
        return last_row

    def report(self):
        return self.band.stats["strikes"] / self.config.n_bells


def main():
    cfg = PealConfig()
    model = Ringer(cfg.n_bells)
    rounds = jnp.arange(cfg.n_bells, dtype=jnp.float32)
    variables = model.init(jax.random.PRNGKey(0), rounds)
    conductor = Conductor(cfg, Band(model, variables))
    conductor.ring_peal(rounds)
    conductor.report()
    return None
