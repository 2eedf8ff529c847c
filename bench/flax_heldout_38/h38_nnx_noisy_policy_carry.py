# label: ok
# flax-error: none
# class: 2 the policy state (with its RngCount) is the raw lax.scan carry; the body merges it, acts, and returns nnx.state so each step draws from the advanced stream
"""NoisyNet exploration (NoisyLinear layers for DQN) in a lax.scan rollout, with the split
policy state in the carry so the noise stream advances from step to step. main returns
the weight noise of each step."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


class NoisyLinear(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.w_mu = nnx.Param(jax.random.uniform(rngs.params(), (din, dout), minval=-0.1, maxval=0.1))
        self.w_sigma = nnx.Param(jnp.full((din, dout), 0.017))
        self.rngs = rngs

    def __call__(self, x):
        eps = jax.random.normal(self.rngs.noise(), self.w_mu.shape)
        return x @ (self.w_mu + self.w_sigma * eps), eps


def main():
    policy = NoisyLinear(4, 2, rngs=nnx.Rngs(params=0, noise=1))
    observations = jnp.ones((6, 4))
    graphdef, state = nnx.split(policy)

    def act(state, obs):
        policy = nnx.merge(graphdef, state)
        q, eps = policy(obs)
        return nnx.state(policy), eps

    state, noise = lax.scan(act, state, observations)
    nnx.update(policy, state)
    return noise
