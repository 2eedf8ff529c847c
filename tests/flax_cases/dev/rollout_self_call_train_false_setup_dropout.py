# label: ok
# flax-error: none
# class: 4 training applies `__call__` with train=True; the forecast rollout's scan body calls `self(window, train=False)`, so its setup Dropout never draws
import flax.linen as nn
import jax
import jax.numpy as jnp


class Forecaster(nn.Module):
    def setup(self):
        self.inp = nn.Dense(8)
        self.drop = nn.Dropout(0.3)
        self.out = nn.Dense(1)

    def __call__(self, x, train: bool = False):
        return self.out(self.drop(nn.tanh(self.inp(x)), deterministic=not train))

    def rollout(self, window, horizon):
        def step(window, _):
            y = self(window, train=False)
            return window, y

        return jax.lax.scan(step, window, None, length=horizon)[1]


def main():
    model = Forecaster()
    window = jnp.linspace(0.0, 1.0, 12).reshape(2, 6)
    variables = model.init(jax.random.PRNGKey(0), window)
    model.apply(variables, window, train=True, rngs={"dropout": jax.random.PRNGKey(1)})
    model.apply(variables, window, 5, method=Forecaster.rollout, rngs={"dropout": jax.random.PRNGKey(2)})
