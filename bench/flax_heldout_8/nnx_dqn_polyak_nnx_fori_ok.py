# label: ok
# flax-error: none
# class: 2 online and target Q-networks are arguments of the sync function and carried through nnx.fori_loop, the target updated in place
import jax
import jax.numpy as jnp
from flax import nnx


class Critic(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(6, 24, rngs=rngs)
        self.l2 = nnx.Linear(24, 3, rngs=rngs)

    def __call__(self, s):
        return self.l2(nnx.relu(self.l1(s)))


def soft_update_many(online, target, tau, n):
    def one(i, nets):
        src, dst = nets
        mixed = jax.tree.map(lambda o, t: tau * o + (1.0 - tau) * t,
                             nnx.state(src, nnx.Param), nnx.state(dst, nnx.Param))
        nnx.update(dst, mixed)
        return src, dst

    nnx.fori_loop(0, n, one, (online, target))


def main():
    online = Critic(nnx.Rngs(0))
    target = Critic(nnx.Rngs(1))
    soft_update_many(online, target, 0.1, 20)
    print(target(jnp.ones((1, 6))))
    return None
