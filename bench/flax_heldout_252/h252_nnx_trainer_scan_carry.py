# label: ok
# flax-error: none
# class: 3 self.model and self.optimizer are split before the scan, their state is threaded through the carry, merged in the body, and written back with nnx.update
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.linear1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.linear2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.linear2(nnx.relu(self.linear1(x)))


def mse_loss(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def fit(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def train_step(state, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(mse_loss)(model, x, y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(train_step, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    kx, kw = jax.random.split(jax.random.key(0))
    xs = jax.random.normal(kx, (5, 8, 3))
    ys = xs @ jax.random.normal(kw, (3, 2))
    trainer = Trainer(MLP(3, 16, 2, rngs=nnx.Rngs(0)))
    losses = trainer.fit(xs, ys)
    final = mse_loss(trainer.model, xs[0], ys[0])
    jax.block_until_ready((losses, final))
