# label: ok
# flax-error: none
# class: 1 dropout key taken with self.make_rng('dropout') before the scan, split per sample and scanned over as xs; the step passes rng=key to nn.Dropout
import jax
import jax.numpy as jnp
from flax import linen as nn


class MCHead(nn.Module):
    hidden: int = 8
    rate: float = 0.5

    @nn.compact
    def __call__(self, x, n_samples: int = 5):
        h = nn.relu(nn.Dense(self.hidden)(x))
        keys = jax.random.split(self.make_rng("dropout"), n_samples)

        def sample(carry, key):
            dropped = nn.Dropout(rate=self.rate, deterministic=False)(h, rng=key)
            return carry, dropped

        _, samples = jax.lax.scan(sample, None, keys)
        return samples


def main():
    model = MCHead()
    x = jnp.ones((2, 3))
    variables = model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, x)
    samples = model.apply(variables, x, rngs={"dropout": jax.random.PRNGKey(2)})
    return samples
