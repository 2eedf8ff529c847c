# label: same-values
# flax-error: none
# class: 1 nn.Dropout(deterministic=False) called inline in the lax.scan step, drawing self.make_rng('dropout') inside the body
import jax
import jax.numpy as jnp
from flax import linen as nn


class MCHead(nn.Module):
    hidden: int = 8
    rate: float = 0.5

    @nn.compact
    def __call__(self, x, n_samples: int = 5):
        h = nn.relu(nn.Dense(self.hidden)(x))

        def sample(carry, _):
            dropped = nn.Dropout(rate=self.rate, deterministic=False)(h)
            return carry, dropped

        _, samples = jax.lax.scan(sample, None, None, length=n_samples)
        return samples


def main():
    model = MCHead()
    x = jnp.ones((2, 3))
    variables = model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, x)
    samples = model.apply(variables, x, rngs={"dropout": jax.random.PRNGKey(2)})
    return samples
