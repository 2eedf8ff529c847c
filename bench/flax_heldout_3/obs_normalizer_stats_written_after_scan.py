# label: ok
# flax-error: none
# class: 5 running-stat variable: the scan carries the statistic, .value is assigned once after it
"""Near-miss of a Linen variable updated in a raw scan body: the update is threaded through the
carry and written back after jax.lax.scan returns."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ObsNormalizer(nn.Module):
    momentum: float = 0.9

    @nn.compact
    def __call__(self, obs_seq):
        mean = self.variable("norm_stats", "mean", jnp.zeros, obs_seq.shape[-1:])

        def update(m, obs):
            m = self.momentum * m + (1 - self.momentum) * obs.mean(0)
            return m, obs - m

        new_mean, normed = jax.lax.scan(update, mean.value, obs_seq)
        if self.is_mutable_collection("norm_stats"):
            mean.value = new_mean
        return normed


def main():
    model = ObsNormalizer()
    obs = jax.random.normal(jax.random.PRNGKey(0), (4, 3, 2))
    variables = model.init(jax.random.PRNGKey(1), obs)
    for _ in range(2):
        normed, updates = model.apply(variables, obs, mutable=["norm_stats"])
        variables = {**variables, **updates}
    jax.block_until_ready(variables["norm_stats"]["mean"])
    return None
