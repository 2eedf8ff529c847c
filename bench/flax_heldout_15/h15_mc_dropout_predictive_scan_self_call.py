# label: same-values
# flax-error: none
# class: 2 predictive method scans over samples and calls self(...) whose setup Dropout runs in train mode in the body
import jax
import jax.numpy as jnp
import flax.linen as nn


class BayesianRegressor(nn.Module):
    hidden: int = 64
    rate: float = 0.2

    def setup(self):
        self.hidden_layer = nn.Dense(self.hidden)
        self.dropout = nn.Dropout(self.rate)
        self.out = nn.Dense(1)

    def __call__(self, x, deterministic=True):
        h = nn.relu(self.hidden_layer(x))
        h = self.dropout(h, deterministic=deterministic)
        return self.out(h)

    def predictive(self, x, num_samples=16):
        def draw(_, __):
            return None, self(x, deterministic=False)

        _, preds = jax.lax.scan(draw, None, None, length=num_samples)
        return preds


def main():
    model = BayesianRegressor()
    x = jnp.linspace(-1.0, 1.0, 5)[:, None]
    variables = model.init(jax.random.key(0), x)
    preds = model.apply(variables, x, method=BayesianRegressor.predictive,
                        rngs={"dropout": jax.random.key(42)})
    mean, std = preds.mean(0), preds.std(0)
    return preds
