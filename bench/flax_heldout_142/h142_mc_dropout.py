# label: same-values
# flax-error: none
# class: 5 make_predict_step returns a step function closing over the model, params and one dropout key; the scan body calls it
"""Monte-Carlo dropout: repeated stochastic forward passes give a predictive distribution."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Regressor(nn.Module):
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.relu(nn.Dense(32)(x))
        x = nn.Dropout(self.rate, deterministic=not train)(x)
        return nn.Dense(1)(x)


def make_predict_step(model, params, key):
    def predict_step(carry, _):
        y = model.apply({"params": params}, carry, train=True, rngs={"dropout": key})
        return carry, y

    return predict_step


def main():
    x = jnp.linspace(-1.0, 1.0, 10)[:, None]
    model = Regressor()
    params = model.init(jax.random.key(0), x)["params"]
    step = make_predict_step(model, params, jax.random.key(7))
    _, preds = jax.lax.scan(step, x, None, length=8)
    return preds  # (8, 10, 1): one forward pass per step
