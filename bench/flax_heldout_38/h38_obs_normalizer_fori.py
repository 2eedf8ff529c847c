# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/" because collection "obs_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 the running mean/var variables of the module are updated inside a raw lax.fori_loop body during apply without mutable=["obs_stats"]
"""Running observation normalizer for RL (RunningMeanStd, ported from stable-baselines).
The statistics live in the "obs_stats" collection and are updated chunk by chunk in a
lax.fori_loop when `update=True`. The rollout calls apply without marking the collection
mutable."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class ObsNormalizer(nn.Module):
    eps: float = 1e-4

    @nn.compact
    def __call__(self, chunks, update: bool = False):
        # chunks: (n_chunks, batch, obs_dim)
        dim = chunks.shape[-1]
        mean = self.variable("obs_stats", "mean", jnp.zeros, (dim,))
        var = self.variable("obs_stats", "var", jnp.ones, (dim,))
        count = self.variable("obs_stats", "count", lambda: jnp.array(self.eps))

        if update:
            def body(i, _):
                batch = chunks[i]
                b_mean, b_var, b_count = batch.mean(0), batch.var(0), batch.shape[0]
                delta = b_mean - mean.value
                total = count.value + b_count
                new_mean = mean.value + delta * b_count / total
                m2 = var.value * count.value + b_var * b_count + delta ** 2 * count.value * b_count / total
                mean.value = new_mean
                var.value = m2 / total
                count.value = total
                return _

            lax.fori_loop(0, chunks.shape[0], body, 0)

        return (chunks - mean.value) / jnp.sqrt(var.value + 1e-8)


def main():
    normalizer = ObsNormalizer()
    chunks = jax.random.normal(jax.random.PRNGKey(1), (5, 32, 3))
    variables = normalizer.init(jax.random.PRNGKey(0), chunks)
    normed = normalizer.apply(variables, chunks, update=True)
    normed.block_until_ready()
