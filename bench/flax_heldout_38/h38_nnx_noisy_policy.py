# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the policy is nnx.split outside the raw lax.scan and merged inside the body from the captured state, so the merged module reuses the outer Variables and its RngCount is advanced inside the scan
"""NoisyNet exploration (NoisyLinear layers for DQN): the layer draws fresh weight noise
from its own Rngs stream on every call. A rollout over a sequence of observations uses
lax.scan; the policy is split once and merged inside the step from the captured state.
main returns the weight noise of each step."""
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

    def act(carry, obs):
        policy = nnx.merge(graphdef, state)
        q, eps = policy(obs)
        return carry, eps

    _, noise = lax.scan(act, None, observations)
    return noise
