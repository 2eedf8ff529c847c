# label: ok
# flax-error: none
# class: 4 nnx.jit train step called in the raw scan body on objects merged from the carried state
"""Same epoch loop, fixed: the body merges fresh objects from the carried state before calling nnx.jit."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    xs = jnp.ones((4, 8, 3))
    ys = jnp.zeros((4, 8, 1))
    graphdef, state = nnx.split((model, optimizer))

    def epoch(state, batch):
        m, opt = nnx.merge(graphdef, state)
        loss = train_step(m, opt, *batch)
        return nnx.state((m, opt)), loss

    state, _ = jax.lax.scan(epoch, state, (xs, ys))
    nnx.update((model, optimizer), state)
    return None
