# label: same-values
# flax-error: none
# class: 5 TurbulenceSampler keeps functools.partial(model.apply, variables) and one gust key; the fori_loop body calls self.forward(inflow, rngs={'gust': self.key}) for every sample
"""Wind tunnel test planning: synthetic gust samples for a fixed inflow condition."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class GustModel(nn.Module):
    n_probes: int = 3
    intensity: float = 0.05

    @nn.compact
    def __call__(self, inflow):
        mean_flow = nn.Dense(self.n_probes)(inflow)
        gust = jax.random.normal(self.make_rng("gust"), mean_flow.shape)
        return mean_flow + self.intensity * gust


class TurbulenceSampler:
    def __init__(self, model, variables, seed):
        self.forward = functools.partial(model.apply, variables)
        self.key = jax.random.key(seed)

    def sample(self, inflow, n):
        def body(i, buf):
            v = self.forward(inflow, rngs={"gust": self.key})
            return buf.at[i].set(v)

        return jax.lax.fori_loop(0, n, body, jnp.zeros((n, 3)))


class TestCampaign:
    def __init__(self, sampler):
        self.sampler = sampler

    def run_condition(self, velocity, yaw_deg):
        inflow = jnp.array([velocity / 40.0, jnp.deg2rad(yaw_deg), 1.0])
        return self.sampler.sample(inflow, n=10)


def main():
    model = GustModel()
    variables = model.init({"params": jax.random.key(0), "gust": jax.random.key(1)}, jnp.zeros((3,)))
    campaign = TestCampaign(TurbulenceSampler(model, variables, seed=7))
    return campaign.run_condition(velocity=25.0, yaw_deg=4.0)
