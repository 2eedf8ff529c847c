# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/" because collection "ema" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 self.variable('ema', ...) is written from inside the raw scan body of a Linen method while apply is called without mutable
"""Haiku port: hk.get_state/hk.set_state for a streaming EMA normalizer became self.variable in Flax."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class StreamingNormalizer(nn.Module):
    decay: float = 0.99
    eps: float = 1e-5

    @nn.compact
    def __call__(self, frames):
        dim = frames.shape[-1]
        mean = self.variable("ema", "mean", jnp.zeros, (dim,))
        var = self.variable("ema", "var", jnp.ones, (dim,))
        proj = nn.Dense(dim)

        if self.is_initializing():
            return proj(frames[0])

        def step(_, frame):
            # hk.set_state("mean", ...) / hk.set_state("var", ...)
            mean.value = self.decay * mean.value + (1 - self.decay) * frame.mean(0)
            var.value = self.decay * var.value + (1 - self.decay) * frame.var(0)
            normed = (frame - mean.value) / jnp.sqrt(var.value + self.eps)
            return None, proj(normed)

        _, out = scan(step, None, frames)
        return out


def main():
    model = StreamingNormalizer()
    frames = jax.random.normal(jax.random.PRNGKey(0), (20, 4, 6)) * 3.0 + 1.0
    variables = model.init(jax.random.PRNGKey(1), frames)
    out = model.apply(variables, frames)
    out.block_until_ready()
    return None
