# label: same-values
# flax-error: none
# class: 1 self.make_rng('dropout') called inside the inline body of an MC-dropout scan
from flax import linen as nn
import jax
import jax.numpy as jnp


class Regressor(nn.Module):
    width: int = 32
    rate: float = 0.3

    def setup(self):
        self.hidden = nn.Dense(self.width)
        self.out = nn.Dense(1)

    def __call__(self, x):
        return self.out(nn.relu(self.hidden(x)))

    def mc_predict(self, x, n_passes: int = 6):
        def one_pass(carry, _):
            key = self.make_rng("dropout")
            h = nn.relu(self.hidden(x))
            keep = jax.random.bernoulli(key, 1.0 - self.rate, h.shape)
            h = jnp.where(keep, h / (1.0 - self.rate), 0.0)
            return carry, self.out(h)

        _, preds = jax.lax.scan(one_pass, None, None, length=n_passes)
        return preds


def main():
    model = Regressor()
    x = jnp.linspace(-1.0, 1.0, 12).reshape(4, 3)
    variables = model.init(jax.random.PRNGKey(0), x)
    preds = model.apply(
        variables, x, method=Regressor.mc_predict,
        rngs={"dropout": jax.random.PRNGKey(42)},
    )
    # predictive mean / std over the passes
    mean, std = preds.mean(0), preds.std(0)
    return preds
