# label: trace-context
# flax-error: TraceContextError: Cannot mutate ActuationCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 DamperPolicy.rollout owns the ActuationCount variable and increments it inside the scan body it runs
"""Glass furnace temperature control: the regenerator damper policy, with a wear counter for maintenance."""
import jax
import jax.numpy as jnp
from flax import nnx


class ActuationCount(nnx.Variable):
    """Damper moves since the last maintenance; not a trainable parameter."""


class DamperPolicy(nnx.Module):
    def __init__(self, zones, dampers, rngs: nnx.Rngs):
        self.net = nnx.Linear(zones, dampers, rngs=rngs)
        self.actuations = ActuationCount(jnp.zeros((), jnp.int32))

    def act(self, temps):
        return jnp.tanh(self.net(temps))

    def rollout(self, temps, horizon):
        def body(temps, _):
            moves = self.act(temps)
            self.actuations.value += jnp.sum(jnp.abs(moves) > 0.5).astype(jnp.int32)
            temps = temps - 0.02 * moves.sum(-1, keepdims=True) + 0.01
            return temps, None

        temps, _ = jax.lax.scan(body, temps, None, length=horizon)
        return temps


def main():
    temps = jax.random.uniform(jax.random.key(5), (3, 6), minval=0.9, maxval=1.2)
    policy = DamperPolicy(6, 4, nnx.Rngs(0))
    final = policy.rollout(temps, horizon=8)
    print(final.mean(), int(policy.actuations.value))
    return None
