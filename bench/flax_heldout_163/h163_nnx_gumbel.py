# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the policy's own rollout method runs jax.lax.scan and draws self.rngs.gumbel() in the body
"""Gumbel-softmax exploration for a discrete NNX policy.

The policy stores its Rngs and draws Gumbel noise from the 'gumbel' stream.
Its rollout method samples relaxed one-hot actions for several steps with a
raw jax.lax.scan, drawing a fresh key from self.rngs in the body.
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

        def body(carry, _):
            u = jax.random.uniform(self.rngs.gumbel(), logits.shape, minval=1e-6, maxval=1 - 1e-6)
            y = jax.nn.softmax((logits - jnp.log(-jnp.log(u))) / self.tau)
            return carry + y, y

        _, actions = jax.lax.scan(body, jnp.zeros_like(logits), None, length=steps)
        return actions


def main():
    policy = GumbelPolicy(6, 4, nnx.Rngs(params=0, gumbel=7))
    obs = jnp.linspace(0.0, 1.0, 6)
    actions = policy.rollout(obs, 5)
    print("relaxed actions", actions.round(3))
    return actions
