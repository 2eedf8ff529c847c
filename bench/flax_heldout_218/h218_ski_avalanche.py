# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the local model and variables of assess_slopes go straight into the scan body; the BatchNorm danger net is applied in training mode there
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

    def hour(peak, profiles):
        danger = model.apply(variables, profiles)
        return jnp.maximum(peak, danger.max()), danger

    peak, dangers = jax.lax.scan(hour, jnp.zeros(()), hourly_profiles)
    return peak


def main():
    profiles = jax.random.normal(jax.random.PRNGKey(5), (6, 8, 7))
    assess_slopes(profiles)
    return None
