# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "depth" in "/" because collection "queue" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 simulate_queue binds the model into the local `lift`; the fori_loop body calls lift(...), which updates its "queue" depth variable on an immutable binding
"""Ski-lift operations: simulates the boarding queue over a morning of
15-minute slots and reports the predicted wait per slot."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class LiftQueue(nn.Module):
    chairs_per_slot: float = 90.0

    @nn.compact
    def __call__(self, arrivals):
        depth = self.variable("queue", "depth", jnp.zeros, arrivals.shape)
        weather = nn.sigmoid(nn.Dense(1)(arrivals[..., None]))[..., 0]
        boarded = jnp.minimum(depth.value + arrivals, self.chairs_per_slot * weather)
        if not self.is_initializing():
            depth.value = depth.value + arrivals - boarded
        return depth.value / self.chairs_per_slot


def simulate_queue(model, variables, arrivals_by_slot):
    lift = model.bind(variables)
    waits = jnp.zeros(arrivals_by_slot.shape)

    def body(slot, waits):
        return waits.at[slot].set(lift(arrivals_by_slot[slot]))

    return lax.fori_loop(0, arrivals_by_slot.shape[0], body, waits)


def main():
    model = LiftQueue()
    arrivals = jax.random.poisson(jax.random.key(3), 60.0, (8, 2)).astype(jnp.float32)
    variables = model.init(jax.random.key(0), arrivals[0])
    simulate_queue(model, variables, arrivals)
    return None
