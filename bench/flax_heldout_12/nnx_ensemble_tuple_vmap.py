# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 2 a (critic, target) tuple unpacked to locals; the raw lax.scan body over a replay buffer gives the outside critic to nnx.vmap
import jax
import jax.numpy as jnp
from flax import nnx


class QNet(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(5, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 3, rngs=rngs)

    def __call__(self, s):
        return self.l2(nnx.relu(self.l1(s)))


def td_errors(nets, states, next_states, rewards):
    critic, target = nets

    def body(_, batch):
        s, s2, r = batch
        q = nnx.vmap(lambda m, x: m(x), in_axes=(None, 0))(critic, s)
        q_next = target(s2)
        return None, r + 0.99 * q_next.max(-1) - q.max(-1)

    return jax.lax.scan(body, None, (states, next_states, rewards))[1]


def main():
    nets = (QNet(nnx.Rngs(0)), QNet(nnx.Rngs(1)))
    states = jnp.ones((4, 8, 5))
    errs = td_errors(nets, states, states * 0.5, jnp.ones((4, 8)))
    jax.block_until_ready(errs)
    return None
