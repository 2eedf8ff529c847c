# label: ok
# flax-error: none
# class: 3 the predictor object's self.key attribute is split into one key per pass before the while_loop; the body indexes the keys
"""Monte-Carlo dropout uncertainty with a jax.lax.while_loop over forward passes.

Twin of h196_mc_dropout: one dropout key per forward pass, split from self.key before the loop.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x, deterministic: bool = True):
        h = nn.relu(nn.Dense(32)(x))
        h = nn.Dropout(rate=0.3)(h, deterministic=deterministic)
        return nn.Dense(1)(h)


class MCDropoutPredictor:
    def __init__(self, model, variables, key, num_samples=8):
        self.model = model
        self.variables = variables
        self.key = key
        self.num_samples = num_samples

    def predict(self, x):
        preds = jnp.zeros((self.num_samples, x.shape[0], 1))
        keys = jax.random.split(self.key, self.num_samples)

        def cond(carry):
            i, _ = carry
            return i < self.num_samples

        def body(carry):
            i, preds = carry
            y = self.model.apply(self.variables, x, deterministic=False,
                                 rngs={'dropout': keys[i]})
            return i + 1, preds.at[i].set(y)

        _, preds = lax.while_loop(cond, body, (0, preds))
        return preds


def main():
    model = Regressor()
    x = jax.random.normal(jax.random.key(0), (5, 3))
    variables = model.init(jax.random.key(1), x)
    predictor = MCDropoutPredictor(model, variables, jax.random.key(2))
    samples = predictor.predict(x)
    return samples


if __name__ == "__main__":
    s = main()
    print(s.std(axis=0).ravel())
