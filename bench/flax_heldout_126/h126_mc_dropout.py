# label: same-values
# flax-error: none
# class: 1 BayesMLP.mc_predict runs its own raw scan and the body calls self(x, deterministic=False), whose Dropout draws self.make_rng('dropout')
"""Monte Carlo dropout (Gal & Ghahramani) for predictive uncertainty.

`mc_predict` draws several stochastic forward passes with dropout switched on, using a
lax.scan over the sample index, and returns one prediction per sample.
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

    def __call__(self, x, deterministic: bool = True):
        h = nn.relu(self.hidden_layer(x))
        h = self.dropout(h, deterministic=deterministic)
        return self.head(h)

    def mc_predict(self, x):
        def sample(carry, _):
            return carry, self(x, deterministic=False)

        _, preds = jax.lax.scan(sample, None, None, length=NUM_SAMPLES)
        return preds


def main():
    x = jnp.linspace(-2.0, 2.0, 10)[:, None]
    model = BayesMLP()
    variables = model.init(jax.random.PRNGKey(0), x)
    preds = model.apply(variables, x, rngs={"dropout": jax.random.PRNGKey(1)}, method=BayesMLP.mc_predict)
    print("predictive std", preds.std(0).mean())
    return preds
