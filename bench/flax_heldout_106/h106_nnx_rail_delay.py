# label: trace-context
# flax-error: TraceContextError: Cannot mutate HopLog from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 model is a local of forecast_cascade; the while_loop body calls model.propagate directly, which bumps a HopLog (nnx.Variable subclass)
"""Rail operations: propagate a primary delay through the network until it dies out."""
import jax
import jax.numpy as jnp
from flax import nnx


class HopLog(nnx.Variable):
    """Diagnostic counter exported to the ops dashboard; not trained."""


class DelayPropagator(nnx.Module):
    def __init__(self, stations: int, *, rngs: nnx.Rngs):
        self.adjacency = nnx.Param(0.3 * jax.random.uniform(rngs.params(), (stations, stations)))
        self.recovery = nnx.Linear(stations, stations, rngs=rngs)
        self.hops = HopLog(jnp.zeros((), jnp.int32))

    def propagate(self, delays):
        self.hops.value = self.hops.value + 1
        spread = delays @ self.adjacency.value
        return nnx.relu(spread - nnx.softplus(self.recovery(delays)))


def forecast_cascade(stations: int, primary, tolerance: float = 0.5, max_hops: int = 12):
    model = DelayPropagator(stations, rngs=nnx.Rngs(0))

    def still_delayed(state):
        hop, delays = state
        return (hop < max_hops) & (delays.sum() > tolerance)

    def hop(state):
        n, delays = state
        return n + 1, model.propagate(delays)

    hops, residual = jax.lax.while_loop(still_delayed, hop, (jnp.array(0), primary))
    return hops, residual, model.hops.value


def main():
    primary = jnp.zeros(8).at[2].set(15.0)
    hops, residual, logged = forecast_cascade(8, primary)
    print("hops", hops, "residual", residual.sum(), "logged", logged)
