# label: ok
# flax-error: none
# class: 1 BayesMLP.mc_predict runs its own raw scan over keys split from self.make_rng('dropout') outside the loop; the body passes each key to Dropout
"""Monte Carlo dropout (Gal & Ghahramani) for predictive uncertainty.

`mc_predict` draws several stochastic forward passes with dropout switched on, using a
lax.scan over per-sample dropout keys split before the loop, and returns one prediction
per sample.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

NUM_SAMPLES = 6


class BayesMLP(nn.Module):
    hidden: int = 64
    rate: float = 0.3

    def setup(self):
        self.hidden_layer = nn.Dense(self.hidden)
        self.dropout = nn.Dropout(self.rate)
        self.head = nn.Dense(1)

    def __call__(self, x, deterministic: bool = True, dropout_rng=None):
        h = nn.relu(self.hidden_layer(x))
        h = self.dropout(h, deterministic=deterministic, rng=dropout_rng)
        return self.head(h)

    def mc_predict(self, x):
        keys = jax.random.split(self.make_rng("dropout"), NUM_SAMPLES)

        def sample(carry, key):
            return carry, self(x, deterministic=False, dropout_rng=key)

        _, preds = jax.lax.scan(sample, None, keys)
        return preds


def main():
    x = jnp.linspace(-2.0, 2.0, 10)[:, None]
    model = BayesMLP()
    variables = model.init(jax.random.PRNGKey(0), x)
    preds = model.apply(variables, x, rngs={"dropout": jax.random.PRNGKey(1)}, method=BayesMLP.mc_predict)
    print("predictive std", preds.std(0).mean())
    return preds
