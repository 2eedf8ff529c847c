# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a DQN soft target update, functools.partial binding the online and target nnx networks positionally, run as the body of lax.fori_loop
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class QNet(nnx.Module):
    def __init__(self, obs_dim, n_actions, rngs):
        self.l1 = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, n_actions, rngs=rngs)

    def __call__(self, obs):
        return self.l2(nnx.relu(self.l1(obs)))


def polyak_update(online, target, i, tau):
    online_params = nnx.state(online, nnx.Param)
    target_params = nnx.state(target, nnx.Param)
    mixed = jax.tree.map(lambda o, t: tau * o + (1.0 - tau) * t, online_params, target_params)
    nnx.update(target, mixed)
    return tau


def main():
    online = QNet(4, 2, nnx.Rngs(0))
    target = QNet(4, 2, nnx.Rngs(1))
    body = functools.partial(polyak_update, online, target)
    tau = jax.lax.fori_loop(0, 3, body, jnp.float32(0.05))
    tau.block_until_ready()
    return None
