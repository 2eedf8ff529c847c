# label: ok
# flax-error: none
# class: 1 MCDropoutRegressor.predict_samples runs the scan itself; the dropout keys are split from self.make_rng('dropout') before the loop and scanned over as xs
"""MC-dropout uncertainty: run the regressor several times with dropout on and look at the spread
of the predictions. The samples are drawn with a raw lax.scan over pre-split dropout keys."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, deterministic=True, rng=None):
        x = nn.relu(nn.Dense(32)(x))
        x = nn.Dropout(0.3)(x, deterministic=deterministic, rng=rng)
        return nn.Dense(1)(x)


class MCDropoutRegressor(nn.Module):
    num_samples: int = 8

    def setup(self):
        self.net = MLP()

    def __call__(self, x):
        return self.net(x)

    def predict_samples(self, x):
        keys = jax.random.split(self.make_rng("dropout"), self.num_samples)

        def sample(carry, key):
            return carry, self.net(x, deterministic=False, rng=key)

        _, samples = scan(sample, None, keys)
        return samples


def main():
    model = MCDropoutRegressor()
    x = jnp.linspace(-2, 2, 5)[:, None]
    variables = model.init(jax.random.key(0), x)
    samples = model.apply(variables, x, method=MCDropoutRegressor.predict_samples,
                          rngs={"dropout": jax.random.key(1)})
    print("predictive std", samples.std(0).ravel())
    return samples
