# label: ok
# flax-error: none
# class: 3 apply(method=mc_predict) splits make_rng('dropout') into per-sample keys passed as scan xs and on to nn.Dropout(rng=)
import jax
import jax.numpy as jnp
from flax import linen as nn


class MLPRegressor(nn.Module):
    hidden: int = 16
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, train: bool = False, rng=None):
        r1 = r2 = None
        if rng is not None:
            r1, r2 = jax.random.split(rng)
        h = nn.relu(nn.Dense(self.hidden)(x))
        h = nn.Dropout(self.rate, deterministic=not train)(h, rng=r1)
        h = nn.relu(nn.Dense(self.hidden)(h))
        h = nn.Dropout(self.rate, deterministic=not train)(h, rng=r2)
        return nn.Dense(1)(h)

    def mc_predict(self, x, num_samples: int = 6):
        """Monte Carlo dropout: run the stochastic network several times."""
        keys = jax.random.split(self.make_rng("dropout"), num_samples)

        def sample(carry, key):
            y = self(x, train=True, rng=key)
            return carry, y

        _, ys = jax.lax.scan(sample, None, keys)
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
