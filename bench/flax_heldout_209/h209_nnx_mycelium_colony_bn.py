# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the simulator's self.model, an NNX module whose BatchNorm is in training mode, is called inside the scan body
"""Fungal growth simulation: a learned mycelium front model rolled out over a petri-dish grid."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class MyceliumFront(nnx.Module):
    def __init__(self, n_channels: int, rngs: nnx.Rngs):
        self.sense = nnx.Linear(n_channels, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, momentum=0.95, rngs=rngs)
        self.grow = nnx.Linear(16, n_channels, rngs=rngs)

    def __call__(self, field):
        h = nnx.gelu(self.norm(self.sense(field)))
        return field + 0.1 * jnp.tanh(self.grow(h))


class ColonySimulator:
    def __init__(self, model: MyceliumFront, substrate):
        self.model = model
        self.substrate = substrate

    def rollout(self, field, n_steps):
        def tick(field, t):
            field = self.model(field) * self.substrate
            biomass = field[:, 0].sum()
            return field, biomass

        field, biomass = lax.scan(tick, field, jnp.arange(n_steps))
        return field, biomass


def main():
    n_cells, n_channels = 32, 3  # hyphal density, glucose, nitrogen
    rngs = nnx.Rngs(0)
    model = MyceliumFront(n_channels, rngs)
    substrate = jnp.linspace(0.6, 1.0, n_cells)[:, None]
    field = jax.random.uniform(jax.random.key(1), (n_cells, n_channels))
    ColonySimulator(model, substrate).rollout(field, n_steps=8)
    return None
