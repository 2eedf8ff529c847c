# label: ok
# flax-error: none
# class: 5 NNX training loop as a raw scan: model and optimizer split outside, merged in the body
import jax
import jax.numpy as jnp
import optax
from flax import nnx


def main():
    model = nnx.Sequential(
        nnx.Linear(2, 16, rngs=nnx.Rngs(0)), nnx.relu, nnx.Linear(16, 1, rngs=nnx.Rngs(1))
    )
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    graphdef, state = nnx.split((model, optimizer))
    xs = jax.random.normal(jax.random.PRNGKey(0), (10, 32, 2))
    ys = xs.sum(-1, keepdims=True)

    def train_step(state, batch):
        x, y = batch
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), loss

    state, losses = jax.lax.scan(train_step, state, (xs, ys))
    nnx.update((model, optimizer), state)
    print(losses)
