# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Conductor -> Band.ringer (model.bind(variables, mutable=['stats']) held by the Band helper); the while_loop body calls the bound ringer, which counts strikes in 'stats'
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
    """Holds the ringer model bound to its trained variables."""

    def __init__(self, model, variables):
        self.ringer = model.bind(variables, mutable=["stats"])


class Conductor:
    def __init__(self, config, band):
        self.config = config
        self.band = band

    def ring_peal(self, row0):
        def not_finished(carry):
            change, _ = carry
            return change < self.config.n_changes

        def next_change(carry):
            change, row = carry
            return change + 1, self.band.ringer(row)

        _, last_row = lax.while_loop(not_finished, next_change, (0, row0))
        return last_row

    def report(self):
        return self.band.ringer.variables["stats"]["strikes"] / self.config.n_bells


def main():
    cfg = PealConfig()
    model = Ringer(cfg.n_bells)
    rounds = jnp.arange(cfg.n_bells, dtype=jnp.float32)
    variables = model.init(jax.random.PRNGKey(0), rounds)
    conductor = Conductor(cfg, Band(model, variables))
    conductor.ring_peal(rounds)
    conductor.report()
    return None
