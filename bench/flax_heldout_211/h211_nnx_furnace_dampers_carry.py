# label: ok
# flax-error: none
# class: 1 DamperPolicy.rollout owns the ActuationCount variable; the scan body it runs carries the count and the variable is updated once after the loop
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
        def body(carry, _):
            temps, count = carry
            moves = self.act(temps)
            count = count + jnp.sum(jnp.abs(moves) > 0.5).astype(jnp.int32)
            temps = temps - 0.02 * moves.sum(-1, keepdims=True) + 0.01
            return (temps, count), None

        (temps, count), _ = jax.lax.scan(body, (temps, self.actuations.value), None, length=horizon)
        self.actuations.value = count
        return temps


def main():
    temps = jax.random.uniform(jax.random.key(5), (3, 6), minval=0.9, maxval=1.2)
    policy = DamperPolicy(6, 4, nnx.Rngs(0))
    final = policy.rollout(temps, horizon=8)
    print(final.mean(), int(policy.actuations.value))
    return None
