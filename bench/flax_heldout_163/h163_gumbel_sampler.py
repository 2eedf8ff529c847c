# label: same-values
# flax-error: none
# class: 1 the policy's own sample method runs lax.scan and calls self.make_rng('gumbel') in the body
"""Gumbel-softmax action sampler for a small discrete policy.

The policy computes logits once and then draws relaxed one-hot actions for a
number of environment steps with lax.scan. The Gumbel noise key is taken with
self.make_rng inside the scan body, as one would in an unrolled Python loop.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


def gumbel_softmax(key, logits, tau):
    u = jax.random.uniform(key, logits.shape, minval=1e-6, maxval=1.0 - 1e-6)
    gumbel = -jnp.log(-jnp.log(u))
    return jax.nn.softmax((logits + gumbel) / tau, axis=-1)


class Policy(nn.Module):
    n_actions: int = 5
    tau: float = 0.7

    @nn.compact
    def __call__(self, obs):
        h = nn.relu(nn.Dense(16)(obs))
        return nn.Dense(self.n_actions)(h)

    def sample(self, obs, steps):
        logits = self(obs)

        def body(counts, _):
            key = self.make_rng("gumbel")
            action = gumbel_softmax(key, logits, self.tau)
            return counts + action, action

        _, actions = lax.scan(body, jnp.zeros_like(logits), None, length=steps)
        return actions


def main():
    policy = Policy()
    obs = jnp.linspace(-1.0, 1.0, 8)
    variables = policy.init(jax.random.key(0), obs)
    actions = policy.apply(
        variables, obs, 6, method=Policy.sample, rngs={"gumbel": jax.random.key(42)}
    )
    print("relaxed actions", actions.round(3))
    return actions
