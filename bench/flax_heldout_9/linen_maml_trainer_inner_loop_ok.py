# label: ok
# flax-error: none
# class: 3 a Trainer holds the model; its bound method is the raw fori_loop body taking jax.grad of a pure loss of params
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class SineRegressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.tanh(nn.Dense(20)(x)))


class MAMLTrainer:
    def __init__(self, model, inner_lr=0.05, inner_steps=3):
        self.model = model
        self.inner_lr = inner_lr
        self.inner_steps = inner_steps

    def loss(self, params, x, y):
        return jnp.mean((self.model.apply(params, x) - y) ** 2)

    def _inner_step(self, i, carry):
        params, x, y = carry
        grads = jax.grad(self.loss)(params, x, y)
        params = jax.tree.map(lambda p, g: p - self.inner_lr * g, params, grads)
        return params, x, y

    def adapt(self, params, x, y):
        adapted, _, _ = fori_loop(0, self.inner_steps, self._inner_step, (params, x, y))
        return adapted


def main():
    model = SineRegressor()
    x = jnp.linspace(-1, 1, 10)[:, None]
    y = jnp.sin(3 * x)
    params = model.init(jax.random.key(0), x)
    adapted = MAMLTrainer(model).adapt(params, x, y)
    jax.tree.map(lambda a: a.block_until_ready(), adapted)
    return None
