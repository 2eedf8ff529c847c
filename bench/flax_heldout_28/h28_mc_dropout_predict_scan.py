# label: same-values
# flax-error: none
# class: 3 apply(method=mc_predict) scans over sample ids and the body calls self(x, train=True), whose nn.Dropout draws make_rng('dropout')
import jax
import jax.numpy as jnp
from flax import linen as nn


class MLPRegressor(nn.Module):
    hidden: int = 16
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, train: bool = False):
        h = nn.relu(nn.Dense(self.hidden)(x))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        h = nn.relu(nn.Dense(self.hidden)(h))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        return nn.Dense(1)(h)

    def mc_predict(self, x, num_samples: int = 6):
        """Monte Carlo dropout: run the stochastic network several times."""

        def sample(carry, _):
            y = self(x, train=True)
            return carry, y

        _, ys = jax.lax.scan(sample, None, jnp.arange(num_samples))
        return ys  # (num_samples, batch, 1)


def main():
    model = MLPRegressor()
    x = jnp.linspace(-1.0, 1.0, 10).reshape(5, 2)
    variables = model.init(jax.random.key(0), x)
    samples = model.apply(
        variables,
        x,
        method=MLPRegressor.mc_predict,
        rngs={"dropout": jax.random.key(1)},
    )
    mean = samples.mean(axis=0)
    std = samples.std(axis=0)
    print("predictive mean", mean.ravel(), "std", std.ravel())
    return samples
