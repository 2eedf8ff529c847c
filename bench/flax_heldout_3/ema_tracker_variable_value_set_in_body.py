# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 running-mean variable declared before the scan but its .value assigned in the body
"""Shape from RL observation normalisers kept as a Linen `self.variable` collection and updated
while rolling a sequence with jax.lax.scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ObsNormalizer(nn.Module):
    momentum: float = 0.9

    @nn.compact
    def __call__(self, obs_seq):
        mean = self.variable("norm_stats", "mean", jnp.zeros, obs_seq.shape[-1:])

        def update(count, obs):
            mean.value = self.momentum * mean.value + (1 - self.momentum) * obs.mean(0)
            return count + 1, obs - mean.value

        _, normed = jax.lax.scan(update, 0, obs_seq)
        return normed


def main():
    model = ObsNormalizer()
    obs = jax.random.normal(jax.random.PRNGKey(0), (4, 3, 2))
    variables = model.init(jax.random.PRNGKey(1), obs)
    normed, updates = model.apply(variables, obs, mutable=["norm_stats"])
    variables = {**variables, **updates}
    normed, updates = model.apply(variables, obs, mutable=["norm_stats"])
    jax.block_until_ready(updates["norm_stats"]["mean"])
    return None
