# label: ok
# flax-error: none
# class: 2 the local model and params of assess_slopes go straight into the scan body; the BatchNorm batch_stats travel in the scan carry and come back from each mutable apply
"""Ski avalanche risk: score snowpack profiles of each slope sector hour by hour."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class SnowpackNet(nn.Module):
    train: bool = True

    @nn.compact
    def __call__(self, profile):
        h = nn.Dense(12)(profile)
        h = nn.BatchNorm(use_running_average=not self.train)(h)
        return nn.sigmoid(nn.Dense(1)(nn.gelu(h)))


def assess_slopes(hourly_profiles, seed=0):
    model = SnowpackNet()
    variables = model.init(jax.random.PRNGKey(seed), hourly_profiles[0])
    params = variables["params"]

    def hour(carry, profiles):
        peak, batch_stats = carry
        danger, updates = model.apply(
            {"params": params, "batch_stats": batch_stats}, profiles, mutable=["batch_stats"]
        )
        return (jnp.maximum(peak, danger.max()), updates["batch_stats"]), danger

    (peak, _), dangers = jax.lax.scan(hour, (jnp.zeros(()), variables["batch_stats"]), hourly_profiles)
    return peak


def main():
    profiles = jax.random.normal(jax.random.PRNGKey(5), (6, 8, 7))
    assess_slopes(profiles)
    return None
