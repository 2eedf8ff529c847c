# label: same-values
# flax-error: none
# class: 3 BayesRegressor.mc_predict scans a lambda that calls self.net, a submodule attribute whose Dropout layers draw from the 'dropout' stream inside the body
import jax
import flax.linen as nn
from jax import lax, numpy as jnp


class DropoutMLP(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, deterministic: bool, dropout_rng=None):
        h = nn.relu(nn.Dense(self.hidden)(x))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic, rng=dropout_rng)
        h = nn.relu(nn.Dense(self.hidden)(h))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic, rng=dropout_rng)
        return nn.Dense(1)(h).squeeze(-1)


class BayesRegressor(nn.Module):
    n_samples: int = 8

    def setup(self):
        self.net = DropoutMLP()

    def __call__(self, x, deterministic: bool = True):
        return self.net(x, deterministic)

    def mc_predict(self, x):
        _, preds = lax.scan(lambda c, _: (c, self.net(x, deterministic=False)), None, None, length=self.n_samples)
        return preds


def predictive_summary(preds):
    return preds.mean(axis=0), preds.std(axis=0)


def main():
    model = BayesRegressor()
    x = jnp.linspace(-1.0, 1.0, 5)[:, None]
    variables = model.init(jax.random.key(0), x)
    preds = model.apply(variables, x, method=BayesRegressor.mc_predict, rngs={"dropout": jax.random.key(1)})
    mean, std = predictive_summary(preds)
    jax.block_until_ready((mean, std))
    return preds
