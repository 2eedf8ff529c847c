# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a module-level Polyak helper writes a target network's Params inside the raw fori_loop body
import jax
import jax.numpy as jnp
import jax.lax as lax
from flax import nnx


class QNet(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, s):
        return self.l2(nnx.relu(self.l1(s)))


def polyak(target, online, tau):
    t_params = nnx.state(target, nnx.Param)
    o_params = nnx.state(online, nnx.Param)
    nnx.update(target, jax.tree.map(lambda t, o: (1 - tau) * t + tau * o, t_params, o_params))


def main():
    online = QNet(nnx.Rngs(0))
    target = QNet(nnx.Rngs(1))

    def body(i, acc):
        polyak(target, online, 0.05)
        return acc + jnp.sum(target(jnp.ones((3,))))

    acc = lax.fori_loop(0, 4, body, 0.0)
    acc.block_until_ready()
    return None
