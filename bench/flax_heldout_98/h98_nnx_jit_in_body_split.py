# label: ok
# flax-error: none
# class: 4 the @nnx.jit train_step inside the raw jax.lax.scan body gets model and optimizer merged from the carried nnx.split state
import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.hidden = nnx.Linear(3, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.hidden(x)))


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = Regressor(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(3), (12, 16, 3))
    ys = xs[..., :1] * 2.0

    graphdef, state = nnx.split((model, optimizer))

    def epoch_body(state, batch):
        model, optimizer = nnx.merge(graphdef, state)
        loss = train_step(model, optimizer, *batch)
        return nnx.state((model, optimizer)), loss

    state, losses = lax.scan(epoch_body, state, (xs, ys))
    nnx.update((model, optimizer), state)
    losses.block_until_ready()
    return None
