# label: ok
# flax-error: none
# class: 4 trainer splits (model, optimizer) before the scan, merges in the body, carries the state out and nnx.update's after
"""Fleet fuel-efficiency optimiser (NNX): fits a learned consumption model over telemetry epochs."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class ConsumptionNet(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))[..., 0]


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)

    def fit(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def epoch(state, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(mse)(model, x, y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(epoch, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    trainer = Trainer(ConsumptionNet(nnx.Rngs(0)))
    xs = jnp.ones((5, 16, 4)) * jnp.arange(4.0)
    trainer.fit(xs, jnp.ones((5, 16))).block_until_ready()
    return None
