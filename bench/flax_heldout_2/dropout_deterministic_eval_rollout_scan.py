# label: ok
# flax-error: none
# class: 3 eval-mode rollout: Dropout with deterministic=True called in the raw scan body
import jax
import jax.numpy as jnp
import flax.linen as nn


class Forecaster(nn.Module):
    hidden: int = 16

    def setup(self):
        self.inp = nn.Dense(self.hidden)
        self.drop = nn.Dropout(rate=0.3)
        self.out = nn.Dense(1)

    def __call__(self, x, train: bool = False):
        return self.out(self.drop(nn.relu(self.inp(x)), deterministic=not train))

    def forecast(self, window, steps: int):
        def body(w, _):
            y = self(w, train=False)
            w = jnp.concatenate([w[:, 1:], y], axis=1)
            return w, y

        _, ys = jax.lax.scan(body, window, None, length=steps)
        return ys


def main():
    window = jnp.ones((3, 8))
    model = Forecaster()
    variables = model.init(jax.random.PRNGKey(0), window)
    model.apply(variables, window, 5, method=Forecaster.forecast)
    return None
