# label: ok
# flax-error: none
# class: 3 Trainer.train_epoch splits (self.model, self.optimizer), carries the state through the raw scan, merges it in the body and updates the objects after the loop
import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


class Regressor(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(din, 8, rngs=rngs)
        self.out = nnx.Linear(8, dout, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))


def mse_loss(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)

    def train_epoch(self, xs, ys):
        grad_fn = nnx.value_and_grad(mse_loss)

        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(carry, batch):
            state, total = carry
            model, optimizer = nnx.merge(graphdef, state)
            xb, yb = batch
            loss, grads = grad_fn(model, xb, yb)
            optimizer.update(model, grads)
            return (nnx.state((model, optimizer)), total + loss), loss

        (state, total), losses = lax.scan(body, (state, jnp.zeros(())), (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return total / xs.shape[0]


def main():
    model = Regressor(3, 1, rngs=nnx.Rngs(0))
    trainer = Trainer(model)
    xs = jnp.linspace(-1.0, 1.0, 4 * 5 * 3).reshape(4, 5, 3)
    ys = xs.sum(-1, keepdims=True)
    trainer.train_epoch(xs, ys)
    return None
