# label: ok
# flax-error: none
# class: 3 (model, optimizer) are nnx.split together; the raw lax.scan body merges the carried state, runs nnx.value_and_grad and optimizer.update on the merged copies, and splits back; nnx.update after the loop
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x))).squeeze(-1)


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def train_step(model, optimizer, batch):
    x, y = batch
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    optimizer.update(model, grads)
    return loss


def main():
    model = Regressor(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (6, 4, 3))
    ys = xs.sum(-1)
    graphdef, state = nnx.split((model, optimizer))

    def epoch_body(state, batch):
        m, opt = nnx.merge(graphdef, state)
        loss = train_step(m, opt, batch)
        _, state = nnx.split((m, opt))
        return state, loss

    state, losses = jax.lax.scan(epoch_body, state, (xs, ys))
    nnx.update((model, optimizer), state)
    print(losses)
    return None
