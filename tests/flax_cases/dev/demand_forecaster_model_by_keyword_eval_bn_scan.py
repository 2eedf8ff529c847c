# label: ok
# flax-error: none
# class: 4 the jitted step is handed the model by keyword (model=model) and applies it in evaluation mode; the decoder scan's BatchNorm reads its statistics
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class DecoderCell(nn.Module):
    @nn.compact
    def __call__(self, h, *, train: bool):
        return nn.BatchNorm(use_running_average=not train, momentum=0.9)(nn.Dense(4)(h))


class DemandForecaster(nn.Module):
    def setup(self):
        self.cell = DecoderCell()

    def __call__(self, h, inputs, train: bool = False):
        if self.is_initializing():
            self.cell(h, train=False)
        return jax.lax.scan(lambda h, x: (self.cell(h + x, train=train), h), h, inputs)[1]


@functools.partial(jax.jit, static_argnames=("model",))
def train_step(variables, h, inputs, *, model):
    def loss_fn(params):
        pred = model.apply({"params": params, "batch_stats": variables["batch_stats"]}, h, inputs, train=False)
        return jnp.mean(pred**2)
    return jax.grad(loss_fn)(variables["params"])


def main():
    h = jnp.ones((2, 4))
    inputs = jax.random.normal(jax.random.key(0), (5, 2, 4))
    model = DemandForecaster()
    variables = model.init(jax.random.key(1), h, inputs)
    train_step(variables, h, inputs, model=model)
    return None
