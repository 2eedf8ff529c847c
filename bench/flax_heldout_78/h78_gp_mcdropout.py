# label: same-values
# flax-error: none
# class: 4 module-level MC-dropout predictor passes the same rngs={'dropout': key} to apply every scan step
"""MC dropout as approximate GP inference (Gal & Ghahramani): predictive samples from T
stochastic forward passes, collected with lax.scan."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class DropoutRegressor(nn.Module):
    hidden: int = 32
    rate: float = 0.2

    @nn.compact
    def __call__(self, x, deterministic: bool = True):
        h = nn.relu(nn.Dense(self.hidden)(x))
        h = nn.Dropout(self.rate, deterministic=deterministic)(h)
        h = nn.relu(nn.Dense(self.hidden)(h))
        h = nn.Dropout(self.rate, deterministic=deterministic)(h)
        return nn.Dense(1)(h)


def mc_predict(model, variables, x, key, n_samples=8):
    def one_pass(_, __):
        y = model.apply(variables, x, deterministic=False, rngs={"dropout": key})
        return None, y

    _, samples = jax.lax.scan(one_pass, None, None, length=n_samples)
    return samples


def main():
    x = jnp.linspace(-1, 1, 10)[:, None]
    model = DropoutRegressor()
    variables = model.init(jax.random.key(0), x)
    return mc_predict(model, variables, x, jax.random.key(42))
