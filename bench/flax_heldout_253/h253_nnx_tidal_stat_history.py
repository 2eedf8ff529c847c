# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the merged model's BatchStat state is appended to station.stat_history inside the scan body
"""Online power-curve fitting for the turbines of a tidal lagoon, with normalisation statistics kept for audit."""
import jax
import jax.numpy as jnp
from flax import nnx


class PowerCurve(nnx.Module):
    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.norm = nnx.BatchNorm(sensors, momentum=0.8, rngs=rngs)
        self.fit = nnx.Linear(sensors, 1, rngs=rngs)

    def __call__(self, readings):
        return nnx.softplus(self.fit(self.norm(readings)))[:, 0]


class LagoonStation:
    def __init__(self, name: str, sensors: int = 4):
        self.name = name
        self.model = PowerCurve(sensors, rngs=nnx.Rngs(0))
        self.stat_history = []

    def ingest(self, tide_batches):
        graphdef, state = nnx.split(self.model)

        def absorb(state, readings):
            model = nnx.merge(graphdef, state)
            power = model(readings)
            self.stat_history.append(nnx.state(model, nnx.BatchStat))
            return nnx.state(model), power.mean()

        state, mean_power = jax.lax.scan(absorb, state, tide_batches)
        nnx.update(self.model, state)
        return mean_power

    def statistics_level(self):
        leaves = jax.tree.leaves(self.stat_history)
        return jnp.mean(jnp.stack([jnp.mean(jnp.abs(leaf)) for leaf in leaves]))


def main():
    station = LagoonStation("swansea-bay")
    t = jnp.linspace(0.0, 1.0, 6)[:, None, None]
    readings = jnp.sin(t * 6.0 + jnp.arange(4.0)) + 0.1 * jax.random.normal(jax.random.key(3), (6, 5, 4))
    mean_power = station.ingest(readings)
    level = station.statistics_level()
    jax.block_until_ready((mean_power, level))
    return None
