# label: same-values
# flax-error: none
# class: 2 MC dropout: an nn.Dropout submodule (which calls make_rng itself) applied inside a raw lax.scan over posterior samples
import jax
import jax.numpy as jnp
from flax import linen as nn


class BayesRegressor(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, n_samples: int = 1):
        hidden = nn.Dense(self.hidden)
        head = nn.Dense(1)
        drop = nn.Dropout(self.rate, deterministic=False)
        h = nn.relu(hidden(x))
        head(h)

        def one_sample(_, __):
            return None, head(drop(h))[..., 0]

        _, preds = jax.lax.scan(one_sample, None, None, length=n_samples)
        return preds


def main():
    model = BayesRegressor()
    x = jnp.linspace(0, 1, 12).reshape(4, 3)
    variables = model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, x)
    preds = model.apply(variables, x, 8, rngs={"dropout": jax.random.PRNGKey(7)})
    return preds
