# label: ok
# flax-error: none
# class: 1 the policy's own rollout method runs jax.lax.scan; one self.rngs.gumbel() key before the loop, split from the carry in the body
"""Gumbel-softmax exploration for a discrete NNX policy.

The policy stores its Rngs and draws Gumbel noise from the 'gumbel' stream.
Its rollout method samples relaxed one-hot actions for several steps with a
raw jax.lax.scan: one key is drawn from self.rngs before the loop and split
in the scan carry at every step.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class GumbelPolicy(nnx.Module):
    def __init__(self, din, n_actions, rngs: nnx.Rngs, tau: float = 0.5):
        self.hidden = nnx.Linear(din, 16, rngs=rngs)
        self.logits = nnx.Linear(16, n_actions, rngs=rngs)
        self.rngs = rngs
        self.tau = tau

    def __call__(self, obs):
        return self.logits(nnx.relu(self.hidden(obs)))

    def rollout(self, obs, steps):
        logits = self(obs)

        def body(key, _):
            key, sub = jax.random.split(key)
            u = jax.random.uniform(sub, logits.shape, minval=1e-6, maxval=1 - 1e-6)
            y = jax.nn.softmax((logits - jnp.log(-jnp.log(u))) / self.tau)
            return key, y

        _, actions = jax.lax.scan(body, self.rngs.gumbel(), None, length=steps)
        return actions


def main():
    policy = GumbelPolicy(6, 4, nnx.Rngs(params=0, gumbel=7))
    obs = jnp.linspace(0.0, 1.0, 6)
    actions = policy.rollout(obs, 5)
    print("relaxed actions", actions.round(3))
    return actions
