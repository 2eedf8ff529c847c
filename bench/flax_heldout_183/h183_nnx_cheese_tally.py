# label: trace-context
# flax-error: TraceContextError: Cannot mutate AgingDays from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the model, a local of the enclosing function, goes straight into the fori_loop body, which bumps its AgingDays variable (a Variable subclass)
"""Cheese cave aging: a rind model tracks how many days each batch of wheels has aged."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class AgingDays(nnx.Variable):
    """Days a batch has spent in the cave; not a trainable parameter."""


class RindModel(nnx.Module):
    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(sensors, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)
        self.days_aged = AgingDays(jnp.zeros((), jnp.int32))

    def __call__(self, climate):
        return jnp.tanh(self.head(nnx.relu(self.proj(climate))))[..., 0]


def age_wheels(model: RindModel, climate_log, firmness):
    def one_day(day, firmness):
        growth = model(climate_log[day])
        model.days_aged[...] = model.days_aged[...] + 1
        return firmness + 0.05 * growth

    return jax.lax.fori_loop(0, climate_log.shape[0], one_day, firmness)


def main():
    climate_log = jax.random.uniform(jax.random.key(14), (10, 3, 4))  # days x wheels x sensors
    model = RindModel(4, nnx.Rngs(0))
    firmness = age_wheels(model, climate_log, jnp.full((3,), 0.5))
    jax.block_until_ready((firmness, model.days_aged[...]))
    return None
