# label: ok
# flax-error: none
# class: 1 the policy's own propose_phases() draws one key from its nnx.Rngs 'explore' stream before jax.lax.scan and the body folds the candidate index into it
"""Adaptive traffic-signal control: for the current intersection state the policy proposes several
candidate phase-duration plans (mean plan plus exploration noise); a simulator ranks them."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class SignalPolicy(nnx.Module):
    def __init__(self, n_obs: int, n_phases: int, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(n_obs, 32, rngs=rngs)
        self.mean = nnx.Linear(32, n_phases, rngs=rngs)
        self.log_std = nnx.Param(jnp.full((n_phases,), -1.0))
        self.rngs = rngs

    def __call__(self, obs):
        return 30.0 + 10.0 * jnp.tanh(self.mean(nnx.relu(self.trunk(obs))))

    def propose_phases(self, obs, n_candidates: int):
        key = self.rngs.explore()
        mean = self(obs)

        def body(carry, i):
            noise = jax.random.normal(jax.random.fold_in(key, i), mean.shape) * jnp.exp(self.log_std[...])
            return carry, jnp.clip(mean + 5.0 * noise, 5.0, 60.0)

        _, plans = lax.scan(body, None, jnp.arange(n_candidates))
        return plans


def main():
    obs = jax.random.normal(jax.random.key(0), (18,))
    policy = SignalPolicy(18, 4, nnx.Rngs(params=0, explore=5))
    return policy.propose_phases(obs, n_candidates=6)
